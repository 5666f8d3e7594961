"""Mixed tables: self-play with a policy per seat (`simulate EDITION --seats coach,greedy,greedy`),
seats rotated, with each seat's wins and mean points and their 95% intervals.

Rotation: game `i` (seed `seed + i`) shifts the seat list by `i`, so that over a multiple
of the table's size every entry of the list plays every position equally often (the first
player's advantage is shared out, not given to one policy).

A tied win is shared: each of the `k` winners counts `1/k` of a win, so the win shares
of a game add up to one and a policy as strong as the others wins a `1/players` share.
The win rate's interval is Wilson's score interval (good near 0 and 1 and for a few
hundred games, unlike the normal one); mean points have the normal interval (the mean of
hundreds of games is close to normal).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.deduction.game.coach import Budget
from adjudicator.deduction.game.simulate import GameResult, Policy, play_game
from adjudicator.deduction.models.edition import Edition

__all__ = ["POLICIES", "MixedStats", "SeatStats", "play_mixed", "rotated", "wilson"]

POLICIES: tuple[Policy, ...] = ("random", "greedy", "coach")
_NAMES = ("ann", "bob", "cid", "dot", "eve")
_Z = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(successes: float, n: int, z: float = _Z) -> tuple[float, float]:
    """Wilson's score interval for a proportion (shared wins may make `successes` a
    fraction)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def _mean_interval(values: Sequence[int]) -> tuple[float, float]:
    if len(values) < 2:
        return (float("-inf"), float("inf"))
    m = statistics.fmean(values)
    half = _Z * statistics.stdev(values) / math.sqrt(len(values))
    return (m - half, m + half)


def rotated(seats: Sequence[Policy], i: int) -> tuple[Policy, ...]:
    """The policies by position in game `i`: the list shifted by `i`."""
    k = i % len(seats)
    return (*seats[k:], *seats[:k])


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One entry of the seat list over all games (it moves from position to position)."""

    entry: int  # its index in the list given
    policy: Policy
    games: int
    wins: float  # shared on ties
    win_rate: float
    win_interval: tuple[float, float]
    mean_points: float
    points_interval: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.entry,
            "policy": self.policy,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_95": list(self.win_interval),
            "mean_points": self.mean_points,
            "mean_points_95": list(self.points_interval),
        }


@dataclass(frozen=True, slots=True)
class MixedStats:
    edition: str
    seats: tuple[Policy, ...]
    seed: int
    games: int
    finished: int
    per_seat: tuple[SeatStats, ...]
    seconds: float
    coach_turn_ms: tuple[float, ...]  # every coach turn's wall time, for the median and p95

    def to_json(self) -> dict[str, Any]:
        turns = sorted(self.coach_turn_ms)
        return {
            "edition": self.edition,
            "seats": list(self.seats),
            "seed": self.seed,
            "games": self.games,
            "finished": self.finished,
            "rotation": "game i shifts the seat list by i",
            "per_seat": [s.to_json() for s in self.per_seat],
            "seconds": self.seconds,
            "coach_turn_ms": _quantiles(turns),
        }


def _quantiles(turns: Sequence[float]) -> dict[str, float] | None:
    if not turns:
        return None
    return {
        "turns": len(turns),
        "median": turns[len(turns) // 2],
        "p95": turns[min(len(turns) - 1, int(0.95 * len(turns)))],
    }


def play_mixed(
    edition: str,
    seats: Sequence[Policy],
    games: int,
    seed: int,
    budget: Budget | None = None,
    card_set: Edition | None = None,
    on_game: Callable[[GameResult], None] | None = None,
) -> MixedStats:
    """Play `games` games of seeds `seed`, `seed + 1`, ... with the seat list rotated."""
    n = len(seats)
    if not 2 <= n <= len(_NAMES):
        raise ValueError(f"{n} seats: a table seats 2 to {len(_NAMES)}")
    names = _NAMES[:n]
    wins = [0.0] * n
    points: list[list[int]] = [[] for _ in range(n)]
    coach_ms: list[float] = []
    finished = 0
    start = time.perf_counter()
    for i in range(games):
        order = rotated(seats, i)
        r = play_game(edition, names, seed + i, order, card_set=card_set, budget=budget)
        finished += r.finished
        coach_ms.extend(1000 * t for t in r.coach_seconds)
        for entry in range(n):
            name = names[(entry - i) % n]  # where entry `entry` sat in this game
            points[entry].append(r.points[name])
            if name in r.winners:
                wins[entry] += 1 / len(r.winners)
        if on_game is not None:
            on_game(r)
    per_seat = tuple(
        SeatStats(
            e,
            seats[e],
            games,
            wins[e],
            wins[e] / games if games else 0.0,
            wilson(wins[e], games),
            statistics.fmean(points[e]) if games else 0.0,
            _mean_interval(points[e]),
        )
        for e in range(n)
    )
    return MixedStats(
        edition,
        tuple(seats),
        seed,
        games,
        finished,
        per_seat,
        time.perf_counter() - start,
        tuple(coach_ms),
    )
