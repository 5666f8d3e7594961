"""A case of the benchmark (`cases.py`): the engine's answer and its twin's, each
timed in CPU time (`time.process_time`: on a shared machine wall time moved 2-7x between
two runs of the same build) over many runs in one process, reported as the median (p50)
and the 95th percentile, and what a run of the case reports."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

__all__ = ["MID_GAME", "BenchCase", "BenchResult", "cpu_ms", "median_ms", "p95", "run_case"]

#: The shipped example most cases are timed on.
MID_GAME = "gads-hill-mid.toml"
A = TypeVar("A")
B = TypeVar("B")


@dataclass(frozen=True, slots=True)
class BenchResult:
    name: str
    median_ms: float
    twin_median_ms: float | None
    runs: int
    twin_runs: int
    detail: dict[str, Any] = field(default_factory=dict)
    p95_ms: float | None = None
    twin_p95_ms: float | None = None

    @property
    def twin_ratio(self) -> float | None:
        """How many times faster than its twin the engine ran (its median over the twin's)."""
        if self.twin_median_ms is None or self.median_ms <= 0:
            return None
        return self.twin_median_ms / self.median_ms

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "median_ms": round(self.median_ms, 3),
            "p95_ms": _rounded(self.p95_ms),
            "twin_median_ms": _rounded(self.twin_median_ms),
            "twin_p95_ms": _rounded(self.twin_p95_ms),
            "twin_ratio": _rounded(self.twin_ratio),
            "runs": self.runs,
            "twin_runs": self.twin_runs,
        }
        out.update(self.detail)
        return out


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


# No slots: it is built through its alias (`BenchCase[Hint, int](...)`), which sets
# `__orig_class__` on the new instance (see `core/result.py`'s Reason).
@dataclass(frozen=True)
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


def p95(times: list[float]) -> float:
    """The 95th percentile (nearest rank): the time 19 runs in 20 stay within."""
    ordered = sorted(times)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def cpu_ms(
    fn: Callable[[], object], runs: int, tick: Callable[..., None]
) -> tuple[list[float], object]:
    """Each run's CPU time (ms, this process: its threads included) after a warm-up run,
    and the last answer."""
    result = fn()  # warm-up: imports, caches
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        result = fn()
        times.append((time.process_time() - t0) * 1000)
        tick()
    return times, result


def median_ms(
    fn: Callable[[], object], runs: int, tick: Callable[..., None]
) -> tuple[float, object]:
    """The median of `cpu_ms`, and the last answer."""
    times, result = cpu_ms(fn, runs, tick)
    return statistics.median(times), result


def run_case(
    case: BenchCase[Any, Any], runs: int, twin_runs: int, tick: Callable[..., None]
) -> BenchResult:
    runs, twin_runs = case.runs(runs, twin_runs)
    wall = None
    if case.samples is not None:
        times, walls, answer = case.samples(runs)
        wall = statistics.median(walls)
        for _ in range(runs):
            tick()
    else:
        times, answer = cpu_ms(case.engine, runs, tick)
    twin_times = None
    detail = case.detail(answer) if case.detail else {}
    if wall is not None:
        detail["wall_ms"] = round(wall, 3)
    median = statistics.median(times)
    if case.rate_name is not None:
        detail[case.rate_name] = round(1000 / median, 3)
    if case.twin is not None and twin_runs > 0:
        twin_times, twin_answer = cpu_ms(case.twin, twin_runs, tick)
        if case.check is not None:
            detail["agrees_with_twin"] = case.check(answer, twin_answer)
    return BenchResult(
        case.name,
        median,
        None if twin_times is None else statistics.median(twin_times),
        runs,
        twin_runs,
        detail,
        p95(times),
        None if twin_times is None else p95(twin_times),
    )
