"""P3 on a board only partly known: whether a card can still hold where some buildings
stand on known spaces and the rest may take any free one (a solo puzzle's markers)."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.i18n import N_, Message
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.rules.explain import RELATION_PHRASES, the

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
            return Message(
                N_("{building} cannot stand on {space}"),
                building=the(board, b),
                space=board.space_name(known[b]),
            )
        room[b] = {known[b]} if b in known else set(free) & spaces
        if not room[b]:
            return Message(
                N_("the markers leave {building} no free space on its map"),
                building=the(board, b),
            )
    if relation is None:
        return None
    a, m, pairs = relation
    if any(sa in room[a] and sm in room[m] and sa != sm for sa, sm in pairs):
        return None
    # a relation with no phrase of its own is said by its name, untranslated (as English)
    phrase = RELATION_PHRASES.get(kind or "")
    words = Message(phrase) if phrase else (kind or Message(N_("related to")))
    a_name, m_name = the(board, a), the(board, m)
    if a in known and m in known:
        return Message(
            N_("{building} is not {relation} {other}"),
            building=a_name,
            relation=words,
            other=m_name,
        )
    return Message(
        N_("the markers leave no free spaces for {building} {relation} {other}"),
        building=a_name,
        relation=words,
        other=m_name,
    )
