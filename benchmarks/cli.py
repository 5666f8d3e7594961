"""`python -m benchmarks`: the benchmark's command line, engine and brute-force twin side by
side (it was `adjudicator bench`; the same options, cases and figures)."""

from __future__ import annotations

from fnmatch import fnmatchcase
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError

if TYPE_CHECKING:
    from benchmarks.case import BenchCase

__all__ = ["app", "chosen", "sparkline"]

_TICKS = "▁▂▃▄▅▆▇█"
_NO_TWIN = (
    "No twin on the scale curve: enumerating every placement, as the twin does, takes "
    "minutes for a condition-card play on these boards (my building may stand on any "
    "space) and does not finish at 200 spaces; the tests hold the STOP analysis on the "
    "50-space board to the twin."
)


def sparkline(values: list[float]) -> str:
    """One block character per value, from the lowest (▁) to the highest (█) of 0..max."""
    top = max(values, default=0.0)
    if top <= 0:
        return _TICKS[0] * len(values)
    return "".join(_TICKS[min(len(_TICKS) - 1, int(v / top * len(_TICKS)))] for v in values)


def chosen(cases: list[BenchCase[Any, Any]], only: str | None) -> list[BenchCase[Any, Any]]:
    """The cases `--only` names, in the benchmark's order; a name or pattern that matches
    no case is an error that lists the names."""
    if only is None:
        return cases
    patterns = [p.strip() for p in only.split(",") if p.strip()]
    for pattern in patterns:
        if not any(fnmatchcase(case.name, pattern) for case in cases):
            names = ", ".join(case.name for case in cases)
            raise InputError("--only", pattern, f"names no case (the cases: {names})")
    return [c for c in cases if any(fnmatchcase(c.name, p) for p in patterns)]


def _scale(out: Output, runs: int) -> None:
    from rich.table import Table
    from rich.text import Text

    from benchmarks.cases import SCALE_SIZES, scale_curve

    with out.progress("scale curve", 2 * runs * len(SCALE_SIZES)) as advance:
        points = scale_curve(runs, advance)
    table = Table(
        "spaces",
        "STOP median ms",
        "condition play median ms",
        "first condition play ms",
        "STOP claims",
        "runs",
        title="python -m benchmarks --scale: synthetic mid-game boards",
        caption=_NO_TWIN,
    )
    for p in points:
        table.add_row(
            str(p.spaces),
            f"{p.stop_ms:.3f}",
            f"{p.condition_play_ms:.3f}",
            f"{p.first_condition_play_ms:.1f}",
            str(p.claims),
            str(p.runs),
        )
    sizes = ", ".join(str(p.spaces) for p in points)
    curves = []
    for name, values in (
        ("STOP analysis", [p.stop_ms for p in points]),
        ("condition play", [p.condition_play_ms for p in points]),
    ):
        figures = " → ".join(f"{v:.2f}" for v in values)
        curves.append(Text(f"{name:<15} {sparkline(values)}  {figures} ms ({sizes} spaces)"))
    notes = (
        "A grid of blocks (5 by 2 cells) with a street between every two, read through the "
        "board loader; a building placed on one space in eight; a dozen buildings marked with "
        "2 to 4 markers, Hall sets among them; the condition card: next_to, its named building "
        "marked, my building open. The first play on a board also builds its relation tables."
    )
    out.show(table, *curves, notes)
    out.json({"scale": [p.to_json() for p in points], "twin": None, "note": _NO_TWIN})


app = typer.Typer(
    name="benchmarks",
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command(
    help=(
        "Time the engine beside its brute-force twin on the shipped mid-game example, "
        "in CPU time: p50 and p95 of many runs of the STOP analysis, play rulings, the "
        "hint, the legal moves and greedy self-play of each edition, whole simulated "
        "games, the card-set audit and the start-up of a whole `stop` process beside a "
        "bare Python's; "
        "the web page's preview, commit, hint and live update on a real server; "
        "--scale: the STOP analysis and a condition-card play on growing synthetic boards."
    )
)
@handle_errors
def bench(
    runs: Annotated[int, typer.Option("--runs", min=1, help="Timed runs per case.")] = 200,
    twin_runs: Annotated[
        int, typer.Option("--twin-runs", min=0, help="Timed runs of the brute-force twin.")
    ] = 5,
    scale: Annotated[
        bool,
        typer.Option(
            "--scale",
            help=(
                "Instead: the scale curve, the STOP analysis and a condition-card play on "
                "synthetic boards of 50, 100, 200 and 400 spaces (no twin)."
            ),
        ),
    ] = False,
    only: Annotated[
        str | None,
        typer.Option(
            "--only",
            metavar="NAMES",
            help=("Only the cases named: names or patterns, comma-separated ('web-*,stop')."),
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Time the engine beside its brute-force twin on the shipped mid-game example."""
    from rich.table import Table

    from benchmarks.cases import bench_cases, run_case
    from benchmarks.web import web_cases

    out = Output(as_json)
    if scale:
        _scale(out, runs)
        return
    # the web's cases: `serve`'s app on a real uvicorn on loopback (benchmarks/web.py)
    cases = chosen([*bench_cases(), *web_cases()], only)
    results = []
    total = sum(sum(case.runs(runs, twin_runs)) for case in cases)
    with out.progress("benchmark", total) as advance:
        for case in cases:
            results.append(run_case(case, runs, twin_runs, advance))
    table = Table(
        "case",
        "p50 ms",
        "p95 ms",
        "twin p50 ms",
        "twin p95 ms",
        "twin / engine",
        "runs",
        "twin runs",
        title="python -m benchmarks: CPU time per run (this process; a child's for processes)",
        caption="The twin is the brute-force procedure (or second engine) the tests hold "
        "the engine to, timed in the same run.",
    )
    notes = []

    def ms(x: float | None, places: int = 3) -> str:
        return "-" if x is None else f"{x:.{places}f}"

    for case, r in zip(cases, results, strict=True):
        table.add_row(
            r.name,
            ms(r.median_ms),
            ms(r.p95_ms),
            ms(r.twin_median_ms, 2),
            ms(r.twin_p95_ms, 2),
            "-" if r.twin_ratio is None else f"{r.twin_ratio:.1f}x",
            str(r.runs),
            str(r.twin_runs),
        )
        facts = ", ".join(f"{k}={v}" for k, v in r.detail.items())
        notes.append(Text.assemble((r.name, "bold"), f": {case.what} ({facts})"))
    out.show(table, *notes)
    out.json({"results": [r.to_json() for r in results]})
