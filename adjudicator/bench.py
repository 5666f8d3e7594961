"""The shipped benchmark: the engine and its brute-force twin, timed side by side.

Figures are medians of many runs in one process, measured on the shipped
examples; nothing here asserts a time (speed is never a test).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.editions import data_dir
from adjudicator.play import rule_play
from adjudicator.state import GameState
from adjudicator.state_file import load_state
from adjudicator.stop import stop_report

__all__ = ["BenchCase", "BenchResult", "bench_cases", "run_case"]

MID_GAME = "gads-hill-mid.toml"


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class BenchCase:
    name: str
    what: str
    engine: Callable[[], object]
    twin: Callable[[], object] | None
    check: Callable[[object, object], bool] | None = None  # engine and twin answers agree
    detail: Callable[[object], dict[str, Any]] | None = None


def _median_ms(
    fn: Callable[[], object], runs: int, tick: Callable[[], None]
) -> tuple[float, object]:
    result = fn()  # warm-up: imports, caches
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t0) * 1000)
        tick()
    return statistics.median(times), result


def run_case(case: BenchCase, runs: int, twin_runs: int, tick: Callable[[], None]) -> BenchResult:
    median, answer = _median_ms(case.engine, runs, tick)
    twin_median = None
    detail = case.detail(answer) if case.detail else {}
    if case.twin is not None and twin_runs > 0:
        twin_median, twin_answer = _median_ms(case.twin, twin_runs, tick)
        if case.check is not None:
            detail["agrees_with_twin"] = case.check(answer, twin_answer)
    return BenchResult(case.name, median, twin_median, runs, twin_runs if case.twin else 0, detail)


def _mid_game() -> GameState:
    return load_state(data_dir("examples") / MID_GAME)


def _first_playable(state: GameState) -> tuple[int, str | None]:
    """The first card in the active hand that is playable (the play the benchmark times)."""
    from adjudicator.play import admissible_my_buildings

    player = state.player()
    for n in player.hand or ():
        card = state.cards[n]
        choices = admissible_my_buildings(state) if card.needs_my_building else [None]
        for my in choices:
            if rule_play(state, n, my).playable:
                return n, my
    raise LookupError(f"no playable card in the hand of {player.name} in {MID_GAME}")


def bench_cases() -> list[BenchCase]:
    state = _mid_game()
    card, my = _first_playable(state)

    def same_stop(a: object, b: object) -> bool:
        return a == b

    def same_ruling(a: Any, b: Any) -> bool:
        return (a.status, a.removed, a.built, a.points) == (b.status, b.removed, b.built, b.points)

    return [
        BenchCase(
            "stop",
            f"STOP analysis of {MID_GAME}",
            lambda: stop_report(state),
            lambda: stop_report(state, "twin"),
            same_stop,
            lambda r: {"claims": len(r.removable) + len(r.determined)},  # type: ignore[attr-defined]
        ),
        BenchCase(
            "play",
            f"ruling on card {card}" + (f" as {my}" if my else "") + f" in {MID_GAME}",
            lambda: rule_play(state, card, my),
            lambda: rule_play(state, card, my, method="twin"),
            same_ruling,
            lambda r: {"card": card, "as": my, "points": r.points},  # type: ignore[attr-defined]
        ),
    ]
