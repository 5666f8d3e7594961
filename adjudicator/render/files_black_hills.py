"""Black Hills' files drawn for `state check`, `board` and `cards` (`render/tables.py`
reaches them by the registry's name): a state, the areas, the cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType

from adjudicator.render.files_common import Found, valid_state

if TYPE_CHECKING:
    from adjudicator.black_hills.data import Rules
    from adjudicator.black_hills.state import BHState

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


def state_lines(state: BHState, source: str) -> list[RenderableType]:
    from adjudicator.render.black_hills import state_view

    return [
        valid_state(source, state.rules.name),
        state_view(state),
    ]


def state_svg(state: BHState, file_name: str) -> str:
    from adjudicator.render.black_hills import bh_board_svg

    return bh_board_svg(state.rules, state, title=f"{state.rules.name}: {file_name}")


def board_lines(rules: Rules, state: BHState | None, site: str | None) -> list[RenderableType]:
    from adjudicator.render.black_hills import areas_table, state_view

    return [state_view(state) if state is not None else areas_table(rules)]


def board_svg(rules: Rules, state: BHState | None, site: str | None) -> str:
    from adjudicator.render.black_hills import bh_board_svg

    return bh_board_svg(rules, state)


def board_export_lines(rules: Rules) -> list[RenderableType]:
    return board_lines(rules, None, None)


def cards_lines(rules: Rules) -> list[RenderableType]:
    from adjudicator.render.black_hills import bh_cards_table

    return [bh_cards_table(rules)]


def card_lines(rules: Rules, found: Found) -> list[RenderableType]:
    from adjudicator.render.text_cards import card_fields_view

    return [card_fields_view("black-hills", found)]


def card_svg(rules: Rules, found: Found) -> str | None:
    return None  # no picture of a Black Hills card yet
