"""L3: the smallest Hall set behind a conclusion, and the sentences a player can read aloud."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.core.i18n import N_, Message, Name
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.edition import GERMAN_FILES
from adjudicator.deduction.solve.matching import Matching
from adjudicator.deduction.solve.placement import Analysis

__all__ = [
    "RELATION_PHRASES",
    "and_list",
    "building_list",
    "conflict_removal_sentence",
    "conflict_sentence",
    "explain_removal",
    "hall_sentence",
    "named",
    "or_list",
    "space_list",
    "the",
]

#: Marked for the catalogs: a German reason says "neben", "gegenüber", ...
RELATION_PHRASES = {
    "next_to": N_("next to"),
    "opposite": N_("opposite"),
    "same_street": N_("on the same street as"),
    "in_sight": N_("in sight of"),
    "north_of": N_("north of"),
    "south_of": N_("south of"),
    "east_of": N_("east of"),
    "west_of": N_("west of"),
}


#: A list's last joint, as a template: a German reason joins with "und"/"oder".
_JOINTS = {"and": N_("{head} and {last}"), "or": N_("{head} or {last}")}


def _join(items: list[str], word: str) -> str:
    if not items:
        return Message(N_("nothing"))
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:  # kept as messages, so each item is translated where shown
        head = Message("{head}, {item}", head=head, item=item)  # the same in every language
    return Message(_JOINTS[word], head=head, last=items[-1])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def the(board: Board, building: str) -> str:
    """`the School`: a building named in a sentence (German names it without an article,
    whose gender the name would have to carry)."""
    return Message(N_("the {building}"), building=named(board, building))


def named(board: Board, building: str) -> Name:
    """A building's name in a sentence, said in German from the boards' `[german]` tables."""
    return Name(board.building_name(building), building, GERMAN_FILES)


def and_list(items: Iterable[str]) -> str:
    return _join(list(items), "and")


def or_list(items: Iterable[str]) -> str:
    return _join(list(items), "or")


def building_list(board: Board, buildings: Iterable[str], word: str = "and") -> str:
    names = [the(board, b) for b in sorted(buildings, key=board.building_name)]
    return _join(names, word)


def space_list(board: Board, spaces: Iterable[str], word: str = "and") -> str:
    return _join([board.space_name(s) for s in board.sort_spaces(spaces)], word)


def hall_sentence(
    board: Board,
    hall_buildings: frozenset[str],
    hall_spaces: frozenset[str],
    building: str,
    space: str,
) -> str:
    """Why (building, space) goes: k buildings fill the same k spaces (L3)."""
    marker = f"the {board.building_name(building)} marker on {board.space_name(space)} goes"
    if len(hall_buildings) == 1:
        (b,) = hall_buildings
        name = board.building_name(b)
        if len(hall_spaces) == 1:
            return (
                f"The {name} has its last marker on {board.space_name(space)} and stands there, "
                f"so {marker}."
            )
        return f"The {name} must stand on {board.space_name(space)}, so {marker}."
    return (
        f"{_cap(building_list(board, hall_buildings))} have markers only on "
        f"{space_list(board, hall_spaces)}, so no other building can stand there: {marker}."
    )


def conflict_removal_sentence(
    board: Board,
    buildings: Iterable[str],
    spaces: Iterable[str],
    building: str,
    space: str,
) -> str:
    """Why a marker goes when the buildings that fill its space cannot all stand (K4)."""
    bs, ss = list(buildings), list(spaces)
    return (
        f"{_cap(building_list(board, bs))} have markers only on {space_list(board, ss)}; "
        f"they cannot all stand, but whichever stand fill {space_list(board, ss)} (K4), so "
        f"the {board.building_name(building)} marker on {board.space_name(space)} goes."
    )


def conflict_sentence(board: Board, buildings: Iterable[str], spaces: Iterable[str]) -> str:
    bs, ss = list(buildings), list(spaces)
    return (
        f"{_cap(building_list(board, bs))} have markers only on {space_list(board, ss)}: "
        f"{len(bs)} buildings for {len(ss)} space{'s' if len(ss) != 1 else ''}, so they cannot "
        f"all stand; the markers stay until a card settles one of them (K4)."
    )


def explain_removal(
    board: Board, m: Matching, analysis: Analysis, building: str, space: str
) -> tuple[str, frozenset[str], frozenset[str]]:
    """Why a marker goes (L3): the smallest Hall set behind it, or, when the buildings that
    fill the space cannot all stand, their whole group (K4)."""
    hb, hs = m.hall_set(space)
    if hb & analysis.optional:
        for gb, gs in m.conflicts():
            if gb & hb:
                sentence = conflict_removal_sentence(board, gb, gs, building, space)
                return f"L1: {sentence}", gb, gs
    return f"L1: {hall_sentence(board, hb, hs, building, space)}", hb, hs
