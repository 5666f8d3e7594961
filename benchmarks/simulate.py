"""The benchmark's self-play cases: whole Gads Hill games by each policy, and games per
second through `adjudicator.simulation` on a local Dask cluster of 1 and of 2 workers."""

from __future__ import annotations

from functools import cache
from typing import Any

from adjudicator.deduction.game.simulate import Policy, play_game
from benchmarks.case import BenchCase

__all__ = [
    "WORKER_BATCH",
    "WORKER_GAMES",
    "coach_turn_case",
    "simulate_case",
    "simulate_workers_case",
]


def simulate_case(policy: Policy) -> BenchCase[Any, Any]:
    seeds = iter(range(1, 1_000_000))
    return BenchCase(
        f"simulate-{policy}",
        f"one whole 3-player Gads Hill game, {policy} policy (no twin: a game is a loop of hints)",
        lambda: play_game("gads-hill-1874", ("ann", "bob", "cid"), next(seeds), policy),
        None,
        detail=lambda r: {"turns": r.turns},
        max_runs=5,
        rate_name="games_per_cpu_s",
    )


def coach_turn_case() -> BenchCase[Any, Any]:
    """One coach turn at the default budget (issue 28: at most 1 s on two cores), on a
    3-player Gads Hill game six greedy turns in (two cards a turn, buys: its dearest turns)."""
    import random

    from adjudicator.deduction.game.coach import coach
    from adjudicator.deduction.game.coach_world import greedy_turn
    from adjudicator.deduction.game.deal import new_game
    from adjudicator.deduction.game.flow import Game
    from adjudicator.deduction.game.record import Header

    @cache
    def position() -> tuple[Game, str]:  # built on the warm-up run: building runs nothing
        game = new_game(Header("gads-hill-1874", ("ann", "bob", "cid"), seed=1))
        rng = random.Random(1)
        for _ in range(6):
            game = greedy_turn(game, rng)
        assert game.state.active is not None
        return game, game.state.active

    return BenchCase(
        "coach-turn",
        "one lookahead coach turn, default budget, Gads Hill mid-game (no twin)",
        lambda: coach(*position(), random.Random(1)),
        None,
        detail=lambda a: {"worlds": a.worlds, "turns_played": a.turns},
        max_runs=5,
    )


#: The `simulate-workers` case: random-policy Gads Hill games, in batches of this many.
#: Twenty batches: few enough that a batch's overhead is small beside its games (`simulate`
#: itself takes batches of 50), enough that the last batch's wait does not decide the
#: figure. On a 2-core machine the client and scheduler share the workers' cores.
WORKER_GAMES, WORKER_BATCH = 200, 10


def simulate_workers_case() -> BenchCase[Any, Any]:
    """Games per second through `adjudicator.simulation` on a local Dask cluster of 1 and
    of 2 worker processes (started once, on the warm-up run, and warmed up: every worker
    has played a game), and the overhead per batch: the 1-worker run's wall time less
    its games' own time, per batch (submitting, sending the table back, writing the
    Parquet file; the client's connection shared out)."""
    clusters: dict[int, Any] = {}
    calls = [0]

    def measure() -> dict[str, float]:
        calls[0] += 1
        try:
            return _measure()
        finally:
            if calls[0] >= 2:  # `run_case` calls it twice (max_runs=1): warm-up, then timed
                for cluster in clusters.values():
                    cluster.close()
                clusters.clear()

    def _measure() -> dict[str, float]:
        import tempfile
        from pathlib import Path

        from dask.distributed import Client

        from adjudicator.simulation.batch import play_batch
        from adjudicator.simulation.run import local_cluster, run_store
        from adjudicator.simulation.spec import RunSpec
        from adjudicator.simulation.store import Store

        spec = RunSpec("gads-hill-1874", "random", 3, 1, WORKER_GAMES, WORKER_BATCH)
        figures: dict[str, float] = {}
        for n in (1, 2):
            if n not in clusters:
                clusters[n] = local_cluster(n)
                with Client(clusters[n]) as client:  # type: ignore[no-untyped-call]
                    client.run(play_batch, RunSpec("gads-hill-1874", "random", 3, 0, 1, 1), 0)
            with tempfile.TemporaryDirectory(prefix="adjudicator-bench-") as tmp:
                store = Store.create_or_resume(Path(tmp), spec)
                outcome = run_store(store, scheduler=clusters[n].scheduler_address)
                table = store.read_all()
                game_s = sum(table.column("seconds").to_pylist())
                cpu_s = sum(table.column("cpu_seconds").to_pylist())
            figures[f"games_per_s_{n}_worker{'s' if n > 1 else ''}"] = round(
                outcome.games / outcome.seconds, 3
            )
            # the workers' game time over the wall time: how busy the cluster kept them
            # (2.0: both all the time), apart from how much CPU the machine gave them
            figures[f"occupancy_{n}"] = round(game_s / outcome.seconds, 3)
            # the share of a core a game had: below 1 when other work shares the machine
            figures[f"cpu_share_{n}"] = round(cpu_s / game_s, 3)
            if n == 1:
                overhead = (outcome.seconds - game_s) / outcome.played
                figures["overhead_ms_per_batch"] = round(overhead * 1000, 3)
        figures["speedup_2_workers"] = round(
            figures["games_per_s_2_workers"] / figures["games_per_s_1_worker"], 3
        )
        # an estimate of the speed-up with a free core per worker: the ratio of the
        # occupancies (what scheduling and overhead allow), taking a game's CPU time as
        # the same on either cluster, apart from the machine's other work
        figures["speedup_2_workers_free_cores"] = round(
            figures["occupancy_2"] / figures["occupancy_1"], 3
        )
        return figures

    return BenchCase(
        "simulate-workers",
        f"{WORKER_GAMES} random-policy Gads Hill games in batches of {WORKER_BATCH} on a "
        "local Dask cluster of 1 and of 2 worker processes (clusters started on the warm-up "
        "run), the store written; overhead per batch: the 1-worker wall time less the games' "
        "own time, per batch; occupancy: the workers' game time over the wall time; cpu_share: "
        "the games' CPU time over their wall time (no twin)",
        measure,
        None,
        detail=lambda figures: dict(figures),
        max_runs=1,
    )
