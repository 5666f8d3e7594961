"""The stacks and discard piles of a Dry Gulch state, when it keeps them (a whole turn's
draws need them; the building questions do not).

```toml
[decks]
round = 2                              # the first round draws no event cards
resources = ["lumber", "labor:2"]      # the resource stack, face down, top first
resource_discard = ["brick"]
permits = ["bank", "hotel"]            # the permit stack, top first
permit_discard = ["saloon"]            # face up: a player may take one
events = ["fire", "iou"]               # the event stack, top first
event_discard = []
face_up = ["election-poll"]            # turned up this turn, to be played before rewards
```
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from adjudicator.core.errors import InputError
from adjudicator.core.validation import StrictMutable, validated
from adjudicator.dry_gulch.data import KINDS, Rules

__all__ = [
    "DeckDraft",
    "Decks",
    "decks_data",
    "decks_from",
    "draw_named",
    "draw_resources",
    "is_resource",
]


@dataclass(frozen=True, slots=True)
class Decks:
    """The stacks and discards, frozen (`DeckDraft` is their working copy)."""

    round: int = 1
    resources: tuple[str, ...] = ()
    resource_discard: tuple[str, ...] = ()
    permits: tuple[str, ...] = ()
    permit_discard: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    event_discard: tuple[str, ...] = ()
    face_up: tuple[str, ...] = ()  # the active player's, to be played


@dataclass
class DeckDraft:
    """The stacks as a move changes them, card by card; `freeze` makes the new `Decks`."""

    round: int = 1
    resources: list[str] = field(default_factory=list)
    resource_discard: list[str] = field(default_factory=list)
    permits: list[str] = field(default_factory=list)
    permit_discard: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    event_discard: list[str] = field(default_factory=list)
    face_up: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, d: Decks) -> DeckDraft:
        return cls(
            d.round,
            list(d.resources),
            list(d.resource_discard),
            list(d.permits),
            list(d.permit_discard),
            list(d.events),
            list(d.event_discard),
            list(d.face_up),
        )

    def freeze(self) -> Decks:
        return Decks(
            self.round,
            tuple(self.resources),
            tuple(self.resource_discard),
            tuple(self.permits),
            tuple(self.permit_discard),
            tuple(self.events),
            tuple(self.event_discard),
            tuple(self.face_up),
        )


class _Decks(StrictMutable):
    round: int = Field(default=1, ge=1)
    resources: list[str] = []
    resource_discard: list[str] = []
    permits: list[str] = []
    permit_discard: list[str] = []
    events: list[str] = []
    event_discard: list[str] = []
    face_up: list[str] = []


def is_resource(text: str) -> bool:
    """Whether `text` is a resource card as a state writes it (`lumber`, `labor:2`)."""
    kind, _, arg = text.partition(":")
    if kind == "labor":
        return arg.isascii() and arg.isdecimal() and 1 <= int(arg) <= 9
    return kind in KINDS and not arg


def decks_from(raw: Any, rules: Rules, source: str) -> Decks | None:
    """The `decks` table of a state file, each card checked against the game's cards."""
    if raw is None:
        return None
    m = validated(_Decks, raw, f"{source} decks")
    for key in ("resources", "resource_discard"):
        for text in getattr(m, key):
            if not is_resource(text):
                raise InputError(source, f"decks.{key}", f"{text!r} is not a resource card")
    for key in ("permits", "permit_discard"):
        for permit in getattr(m, key):
            if permit not in rules.permits or rules.permits[permit].special == "residence":
                raise InputError(source, f"decks.{key}", f"{permit!r} is not a building permit")
    for key in ("events", "event_discard", "face_up"):
        for event in getattr(m, key):
            if event not in rules.events:
                raise InputError(source, f"decks.{key}", f"unknown event {event!r}")
    return Decks(
        m.round,
        tuple(m.resources),
        tuple(m.resource_discard),
        tuple(m.permits),
        tuple(m.permit_discard),
        tuple(m.events),
        tuple(m.event_discard),
        tuple(m.face_up),
    )


def decks_data(d: Decks) -> dict[str, Any]:
    return {
        "round": d.round,
        "resources": list(d.resources),
        "resource_discard": list(d.resource_discard),
        "permits": list(d.permits),
        "permit_discard": list(d.permit_discard),
        "events": list(d.events),
        "event_discard": list(d.event_discard),
        "face_up": list(d.face_up),
    }


def draw_resources(d: DeckDraft, n: int, rng: random.Random) -> tuple[list[str], bool]:
    """Up to n resource cards from the top of the stack; "If the stack is empty, the
    discarded cards are reshuffled and used." Returns the cards and whether it reshuffled
    (fewer than n when both piles run out)."""
    got: list[str] = []
    shuffled = False
    while len(got) < n:
        if not d.resources:
            if not d.resource_discard:
                break
            d.resources, d.resource_discard = list(d.resource_discard), []
            rng.shuffle(d.resources)
            shuffled = True
        got.append(d.resources.pop(0))
    return got, shuffled


def draw_resources_as(
    d: DeckDraft, named: list[str], n: int, rng: random.Random
) -> tuple[list[str], bool, str | None]:
    """n resource cards: those a real table named (refereed by `draw_named`), else the
    seed's. Returns the cards, whether the stack was reshuffled, and why the named cards
    cannot have been drawn (None when they can)."""
    if named:
        shuffled, why = draw_named(d, "resources", list(named), n, rng)
        return list(named), shuffled, why
    got, shuffled = draw_resources(d, n, rng)
    return got, shuffled, None


def draw_named(
    d: DeckDraft, pile: str, named: list[str], n: int, rng: random.Random
) -> tuple[bool, str | None]:
    """The cards a real table drew from `pile` ("resources" or "events", changed in place),
    named instead of dealt from the seed: as many as the seeded draw takes (n, fewer when
    both piles run out), each one in the stack. "If the stack is empty, the discarded cards
    are reshuffled and used": the stack's own cards come first, whatever order they are
    named in, then the discards, reshuffled from the seed (the stack's order is the seed's
    guess; only what is in it is known). Returns whether it reshuffled, and why the named
    cards cannot have been drawn (None when they can)."""
    stack: list[str] = getattr(d, pile)
    discard: list[str] = getattr(d, f"{pile[:-1]}_discard")
    due = min(n, len(stack) + len(discard))
    if len(named) != due:
        return False, f"{due} cards are drawn, {len(named)} named: {' '.join(named)}"
    rest = list(named)
    for card in list(rest):  # the stack's cards first
        if card in stack:
            stack.remove(card)
            rest.remove(card)
    if not rest:
        return False, None
    if stack:
        return False, (
            f"no {rest[0]} in the stack (its discards are reshuffled only once it is empty)"
        )
    stack.extend(discard)
    discard.clear()
    rng.shuffle(stack)
    for card in rest:
        if card not in stack:
            return True, f"no {card} in the stack or its discards"
        stack.remove(card)
    return True, None
