"""Verdicts on Black Hills turns: plain data with coded reasons. Everything downstream (the
best-turn finder, the command line, the pictures) only reads them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.invest import Payment
from adjudicator.black_hills.state import BHState, state_data
from adjudicator.core.result import Reason as CoreReason

__all__ = ["Reason", "Verdict"]


#: Why a turn is refused, with the rule it rests on.
Reason = CoreReason[Code]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to a turn, in the reading order of the deduction games' rulings: who,
    legal or not, why not, the state after, then what the turn did (a `core.result.Result`).
    """

    player: str  # "" when the turn names no player the notation can read
    legal: bool
    reasons: tuple[Reason, ...]  # empty for a legal turn
    after: BHState  # the state the turn leaves (the state before when it is refused)
    log: tuple[str, ...] = ()  # what happened, in order (up to the refusal)
    reputation_gained: int = 0
    payments: tuple[Payment, ...] = ()  # each investment or Bank, as paid
    # What chance dealt in the turn, in order, where the turn did not write it: the die
    # (`die 3`), the card a blind steal drew (`drew bank`) (`game/dealing.py` writes them).
    dealt: tuple[str, ...] = ()

    @property
    def state(self) -> BHState | None:
        """The state a legal turn leaves; None for a refused turn."""
        return self.after if self.legal else None

    @property
    def code(self) -> Code | None:
        """The rule a refused turn breaks first."""
        return self.reasons[0].code if self.reasons and not self.legal else None

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "player": self.player,
            "reasons": [r.to_json() for r in self.reasons],
            "log": list(self.log),
            "reputation_gained": self.reputation_gained,
            "payments": [p.to_json() for p in self.payments],
            "state": state_data(self.after) if self.legal else None,
        }
