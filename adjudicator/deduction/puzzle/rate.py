"""A puzzle's difficulty, read off the steps of its solution (`steps.py`).

Each feature is something a player feels at the table:
- `cards`: how many cards are played (one point each);
- `stops`: how many STOP conclusions are needed (one point each);
- `hall`: the largest Hall set a STOP removal needs (L3): two buildings on two spaces is
  harder to see than a last marker; (k - 1) * 3 points;
- `relations`: condition cards (a relation between two buildings), two points each;
- `cascades`: removals and buildings a card sets off in a chain (P6), a point per two;
- `forced`: some card cannot be played at first (the rules refuse it until another card
  is in), so the order matters: four points.

The score's bands give the level: below `EASY_BELOW` easy, below `MEDIUM_BELOW` medium,
else hard. `generate --level` draws puzzles until one rates at the level asked.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from adjudicator.deduction.puzzle.model import Level, Puzzle
from adjudicator.deduction.puzzle.steps import Solution

__all__ = ["EASY_BELOW", "MEDIUM_BELOW", "Rating", "level_of", "rate"]

EASY_BELOW = 6
MEDIUM_BELOW = 10


@dataclass(frozen=True, slots=True)
class Rating:
    cards: int
    stops: int
    hall: int
    relations: int
    cascades: int
    forced: bool
    score: int
    level: Level

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def level_of(score: int) -> Level:
    if score < EASY_BELOW:
        return "easy"
    if score < MEDIUM_BELOW:
        return "medium"
    return "hard"


def rate(puzzle: Puzzle, solution: Solution) -> Rating:
    cards = solution.cards
    stops = sum(1 for s in solution.steps if s.kind == "stop")
    hall = max((s.hall for s in solution.steps), default=0)
    relations = sum(
        1 for s in cards if s.clue and puzzle.edition.cards[s.clue.card].kind == "condition"
    )
    cascades = sum(s.cascades for s in solution.steps)
    forced = solution.waits > 0
    score = (
        len(cards)
        + stops
        + 3 * max(hall - 1, 0)
        + 2 * relations
        + cascades // 2
        + (4 if forced else 0)
    )
    return Rating(len(cards), stops, hall, relations, cascades, forced, score, level_of(score))
