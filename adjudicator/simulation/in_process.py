"""A run played in this process, batch after batch, counted as it goes: `simulate` on an
install without the `scale` extra (no Dask, no pyarrow), asked for no cluster and no
store. The games, their rows and the report's figures are the cluster's (`batch_rows` is
what a worker plays, `Report.add_rows` what reading the store counts); only the timings
and the workers (one: this process) differ.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from adjudicator.simulation.batch import batch_rows, check_edition
from adjudicator.simulation.run import RunOutcome
from adjudicator.simulation.spec import RunSpec
from adjudicator.simulation.stats import Report

__all__ = ["run_here"]


def run_here(
    spec: RunSpec,
    on_batch: Callable[[int], None] | None = None,
    on_records: Callable[[list[tuple[int, str]]], None] | None = None,
) -> tuple[Report, RunOutcome]:
    """Play every batch of `spec` here: the report's figures and the run's outcome.
    `on_batch` and `on_records` as `run_store` calls them."""
    check_edition(spec.edition)
    start = time.perf_counter()
    report: Report | None = None
    games = 0
    for batch in range(spec.batches):
        rows, texts = batch_rows(spec, batch, on_records is not None)
        if on_records is not None:
            on_records(texts)
        columns = {name: [row[name] for row in rows] for name in rows[0]}  # never empty
        if report is None:
            report = Report(spec, columns=frozenset(columns))
        report.add_rows(columns)
        games += len(rows)
        if on_batch is not None:
            on_batch(len(rows))
    assert report is not None, "a run has at least one batch"
    return report, RunOutcome(spec.batches, 0, spec.batches, games, time.perf_counter() - start, 1)
