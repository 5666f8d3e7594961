"""Choices whose outcome lies face down (`Table.listed_move`): which pile to draw from,
a draw off Dry Gulch's permit stack, the Shaman's deal. The page lists such a choice as
its player knows it; choosing it shows that player what it drew (`reveal`), and from then
on, as at the table, their move is one of the moves it showed. A choice the server deals
at the commit (`Table.deal`: the deduction games' draws in a game with a seed) is listed
as a plain move instead: there is nothing to reveal before it is made. A move that would tell
what lies face down before it is chosen (previewed or committed by its full text) is
refused, so no device learns a pile's order by asking.

What each player has seen is kept by record and version, in the app's own `Choices` (its
`RecordDir.choices`): a commit of the record makes it history. A reveal is final: until
its player makes one of the moves it showed, the record is not undone (`pending`), so no
undo and redo shows a second pile or pair.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

from adjudicator.core.errors import AdjudicatorError, RulesError
from adjudicator.tables import AnyTable
from adjudicator.web.seats import Refused

__all__ = ["Choices", "check_chosen", "listing", "reveal"]

#: A choice made and the moves it showed its player.
Chosen = tuple[str, tuple[str, ...]]


class Choices:
    """What each player has seen, by record name, version and player: one store per app
    (`RecordDir.choices`), so two apps in one process (two tables, two tests) never see
    each other's choices. The app's threads share it, behind its lock."""

    def __init__(self) -> None:
        self._seen: dict[str, dict[tuple[str, str], Chosen]] = {}
        self._lock = threading.Lock()

    def seen(self, name: str, version: str, player: str) -> Chosen | None:
        """The choice `player` has made at this version and the moves it showed them."""
        with self._lock:
            return self._seen.get(name, {}).get((version, player))

    def pending(self, name: str, version: str) -> tuple[str, str] | None:
        """A choice made at this version and not yet followed by its move: its player and
        the choice (a reveal is final: no undo may take the record back from under it)."""
        with self._lock:
            for (at, player), (listed, _shown) in self._seen.get(name, {}).items():
                if at == version:
                    return player, listed
        return None

    def forget(self, name: str) -> None:
        """The record changed: what was seen before belongs to its history."""
        with self._lock:
            self._seen.pop(name, None)

    def choose(self, key: tuple[str, str, str], listed: str, shown: tuple[str, ...]) -> None:
        """`listed` chosen by the player of `key` (name, version, player), showing them
        `shown`; a second, other choice at the same version is refused."""
        name, version, player = key
        with self._lock:
            earlier = self._seen.setdefault(name, {}).get((version, player))
            if earlier is not None and earlier[0] != listed:
                raise Refused(
                    f"{name}: {player} has already chosen {earlier[0]!r}: make one of its moves"
                )
            self._seen[name][(version, player)] = (listed, shown)


def listing(table: AnyTable, game: Any, moves: Iterable[Any]) -> tuple[list[str], list[str]]:
    """The moves as the page lists them (a face-down choice once, as its player knows
    it), and which of those are such choices."""
    groups: dict[str, list[str]] = {}
    for move in moves:
        groups.setdefault(table.listed_move(game, move), []).append(table.format_move(move))
    blind = [
        listed
        for listed, texts in groups.items()
        if texts != [listed] and not _dealt_choice(table, game, listed)
    ]
    return list(groups), blind


def _dealt_choice(table: AnyTable, game: Any, listed: str) -> bool:
    """Whether the choice is itself a move, whose outcome the server deals at the commit
    (`Table.deal`): the page lists it as a plain move, with nothing to reveal first."""
    try:
        move = table.parse_move(listed, "listing")
        return table.deal(game, move) is not move
    except AdjudicatorError:
        return False


def reveal(
    table: AnyTable,
    game: Any,
    moves: Iterable[Any],
    choices: Choices,
    key: tuple[str, str, str | None],
    listed: str,
) -> Chosen:
    """`listed` chosen by the player of `key` (name, version, player; None: whoever has
    that move, on the pass-and-play screen): that player, and the moves it shows them,
    from now on the only ones they may make at this version (kept in `choices`)."""
    name, version, player = key
    mine = [m for m in moves if player in (None, m.player) and table.listed_move(game, m) == listed]
    if not mine:
        raise RulesError(f"{name}: {listed!r} is not a move {player or 'anyone'} may make now")
    player = mine[0].player
    shown = tuple(table.format_move(m) for m in mine if m.player == player)
    choices.choose((name, version, player), listed, shown)
    return player, shown


def check_chosen(
    table: AnyTable, game: Any, move: Any, choices: Choices, key: tuple[str, str, str]
) -> None:
    """A move previewed or committed (`key`: name, version, player): one the player's
    choice showed them, or one that tells nothing face down."""
    name, _version, player = key
    text = table.format_move(move)
    chosen = choices.seen(*key)
    if chosen is not None:
        if text not in chosen[1]:
            raise Refused(
                f"{name}: {player} has chosen {chosen[0]!r} and seen what it drew: make one "
                f"of {', '.join(chosen[1])}"
            )
        return
    if table.listed_move(game, move) != text:
        # Not the choice the move belongs to: that names where its card lies (the pile
        # holding it, or none when another hand holds it), and a seat asking card by
        # card would read the piles and the hands (issue 35). One refusal for every card;
        # the choices open to the player are on their own list of moves.
        raise Refused(
            f"{name}: what that move draws lies face down: choose the draw on your list of "
            "moves first (which pile, or the stack), then one of the moves it shows"
        )
