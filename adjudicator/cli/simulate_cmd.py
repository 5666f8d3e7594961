"""`adjudicator simulate EDITION ...` (self-play in seeded batches on a Dask cluster, kept
in a Parquet store) and `adjudicator simulate report DIR` (the designer's report).

`simulate` is a group whose default command is `run`: a first word that is not `run` or
`report` is an edition, so `simulate gads-hill-1874 --games 100` and
`simulate report runs/` both read as written. Besides the deduction editions,
`simulate dry-gulch ...` and `simulate black-hills ...` play those games by their own
self-play on the same path (`simulation.games`). The engine, Dask, pyarrow and matplotlib
are imported inside the commands (tests/test_startup.py).

Dask, pyarrow and matplotlib are the `scale` extra's (`core/extras.py`): without them a
run asked for a cluster (--workers, --scheduler) or a store (--out), and `report`, refuse
in one line naming the extra; a plain run plays in this process instead
(`simulation.in_process`), with the same report.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from adjudicator.cli.command import Group
from adjudicator.cli.options import EditionArg, SchedulerOpt, WorkersOpt, check_cluster
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError
from adjudicator.core.words import plural

if TYPE_CHECKING:
    from adjudicator.simulation.spec import RunSpec
    from adjudicator.simulation.store import Store

__all__ = ["register"]

# The engine is imported inside each command (see `cli/main.py`), and Typer reads the
# option types at start-up, so the policies are spelled here: the store's
# (`simulation.spec.Policy`) and `--seats`' (`simulation.mixed.seat_policies`'), which
# tests/test_startup.py holds equal to these.
Policy = Literal["random", "greedy", "coach"]


class _RunByDefault(Group):
    """A group whose first word, when it is not a sub-command or an option, starts `run`."""

    # ctx is Typer's own vendored click Context, which it does not export by name
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


def register(main: typer.Typer) -> None:
    group = typer.Typer(
        cls=_RunByDefault,
        help=(
            "Play many whole games by a policy on a Dask cluster and keep every game's "
            "summary (Parquet, under --out); `simulate report DIR` draws what they say. "
            "`simulate EDITION ...` is `simulate run EDITION ...`."
        ),
        no_args_is_help=True,
    )
    main.add_typer(group, name="simulate")

    @group.command(
        "run",
        help=(
            "Play games in seeded batches on local worker processes (--workers) or an "
            "existing cluster (--scheduler), storing each finished batch under --out; the "
            "same command resumes a stopped run. The results of a seed range are the same "
            "whatever the number of workers. EDITION is a deduction edition or board file, "
            "or dry-gulch (3 to 6 players) or black-hills (2 to 4)."
        ),
    )
    @handle_errors
    def run(
        edition: EditionArg,
        games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 10,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 1,
        policy: Annotated[
            Policy, typer.Option("--policy", help="random, greedy or coach (every seat).")
        ] = "greedy",
        players: Annotated[
            int,
            typer.Option("--players", help="Seats: 2 to 5; Dry Gulch 3 to 6, Black Hills 2 to 4."),
        ] = 3,
        workers: WorkersOpt = None,
        scheduler: SchedulerOpt = None,
        out: Annotated[
            Path | None,
            typer.Option("--out", help="Keep the store here (resumable); default: not kept."),
        ] = None,
        batch_size: Annotated[
            int, typer.Option("--batch-size", min=1, help="Games per batch (one task).")
        ] = 50,
        records: Annotated[
            Path | None, typer.Option("--records", help="Write each game's record here.")
        ] = None,
        seats: Annotated[
            str | None,
            typer.Option(
                "--seats",
                help=(
                    "A policy per seat, e.g. coach,greedy,greedy (random, greedy, coach): a "
                    "mixed table played here, seats rotated, with each seat's wins and mean "
                    "points and their 95% intervals (sets --players; no store)."
                ),
            ),
        ] = None,
        as_json: JsonOpt = False,
    ) -> None:
        import tempfile

        from adjudicator.cli.checks import check_seeds
        from adjudicator.cli.games import require_deduction_edition
        from adjudicator.simulation.spec import GAMES, RunSpec
        from adjudicator.simulation.store import Store

        check_seeds(seed, games)  # before any game is played: the store holds int64
        if seats is not None:
            if out is not None or scheduler is not None or records is not None:
                raise InputError(
                    "--seats",
                    seats,
                    "a mixed table is played here: no --out, --scheduler, --records",
                )
            _mixed(edition, seats, games, seed, as_json)
            return
        local_workers = check_cluster(workers, scheduler)
        if edition not in GAMES:  # Dry Gulch and Black Hills are played by name
            require_deduction_edition(edition, "simulate")
        here = _played_here(workers, scheduler, out)
        # a board file is named by its absolute path: workers may run elsewhere
        name = str(Path(edition).resolve()) if Path(edition).suffix == ".toml" else edition
        spec = RunSpec(name, policy, players, seed, games, batch_size)
        if here:
            _simulate_here(spec, records, as_json)
            return
        if out is not None:
            store = Store.create_or_resume(out, spec)
            _simulate(spec, store, local_workers, scheduler, records, as_json, kept=True)
            return
        with tempfile.TemporaryDirectory(prefix="adjudicator-simulate-") as tmp:
            store = Store.create_or_resume(Path(tmp), spec)
            _simulate(spec, store, local_workers, scheduler, records, as_json, kept=False)

    @group.command(
        "report",
        help=(
            "Read a simulation store: score and length distributions, the seat advantage "
            "with a 95% interval, each card's dead rate and decisiveness; plots (PNG, SVG) "
            "and one HTML page under DIR/report (or --to)."
        ),
    )
    @handle_errors
    def report(
        folder: Annotated[
            Path, typer.Argument(metavar="DIR", help="The --out folder of a simulation.")
        ],
        to: Annotated[
            Path | None, typer.Option("--to", help="Write the plots and page here.")
        ] = None,
        as_json: JsonOpt = False,
    ) -> None:
        from adjudicator.core import extras

        extras.require("simulate report", extras.PLOTS)

        from adjudicator.render.simulation_report import report_view
        from adjudicator.simulation.report import write_report
        from adjudicator.simulation.stats import read_report
        from adjudicator.simulation.store import Store

        output = Output(as_json)
        figures = read_report(Store.open(folder))
        written = write_report(figures, to if to is not None else folder / "report")
        output.show(report_view(figures))
        output.lines(*(str(p) for p in written))
        output.json({"report": figures.to_json(), "files": [str(p) for p in written]})


def _mixed(edition: str, seats: str, games: int, seed: int, as_json: bool) -> None:
    """`simulate EDITION --seats ...`: a mixed table, played in this process."""
    from adjudicator.cli.games import require_deduction_edition
    from adjudicator.simulation.mixed import play_seats, seat_policies

    require_deduction_edition(edition, "simulate --seats")
    policies = seat_policies(seats)
    output = Output(as_json)
    stem = Path(edition).stem
    with output.progress(f"simulating {stem}", games) as advance:
        stats = play_seats(edition, policies, games, seed, on_game=lambda _r: advance(1))
    output.lines(
        f"{stem}: {plural(games, 'game')} from seed {seed}, seats {','.join(policies)} "
        "rotated (game i shifts the list by i); a tied win is shared"
    )
    for seat in stats.per_seat:
        lo, hi = seat.win_interval
        plo, phi = seat.points_interval
        output.lines(
            f"  seat {seat.entry + 1} {seat.policy:<6}  wins {seat.wins:g} ({seat.win_rate:.1%}, "
            f"95% {lo:.1%}-{hi:.1%})  mean points {seat.mean_points:.1f} "
            f"(95% {plo:.1f}-{phi:.1f})"
        )
    q = stats.to_json()["coach_turn_ms"]
    if q is not None:
        output.lines(f"  coach turn: median {q['median']:.0f} ms, p95 {q['p95']:.0f} ms")
    output.lines(f"{plural(stats.finished, 'game')} finished, {stats.seconds:.1f} s")
    output.json(stats.to_json())


def _played_here(workers: int | None, scheduler: str | None, out: Path | None) -> bool:
    """Whether to play in this process: the `scale` extra is missing and nothing asked
    for what only it gives (a cluster, a store); a run that asked for one refuses in
    one line naming the extra."""
    from adjudicator.core import extras

    if not extras.missing(extras.CLUSTER):
        return False
    asked = [
        word
        for word, given in (("--workers", workers), ("--scheduler", scheduler), ("--out", out))
        if given is not None
    ]
    if asked:
        extras.require(f"simulate {' '.join(asked)}", extras.CLUSTER)
    return True


def _simulate_here(spec: RunSpec, records: Path | None, as_json: bool) -> None:
    """A run played in this process (no cluster, no store): the report, as `_simulate`
    shows it."""
    from adjudicator.core import extras
    from adjudicator.render.simulation_report import report_view
    from adjudicator.simulation.in_process import run_here

    output = Output(as_json)
    write_records = _records_writer(spec, records)
    with output.progress(f"simulating {Path(spec.edition).stem}", spec.games) as advance:
        figures, outcome = run_here(spec, advance, write_records)
    output.show(report_view(figures))
    output.lines(
        f"{plural(outcome.games, 'game')} in {outcome.seconds:.1f} s in this process "
        f"(no Dask; {extras.SCALE_INSTALL} adds --workers, --out and report)"
    )
    output.json({"store": None, "run": outcome.to_json(), "report": figures.to_json()})


def _records_writer(
    spec: RunSpec, records: Path | None
) -> Callable[[list[tuple[int, str]]], None] | None:
    """What writes each game's record under --records (the folder made first), or None."""
    from adjudicator.core.writes import write_atomic

    if records is None:
        return None
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(str(records), "", f"cannot make the folder: {exc.strerror}") from None
    stem = Path(spec.edition).stem

    def write(texts: list[tuple[int, str]]) -> None:
        for seed, text in texts:
            write_atomic(records / f"{stem}-{spec.policy}-{spec.players}p-{seed}.game", text)

    return write


def _simulate(
    spec: RunSpec,
    store: Store,
    workers: int,
    scheduler: str | None,
    records: Path | None,
    as_json: bool,
    kept: bool,
) -> None:
    from adjudicator.render.simulation_report import report_view
    from adjudicator.simulation.run import run_store
    from adjudicator.simulation.stats import read_report

    output = Output(as_json)
    write_records = _records_writer(spec, records)
    stem = Path(spec.edition).stem
    already = sum(len(spec.seeds(b)) for b in store.finished())
    with output.progress(f"simulating {stem}", spec.games) as advance:
        advance(already)
        try:
            outcome = run_store(
                store,
                workers,
                scheduler,
                advance,
                write_records,
            )
        except KeyboardInterrupt:
            done = sum(len(spec.seeds(b)) for b in store.finished())
            output.warn(
                f"stopped: {done} of {spec.games} games kept in {store.root}; the same "
                "command resumes"
            )
            raise typer.Exit(130) from None
    figures = read_report(store)
    output.show(report_view(figures))
    if outcome.games:
        output.lines(
            f"{plural(outcome.games, 'game')} in {outcome.seconds:.1f} s on "
            f"{plural(outcome.workers, 'worker')}: {outcome.games / outcome.seconds:.2f} games/s"
        )
    where = str(store.root) if kept else None  # a store not kept is gone when this returns
    output.json({"store": where, "run": outcome.to_json(), "report": figures.to_json()})
