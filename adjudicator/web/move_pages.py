"""The page's legal moves a page at a time, generated only as far as the page shows them
(issue 37: the list was cut at 8,000 of 9,028 moves and the page said only "the first
400"; a Gads Hill position of 9,028 moves took 1.1-3.4 s to list whole). `/moves` lists
`games.MAX_LISTED_MOVES` of them from `?from=`, says whether more follow, and counts them
all (`count`) when they fit on the page or when the page asks (`?count=1`, which rules
every move: the page asks after it has shown the first ones)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from adjudicator.tables import AnyTable
from adjudicator.web import face_down

__all__ = ["Moves", "page_of", "players_moves"]

#: A fresh run of the generator of the moves listed (each page starts it again: a
#: generator is lazy, so a page rules only the moves up to its own).
Moves = Callable[[], Iterator[Any]]


def players_moves(table: AnyTable, game: Any, acting: str | None, everyone: bool) -> Moves:
    """The moves of `acting`; on the pass-and-play screen anyone's when `acting` has none
    (Black Hills' set-up: every player still to keep has moves; the page lists those of
    the one it asks, another's keeps are their own hand)."""

    def mine() -> Iterator[Any]:
        return (m for m in table.legal_moves(game) if m.player == acting)

    if everyone and next(mine(), None) is None:
        return lambda: table.legal_moves(game)
    return mine


def page_of(
    table: AnyTable, game: Any, moves: Moves, start: int, size: int, count: bool
) -> dict[str, Any]:
    """`size` moves as the page lists them (`face_down.listing`) from `start`, the
    face-down choices among them, whether more follow, and how many there are (None when
    more follow and `count` is not asked)."""
    wanted = start + size + 1
    while True:  # moves that read the same are one entry: take more until the page fills
        got = list(islice(moves(), wanted))
        listed, blind = face_down.listing(table, game, got)
        done = len(got) < wanted
        if done or len(listed) > start + size:
            break
        wanted *= 2
    total: int | None = len(listed)
    if not done:
        total = len(face_down.listing(table, game, moves())[0]) if count else None
    page = listed[start : start + size]
    on_page = set(page)
    return {
        "moves": page,
        "blind": [m for m in blind if m in on_page],
        "more": len(listed) > start + size,
        "count": total,
        "start": start,
    }
