"""What the command line shows of a move ruled through the game protocol (`core/table.py`):
each game's views module, named by its registry entry (`adjudicator/tables.py`,
`Entry.views`), loaded only for its own records. Each holds `ruled_lines(ruled)` (a legal
move's ruling), `after_lines(game)` (what stands open, and what the table may write
next), `hint_lines` and `hint_data` (the game's hint, drawn and as JSON), `review_lines`
and `review_data` (`replay`), `show_lines` and `show_svg` (`game show`), `new_lines`
(`game new`)."""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType

from adjudicator.core.table import Ruled
from adjudicator.tables import Parts

__all__ = [
    "VIEWS",
    "after_lines",
    "hint_data",
    "hint_lines",
    "new_lines",
    "review_data",
    "review_lines",
    "ruled_lines",
    "show_lines",
    "show_svg",
]

#: Each game's views module, by the registry's name, as its entry names it.
VIEWS = Parts("views")


def ruled_lines(name: str, ruled: Ruled) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(VIEWS[name]).ruled_lines(ruled)
    return lines


def after_lines(name: str, after: Any) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(VIEWS[name]).after_lines(after)
    return lines


def hint_lines(name: str, hint: Any, game: Any, source: str, top: int) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(VIEWS[name]).hint_lines(
        hint, game, source, top
    )
    return lines


def hint_data(name: str, hint: Any, game: Any, source: str, top: int) -> dict[str, Any]:
    data: dict[str, Any] = importlib.import_module(VIEWS[name]).hint_data(hint, game, source, top)
    return data


def review_lines(name: str, report: Any, source: str) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(VIEWS[name]).review_lines(report, source)
    return lines


def review_data(name: str, report: Any) -> dict[str, Any]:
    data: dict[str, Any] = importlib.import_module(VIEWS[name]).review_data(report)
    return data


def show_lines(name: str, game: Any, viewer: str | None, source: str) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(VIEWS[name]).show_lines(
        game, viewer, source
    )
    return lines


def show_svg(name: str, game: Any, record_name: str) -> str | None:
    picture: str | None = importlib.import_module(VIEWS[name]).show_svg(game, record_name)
    return picture


def new_lines(name: str, game: Any, source: str) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(VIEWS[name]).new_lines(game, source)
    return lines
