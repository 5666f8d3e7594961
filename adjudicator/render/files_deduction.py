"""Old Town's and Gads Hill 1874's files drawn for `state check`, `board` and `cards`
(`render/tables.py` reaches them by the registry's name): a state, a board, the clue
cards, in the terminal and as SVG."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from adjudicator.render.files_common import valid_state

if TYPE_CHECKING:
    from adjudicator.deduction.models.board import Board
    from adjudicator.deduction.models.cards import Card
    from adjudicator.deduction.models.edition import Edition
    from adjudicator.deduction.models.state import GameState

__all__ = [
    "board_export_lines",
    "board_lines",
    "board_svg",
    "card_lines",
    "card_svg",
    "cards_export_lines",
    "cards_lines",
    "state_lines",
    "state_svg",
]


def state_lines(state: GameState, source: str) -> list[RenderableType]:
    from adjudicator.render.terminal import board_view, state_summary

    return [
        valid_state(source, state.board.name),
        board_view(state.board, state),
        state_summary(state),
    ]


def state_svg(state: GameState, file_name: str) -> str:
    return board_svg(state.board, state, None, f"{state.board.name}: {file_name}")


def board_lines(board: Board, state: GameState | None, site: str | None) -> list[RenderableType]:
    from adjudicator.render.terminal import board_view

    return [board_view(board, state, highlight=() if site is None else (site,))]


def board_svg(
    board: Board, state: GameState | None, site: str | None, title: str | None = None
) -> str:
    """The board with the state's buildings and markers, and the STOP claims it allows
    drawn beside them (L4)."""
    from adjudicator.deduction.game.ahead import board_claims
    from adjudicator.render.svg import board_svg as drawn

    claims = board_claims(state) if state is not None else None
    if title is not None:
        return drawn(board, state, title=title, claims=claims)
    return drawn(board, state, highlight=() if site is None else (site,), claims=claims)


def board_export_lines(board: Board) -> list[RenderableType]:
    from adjudicator.render.terminal import relations_table, spaces_table

    buildings = ", ".join(b.name for b in board.buildings.values())
    return [
        spaces_table(board),
        relations_table(board),
        Text.assemble(("buildings: ", "bold"), buildings),
    ]


def cards_lines(edition: Edition) -> list[RenderableType]:
    from adjudicator.render.card_list import cards_table

    return [cards_table(edition.board, edition.cards)]


def card_lines(edition: Edition, card: Card) -> list[RenderableType]:
    from adjudicator.render.terminal import card_panel

    return [card_panel(edition.board, card)]


def card_svg(edition: Edition, card: Card) -> str | None:
    from adjudicator.render.svg import board_svg as drawn

    return drawn(
        edition.board,
        highlight=card.spaces,
        my_highlight=card.my_spaces or (),
        title=f"{edition.board.name}: card {card.number}: {card.text}",
    )


def cards_export_lines(edition: Edition) -> list[RenderableType]:
    from adjudicator.render.terminal import card_maps_table

    return [card_maps_table(edition.board, edition.cards)]
