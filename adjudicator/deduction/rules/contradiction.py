"""P3 on a board only partly known: whether a card can still hold where some buildings
stand on known spaces and the rest may take any free one (a solo puzzle's markers)."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.rules.explain import RELATION_PHRASES

__all__ = ["card_broken"]


def card_broken(
    board: Board,
    allowed: Mapping[str, frozenset[str]],
    relation: tuple[str, str, frozenset[tuple[str, str]]] | None,
    kind: str | None,
    known: Mapping[str, str],
    free: list[str],
) -> str | None:
    """Why the board as `known` leaves it breaks a compiled card (`compile_card`'s `allowed`
    and `relation`), or None: a known building off the card's map, an open one with no free
    space left on it, or (a condition card) no two different spaces left for its buildings
    that stand as the card relates them."""
    room: dict[str, set[str]] = {}
    for b, spaces in allowed.items():
        if b in known and known[b] not in spaces:
            return f"the {board.building_name(b)} cannot stand on {board.space_name(known[b])}"
        room[b] = {known[b]} if b in known else set(free) & spaces
        if not room[b]:
            return f"the markers leave the {board.building_name(b)} no free space on its map"
    if relation is None:
        return None
    a, m, pairs = relation
    if any(sa in room[a] and sm in room[m] and sa != sm for sa, sm in pairs):
        return None
    phrase = RELATION_PHRASES.get(kind or "", kind or "related to")
    a_name, m_name = board.building_name(a), board.building_name(m)
    if a in known and m in known:
        return f"the {a_name} is not {phrase} the {m_name}"
    return f"the markers leave no free spaces for the {a_name} {phrase} the {m_name}"
