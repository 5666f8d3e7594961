"""Black Hills' files drawn for `state check`, `board` and `cards` (`render/tables.py`
reaches them by the registry's name): a state, the areas, the cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType

from adjudicator.render.files_common import FieldCards, valid_state

if TYPE_CHECKING:
    from adjudicator.black_hills.data import Rules
    from adjudicator.black_hills.state import BHState

__all__ = ["FILE_VIEWS", "BlackHillsFileViews"]


class BlackHillsFileViews(FieldCards["BHState", "Rules"]):
    game = "black-hills"

    def state_lines(self, state: BHState, source: str) -> list[RenderableType]:
        from adjudicator.render.black_hills import state_view

        return [valid_state(source, state.rules.name), state_view(state)]

    def state_svg(self, state: BHState, file_name: str) -> str:
        from adjudicator.render.black_hills import bh_board_svg

        return bh_board_svg(state.rules, state, title=f"{state.rules.name}: {file_name}")

    def board_lines(
        self, board: Rules, state: BHState | None, site: str | None
    ) -> list[RenderableType]:
        from adjudicator.render.black_hills import areas_table, state_view

        return [state_view(state) if state is not None else areas_table(board)]

    def board_svg(self, board: Rules, state: BHState | None, site: str | None) -> str:
        from adjudicator.render.black_hills import bh_board_svg

        return bh_board_svg(board, state)

    def board_export_lines(self, board: Rules) -> list[RenderableType]:
        return self.board_lines(board, None, None)

    def cards_lines(self, cards: Rules) -> list[RenderableType]:
        from adjudicator.render.black_hills import bh_cards_table

        return [bh_cards_table(cards)]


FILE_VIEWS = BlackHillsFileViews()
