"""The draw phase (the Dry Gulch rulebook's 'Draw Resources or Building Permits' and the
Bank's ability; RULINGS-dry-gulch `DG-DRAW`, `DG-BANK-DRAW`).

A draw is written as one of:

    resources                 three resource cards (the discards reshuffled when needed)
    permit discard ID         the face-up discarded permit ID
    permit stack ID           two from the stack, keep ID, the other is discarded face up
    bank                      the Bank's owner: two resources and the top permit
    ... bank                  (option `bank-draw=extra`) an ordinary draw, then the Bank's

A table with real cards names what it really drew; without names the seed draws:

    resources lumber brick food          the three drawn (each must be in the stack)
    permit stack hotel discarding opera  the two taken, hotel kept, opera discarded
    bank lumber labor:2 permit saloon    the Bank's two resources and its permit

Readings: the Bank's draw comes *instead of* the ordinary one (one draw a phase; option
`bank-draw=extra`: after it, `resources bank`); a damaged Bank draws nothing extra (its
ability is suspended, `DG-DAMAGED`); with one permit left in the stack, `permit stack`
keeps it. Named cards are refereed for availability, not order (the seed's order is only
a guess at a real stack): each must be in its stack, the resource stack's own cards before
its reshuffled discards (`decks.draw_named`). Options (`options.py`): `open-permits`
("may look through the stack and take any permit he likes": `permit stack ID` takes ID
from anywhere in it, nothing discarded); `city-hall` (a City Hall closed by Fire or
Vandalism: no permit is drawn, the Bank's top permit neither).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.frozen import freeze_fields, plain
from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.decks import draw_resources_as, is_resource
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.state import DGState, parse_card
from adjudicator.dry_gulch.verdict import PhaseVerdict

__all__ = [
    "DrawResult",
    "DrawWords",
    "draw_choices",
    "draw_phase",
    "read_draw",
    "rule_draw",
    "stack_offer",
]


@dataclass(frozen=True, slots=True)
class DrawResult(PhaseVerdict):
    resources: Sequence[str] = field(default_factory=list)
    permit: str | None = None
    discarded_permit: str | None = None
    reshuffled: bool = False
    bank_permit: str | None = None  # option bank-draw=extra: the Bank's permit besides

    def __post_init__(self) -> None:
        freeze_fields(self, "resources")  # a verdict given is not changed

    def to_json(self) -> dict[str, Any]:
        return {
            **self.head_json(),
            "resources": plain(self.resources),
            "permit": self.permit,
            "discarded_permit": self.discarded_permit,
            "reshuffled": self.reshuffled,
            "bank_permit": self.bank_permit,
        }


@dataclass(frozen=True, slots=True)
class DrawWords:
    """A draw's words read: the ordinary draw (None: the Bank's alone) and the Bank's
    (None: none), each with the cards a real table names (empty: the seed's draw)."""

    how: str | None  # "resources", "discard" or "stack"
    permit: str | None = None  # the permit taken (discard) or kept (stack)
    cards: tuple[str, ...] = ()  # `resources C C C`: the three drawn
    discarding: str | None = None  # `permit stack ID discarding ID`: the other of two
    bank: bool = False
    bank_cards: tuple[str, ...] = ()  # `bank C C permit ID`: its two resources
    bank_permit: str | None = None  # ... and its top permit


def read_draw(words: list[str]) -> DrawWords:
    """The words of a draw (lower case); `ValueError` says what is wrong. Positions tell a
    permit id from a keyword (the Bank's permit is `bank`): `permit discard ID`, `permit
    stack ID [discarding ID]`, `resources [C C C]`, then `bank [C C [permit ID]]`."""
    bad = ValueError(
        "a draw is 'resources [C C C]', 'permit discard ID', 'permit stack ID [discarding "
        "ID]' or 'bank [C C permit ID]' (with bank-draw=extra: one of the first three, "
        "then 'bank ...')"
    )
    rest = list(words)
    how: str | None = None
    permit = other = None
    cards: list[str] = []
    if rest[:1] == ["resources"]:
        how, rest = "resources", rest[1:]
        while rest and is_resource(rest[0]):
            cards.append(rest.pop(0))
    elif len(rest) >= 3 and rest[0] == "permit" and rest[1] in ("discard", "stack"):
        how, permit, rest = rest[1], rest[2], rest[3:]
        if how == "stack" and rest[:1] == ["discarding"]:
            if len(rest) < 2:
                raise bad
            other, rest = rest[1], rest[2:]
    if rest[:1] != ["bank"]:
        if rest or how is None:
            raise bad
        return DrawWords(how, permit, tuple(cards), other)
    rest = rest[1:]
    bank_cards: list[str] = []
    while rest and is_resource(rest[0]):
        bank_cards.append(rest.pop(0))
    bank_permit = None
    if rest[:1] == ["permit"] and len(rest) == 2:
        bank_permit, rest = rest[1], []
    if rest:
        raise bad
    return DrawWords(how, permit, tuple(cards), other, True, tuple(bank_cards), bank_permit)


def draw_phase(state: DGState, how: list[str], seed: int | None = None) -> DrawResult:
    """The active player's draw, written as its words (`["permit", "stack", "ID"]`, with
    the cards a real table drew: `["resources", "lumber", "brick", "food"]`); words that
    are no draw raise `InputError`. Named cards must be in their stack (`DG-DRAW`)."""
    try:
        w = read_draw([x.lower() for x in how])
    except ValueError as exc:
        # Not a draw the notation knows: bad input, not a draw the rules refuse.
        raise InputError("DRAW", repr(" ".join(how)), str(exc)) from None
    return rule_draw(state, w, seed)


def rule_draw(state: DGState, w: DrawWords, seed: int | None = None) -> DrawResult:
    """The active player's draw, read (`read_draw`): the rules themselves."""
    me = state.active

    def refuse(code: Code, why: str) -> DrawResult:
        return DrawResult(me, False, (Reason(code, why),), state)

    if state.decks is None:
        return refuse(Code.DECKS, "the state keeps no stacks ([decks]): nothing to draw from")
    if (w.how in ("discard", "stack") or w.bank) and state.city_hall_closed is not None:
        return refuse(
            Code.CITY_HALL,
            f"the City Hall is closed (damaged on {state.city_hall_closed}'s turn): "
            "no building permits are drawn",
        )
    extra = state.options.bank_draw == "extra"
    if w.bank and w.how is not None and not extra:
        return refuse(
            Code.BANK_DRAW,
            "the Bank's draw comes instead of the ordinary one (option bank-draw=instead)",
        )
    if w.bank and w.how is None and extra:
        return refuse(
            Code.BANK_DRAW,
            "the Bank's draw comes after the ordinary one (option bank-draw=extra): "
            "write 'resources bank' or 'permit ... bank'",
        )
    after = Draft.of(state)
    rng = random.Random(seed)
    first = DrawResult(me, True, (), state)
    if w.how is not None:
        first = _ordinary(after, w, rng)
        if not first.legal:
            return refuse(first.reasons[0].code, first.reasons[0].message)
    if not w.bank:
        return replace(first, after=after.freeze())
    # option bank-draw=extra: the Bank's own random draw after the ordinary one
    bank_rng = rng if w.how is None else random.Random(None if seed is None else seed + 1)
    bank = _bank(after, bank_rng, w)
    if not isinstance(bank, tuple):
        return refuse(bank.code, bank.message)
    got, permit, shuffled = bank
    if w.how is None:
        return DrawResult(me, True, (), after.freeze(), got, permit, reshuffled=shuffled)
    return replace(
        first,
        after=after.freeze(),
        resources=[*first.resources, *got],
        bank_permit=permit,
        reshuffled=first.reshuffled or shuffled,
    )


def _ordinary(after: Draft, w: DrawWords, rng: random.Random) -> DrawResult:
    """Three resources or a permit, into `after` (changed in place); the result's state
    is the one drawn from (`draw_phase` freezes the draft once the draw is done)."""
    before = after.freeze()
    me = after.active
    decks, player = after.decks, after.player(me)
    assert decks is not None

    def refuse(code: Code, why: str) -> DrawResult:
        return DrawResult(me, False, (Reason(code, why),), before)

    rules = after.rules
    if w.how == "resources":
        # A real table's three cards are refereed for being in the stack.
        got, shuffled, why = draw_resources_as(decks, list(w.cards), 3, rng)
        if why is not None:
            return refuse(Code.DRAW, why)
        player.hand.extend(parse_card(c, rules) for c in got)
        return DrawResult(me, True, (), before, got, reshuffled=shuffled)
    assert w.permit is not None
    if w.how == "discard":
        if w.permit not in decks.permit_discard:
            shown = ", ".join(decks.permit_discard) or "none"
            return refuse(Code.DRAW, f"no {w.permit!r} among the discarded permits ({shown})")
        decks.permit_discard.remove(w.permit)
        player.permits.append(w.permit)
        return DrawResult(me, True, (), before, permit=w.permit)
    if after.options.open_permits:
        if w.discarding is not None:
            return refuse(
                Code.OPEN_PERMITS,
                "with open building permits one is taken from the stack and none discarded",
            )
        if w.permit not in decks.permits:
            return refuse(Code.OPEN_PERMITS, f"no {w.permit!r} in the permit stack")
        decks.permits.remove(w.permit)  # DG-OPT-OPEN-PERMITS: any one, nothing discarded
        player.permits.append(w.permit)
        return DrawResult(me, True, (), before, permit=w.permit)
    if w.discarding is None:  # the seed's top two
        two = decks.permits[:2]
        if w.permit not in two:
            top = ", ".join(two) or "the stack is empty"
            return refuse(Code.DRAW, f"the two from the stack are {top}: keep one of them")
        del decks.permits[: len(two)]
    else:  # the two a real table took, refereed for being in the stack
        two = [w.permit, w.discarding]
        if len(decks.permits) < len(two):
            return refuse(Code.DRAW, f"the permit stack holds {len(decks.permits)}, not two")
        for permit in two:
            if permit not in decks.permits:
                return refuse(Code.DRAW, f"no {permit!r} left in the permit stack")
            decks.permits.remove(permit)
    two.remove(w.permit)
    player.permits.append(w.permit)
    decks.permit_discard.extend(two)
    return DrawResult(me, True, (), before, permit=w.permit, discarded_permit=next(iter(two), None))


def stack_offer(state: DGState) -> list[str]:
    """The permits a `permit stack` draw shows the active player to keep one of: the top
    two ("draws two building permits from the stack, keeps one"; with one left, that one),
    or (option open-permits: "may look through the stack") the whole stack; none when no
    permit can be drawn (no stacks, an empty one, a closed City Hall)."""
    if state.decks is None or state.city_hall_closed is not None:
        return []
    permits = state.decks.permits
    return list(permits if state.options.open_permits else permits[:2])


def draw_choices(state: DGState) -> list[str]:
    """The draws the active player may write now, in the notation (`ID` stands for a permit
    of the face-down stack, which the player has not seen): only those that can be legal,
    so no `permit discard` without a face-up permit, no `bank` without an undamaged Bank
    of theirs and a permit to draw, nothing from a closed City Hall."""
    decks = state.decks
    if decks is None:
        return []
    open_hall = state.city_hall_closed is None
    ordinary = ["resources"]
    if open_hall:
        ordinary += [f"permit discard {p}" for p in dict.fromkeys(decks.permit_discard)]
        ordinary += ["permit stack ID"] if decks.permits else []
    bank = open_hall and bool(decks.permits) and "bank" in state.specials_built(state.active)
    if not bank:
        return ordinary
    if state.options.bank_draw == "extra":  # the Bank's draw after the ordinary one,
        # from what that one leaves: `permit stack` takes two (open-permits: one) first
        taken = 1 if state.options.open_permits else 2
        left = {o: len(decks.permits) - taken * o.startswith("permit stack") for o in ordinary}
        return [w for o in ordinary for w in (o, f"{o} bank")[: 2 if left[o] > 0 else 1]]
    return [*ordinary, "bank"]


def _bank(after: Draft, rng: random.Random, w: DrawWords) -> tuple[list[str], str, bool] | Reason:
    """The Bank's draw into `after` (changed in place): two resources and the top permit,
    or the ones a real table names."""
    me = after.active
    decks = after.decks
    assert decks is not None
    if "bank" not in after.specials_built(me):
        return Reason(Code.BANK_DRAW, f"{me} owns no Bank (or it is damaged)")
    if not decks.permits:
        return Reason(
            Code.BANK_DRAW, "the permit stack is empty: the Bank's draw no longer applies"
        )
    got, shuffled, why = draw_resources_as(decks, list(w.bank_cards), 2, rng)
    if why is not None:
        return Reason(Code.BANK_DRAW, why)
    after.player(me).hand.extend(parse_card(c, after.rules) for c in got)
    if w.bank_permit is None:
        permit = decks.permits.pop(0)
    elif w.bank_permit in decks.permits:
        permit = w.bank_permit
        decks.permits.remove(permit)
    else:
        return Reason(Code.BANK_DRAW, f"no {w.bank_permit!r} in the permit stack")
    after.player(me).permits.append(permit)
    return got, permit, shuffled
