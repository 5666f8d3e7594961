"""A card named by what is printed on it, for a table holding the printed deck: its kind,
the building it names (or "my building"), the spaces marked on its small map and, on a
condition card, the relation and the green dots. The rulebooks: "The small plan of the
town on the cards is always decisive for fixing the positions of the buildings!"

The notation (one word, no spaces needed; `,` between spaces)::

    4:bank@c3,c4,d3,d4                   a "4" / building card: the BANK may be there
    8:my@a1,b1,c1,d1,e1,f1,a2,b2         an "8" (or 7) / district card: my building
    8+8:hotel@c3,c4 next-to my@b3,c2     an "8+8" / condition card: the blue stars, the
                                         relation, the green dots ("my@..." left out:
                                         my building may be anywhere)

The kind may also be written `building`/`red`, `district`/`orange`/`7`,
`condition`/`green`; the building by its id, its printed or its German name. A printed
card compiles to exactly the `Card` a card-file entry with that map would be, its clue
`spaces(...)` of the marked spaces; `card_in` finds it in a state's deck by its map.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import replace

from adjudicator.core.errors import RulesError
from adjudicator.core.evolve import evolve
from adjudicator.core.german import german_ids
from adjudicator.deduction.models.board import RELATIONS, Board
from adjudicator.deduction.models.cards import MY, Card, CardSet, Kind
from adjudicator.deduction.models.edition import GERMAN_FILES
from adjudicator.deduction.models.state import GameState

__all__ = [
    "PrintedCardError",
    "as_printed",
    "building_id",
    "card_in",
    "cards_named",
    "is_printed",
    "match_number",
    "printed_card",
    "printed_text",
]

KINDS: dict[str, Kind] = {
    "4": "building",
    "building": "building",
    "red": "building",
    "8": "district",
    "7": "district",
    "district": "district",
    "orange": "district",
    "8+8": "condition",
    "condition": "condition",
    "green": "condition",
}
_SPACES = r"[a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*"
_CARD = re.compile(
    rf"^(?P<kind>[a-z0-9+]+)\s*:\s*(?P<subject>[^@:]+?)\s*@\s*(?P<map>{_SPACES})"
    rf"(?:\s+(?P<relation>[a-z_-]+)(?:\s+my\s*@\s*(?P<my>{_SPACES}))?)?$",
    re.I,
)
#: What a play's card looks like when it is printed rather than numbered (`KIND:...@...`).
PRINTED = re.compile(r"^[a-z0-9+]+\s*:[^@]*@", re.I)


class PrintedCardError(ValueError):
    """A printed card that does not read, or names what the board does not have."""


def is_printed(text: str) -> bool:
    """Whether `text` names a card by its printed map rather than by its number."""
    return PRINTED.match(text.strip()) is not None


def building_id(written: str) -> str:
    """A building's id from its id, printed name or German name as a player writes it:
    case dropped, apostrophes dropped, spaces and underscores as hyphens (`Printer's` is
    `printers`, `Schule` is `school`)."""
    key = "-".join(written.strip().casefold().replace("'", "").replace("_", " ").split())
    return german_ids(*GERMAN_FILES).get(key, key)


def printed_card(text: str, board: Board, number: int = 0) -> Card:
    """The card printed as `text` (the notation above), as the card file would hold it.
    Raises `PrintedCardError` naming the card text and what is wrong."""
    written = text.strip()

    def fail(what: str) -> PrintedCardError:
        return PrintedCardError(f"card {written!r}: {what}")

    m = _CARD.match(written)
    if m is None:
        raise fail(
            "write a printed card as KIND:BUILDING@SPACES, e.g. 4:bank@c3,c4,d3,d4, "
            "8:my@a1,b1,..., or 8+8:hotel@c3,c4 next-to my@b3,c2"
        )
    kind = KINDS.get(m["kind"].lower())
    if kind is None:
        raise fail(f"unknown kind {m['kind']!r} (4, 8, 8+8 or building, district, condition)")
    subject = building_id(m["subject"])
    if kind == "district":
        if subject != MY:
            raise fail(f"a district ({m['kind']}) card is about 'my' building, not {subject!r}")
    elif subject == MY:
        raise fail(f"a {kind} card names a building, not 'my'")
    elif subject not in board.buildings:
        close = difflib.get_close_matches(subject, list(board.buildings), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise fail(f"unknown building {subject!r} on {board.name}{hint}")
    relation = m["relation"].lower().replace("-", "_") if m["relation"] else None
    if kind != "condition" and relation is not None:
        raise fail(f"only a condition (8+8) card has a relation, not {m['relation']!r}")
    if kind == "condition":
        if relation is None:
            raise fail(f"a condition card gives its relation: one of {_relations()}")
        if relation not in RELATIONS:
            raise fail(f"unknown relation {m['relation']!r}: one of {_relations()}")
    spaces = _spaces(m["map"], board, fail)
    my_spaces = _spaces(m["my"], board, fail) if m["my"] else None
    return Card(
        number=number,
        kind=kind,
        subject=subject,
        text=f"printed card {written}",
        spaces=spaces,
        clue=_clue(spaces),
        relation=relation,
        my_spaces=my_spaces,
        my_clue=None if my_spaces is None else _clue(my_spaces),
    )


def printed_text(card: Card, board: Board) -> str:
    """A card written in the notation (`printed_card` of it gives the same map back)."""
    kind = {"building": "4", "district": "8", "condition": "8+8"}[card.kind]
    text = f"{kind}:{card.subject}@{_listed(card.spaces, board)}"
    if card.relation is not None:
        text += f" {card.relation.replace('_', '-')}"
        if card.my_spaces is not None:
            text += f" my@{_listed(card.my_spaces, board)}"
    return text


def match_number(cards: CardSet, card: Card) -> int | None:
    """The number of the deck's card with the same printed face as `card`, if one has it."""
    for c in cards:
        if _face(c) == _face(card):
            return c.number
    return None


def card_in(state: GameState, text: str) -> tuple[GameState, int]:
    """The card `text` names on this state: a number as it is, or a printed card as the
    number of the deck's card with that face. A printed card the deck does not hold (the
    printed game's deck is not ours) joins this state's deck under the next free number,
    ruled as its card-file entry would be. Raises `PrintedCardError` (ValueError)."""
    written = text.strip()
    if not is_printed(written):
        try:
            return state, int(written)
        except ValueError:
            raise PrintedCardError(
                f"card {written!r}: give its number or its printed map, e.g. 4:bank@c3,c4,d3,d4"
            ) from None
    card = printed_card(written, state.board)
    found = match_number(state.cards, card)
    if found is not None:
        return state, found
    number = max(state.cards.cards, default=0) + 1
    deck = state.cards
    card = replace(card, number=number, text=_JOINED + printed_text(card, state.board))
    more = {**deck.cards, number: card}
    cards = CardSet(deck.name, deck.source, more, deck.mismatches)
    return evolve(state, edition=replace(state.edition, cards=cards)), number


def as_printed(state: GameState, number: int) -> str | None:
    """The printed map of card `number` if it joined the deck by its map (`card_in`): a
    move that plays it is written by its map, which the record's deck finds again."""
    card = state.cards.cards.get(number)
    if card is None or not card.text.startswith(_JOINED):
        return None
    written = printed_text(card, state.board)
    return written if card.text == _JOINED + written else None


#: The words of a card that joined a deck by its printed map (not one of the file's).
_JOINED = "printed card "


def _face(card: Card) -> tuple[object, ...]:
    """What a ruling reads of a card: all that is printed on it but its number and text."""
    return (card.kind, card.subject, card.spaces, card.relation, card.my_spaces)


def _spaces(listed: str, board: Board, fail: Callable[[str], PrintedCardError]) -> frozenset[str]:
    names = [s.strip().lower() for s in listed.split(",")]
    for name in names:
        if name not in board.spaces:
            close = difflib.get_close_matches(name, list(board.building_spaces), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise fail(f"no space {name!r} on {board.name}{hint}")
        if board.spaces[name].frame:
            raise fail(f"{name!r} is a frame field, which never holds a building")
    if len(set(names)) != len(names):
        raise fail("the map names a space twice")
    return frozenset(names)


def _listed(spaces: frozenset[str], board: Board) -> str:
    """Spaces in the board's order, as the notation writes them."""
    return ",".join(s for s in board.spaces if s in spaces)


def _clue(spaces: frozenset[str]) -> str:
    return f"spaces({', '.join(sorted(spaces))})"


def _relations() -> str:
    return ", ".join(r.replace("_", "-") for r in RELATIONS)


def cards_named(
    state: GameState, source: object, written: list[tuple[str, str]]
) -> tuple[GameState, list[int]]:
    """The cards a command names, each `(option, text)` by number or printed map, as
    numbers of the (perhaps grown) state's deck; bad input is a `RulesError` naming the
    file, the option and what is wrong."""
    numbers = []
    for option, text in written:
        try:
            state, number = card_in(state, text)
        except ValueError as exc:
            raise RulesError(f"{source}: {option}: {exc}") from None
        if number not in state.cards:
            listed = sorted(state.cards.cards)
            span = f"{listed[0]}-{listed[-1]}" if listed else "none"
            raise RulesError(
                f"{source}: {option} {number}: no such card in {state.board.name} (cards {span})"
            )
        numbers.append(number)
    return state, numbers
