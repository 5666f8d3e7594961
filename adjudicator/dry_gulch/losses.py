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
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from adjudicator.dry_gulch.decks import draw_resources
from adjudicator.dry_gulch.state import DGState, HandCard, card_value, parse_card

__all__ = [
    "ACE",
    "IOU",
    "Moved",
    "draw_at_random",
    "draw_named_from",
    "drawable",
    "lose_to",
    "owner_of",
    "receive",
]

ACE = "ace-up-your-sleeve"
IOU = "iou"


@dataclass(frozen=True)
class Moved:
    """Cards one event moved: from a player (None: from the resource stack) to a player
    (None: onto the discard piles)."""

    loser: str | None
    receiver: str | None
    cards: list[str] = field(default_factory=list)
    iou: bool = False  # the loser handed over an I.O.U. instead

    def to_json(self) -> dict[str, Any]:
        return {"from": self.loser, "to": self.receiver, "cards": self.cards, "iou": self.iou}


def owner_of(state: DGState, special: str) -> str | None:
    """Who owns the undamaged building with this special function; None when it is not
    built or damaged (its rewards and penalties are suspended)."""
    rules = state.rules
    for b in state.buildings:
        if rules.permits[b.permit].special == special and not b.damaged:
            return b.owner
    return None


def drawable(hand: list[HandCard], state: DGState) -> list[int]:
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
    hand: list[HandCard], n: int, rng: random.Random, state: DGState
) -> list[HandCard]:
    """Up to n cards drawn at random from the hand (taken out of it), sparing what an Ace
    protects. Without an Ace this draws as `hand.pop(rng.randrange(len(hand)))` n times."""
    pool = drawable(hand, state)
    taken = [pool.pop(rng.randrange(len(pool))) for _ in range(min(n, len(pool)))]
    cards = [hand[i] for i in taken]
    for i in sorted(taken, reverse=True):
        del hand[i]
    return cards


def draw_named_from(
    hand: list[HandCard], named: list[str], n: int, state: DGState
) -> list[HandCard] | str:
    """The cards a real table drew from the hand, named (taken out of it, in the order
    named), instead of drawn from the seed; or why they cannot have been: as many as a draw
    of n takes (fewer when the hand is short; an Ace up your Sleeve is never drawn and its
    holder sets one card aside, whichever they chose), each one in the hand."""
    due = min(n, len(drawable(hand, state)))
    if len(named) != due:
        return f"{due} cards are drawn from the hand, {len(named)} named"
    left = list(hand)
    cards: list[HandCard] = []
    for text in named:
        card = next((c for c in left if c.text == text and c.event != ACE), None)
        if card is None:
            return f"no {text} in the hand to draw (an Ace up your Sleeve is never drawn)"
        left.remove(card)
        cards.append(card)
    for card in cards:
        hand.remove(card)
    return cards


def _to_discards(state: DGState, cards: list[HandCard]) -> None:
    decks = state.decks
    if decks is None:
        return
    for card in cards:
        if card.event is not None:
            decks.event_discard.append(card.event)
        else:
            decks.resource_discard.append(card.text)


def receive(state: DGState, name: str, n: int, rng: random.Random) -> list[str]:
    """n cards from the resource stack into a player's hand ("takes into his hand
    immediately"); fewer when the stack and its discards run out."""
    decks = state.decks
    if decks is None or n <= 0:
        return []
    got, _ = draw_resources(decks, n, rng)
    rules = state.rules
    state.player(name).hand.extend(parse_card(text, rules) for text in got)
    return got


def lose_to(
    state: DGState, loser: str | None, receiver: str | None, n: int, rng: random.Random
) -> Moved:
    """`loser` loses n random cards to `receiver` (each a building's owner, None when the
    building is not built), changing `state` in place (`DG-EVENT-MISSING`)."""
    if n <= 0:
        return Moved(loser, receiver)
    if loser is None:  # from a building not yet built: drawn from the resource stack
        if receiver is None:
            return Moved(None, None)
        return Moved(None, receiver, receive(state, receiver, n, rng))
    if loser == receiver:  # to their own building: the cards stay where they are
        return Moved(loser, receiver)
    hand = state.player(loser).hand
    if not hand:
        return Moved(loser, receiver)
    iou = next((i for i, c in enumerate(hand) if c.event == IOU), None)
    if iou is not None:
        handed = [hand.pop(iou)]
        if receiver is None:
            _to_discards(state, handed)
        else:
            state.player(receiver).hand.extend(handed)
        return Moved(loser, receiver, [handed[0].text], iou=True)
    cards = draw_at_random(hand, n, rng, state)
    if receiver is None:
        _to_discards(state, cards)
    else:
        state.player(receiver).hand.extend(cards)
    return Moved(loser, receiver, [c.text for c in cards])
