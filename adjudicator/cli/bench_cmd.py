"""`adjudicator bench`: the shipped benchmark, engine and brute-force twin side by side."""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.cli.output import JsonOpt, Output, handle_errors

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command(
        help=(
            "Time the engine beside its brute-force twin on the shipped mid-game example. "
            "Medians of many runs of the STOP analysis, play rulings, the hint, whole "
            "simulated games and the card-set audit."
        )
    )
    @handle_errors
    def bench(
        runs: Annotated[int, typer.Option("--runs", min=1, help="Timed runs per case.")] = 200,
        twin_runs: Annotated[
            int, typer.Option("--twin-runs", min=0, help="Timed runs of the brute-force twin.")
        ] = 5,
        as_json: JsonOpt = False,
    ) -> None:
        """Time the engine beside its brute-force twin on the shipped mid-game example."""
        from rich.table import Table

        from adjudicator.bench import bench_cases, run_case

        out = Output(as_json)
        cases = bench_cases()
        results = []
        total = sum(sum(case.runs(runs, twin_runs)) for case in cases)
        with out.progress("benchmark", total) as advance:
            for case in cases:
                results.append(run_case(case, runs, twin_runs, advance))
        table = Table(
            "case",
            "median ms",
            "twin median ms",
            "runs",
            "twin runs",
            title="adjudicator bench: mid-game Gads Hill example",
            caption="The twin is the brute-force procedure the tests hold the engine to.",
        )
        notes = []
        for case, r in zip(cases, results, strict=True):
            twin = "-" if r.twin_median_ms is None else f"{r.twin_median_ms:.2f}"
            table.add_row(r.name, f"{r.median_ms:.3f}", twin, str(r.runs), str(r.twin_runs))
            facts = ", ".join(f"{k}={v}" for k, v in r.detail.items())
            notes.append(f"[bold]{r.name}[/]: {case.what} ({facts})")
        out.show(table, *notes)
        out.json({"results": [r.to_json() for r in results]})
