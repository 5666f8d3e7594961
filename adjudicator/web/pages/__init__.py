"""What the page shows of each game: one module per entry of the game protocol
(`core/table.py`), found by the registry's name, loaded only for its own records.

The generic calls (`web/games.py`) read, rule and write every game the same way through its
`Table`; a page module adds what its game's page draws: the board, the players' table, the
hand a player taps open, the hint's moves, the timeline. A fifth game's page plugs in with
one line in `PAGES` and a module here.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from adjudicator.core.table import Ruled, Table

__all__ = ["PAGES", "Page", "page"]

PAGES = {
    "deduction": "adjudicator.web.pages.deduction",
    "dry-gulch": "adjudicator.web.pages.dry_gulch",
    "black-hills": "adjudicator.web.pages.black_hills",
}


class Page(Protocol):
    """One game's page (see the module's docstring). Every view is plain JSON-ready data."""

    template: str  # the page's template in web/templates

    def opened(self, table: Table, rec: Any) -> tuple[Any, frozenset[int]]:
        """The game after every legal move of the record, and the lines that were legal."""
        ...

    def view(self, table: Table, game: Any, name: str) -> dict[str, Any]:
        """The game's own part of the page: the board, the players, what stands open."""
        ...

    def outcome(self, ruled: Ruled, committed: bool) -> dict[str, Any]:
        """A ruling as the page draws it (never a whole state or another player's hand).
        A preview tells no chance the commit will draw: no card drawn, no die rolled."""
        ...

    def acting(self, game: Any) -> str | None:
        """The player the page asks to move now (the legal moves listed are theirs)."""
        ...

    def committed(self, after: Any) -> dict[str, Any]:
        """What a commit's answer adds about the game after it (a STOP window, a phase)."""
        ...

    def hand(self, game: Any, player: str, name: str) -> dict[str, Any]:
        """One player's hand, for the "show my hand" tap."""
        ...

    def hint(self, table: Table, game: Any, name: str, top: int) -> dict[str, Any]:
        """The game's hint for the player to act, each action with its move line."""
        ...

    def coach(self, table: Table, game: Any, name: str, top: int) -> dict[str, Any]:
        """The lookahead coach's turns for the player to act, each with why (the deduction
        games); a game without one says so."""
        ...

    def end(self, table: Table, game: Any, rec: Any) -> dict[str, Any] | None:
        """The game's end as every screen shows it, once it is over (None before): the
        winners by the rulebook's rule (`rule`, its code and words), each player's final
        score under `score_word`, and what `adjudicator replay` finds the table missed
        (`missed`: each a line and its points). All public once the game is over."""
        ...

    def timeline(self, table: Table, rec: Any) -> dict[str, Any]:
        """`adjudicator replay` of the record, as the timeline lists it."""
        ...

    def step(self, table: Table, game: Any, name: str, step: int) -> dict[str, Any]:
        """The board and the scores after the record's first `step` moves."""
        ...

    def svg(self, table: Table, game: Any, name: str) -> str:
        """The board as the page draws it, for download."""
        ...


def page(name: str) -> Page:
    """The page of the protocol's entry called `name`."""
    entry: Page = importlib.import_module(PAGES[name]).PAGE
    return entry
