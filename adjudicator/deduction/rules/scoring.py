"""S1 and S2: who scores which marker, and the conservation of markers.

S1: a player scores every marker they remove, the unneeded markers of a building they newly
mark (five minus those placed) and the last marker of a building placed in their turn.
S2: for every building, markers on the board + scored + spent + not yet used = 5.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.ruling import Built, Removal, Tier

__all__ = ["conservation_total", "points_detail"]


def points_detail(
    state: GameState,
    removed: Iterable[Removal],
    built: Iterable[Built],
    new: Mapping[str, frozenset[str]],
    *,
    logic_counted: bool,
) -> dict[str, int]:
    """S1: the points of an action, by source. The `logic` tier scores only when the active
    player takes it (`logic_to_active`, P6) or it is a STOP claim."""
    per = state.board.markers_per_building
    return {
        "removed": sum(1 for r in removed if logic_counted or r.tier is not Tier.LOGIC),
        "unneeded": sum(per - len(spaces) for spaces in new.values()),
        "built": sum(1 for _ in built),
    }


def conservation_total(state: GameState) -> int:
    """S2 summed over buildings: on the board + scored + spent + not yet used (all five of
    every open building). Constant through every legal action."""
    per = state.board.markers_per_building
    on_board = sum(len(v) for v in state.markers.values())
    scored = sum(p.points for p in state.players)
    spent = sum(2 * p.bought for p in state.players)
    unused = sum(per for b in state.board.buildings if state.is_open(b))
    return on_board + scored + spent + unused
