"""Cards that events move between players (RULINGS-dry-gulch `DG-RANDOM`, `DG-ACE`,
`DG-EVENT-MISSING`).

"Random card losses are carried out by having a fellow player draw the corresponding
number from the affected player's own face-down cards." "Ace up your sleeve: Whenever
cards are to be drawn from you, you show this card and take it back again. Afterwards you
may set aside one of your cards in order to protect it from being drawn." "I.O.U.:
Whenever (any number of) cards are to be drawn from you, you hand over this card and no
cards are drawn this time." "Buildings here refer to their owners (who then gain or lose
cards)." "If a player loses cards to a building that has not yet been built, he discards
them instead. If he receives cards from a building that has not yet been built, he draws
them from the resource stack."

Readings: the Ace is always shown (it costs nothing) and its holder sets aside the card of
most worth (`card_value`; the first of equals), one card however many Aces; an I.O.U. is
handed over before an Ace is shown (nothing is lost then); a damaged building counts as
not built here ("rewards and penalties ... are suspended"); cards a player would lose to
their own building stay in the hand.

A real table names the cards instead (`Named`, a record's `play ID losing ... drawing ...`):
those drawn from hands in the order of the draws, those from the resource stack in the
order of the players who take them; each refereed for being there (`draw_named_from`,
`decks.draw_named`), whichever card an Ace's holder set aside. The holder of an Ace and
an I.O.U. may show the Ace first ("Whenever cards are to be drawn from you": both cards
answer the same moment, and the rulebook puts neither first) and set the I.O.U. aside,
keeping it: cards are drawn then. A record says so with the word `ace` before the cards of
that draw (`ACE_FIRST`); without it the I.O.U. is handed over, as the seed's table does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.frozen import freeze_fields
from adjudicator.core.record import record
from adjudicator.dry_gulch.decks import draw_named, draw_resources
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.state import DGState, HandCard, card_value, parse_card

__all__ = [
    "ACE",
    "ACE_FIRST",
    "IOU",
    "Moved",
    "Named",
    "draw_at_random",
    "draw_named_from",
    "drawable",
    "lose_to",
    "named_due",
    "owner_of",
    "receive",
]

ACE = "ace-up-your-sleeve"
IOU = "iou"


@record
class Moved:
    """Cards one event moved: from a player (None: from the resource stack) to a player
    (None: onto the discard piles)."""

    loser: str | None
    receiver: str | None
    cards: Sequence[str] = field(default_factory=list)
    iou: bool = False  # the loser handed over an I.O.U. instead

    def __post_init__(self) -> None:
        freeze_fields(self, "cards")  # a verdict given is not changed

    def to_json(self) -> dict[str, Any]:
        return {"from": self.loser, "to": self.receiver, "cards": self.cards, "iou": self.iou}


@dataclass
class Named:
    """The cards a real table named for one event's draws, taken in order as the draws
    happen (None: the seed draws them); `why` says what first could not have been drawn."""

    losing: list[str] | None = None  # drawn from players' hands
    drawing: list[str] | None = None  # drawn from the resource stack
    why: str | None = None

    def left_over(self) -> str | None:
        """Why the names do not fit the draws: the first misfit, or names no draw took."""
        extra = [*(self.losing or []), *(self.drawing or [])]
        if self.why is None and extra:
            return f"more cards named than drawn: {' '.join(extra)}"
        return self.why


def owner_of(state: DGState, special: str) -> str | None:
    """Who owns the undamaged building with this special function; None when it is not
    built or damaged (its rewards and penalties are suspended)."""
    rules = state.rules
    for b in state.buildings:
        if rules.permits[b.permit].special == special and not b.damaged:
            return b.owner
    return None


def drawable(hand: Sequence[HandCard], state: DGState | Draft) -> list[int]:
    """The places in the hand a fellow player may draw from: with an Ace up your Sleeve
    the Aces are shown and taken back, and the card of most worth is set aside."""
    aces = [i for i, c in enumerate(hand) if c.event == ACE]
    rest = [i for i in range(len(hand)) if i not in aces]
    if not aces or not rest:
        return rest
    rules = state.rules
    kept = max(rest, key=lambda i: (card_value(hand[i], rules), -i))
    return [i for i in rest if i != kept]


def draw_at_random(
    hand: list[HandCard], n: int, rng: random.Random, state: DGState | Draft
) -> list[HandCard]:
    """Up to n cards drawn at random from the hand (taken out of it), sparing what an Ace
    protects. Without an Ace this draws as `hand.pop(rng.randrange(len(hand)))` n times."""
    pool = drawable(hand, state)
    taken = [pool.pop(rng.randrange(len(pool))) for _ in range(min(n, len(pool)))]
    cards = [hand[i] for i in taken]
    for i in sorted(taken, reverse=True):
        del hand[i]
    return cards


def named_due(
    hand: Sequence[HandCard], n: int, state: DGState | Draft, ace_first: bool = False
) -> int:
    """How many cards a draw of n takes from the hand: fewer when it is short, one fewer
    when an Ace sets one aside; `ace_first`: the Ace shown before an I.O.U., the I.O.U. the
    card set aside (`ACE_FIRST`)."""
    if ace_first:
        return min(n, sum(1 for c in hand if c.event not in (ACE, IOU)))
    return min(n, len(drawable(hand, state)))


#: The word a record writes first in `losing` when an Ace's holder showed it before
#: handing over an I.O.U. and set the I.O.U. aside (kept), so that cards are drawn.
ACE_FIRST = "ace"


def draw_named_from(
    hand: list[HandCard],
    named: list[str],
    n: int,
    state: DGState | Draft,
    ace_first: bool = False,
) -> list[HandCard] | str:
    """The cards a real table drew from the hand, named (taken out of it, in the order
    named), instead of drawn from the seed; or why they cannot have been: as many as a draw
    of n takes (fewer when the hand is short; an Ace up your Sleeve is never drawn and its
    holder sets one card aside, whichever they chose), each one in the hand. `ace_first`:
    the holder of an Ace and an I.O.U. showed the Ace first and set the I.O.U. aside."""
    if ace_first and (
        ACE not in (c.event for c in hand) or [c.event for c in hand].count(IOU) != 1
    ):
        # With two I.O.U.s the one not set aside would still be handed over.
        return "only a player holding an Ace up your Sleeve and one I.O.U. shows the Ace first"
    due = named_due(hand, n, state, ace_first)
    if len(named) != due:
        return f"{due} cards are drawn from the hand, {len(named)} named"
    left = list(hand)
    cards: list[HandCard] = []
    kept = (ACE, IOU) if ace_first else (ACE,)
    for text in named:
        card = next((c for c in left if c.text == text and c.event not in kept), None)
        if card is None:
            never = "the Ace and the I.O.U. set aside are" if ace_first else "an Ace is"
            return f"no {text} in the hand to draw ({never} never drawn)"
        left.remove(card)
        cards.append(card)
    for card in cards:
        hand.remove(card)
    return cards


def _to_discards(state: Draft, cards: list[HandCard]) -> None:
    decks = state.decks
    if decks is None:
        return
    for card in cards:
        if card.event is not None:
            decks.event_discard.append(card.event)
        else:
            decks.resource_discard.append(card.text)


def receive(
    state: Draft, name: str, n: int, rng: random.Random, named: Named | None = None
) -> list[str]:
    """n cards from the resource stack into a player's hand ("takes into his hand
    immediately"); fewer when the stack and its discards run out; the next ones `named`
    names, when it names them."""
    decks = state.decks
    if decks is None or n <= 0:
        return []
    if named is not None and named.drawing is not None:
        due = min(n, len(decks.resources) + len(decks.resource_discard))
        got, named.drawing = named.drawing[:due], named.drawing[due:]
        _, why = draw_named(decks, "resources", got, n, rng)
        if why is not None:
            named.why = named.why or why
            return []
    else:
        got, _ = draw_resources(decks, n, rng)
    rules = state.rules
    state.player(name).hand.extend(parse_card(text, rules) for text in got)
    return got


def lose_to(
    state: Draft,
    loser: str | None,
    receiver: str | None,
    n: int,
    rng: random.Random,
    named: Named | None = None,
) -> Moved:
    """`loser` loses n random cards to `receiver` (each a building's owner, None when the
    building is not built), changing `state` in place (`DG-EVENT-MISSING`); the cards
    `named` names, when it names them."""
    if n <= 0:
        return Moved(loser, receiver)
    if loser is None:  # from a building not yet built: drawn from the resource stack
        if receiver is None:
            return Moved(None, None)
        return Moved(None, receiver, receive(state, receiver, n, rng, named))
    if loser == receiver:  # to their own building: the cards stay where they are
        return Moved(loser, receiver)
    hand = state.player(loser).hand
    if not hand:
        return Moved(loser, receiver)
    iou = next((i for i, c in enumerate(hand) if c.event == IOU), None)
    ace_first = named is not None and named.losing is not None and named.losing[:1] == [ACE_FIRST]
    if ace_first:
        assert named is not None and named.losing is not None
        named.losing = named.losing[1:]
    if iou is not None and not ace_first:
        handed = [hand.pop(iou)]
        if receiver is None:
            _to_discards(state, handed)
        else:
            state.player(receiver).hand.extend(handed)
        return Moved(loser, receiver, [handed[0].text], iou=True)
    if named is not None and named.losing is not None:
        due = named_due(hand, n, state, ace_first)
        chosen, named.losing = named.losing[:due], named.losing[due:]
        taken = draw_named_from(hand, chosen, n, state, ace_first)
        if isinstance(taken, str):
            named.why = named.why or f"{loser}: {taken}"
            return Moved(loser, receiver)
        cards = taken
    else:
        cards = draw_at_random(hand, n, rng, state)
    if receiver is None:
        _to_discards(state, cards)
    else:
        state.player(receiver).hand.extend(cards)
    return Moved(loser, receiver, [c.text for c in cards])
