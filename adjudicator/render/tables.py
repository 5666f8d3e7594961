"""What the command line shows of a move ruled through the game protocol (`core/table.py`):
each game's views module, named by its registry entry (`adjudicator/tables.py`,
`Entry.views`), loaded only for its own records. Each holds `ruled_lines(ruled)` (a legal
move's ruling), `after_lines(game)` (what stands open, and what the table may write
next), `hint_lines` and `hint_data` (the game's hint, drawn and as JSON), `review_lines`
and `review_data` (`replay`), `show_lines` and `show_svg` (`game show`), `new_lines`
(`game new`).

A game's files (a state, its board, its cards: `state check`, `board`, `cards`) are drawn
by the `FILE_VIEWS` of its files views module (`Entry.file_views`, `FILES`): a
`render/files_common.FileViews`, whose methods name what each draws, and for clue cards
`cards_export_lines`.

A referee command's answer on a state file (`core/referee.Answer`, `Entry.referee`) names
the function of the game's views module that draws it (`referee_view`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType

from adjudicator.core.referee import Answer
from adjudicator.core.table import Ruled
from adjudicator.tables import Parts

__all__ = [
    "FILES",
    "VIEWS",
    "after_lines",
    "board_export_lines",
    "board_lines",
    "board_svg",
    "card_lines",
    "card_svg",
    "cards_export_lines",
    "cards_lines",
    "hint_data",
    "hint_lines",
    "new_lines",
    "referee_view",
    "review_data",
    "review_lines",
    "ruled_lines",
    "show_lines",
    "show_svg",
    "state_lines",
    "state_svg",
]

#: Each game's views module, by the registry's name, as its entry names it.
VIEWS = Parts("views")

#: Each game's files views module (its states, boards and cards), as its entry names it.
FILES = Parts("file_views")


def _forward(part: Parts, function: str, holder: str | None = None) -> Callable[..., Any]:
    """`function(name, *args)`: the named game's `function` in its `part` module (or of
    the module's object `holder`), called with the rest; every view below is one of
    these, so that no game is named here."""

    def call(name: str, *args: Any) -> Any:
        found = importlib.import_module(part[name])
        return getattr(found if holder is None else getattr(found, holder), function)(*args)

    call.__name__ = call.__qualname__ = function
    return call


def _files(function: str) -> Callable[..., Any]:
    """A method of the named game's `FileViews` (its files views module's `FILE_VIEWS`)."""
    return _forward(FILES, function, "FILE_VIEWS")


# The arguments each takes after the game's name: what the module's function takes.
ruled_lines: Callable[[str, Ruled], list[RenderableType]] = _forward(VIEWS, "ruled_lines")
after_lines: Callable[[str, Any], list[RenderableType]] = _forward(VIEWS, "after_lines")
hint_lines: Callable[[str, Any, Any, str, int], list[RenderableType]] = _forward(
    VIEWS, "hint_lines"
)
hint_data: Callable[[str, Any, Any, str, int], dict[str, Any]] = _forward(VIEWS, "hint_data")
review_lines: Callable[[str, Any, str], list[RenderableType]] = _forward(VIEWS, "review_lines")
review_data: Callable[[str, Any], dict[str, Any]] = _forward(VIEWS, "review_data")
show_lines: Callable[[str, Any, str | None, str], list[RenderableType]] = _forward(
    VIEWS, "show_lines"
)
show_svg: Callable[[str, Any, str], str | None] = _forward(VIEWS, "show_svg")
new_lines: Callable[[str, Any, str], list[RenderableType]] = _forward(VIEWS, "new_lines")
state_lines: Callable[[str, Any, str], list[RenderableType]] = _files("state_lines")
state_svg: Callable[[str, Any, str], str] = _files("state_svg")
board_lines: Callable[[str, Any, Any, str | None], list[RenderableType]] = _files("board_lines")
board_svg: Callable[[str, Any, Any, str | None], str] = _files("board_svg")
board_export_lines: Callable[[str, Any], list[RenderableType]] = _files("board_export_lines")
cards_lines: Callable[[str, Any], list[RenderableType]] = _files("cards_lines")
card_lines: Callable[[str, Any, Any], list[RenderableType]] = _files("card_lines")
card_svg: Callable[[str, Any, Any], str | None] = _files("card_svg")
cards_export_lines: Callable[[str, Any], list[RenderableType]] = _files("cards_export_lines")


def referee_view(name: str, answer: Answer) -> RenderableType:
    """A referee command's answer, drawn by the view of the game's views module it names."""
    view: RenderableType = getattr(importlib.import_module(VIEWS[name]), answer.view)(
        *answer.view_args
    )
    return view
