"""What the command line shows of a move ruled through the game protocol (`core/table.py`):
each game's views module, named by its registry entry (`adjudicator/tables.py`,
`Entry.views`), loaded only for its own records. Each holds `ruled_lines(ruled)` (a legal
move's ruling), `after_lines(game)` (what stands open, and what the table may write
next), `hint_lines` and `hint_data` (the game's hint, drawn and as JSON), `review_lines`
and `review_data` (`replay`), `show_lines` and `show_svg` (`game show`), `new_lines`
(`game new`).

A game's files (a state, its board, its cards: `state check`, `board`, `cards`) are drawn
by its files views module (`Entry.file_views`, `FILES`): `state_lines` and `state_svg`,
`board_lines`, `board_svg` and `board_export_lines`, `cards_lines`, `card_lines`,
`card_svg` (None: no picture of the game's cards yet) and, for clue cards,
`cards_export_lines`; each takes what the entry's `read_state`, `board`, `cards` and
`card` give."""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType

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


def state_lines(name: str, state: Any, source: str) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(FILES[name]).state_lines(state, source)
    return lines


def state_svg(name: str, state: Any, file_name: str) -> str:
    picture: str = importlib.import_module(FILES[name]).state_svg(state, file_name)
    return picture


def board_lines(name: str, board: Any, state: Any, site: str | None) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(FILES[name]).board_lines(
        board, state, site
    )
    return lines


def board_svg(name: str, board: Any, state: Any, site: str | None) -> str:
    picture: str = importlib.import_module(FILES[name]).board_svg(board, state, site)
    return picture


def board_export_lines(name: str, board: Any) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(FILES[name]).board_export_lines(board)
    return lines


def cards_lines(name: str, cards: Any) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(FILES[name]).cards_lines(cards)
    return lines


def card_lines(name: str, cards: Any, card: Any) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(FILES[name]).card_lines(cards, card)
    return lines


def card_svg(name: str, cards: Any, card: Any) -> str | None:
    picture: str | None = importlib.import_module(FILES[name]).card_svg(cards, card)
    return picture


def cards_export_lines(name: str, cards: Any) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(FILES[name]).cards_export_lines(cards)
    return lines
