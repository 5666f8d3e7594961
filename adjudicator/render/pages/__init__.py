"""What the page (`adjudicator serve`) shows of each game: one module per game beside its
other views, named by its registry entry (`adjudicator/tables.py`, `Entry.page`) and
loaded only for its own records.

The generic calls (`web/games.py`) read, rule and write every game the same way through its
`Table`; a page module adds what its game's page draws: the board, the players' table, the
hand a player taps open, the hint's moves, the timeline. They turn what the game decided
into JSON and SVG, and decide nothing. A fifth game's page is a module here named by its
entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from adjudicator.core.table import Ruled
from adjudicator.tables import GAMES, AnyTable

__all__ = ["Page", "PuzzlePage", "page", "puzzle_page"]


class Page(Protocol):
    """One game's page (see the module's docstring). Every view is plain JSON-ready data."""

    template: str  # the page's template in web/templates
    #: The table's choices at New game (`web/games.create`): each a form field, its
    #: values, and the ruleset options (`[Options]`) each value writes ("": none, the
    #: edition's default). A game without a choice has none.
    choices: Mapping[str, Mapping[str, str]]

    def opened(self, table: AnyTable, rec: Any) -> tuple[Any, frozenset[int]]:
        """The game after every legal move of the record, and the lines that were legal."""
        ...

    def view(self, table: AnyTable, game: Any, name: str) -> dict[str, Any]:
        """The game's own part of the page: the board, the players, what stands open."""
        ...

    def outcome(self, ruled: Ruled, committed: bool) -> dict[str, Any]:
        """A ruling as the page draws it (never a whole state or another player's hand).
        A preview tells no chance the commit will draw: no card drawn, no die rolled."""
        ...

    def acting(self, game: Any) -> str | None:
        """The player the page asks to move now (the legal moves listed are theirs)."""
        ...

    def choosing(self, game: Any) -> tuple[str, ...]:
        """Every player who chooses now, each from their own seat: the player to act, or,
        where all choose at once (Black Hills' keeps at a round's set-up), each still to
        choose; none once the game is over."""
        ...

    def committed(self, after: Any) -> dict[str, Any]:
        """What a commit's answer adds about the game after it (a STOP window, a phase)."""
        ...

    def hand(self, game: Any, player: str, name: str) -> dict[str, Any]:
        """One player's hand, for the "show my hand" tap."""
        ...

    def hint(
        self, table: AnyTable, game: Any, name: str, top: int, player: str | None
    ) -> dict[str, Any]:
        """The game's hint for `player` (one of `choosing`; None once the game is over, a
        refusal in the game's words), each action with its move line, from what that
        player may know."""
        ...

    def coach(self, table: AnyTable, game: Any, name: str, top: int) -> dict[str, Any]:
        """The lookahead coach's turns for the player to act, each with why (the deduction
        games); a game without one says so."""
        ...

    def end(self, table: AnyTable, game: Any, rec: Any) -> dict[str, Any] | None:
        """The game's end as every screen shows it, once it is over (None before): the
        winners by the rulebook's rule (`rule`, its code and words), each player's final
        score under `score_word`, and what `adjudicator replay` finds the table missed
        (`missed`: each a line and its points). All public once the game is over."""
        ...

    def timeline(self, table: AnyTable, rec: Any) -> dict[str, Any]:
        """`adjudicator replay` of the record, as the timeline lists it."""
        ...

    def step(self, table: AnyTable, game: Any, name: str, step: int) -> dict[str, Any]:
        """The board and the scores after the record's first `step` moves."""
        ...

    def svg(self, table: AnyTable, game: Any, name: str) -> str:
        """The board as the page draws it, for download."""
        ...


def page(name: str) -> Page:
    """The page of the protocol's entry called `name`."""
    found: Page = GAMES[name].load("page").PAGE
    return found


class PuzzlePage(Protocol):
    """A game's solo puzzles in the page (`Entry.puzzles`): a module. `found` is what its
    `solve` gives for a puzzle file, which the web keeps warm and hands back."""

    EDITIONS: tuple[str, ...]  # the editions a puzzle is made of
    LEVELS: tuple[str, ...]

    def solve(self, path: Path) -> Any: ...

    def puzzle_view(self, found: Any, name: str) -> dict[str, Any]: ...

    def board_view(self, found: Any, name: str, form: dict[str, Any]) -> dict[str, Any]: ...

    def check_marks(self, found: Any, name: str, form: dict[str, Any]) -> dict[str, Any]: ...

    def hint_view(self, found: Any, name: str, form: dict[str, Any]) -> dict[str, Any]: ...

    def generate(self, edition: str, level: str, seed: int, root: Path) -> str: ...


def puzzle_page() -> PuzzlePage:
    """The solo puzzles' page, of the game whose entry has them."""
    found: PuzzlePage = next(e for e in GAMES.values() if e.puzzles).load("puzzles")
    return found
