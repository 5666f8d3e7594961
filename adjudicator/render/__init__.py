"""Pictures of boards, cards and states: Rich renderables (`terminal`) and SVG (`svg`).

Rendering only reads the models; nothing here prints or writes files.
"""

from adjudicator.render.terminal import (
    BoardView,
    board_view,
    card_panel,
    cards_table,
    short_name,
    spaces_table,
    state_summary,
)

__all__ = [
    "BoardView",
    "board_view",
    "card_panel",
    "cards_table",
    "short_name",
    "spaces_table",
    "state_summary",
]
