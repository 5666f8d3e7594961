"""Replaying a Dry Gulch record: every move re-refereed, and what the table got wrong.

What the table got wrong: moves the rules refuse (with their DG-* code; they are skipped
and the game goes on without them, as `game move` would have refused them), moves after
the game was won (`DG-WIN`), and influence the table wrote down (`{n}`) that differs from
the board's.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.record import record
from adjudicator.dry_gulch.game.flow import DGGame, Outcome, new_game
from adjudicator.dry_gulch.game.record import DGRecord
from adjudicator.dry_gulch.score import score

__all__ = ["DGReplay", "replay", "replay_to"]


@record
class DGReplay:
    record: DGRecord
    outcomes: tuple[Outcome, ...]
    game: DGGame

    @property
    def illegal(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.legal]

    @property
    def claims_wrong(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.claim_wrong]

    @property
    def clean(self) -> bool:
        return not self.illegal and not self.claims_wrong

    def to_json(self) -> dict[str, Any]:
        final = score(self.game.state)
        return {
            "moves": len(self.outcomes),
            "clean": self.clean,
            "illegal": [o.to_json() for o in self.illegal],
            "claims_wrong": [o.to_json() for o in self.claims_wrong],
            "over": self.game.over,
            "winner": self.game.winner,
            "turn": self.game.turn,
            "round": self.game.round,
            "influence": dict(final.influence),
            "needed": final.needed,
        }


def replay(record: DGRecord) -> DGReplay:
    """Re-referee every move of a record, in order."""
    game = new_game(record.header)
    outcomes = []
    for move in record.moves:
        game, outcome = game.apply(move)
        outcomes.append(outcome)
    return DGReplay(record, tuple(outcomes), game)


def replay_to(record: DGRecord) -> DGGame:
    """The game after every legal move of the record."""
    game = new_game(record.header)
    for move in record.moves:
        game, _ = game.apply(move)
    return game
