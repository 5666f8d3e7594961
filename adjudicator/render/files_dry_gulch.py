"""Dry Gulch's files drawn for `state check`, `board` and `cards` (`render/tables.py`
reaches them by the registry's name): a state, the town's sites, the cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType

from adjudicator.render.files_common import FieldCards, valid_state

if TYPE_CHECKING:
    from adjudicator.dry_gulch.data import Rules
    from adjudicator.dry_gulch.state import DGState

__all__ = ["FILE_VIEWS", "DryGulchFileViews"]


class DryGulchFileViews(FieldCards["DGState", "Rules"]):
    game = "dry-gulch"

    def state_lines(self, state: DGState, source: str) -> list[RenderableType]:
        from adjudicator.render.dry_gulch import dg_board_view, dg_players_table

        return [
            valid_state(source, state.rules.name),
            dg_board_view(state.rules, state.buildings),
            dg_players_table(state),
        ]

    def state_svg(self, state: DGState, file_name: str) -> str:
        from adjudicator.render.dry_gulch import dg_board_svg

        title = f"{state.rules.name}: {file_name}"
        return dg_board_svg(state.rules, state.buildings, title=title)

    def board_lines(
        self, board: Rules, state: DGState | None, site: str | None
    ) -> list[RenderableType]:
        from adjudicator.render.dry_gulch import dg_board_view

        return [dg_board_view(board, state.buildings if state is not None else [], site)]

    def board_svg(self, board: Rules, state: DGState | None, site: str | None) -> str:
        from adjudicator.render.dry_gulch import dg_board_svg

        return dg_board_svg(board, state.buildings if state is not None else [], highlight=site)

    def board_export_lines(self, board: Rules) -> list[RenderableType]:
        from adjudicator.render.dry_gulch import dg_sites_table

        return [dg_sites_table(board)]

    def cards_lines(self, cards: Rules) -> list[RenderableType]:
        from adjudicator.render.dry_gulch import dg_cards_table

        return [dg_cards_table(cards)]


FILE_VIEWS = DryGulchFileViews()
