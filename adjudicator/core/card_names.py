"""A card named on the command line by its id or its printed name, in any case (`saloon`,
`Sheriff's Office`): Dry Gulch's permits and events, Black Hills' characters and events
(`cards show`)."""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from typing import Any, TypeAlias

from adjudicator.core.errors import RulesError
from adjudicator.core.limits import clip

__all__ = ["CardsFound", "cards_named", "id_words", "no_clue_cards"]

#: The cards a name names (`cards_named`'s), each as its kind and its fields: what `cards
#: show` shows of Dry Gulch's and Black Hills' cards (their files part's card type).
CardsFound: TypeAlias = list[tuple[str, dict[str, object]]]


def id_words(text: str) -> str:
    """A name as an id: case-insensitive, spaces as hyphens, apostrophes dropped."""
    return "-".join(text.strip().casefold().replace("'", "").replace("_", " ").split())


def cards_named(game: str, decks: Mapping[str, Mapping[str, Any]], name: str) -> CardsFound:
    """Every card of `decks` (kind -> id -> a dataclass with `id` and `name`) that `name`
    names, each as its kind and fields; none: one line with a close match."""
    wanted = id_words(name)
    found = [
        (kind, dataclasses.asdict(card))
        for kind, cards in decks.items()
        for card in cards.values()
        if wanted in (id_words(card.id), id_words(card.name))
    ]
    if not found:
        ids = [ident for cards in decks.values() for ident in cards]
        close = difflib.get_close_matches(wanted, ids, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        kinds = " or ".join(f"{k} card" for k in decks)
        every = f"every card: adjudicator cards list {game}"
        raise RulesError(f"{game}: {clip(name)}: no such {kinds} ({every}){hint}")
    return found


def no_clue_cards(source: str, title: str) -> str:
    """`cards export` of a game without clue cards: what lists its cards instead."""
    return (
        f"{source}: `adjudicator cards export` draws clue cards of Old Town and Gads Hill "
        f"1874; for {title} use `adjudicator cards list {source}`"
    )
