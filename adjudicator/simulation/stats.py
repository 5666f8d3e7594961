"""What a run's store says: the figures of the report, read batch by batch (memory
stays that of one batch and the counters, however many games).

- scores: every seat's final points, and the winners' points, as counts per value;
- length: turns per game, as counts per value; how many games finished (the rest stalled);
- seat advantage: per seat, the games it won (a tie is a win for each tied seat), with a
  95% Wilson interval; the first seat is compared with the seat-neutral rate (the mean
  of all seats' rates, which is 1/n without ties): no advantage shows when that rate is
  inside the first seat's interval;
- per card: `held` (games in which it was in a hand on its holder's turn), `dead` (held
  but never playable), `dead_rate` = dead / held, `played`, `discarded`;
  `decisive` = of the games in which it was played, the share in which a player who
  played it won (1/n would be a card that makes no difference); `lift` = decisive x n;
  `win_share` = the card's share of all winners' points (a play's points shared equally
  by its cards);
- Dry Gulch and Black Hills: per card (Dry Gulch) or character (Black Hills), the games
  its move won and that share of the finished games (`decisive`), and for Black Hills
  the events the winning turn played (`decisive_events`).

A figure is in the report when its columns are in the game's schema (`batch.schema`): a
game whose rows lack them (the per-card columns are the deduction games' only) has no
such figure, not an empty one.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from adjudicator.simulation.spec import RunSpec
from adjudicator.simulation.store import Store

__all__ = [
    "DECISIVE_TITLES",
    "EVENTS_TITLE",
    "NO_CARD",
    "CardFigures",
    "Report",
    "SeatFigures",
    "read_report",
    "wilson",
]

#: What the `decisive` figure names, per game (a table's and a plot's title).
DECISIVE_TITLES = {
    "dry-gulch": "The card whose move won the game",
    "black-hills": "The character of the winning turn",
}
#: ... and the `decisive_events` figure.
EVENTS_TITLE = "The events of the winning turn"

#: The decisive card of a won game whose self-play names none (Dry Gulch: the winner
#: had enough on entering the build phase).
NO_CARD = "(none)"

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `wins / n` (0..1 when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    # at 0 or n wins an end is exactly 0 or 1; rounding would leave it a hair off
    low = 0.0 if wins == 0 else max(0.0, (centre - spread) / denominator)
    high = 1.0 if wins == n else min(1.0, (centre + spread) / denominator)
    return low, high


@dataclass
class SeatFigures:
    seat: int  # 1 = the first player
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class CardFigures:
    card: int
    held: int = 0
    dead: int = 0
    played: int = 0  # times played (a reshuffled card may be played twice in a game)
    discarded: int = 0
    games_played: int = 0  # games in which it was played
    won_by_player: int = 0  # ... and a player who played it won
    winner_points: float = 0.0  # points winners scored with it

    @property
    def dead_rate(self) -> float:
        return self.dead / self.held if self.held else 0.0

    @property
    def decisive(self) -> float:
        return self.won_by_player / self.games_played if self.games_played else 0.0


@dataclass
class Report:
    spec: RunSpec
    games: int = 0
    finished: int = 0
    scores: Counter[int] = field(default_factory=Counter)
    winner_scores: Counter[int] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    seats: list[SeatFigures] = field(default_factory=list)
    cards: dict[int, CardFigures] = field(default_factory=dict)
    winner_points: int = 0  # all winners' points, the denominator of `win_share`
    seconds: float = 0.0  # game time summed over workers
    turn_ms: list[float] = field(default_factory=list)  # a sample: the first game's turns
    columns: frozenset[str] = frozenset()  # the game's columns (`batch.schema`)
    decisive: Counter[str] = field(default_factory=Counter)  # won games, by deciding card
    decisive_events: Counter[str] = field(default_factory=Counter)

    @property
    def neutral_rate(self) -> float:
        """The win rate a seat would have if seats made no difference."""
        if not self.seats:
            return 0.0
        return sum(s.rate for s in self.seats) / len(self.seats)

    @property
    def first_seat_advantage(self) -> bool | None:
        """Whether the first seat's interval lies wholly above the neutral rate (None
        without games)."""
        if not self.games:
            return None
        return self.seats[0].interval[0] > self.neutral_rate

    def win_share(self, card: CardFigures) -> float:
        return card.winner_points / self.winner_points if self.winner_points else 0.0

    def __post_init__(self) -> None:
        if self.columns:  # named by the caller: a run played here, with no Arrow schema
            return
        from adjudicator.simulation.batch import schema

        self.columns = frozenset(schema(self.spec.game).names)

    def has(self, column: str) -> bool:
        return column in self.columns

    def add_rows(self, columns: dict[str, list[Any]]) -> None:
        n = self.spec.players
        if not self.seats:
            self.seats = [SeatFigures(i + 1, 0, 0) for i in range(n)]
        for i, seats in enumerate(columns["seats"]):
            self.games += 1
            self.finished += bool(columns["finished"][i])
            self.lengths[columns["turns"][i]] += 1
            scores, winners = columns["scores"][i], set(columns["winners"][i])
            self.scores.update(scores)
            for k, name in enumerate(seats):
                self.seats[k].games += 1
                self.seats[k].wins += name in winners
                if name in winners:
                    self.winner_scores[scores[k]] += 1
                    self.winner_points += scores[k]
            self.seconds += columns["seconds"][i]
            if self.has("decisive") and winners:
                self.decisive[columns["decisive"][i] or NO_CARD] += 1
            if self.has("decisive_events") and winners:
                self.decisive_events.update(columns["decisive_events"][i])
            if self.has("held"):
                self._add_cards(columns, i, winners)

    def _add_cards(self, columns: dict[str, list[Any]], i: int, winners: set[str]) -> None:
        """The per-card figures of the deduction games' row `i`."""
        for key in ("held", "dead", "played", "discarded"):
            for card in columns[key][i]:
                figures = self._card(card)
                setattr(figures, key, getattr(figures, key) + 1)
        by_card: dict[int, set[str]] = {}
        for card, player, points in zip(
            columns["play_cards"][i],
            columns["play_players"][i],
            columns["play_points"][i],
            strict=True,
        ):
            by_card.setdefault(card, set()).add(player)
            if player in winners:
                self._card(card).winner_points += points
        for card, players in by_card.items():
            figures = self._card(card)
            figures.games_played += 1
            figures.won_by_player += bool(players & winners)
        if not self.turn_ms:
            self.turn_ms = list(columns["turn_ms"][i])

    def _card(self, card: int) -> CardFigures:
        if card not in self.cards:
            self.cards[card] = CardFigures(card)
        return self.cards[card]

    def to_json(self) -> dict[str, Any]:
        low, high = self.seats[0].interval if self.seats else (0.0, 1.0)
        data: dict[str, Any] = {
            "run": self.spec.to_json(),
            "games": self.games,
            "missing_games": self.spec.games - self.games,
            "finished": self.finished,
            "scores": _counts(self.scores),
            "winner_scores": _counts(self.winner_scores),
            "lengths": _counts(self.lengths),
            "mean_length": round(_mean(self.lengths), 3),
            "mean_score": round(_mean(self.scores), 3),
            "seats": [
                {
                    "seat": s.seat,
                    "wins": s.wins,
                    "games": s.games,
                    "win_rate": round(s.rate, 4),
                    "interval95": [round(a, 4) for a in s.interval],
                }
                for s in self.seats
            ],
            "neutral_rate": round(self.neutral_rate, 4),
            "first_seat": {
                "interval95": [round(low, 4), round(high, 4)],
                "advantage": self.first_seat_advantage,
            },
        }
        if self.has("held"):
            data["cards"] = self._cards_json()
        if self.has("decisive"):
            data["decisive"] = _shares(self.decisive, self.finished)
        if self.has("decisive_events"):
            data["decisive_events"] = _shares(self.decisive_events, self.finished)
        data["game_seconds"] = round(self.seconds, 3)
        return data

    def _cards_json(self) -> list[dict[str, Any]]:
        return [
            {
                "card": c.card,
                "held": c.held,
                "dead": c.dead,
                "dead_rate": round(c.dead_rate, 4),
                "played": c.played,
                "discarded": c.discarded,
                "games_played": c.games_played,
                "decisive": round(c.decisive, 4),
                "lift": round(c.decisive * self.spec.players, 4),
                "win_share": round(self.win_share(c), 4),
            }
            for c in sorted(self.cards.values(), key=lambda c: c.card)
        ]


def _shares(counter: Counter[str], finished: int) -> list[dict[str, Any]]:
    """Each name's games and its share of the finished games, the most first."""
    return [
        {"name": name, "games": k, "rate": round(k / finished, 4) if finished else 0.0}
        for name, k in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def _counts(counter: Counter[int]) -> dict[str, int]:
    return {str(k): counter[k] for k in sorted(counter)}


def _mean(counter: Counter[int]) -> float:
    total = sum(counter.values())
    return sum(k * v for k, v in counter.items()) / total if total else 0.0


def read_report(store: Store) -> Report:
    """The figures of every finished batch of the store."""
    report = Report(store.spec)
    for table in store.tables():
        report.add_rows(table.to_pydict())
    return report
