"""A case of the shipped benchmark (`bench.py`): the engine's answer and its twin's, each
timed as the median of many runs in one process, and what a run of the case reports."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import field
from typing import Any, Generic, TypeVar

from adjudicator.core.record import record

__all__ = ["MID_GAME", "BenchCase", "BenchResult", "median_ms", "run_case"]

#: The shipped example most cases are timed on.
MID_GAME = "gads-hill-mid.toml"
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


def median_ms(
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
        median, answer = median_ms(case.engine, runs, tick)
    twin_median = None
    detail = case.detail(answer) if case.detail else {}
    if wall is not None:
        detail["wall_ms"] = round(wall, 3)
    if case.rate_name is not None:
        detail[case.rate_name] = round(1000 / median, 3)
    if case.twin is not None and twin_runs > 0:
        twin_median, twin_answer = median_ms(case.twin, twin_runs, tick)
        if case.check is not None:
            detail["agrees_with_twin"] = case.check(answer, twin_answer)
    return BenchResult(case.name, median, twin_median, runs, twin_runs, detail)
