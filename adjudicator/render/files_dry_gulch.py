"""Dry Gulch's files drawn for `state check`, `board` and `cards` (`render/tables.py`
reaches them by the registry's name): a state, the town's sites, the cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType

from adjudicator.render.files_common import Found, valid_state

if TYPE_CHECKING:
    from adjudicator.dry_gulch.data import Rules
    from adjudicator.dry_gulch.state import DGState

__all__ = [
    "board_export_lines",
    "board_lines",
    "board_svg",
    "card_lines",
    "card_svg",
    "cards_lines",
    "state_lines",
    "state_svg",
]


def state_lines(state: DGState, source: str) -> list[RenderableType]:
    from adjudicator.render.dry_gulch import dg_board_view, dg_players_table

    return [
        valid_state(source, state.rules.name),
        dg_board_view(state.rules, state.buildings),
        dg_players_table(state),
    ]


def state_svg(state: DGState, file_name: str) -> str:
    from adjudicator.render.dry_gulch import dg_board_svg

    return dg_board_svg(state.rules, state.buildings, title=f"{state.rules.name}: {file_name}")


def board_lines(rules: Rules, state: DGState | None, site: str | None) -> list[RenderableType]:
    from adjudicator.render.dry_gulch import dg_board_view

    return [dg_board_view(rules, state.buildings if state is not None else [], site)]


def board_svg(rules: Rules, state: DGState | None, site: str | None) -> str:
    from adjudicator.render.dry_gulch import dg_board_svg

    return dg_board_svg(rules, state.buildings if state is not None else [], highlight=site)


def board_export_lines(rules: Rules) -> list[RenderableType]:
    from adjudicator.render.dry_gulch import dg_sites_table

    return [dg_sites_table(rules)]


def cards_lines(rules: Rules) -> list[RenderableType]:
    from adjudicator.render.dry_gulch import dg_cards_table

    return [dg_cards_table(rules)]


def card_lines(rules: Rules, found: Found) -> list[RenderableType]:
    from adjudicator.render.text_cards import card_fields_view

    return [card_fields_view("dry-gulch", found)]


def card_svg(rules: Rules, found: Found) -> str | None:
    return None  # no picture of a Dry Gulch card yet
