"""Old Town's and Gads Hill 1874's files drawn for `state check`, `board` and `cards`
(`render/tables.py` reaches them by the registry's name): a state, a board, the clue
cards, in the terminal and as SVG."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from adjudicator.render.files_common import FileViews, valid_state

if TYPE_CHECKING:
    from adjudicator.deduction.models.board import Board
    from adjudicator.deduction.models.cards import Card
    from adjudicator.deduction.models.edition import Edition
    from adjudicator.deduction.models.state import GameState

__all__ = ["FILE_VIEWS", "DeductionFileViews"]


class DeductionFileViews(FileViews["GameState", "Board", "Edition", "Card"]):
    def state_lines(self, state: GameState, source: str) -> list[RenderableType]:
        from adjudicator.render.terminal import board_view, state_summary

        return [
            valid_state(source, state.board.name),
            board_view(state.board, state),
            state_summary(state),
        ]

    def state_svg(self, state: GameState, file_name: str) -> str:
        return self.board_svg(state.board, state, None, f"{state.board.name}: {file_name}")

    def board_lines(
        self, board: Board, state: GameState | None, site: str | None
    ) -> list[RenderableType]:
        from adjudicator.render.terminal import board_view

        return [board_view(board, state, highlight=() if site is None else (site,))]

    def board_svg(
        self, board: Board, state: GameState | None, site: str | None, title: str | None = None
    ) -> str:
        """The board with the state's buildings and markers, and the STOP claims it allows
        drawn beside them (L4)."""
        from adjudicator.deduction.game.ahead import board_claims
        from adjudicator.render.svg import board_svg as drawn

        claims = board_claims(state) if state is not None else None
        if title is not None:
            return drawn(board, state, title=title, claims=claims)
        return drawn(board, state, highlight=() if site is None else (site,), claims=claims)

    def board_export_lines(self, board: Board) -> list[RenderableType]:
        from adjudicator.render.terminal import relations_table, spaces_table

        buildings = ", ".join(b.name for b in board.buildings.values())
        return [
            spaces_table(board),
            relations_table(board),
            Text.assemble(("buildings: ", "bold"), buildings),
        ]

    def cards_lines(self, cards: Edition) -> list[RenderableType]:
        from adjudicator.render.card_list import cards_table

        return [cards_table(cards.board, cards.cards)]

    def card_lines(self, cards: Edition, card: Card) -> list[RenderableType]:
        from adjudicator.render.terminal import card_panel

        return [card_panel(cards.board, card)]

    def card_svg(self, cards: Edition, card: Card) -> str | None:
        from adjudicator.render.svg import board_svg as drawn

        return drawn(
            cards.board,
            highlight=card.spaces,
            my_highlight=card.my_spaces or (),
            title=f"{cards.board.name}: card {card.number}: {card.text}",
        )

    def cards_export_lines(self, cards: Edition) -> list[RenderableType]:
        """The clue cards' maps, one row a card (only the deduction games have clue cards)."""
        from adjudicator.render.terminal import card_maps_table

        return [card_maps_table(cards.board, cards.cards)]


FILE_VIEWS = DeductionFileViews()
