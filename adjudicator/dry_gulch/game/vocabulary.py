"""The ids a move names, checked against the game's board and cards before the move is
ruled: `build hotell at nw-9` is a slip of the pen (one line, with the closest id), not a
payment or a placement the rules refuse."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator

from adjudicator.dry_gulch.data import Rules
from adjudicator.dry_gulch.game import notation
from adjudicator.dry_gulch.game.notation import Move

__all__ = ["unknown_name"]


def unknown_name(move: Move, rules: Rules) -> str | None:
    """The first permit, site or event the move names that the game does not have, as
    "unknown site 'nw-9'; did you mean 'nw-8'?"; None when every one is known."""
    # the residence too: `build residence at SITE` is the set-up's move in turn
    known = {"permit": list(rules.permits), "site": list(rules.sites), "event": list(rules.events)}
    for what, name in _named(move):
        if name and name not in known[what]:
            close = difflib.get_close_matches(name, known[what], n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            return f"unknown {what} {name!r}{hint}"
    return None


def _named(move: Move) -> Iterator[tuple[str, str]]:
    if isinstance(move, notation.Build):
        yield from (("permit", move.permit), ("site", move.site))
    elif isinstance(move, notation.Misfortune):
        yield "site", move.site
    elif isinstance(move, notation.Violet):
        yield "event", move.event
    elif isinstance(move, notation.EventCard):
        yield from (("event", move.event), ("site", move.site), ("permit", move.permit))
    elif isinstance(move, notation.Events):
        yield from _each("event", (move.discard, *move.take, *move.turned))
    elif isinstance(move, notation.Draw):
        try:
            words = move.words
        except ValueError:
            return  # not a draw's shape: the flow says so
        yield from _each("permit", (words.permit, words.discarding, words.bank_permit))


def _each(what: str, names: Iterable[str | None]) -> Iterator[tuple[str, str]]:
    return ((what, n) for n in names if n)
