"""The draw phase (the Dry Gulch rulebook's 'Draw Resources or Building Permits' and the
Bank's ability; RULINGS-dry-gulch `DG-DRAW`, `DG-BANK-DRAW`).

A draw is written as one of:

    resources                 three resource cards (the discards reshuffled when needed)
    permit discard ID         the face-up discarded permit ID
    permit stack ID           two from the stack, keep ID, the other is discarded face up
    bank                      the Bank's owner: two resources and the top permit

Readings: the Bank's draw comes *instead of* the ordinary one (one draw a phase); a
damaged Bank draws nothing extra (its ability is suspended, `DG-DAMAGED`); with one
permit left in the stack, `permit stack` keeps it.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.decks import draw_resources
from adjudicator.dry_gulch.state import DGState, parse_card

__all__ = ["DrawResult", "draw_phase"]


@dataclass(frozen=True)
class DrawResult:
    player: str
    legal: bool
    reasons: tuple[Reason, ...]
    after: DGState
    resources: list[str] = field(default_factory=list)
    permit: str | None = None
    discarded_permit: str | None = None
    reshuffled: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "legal": self.legal,
            "reasons": [{"code": str(r.code), "message": r.message} for r in self.reasons],
            "resources": self.resources,
            "permit": self.permit,
            "discarded_permit": self.discarded_permit,
            "reshuffled": self.reshuffled,
        }


def draw_phase(state: DGState, how: list[str], seed: int | None = None) -> DrawResult:
    """The active player's draw, written as its words (`["permit", "stack", "bank"]`);
    words that are no draw raise `InputError`."""
    me = state.active

    def refuse(code: Code, why: str) -> DrawResult:
        return DrawResult(me, False, (Reason(code, why),), state)

    if state.decks is None:
        return refuse(Code.DECKS, "the state keeps no stacks ([decks]): nothing to draw from")
    after = copy.deepcopy(state)
    decks, player = after.decks, after.player(me)
    assert decks is not None
    rng = random.Random(seed)
    rules = after.rules
    words = [w.lower() for w in how]
    if words == ["resources"]:
        got, shuffled = draw_resources(decks, 3, rng)
        player.hand.extend(parse_card(c, rules) for c in got)
        return DrawResult(me, True, (), after, got, reshuffled=shuffled)
    if len(words) == 3 and words[:2] == ["permit", "discard"]:
        if words[2] not in decks.permit_discard:
            shown = ", ".join(decks.permit_discard) or "none"
            return refuse(Code.DRAW, f"no {words[2]!r} among the discarded permits ({shown})")
        decks.permit_discard.remove(words[2])
        player.permits.append(words[2])
        return DrawResult(me, True, (), after, permit=words[2])
    if len(words) == 3 and words[:2] == ["permit", "stack"]:
        two = decks.permits[:2]
        if words[2] not in two:
            top = ", ".join(two) or "the stack is empty"
            return refuse(Code.DRAW, f"the two from the stack are {top}: keep one of them")
        del decks.permits[: len(two)]
        two.remove(words[2])
        player.permits.append(words[2])
        decks.permit_discard.extend(two)
        return DrawResult(
            me, True, (), after, permit=words[2], discarded_permit=next(iter(two), None)
        )
    if words == ["bank"]:
        if "bank" not in state.specials_built(me):
            return refuse(Code.BANK_DRAW, f"{me} owns no Bank (or it is damaged)")
        if not decks.permits:
            return refuse(
                Code.BANK_DRAW, "the permit stack is empty: the Bank's draw no longer applies"
            )
        got, shuffled = draw_resources(decks, 2, rng)
        player.hand.extend(parse_card(c, rules) for c in got)
        permit = decks.permits.pop(0)
        player.permits.append(permit)
        return DrawResult(me, True, (), after, got, permit, reshuffled=shuffled)
    # Not a draw the notation knows: bad input, not a draw the rules refuse.
    raise InputError(
        "DRAW",
        repr(" ".join(how)),
        "write 'resources', 'permit discard ID', 'permit stack ID' or 'bank'",
    )
