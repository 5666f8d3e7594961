"""The draw phase (the Dry Gulch rulebook's 'Draw Resources or Building Permits' and the
Bank's ability; RULINGS-dry-gulch `DG-DRAW`, `DG-BANK-DRAW`).

A draw is written as one of:

    resources                 three resource cards (the discards reshuffled when needed)
    permit discard ID         the face-up discarded permit ID
    permit stack ID           two from the stack, keep ID, the other is discarded face up
    bank                      the Bank's owner: two resources and the top permit
    ... bank                  (option `bank-draw=extra`) an ordinary draw, then the Bank's

Readings: the Bank's draw comes *instead of* the ordinary one (one draw a phase; option
`bank-draw=extra`: after it, `resources bank`); a damaged Bank draws nothing extra (its
ability is suspended, `DG-DAMAGED`); with one permit left in the stack, `permit stack`
keeps it. Options (`options.py`): `open-permits` ("may look through the stack and take any
permit he likes": `permit stack ID` takes ID from anywhere in it, nothing discarded);
`city-hall` (a City Hall closed by Fire or Vandalism: no permit is drawn, the Bank's
top permit neither).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, replace
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
    bank_permit: str | None = None  # option bank-draw=extra: the Bank's permit besides

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "legal": self.legal,
            "reasons": [{"code": str(r.code), "message": r.message} for r in self.reasons],
            "resources": self.resources,
            "permit": self.permit,
            "discarded_permit": self.discarded_permit,
            "reshuffled": self.reshuffled,
            "bank_permit": self.bank_permit,
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
    permit_words = words[:1] == ["permit"] or words[-1:] == ["bank"]
    if permit_words and after.city_hall_closed is not None:
        return refuse(
            Code.CITY_HALL,
            f"the City Hall is closed (damaged on {after.city_hall_closed}'s turn): "
            "no building permits are drawn",
        )
    if words[-1:] == ["bank"] and len(words) in (2, 4):  # an ordinary draw, then the Bank's
        if after.options.bank_draw != "extra":
            return refuse(
                Code.BANK_DRAW,
                "the Bank's draw comes instead of the ordinary one (option bank-draw=instead)",
            )
        first = draw_phase(state, words[:-1], seed)
        if not first.legal:
            return first
        bank = _bank(first.after, random.Random(None if seed is None else seed + 1))
        if not isinstance(bank, tuple):
            return refuse(bank.code, bank.message)
        got, permit, shuffled = bank[1:]
        return replace(
            first,
            after=bank[0],
            resources=first.resources + got,
            permit=first.permit,
            bank_permit=permit,
            reshuffled=first.reshuffled or shuffled,
        )
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
    if len(words) == 3 and words[:2] == ["permit", "stack"] and after.options.open_permits:
        if words[2] not in decks.permits:
            return refuse(Code.OPEN_PERMITS, f"no {words[2]!r} in the permit stack")
        decks.permits.remove(words[2])  # DG-OPT-OPEN-PERMITS: any one, nothing discarded
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
        if after.options.bank_draw == "extra":
            return refuse(
                Code.BANK_DRAW,
                "the Bank's draw comes after the ordinary one (option bank-draw=extra): "
                "write 'resources bank' or 'permit ... bank'",
            )
        bank = _bank(after, rng)
        if not isinstance(bank, tuple):
            return refuse(bank.code, bank.message)
        return DrawResult(me, True, (), bank[0], bank[1], bank[2], reshuffled=bank[3])
    # Not a draw the notation knows: bad input, not a draw the rules refuse.
    raise InputError(
        "DRAW",
        repr(" ".join(how)),
        "write 'resources', 'permit discard ID', 'permit stack ID' or 'bank'",
    )


def _bank(after: DGState, rng: random.Random) -> tuple[DGState, list[str], str, bool] | Reason:
    """The Bank's draw into `after` (changed in place): two resources and the top permit."""
    me = after.active
    decks = after.decks
    assert decks is not None
    if "bank" not in after.specials_built(me):
        return Reason(Code.BANK_DRAW, f"{me} owns no Bank (or it is damaged)")
    if not decks.permits:
        return Reason(
            Code.BANK_DRAW, "the permit stack is empty: the Bank's draw no longer applies"
        )
    got, shuffled = draw_resources(decks, 2, rng)
    after.player(me).hand.extend(parse_card(c, after.rules) for c in got)
    permit = decks.permits.pop(0)
    after.player(me).permits.append(permit)
    return after, got, permit, shuffled
