"""The scale curve of the benchmark (`python -m benchmarks --scale`): the STOP analysis and a
condition-card play timed on synthetic boards of growing size."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.play import rule_play
from benchmarks.case import median_ms
from benchmarks.synthetic import synthetic_game

__all__ = ["SCALE_SIZES", "ScalePoint", "scale_curve"]

SCALE_SIZES = (50, 100, 200, 400)  # building spaces of the synthetic boards


@dataclass(frozen=True, slots=True)
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
    stop_ms, _ = median_ms(lambda: stop_report(state), runs, tick)
    play_ms, _ = median_ms(lambda: rule_play(state, card, my), runs, tick)
    return ScalePoint(spaces, stop_ms, play_ms, first, runs, claims, ruling.points)
