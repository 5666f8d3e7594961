"""Pictures of boards, cards and states: Rich renderables (`terminal`) and SVG (`svg`),
both painted from one layout of the board (`layout`).

Rendering only reads the models; nothing here prints or writes files.
"""

from adjudicator.render.layout import short_name
from adjudicator.render.terminal import (
    BoardView,
    board_view,
    card_maps_table,
    card_panel,
    cards_table,
    relations_table,
    spaces_table,
    state_summary,
)

__all__ = [
    "BoardView",
    "board_view",
    "card_maps_table",
    "card_panel",
    "cards_table",
    "relations_table",
    "short_name",
    "spaces_table",
    "state_summary",
]
