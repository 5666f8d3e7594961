"""The shipped benchmark: the engine and its brute-force twin, timed side by side.

Figures are medians of many runs in one process, measured on the shipped
examples; nothing here asserts a time (speed is never a test). Beside them: the
start-up of a whole `adjudicator stop` process, and the scale curve (`scale_curve`):
the STOP analysis and a condition-card play on synthetic boards of growing size.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import field
from typing import Any, Generic, TypeVar

from adjudicator.core.data import data_dir
from adjudicator.core.record import record
from adjudicator.deduction.audit import audit_cards
from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.files.synthetic import synthetic_game
from adjudicator.deduction.game.simulate import Policy, play_game
from adjudicator.deduction.hint import Hint, hint
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.play import admissible_my_buildings, rule_play

__all__ = [
    "SCALE_SIZES",
    "BenchCase",
    "BenchResult",
    "ScalePoint",
    "bench_cases",
    "run_case",
    "scale_curve",
]

MID_GAME = "gads-hill-mid.toml"
SCALE_SIZES = (50, 100, 200, 400)  # building spaces of the synthetic boards
A = TypeVar("A")
B = TypeVar("B")


@record
class BenchResult:
    name: str
    median_ms: float
    twin_median_ms: float | None
    runs: int
    twin_runs: int
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "median_ms": round(self.median_ms, 3),
            "twin_median_ms": None
            if self.twin_median_ms is None
            else round(self.twin_median_ms, 3),
            "runs": self.runs,
            "twin_runs": self.twin_runs,
        }
        out.update(self.detail)
        return out


@record
class BenchCase(Generic[A, B]):
    """One timed case: the engine's answer (A) beside its twin's (B)."""

    name: str
    what: str
    engine: Callable[[], A]
    twin: Callable[[], B] | None
    check: Callable[[A, B], bool] | None = None  # engine and twin answers agree
    detail: Callable[[A], dict[str, Any]] | None = None
    max_runs: int | None = None  # slow cases take fewer runs
    rate_name: str | None = None  # also report runs per second under this name
    #: Instead of timing `engine`: the runs' times (ms) and the last answer, taken elsewhere
    #: (the start-ups: the child process's CPU time, user + system, and its wall time).
    samples: Callable[[int], tuple[list[float], list[float], Any]] | None = None

    def runs(self, runs: int, twin_runs: int) -> tuple[int, int]:
        """The runs this case takes when asked for `runs` and `twin_runs`."""
        return min(runs, self.max_runs or runs), twin_runs if self.twin is not None else 0


def _median_ms(
    fn: Callable[[], object], runs: int, tick: Callable[..., None]
) -> tuple[float, object]:
    result = fn()  # warm-up: imports, caches
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t0) * 1000)
        tick()
    return statistics.median(times), result


def run_case(
    case: BenchCase[Any, Any], runs: int, twin_runs: int, tick: Callable[..., None]
) -> BenchResult:
    runs, twin_runs = case.runs(runs, twin_runs)
    wall = None
    if case.samples is not None:
        cpu, walls, answer = case.samples(runs)
        median, wall = statistics.median(cpu), statistics.median(walls)
        for _ in range(runs):
            tick()
    else:
        median, answer = _median_ms(case.engine, runs, tick)
    twin_median = None
    detail = case.detail(answer) if case.detail else {}
    if wall is not None:
        detail["wall_ms"] = round(wall, 3)
    if case.rate_name is not None:
        detail[case.rate_name] = round(1000 / median, 3)
    if case.twin is not None and twin_runs > 0:
        twin_median, twin_answer = _median_ms(case.twin, twin_runs, tick)
        if case.check is not None:
            detail["agrees_with_twin"] = case.check(answer, twin_answer)
    return BenchResult(case.name, median, twin_median, runs, twin_runs, detail)


def _hint_case(state: GameState) -> BenchCase[Any, Any]:
    """The hint beside its brute-force twin, which lives with the tests (it shares no code
    with the hint); from an installed package without the tests the twin is not timed."""
    twin: Callable[[], int] | None = None
    try:
        from tests.hint_twin import best_net_points
    except ImportError:
        pass
    else:

        def twin() -> int:
            return best_net_points(state)

    return BenchCase[Hint, int](
        "hint",
        "every turn of a 5-card hand (pairs and buys included) vs ruling every turn one by one",
        lambda: hint(state),
        twin,
        lambda h, best: h.actions[0].points == best,
        lambda h: {"evaluated": h.evaluated, "actions": len(h.actions)},
        max_runs=21,
    )


def _mid_game() -> GameState:
    return load_state(data_dir("examples") / MID_GAME)


def _first_playable(state: GameState, kinds: tuple[str, ...]) -> tuple[int, str | None]:
    """The first card of the given kinds in the active hand that is playable."""
    player = state.player()
    for n in player.hand or ():
        card = state.cards[n]
        if card.kind not in kinds:
            continue
        choices = admissible_my_buildings(state, None, card) if card.needs_my_building else [None]
        for my in choices:
            if rule_play(state, n, my).playable:
                return n, my
    raise LookupError(f"no playable {' or '.join(kinds)} card for {player.name} in {MID_GAME}")


def _play_case(name: str, state: GameState, kinds: tuple[str, ...]) -> BenchCase[Any, Any]:
    card, my = _first_playable(state, kinds)

    def same_ruling(a: Any, b: Any) -> bool:
        return (a.status, a.removed, a.built, a.points) == (b.status, b.removed, b.built, b.points)

    return BenchCase(
        name,
        f"ruling on card {card}" + (f" as {my}" if my else "") + f" ({'/'.join(kinds)})",
        lambda: rule_play(state, card, my),
        lambda: rule_play(state, card, my, method="twin"),
        same_ruling,
        lambda r: {"card": card, "as": my, "points": r.points},
    )


def bench_cases() -> list[BenchCase[Any, Any]]:
    """The benchmark, on the shipped mid-game Gads Hill example."""
    state = _mid_game()
    return [
        BenchCase(
            "stop",
            "STOP analysis (matching) vs enumerating placements",
            lambda: stop_report(state),
            lambda: stop_report(state, "twin"),
            lambda a, b: a == b,
            lambda r: {"claims": len(r.removable) + len(r.determined)},
        ),
        *_startup_cases(),
        _play_case("play", state, ("building", "district", "condition")),
        _play_case("play-condition", state, ("condition",)),
        _hint_case(state),
        *(_simulate_case(policy) for policy in ("greedy", "random")),
        _simulate_workers_case(),
        BenchCase(
            "audit",
            "static audit of the 60-card Gads Hill set (no twin: each finding is its own test)",
            lambda: audit_cards(load_edition("gads-hill-1874")),
            None,
            detail=lambda a: {"cards": 60, "findings": len(a.findings)},
            max_runs=9,
        ),
        *_black_hills_cases(),
        *_dry_gulch_cases(),
        _puzzle_case(),
        *_limit_cases(),
    ]


def _limit_cases() -> list[BenchCase[Any, Any]]:
    """`bench_limits`: each command on the largest input its loader accepts, as a process."""
    from adjudicator.bench_limits import LIMIT_CASES, limit_samples

    samples = limit_samples()

    def once() -> None:
        raise AssertionError("timed as a process")  # `samples` stands in for it

    def case(name: str) -> BenchCase[Any, Any]:
        words = " ".join(LIMIT_CASES[name][1]).replace("{}", LIMIT_CASES[name][0])
        return BenchCase(
            name,
            f"`adjudicator {words}` at the loader's limit, as a new process: median CPU "
            "time of the child (user + system), wall_ms its wall time (target: 2 s; no twin)",
            once,
            None,
            detail=lambda n: {"output_bytes": n},
            max_runs=5,
            samples=lambda runs: samples(name, runs),
        )

    return [case(name) for name in LIMIT_CASES]


def _dry_gulch_cases() -> list[BenchCase[Any, Any]]:
    from adjudicator.dry_gulch.pay import means_of, pay, plan, plan_cpsat
    from adjudicator.dry_gulch.place import legal_sites
    from adjudicator.dry_gulch.search import cheapest
    from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, card_value, load_dg_state
    from adjudicator.dry_gulch.state import parse_card as parse_dg

    dg = load_dg_state(data_dir("examples") / "dry-gulch-turn.toml")
    hand = dg.player().hand
    sites = {p: legal_sites(dg, p) for p in dg.player().permits}

    def worth(payment: Any) -> int | None:
        return (
            None if payment is None else sum(card_value(hand[i], dg.rules) for i in payment.cards())
        )

    def by_search() -> int | None:
        found = cheapest(dg.rules, hand, ["pharmacist"], means_of(dg, "ann"))
        return None if found is None else found.worth

    # The worst case measured for `plan`: 15 cards (the hand limit), Labor cards of every
    # value and three Handyman Brothers, every permit of the game bar the General Store
    # the player owns (random full hands take 0.1-0.3 s; CP-SAT took up to minutes).
    rules = dg.rules
    every = [p for p, v in rules.permits.items() if v.special != "residence"]
    every = [p for p in every for _ in range(rules.permits[p].count)]
    every.remove("general-store")
    worst_hand = ["labor:1"] * 4 + ["labor:2"] * 4 + ["labor:3"] * 4
    worst_hand += ["event:handyman-brother"] * 3
    ann = DGPlayer("ann", tuple(parse_dg(c, rules) for c in worst_hand), tuple(every))
    worst = DGState(
        (ann, DGPlayer("bob"), DGPlayer("cid")),
        "ann",
        (Built("general-store", "ann", "se-1"),),
    )
    worst_sites = {p: legal_sites(worst, p) for p in set(every)}

    return [
        BenchCase(
            "dry-gulch-pay",
            f"paying for the Pharmacist from a {len(hand)}-card hand (CP-SAT) vs the plan "
            "search's payment",
            lambda: pay(dg, "pharmacist"),
            by_search,
            lambda a, b: worth(a) == b,
            lambda p: {"hand": len(hand), "spent_worth": worth(p)},
            max_runs=51,
        ),
        BenchCase(
            "dry-gulch-plan",
            f"the best building plan for three permits and a {len(hand)}-card hand (search) "
            "vs CP-SAT (the brute-force twin is in the tests, on 7 cards)",
            lambda: plan(dg, "ann", sites),
            lambda: plan_cpsat(dg, "ann", sites),
            lambda a, b: (a.influence, a.spent_worth) == (b.influence, b.spent_worth),
            detail=lambda r: {"hand": len(hand), "influence": r.influence},
            max_runs=21,
        ),
        BenchCase(
            "dry-gulch-plan-worst",
            f"the best plan for every permit ({len(every)}) and the worst 15-card hand "
            "measured (no twin: CP-SAT takes seconds here)",
            lambda: plan(worst, "ann", worst_sites),
            None,
            detail=lambda r: {"permits": len(every), "influence": r.influence},
            max_runs=11,
        ),
    ]


def _black_hills_cases() -> list[BenchCase[Any, Any]]:
    from adjudicator.black_hills.best import best_turns, best_turns_brute_force, most_reputation
    from adjudicator.black_hills.state import load_bh_state

    bh = load_bh_state(data_dir("examples") / "black-hills-round1.toml")

    return [
        BenchCase(
            "black-hills-invest",
            "the most reputation cid can buy (CP-SAT payments) vs every number of points",
            lambda: most_reputation(bh, "cid"),
            lambda: most_reputation(bh, "cid", brute_force=True),
            lambda a, b: a.key == b.key,
            lambda c: {"points": c.verdict.reputation_gained},
            max_runs=51,
        ),
        BenchCase(
            "black-hills-best",
            "ann's best turn per character vs trying every number of points",
            lambda: best_turns(bh),
            lambda: best_turns_brute_force(bh),
            lambda a, b: [c.key for c in a] == [c.key for c in b],
            lambda r: {"characters": len(r)},
            max_runs=21,
        ),
    ]


def _simulate_case(policy: Policy) -> BenchCase[Any, Any]:
    seeds = iter(range(1, 1_000_000))
    return BenchCase(
        f"simulate-{policy}",
        f"one whole 3-player Gads Hill game, {policy} policy (no twin: a game is a loop of hints)",
        lambda: play_game("gads-hill-1874", ("ann", "bob", "cid"), next(seeds), policy),
        None,
        detail=lambda r: {"turns": r.turns},
        max_runs=5,
        rate_name="games_per_s",
    )


def _puzzle_case() -> BenchCase[Any, Any]:
    """Making a medium Gads Hill puzzle, a new seed each run (issue 17: target 2 s)."""
    from adjudicator.deduction.puzzle.generate import generate

    edition = load_edition("gads-hill-1874")
    seeds = iter(range(1_000_000))
    return BenchCase(
        "puzzle-medium",
        "making a medium Gads Hill solo puzzle, unique (CP-SAT), solvable by the rules and "
        "minimal (no twin here: tests/puzzle_twin.py holds it in the tests)",
        lambda: generate(edition, next(seeds), "medium"),
        None,
        detail=lambda g: {"attempts": g.attempts, "level": g.rating.level},
        max_runs=21,
    )


#: The `simulate-workers` case: random-policy Gads Hill games, in batches of this many.
#: Twenty batches: few enough that a batch's overhead is small beside its games (`simulate`
#: itself takes batches of 50), enough that the last batch's wait does not decide the
#: figure. On a 2-core machine the client and scheduler share the workers' cores.
WORKER_GAMES, WORKER_BATCH = 200, 10


def _simulate_workers_case() -> BenchCase[Any, Any]:
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


#: The commands whose start-up is measured (issue 13: each within 150 ms of CPU), by case.
STARTUPS: dict[str, tuple[str, ...]] = {
    "startup-stop": ("stop", f"examples/{MID_GAME}"),
    "startup-play-condition": ("play", f"examples/{MID_GAME}", "43", "--as", "school"),
    "startup-state-check": ("state", "check", f"examples/{MID_GAME}"),
    "startup-board": ("board", "show", "gads-hill-1874"),
    "startup-cards": ("cards", "list", "gads-hill-1874"),
    "startup-help": ("--help",),
    "startup-help-play": ("play", "--help"),
}


#: What every start-up pays before our code: Python, Typer and Rich loaded (the CLI's floor).
FLOOR = "import typer, rich.console, rich.table"


class _Rounds:
    """The start-ups timed in rounds, each round every command once in turn, so that a
    burst of load on a shared machine falls on every command alike, the floor included."""

    def __init__(self, commands: dict[str, list[str]]) -> None:
        self.commands = commands
        self.cpu: dict[str, list[float]] = {}
        self.wall: dict[str, list[float]] = {}
        self.output: dict[str, int] = {}

    def samples(self, name: str, runs: int) -> tuple[list[float], list[float], int]:
        if len(self.cpu.get(name, ())) < runs:
            self._run(runs)
        return self.cpu[name][:runs], self.wall[name][:runs], self.output[name]

    def _run(self, runs: int) -> None:
        import resource

        def cpu_s() -> float:
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            return usage.ru_utime + usage.ru_stime

        for command in self.commands.values():  # warm-up: the file system's caches
            subprocess.run(command, capture_output=True, check=True)
        self.cpu = {name: [] for name in self.commands}
        self.wall = {name: [] for name in self.commands}
        for _ in range(runs):
            for name, command in self.commands.items():
                c0, t0 = cpu_s(), time.perf_counter()
                done = subprocess.run(command, capture_output=True, check=True)
                self.wall[name].append((time.perf_counter() - t0) * 1000)
                self.cpu[name].append((cpu_s() - c0) * 1000)
                self.output[name] = len(done.stdout)


def _startup_cases() -> list[BenchCase[Any, Any]]:
    """Each command of `STARTUPS` as a whole new process (the interpreter, the imports,
    reading the files, the work, as a player waits for them), and the floor beside them."""
    examples = data_dir("examples")
    commands = {"startup-floor": [sys.executable, "-c", FLOOR]}
    for name, args in STARTUPS.items():
        # The shipped examples wherever the package is installed; the words a player types.
        real = [
            str(examples / a.removeprefix("examples/")) if a.startswith("examples/") else a
            for a in args
        ]
        commands[name] = [sys.executable, "-m", "adjudicator.cli.main", *real]
    rounds = _Rounds(commands)
    what = {
        "startup-floor": f"`python -c '{FLOOR}'` as a new process: what every start-up pays "
        "before our code (about 80 ms on an idle machine)",
        **{
            name: f"`adjudicator {' '.join(args)}` as a new process "
            "(`python -m adjudicator.cli.main`)"
            for name, args in STARTUPS.items()
        },
    }

    def case(name: str) -> BenchCase[Any, Any]:
        def once() -> None:
            raise AssertionError("timed in rounds")  # `samples` stands in for it

        return BenchCase(
            name,
            what[name] + ": median CPU time of the child (user + system), wall_ms its wall "
            "time, timed in rounds with the other start-ups (no twin)",
            once,
            None,
            detail=(lambda _n: {}) if name == "startup-floor" else lambda n: {"output_bytes": n},
            max_runs=21,  # a process's start-up varies by 10 ms run to run on a shared machine
            samples=lambda runs: rounds.samples(name, runs),
        )

    return [case(name) for name in commands]


@record
class ScalePoint:
    """The STOP analysis and a condition-card play timed on one synthetic board."""

    spaces: int
    stop_ms: float
    condition_play_ms: float
    first_condition_play_ms: float  # the first play on the board: its relation tables too
    runs: int
    claims: int  # STOP claims on the board
    points: int  # points of the condition-card play

    def to_json(self) -> dict[str, Any]:
        return {
            "spaces": self.spaces,
            "stop_ms": round(self.stop_ms, 3),
            "condition_play_ms": round(self.condition_play_ms, 3),
            "first_condition_play_ms": round(self.first_condition_play_ms, 3),
            "runs": self.runs,
            "claims": self.claims,
            "points": self.points,
        }


def scale_curve(
    runs: int, tick: Callable[..., None], sizes: tuple[int, ...] = SCALE_SIZES
) -> list[ScalePoint]:
    """Medians of `runs` runs of `stop_report` and of a "next_to" condition-card play
    (`rule_play`) on a synthetic mid-game board of each size. No twin: its condition-card
    play enumerates my building over every space, minutes at 50 spaces, more at 200."""
    return [_scale_point(spaces, runs, tick) for spaces in sizes]


def _scale_point(spaces: int, runs: int, tick: Callable[..., None]) -> ScalePoint:
    game = synthetic_game(spaces)
    state, card, my = game.state, game.condition_card, game.my_building
    t0 = time.perf_counter()
    ruling = rule_play(state, card, my)
    first = (time.perf_counter() - t0) * 1000
    if not ruling.playable:
        raise LookupError(f"the synthetic condition card {card} is not playable: {ruling}")
    report = stop_report(state)
    claims = len(report.removable) + len(report.determined)
    stop_ms, _ = _median_ms(lambda: stop_report(state), runs, tick)
    play_ms, _ = _median_ms(lambda: rule_play(state, card, my), runs, tick)
    return ScalePoint(spaces, stop_ms, play_ms, first, runs, claims, ruling.points)
