"""What one move of a record did (`Game.apply`): legal or refused, and by which rule."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.deduction.game.moves import Move
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.ruling import Ruling, StopReport

__all__ = ["Outcome"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one move did: its ruling (for plays, discards, buys, STOP), or why it was refused."""

    move: Move
    legal: bool
    message: str
    ruling: Ruling | None = None
    code: Code | None = None  # the rule a refusal rests on
    drawn: tuple[int, ...] = ()
    overlooked: StopReport | None = None  # claims left when the previous turn closed

    @property
    def points(self) -> int:
        return self.ruling.points if self.ruling is not None and self.legal else 0
