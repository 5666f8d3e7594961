"""L3: the smallest Hall set behind a conclusion, and the sentences a player can read aloud."""

from __future__ import annotations

import functools
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


def the(board: Board, building: str) -> str:
    """`the School`: a building named in a sentence (German names it without an article,
    whose gender the name would have to carry)."""
    return _the(N_("the {building}"), board.building_name(building), building)


def the_head(board: Board, building: str) -> str:
    """`The School`, at the head of a sentence."""
    return _the(N_("The {building}"), board.building_name(building), building)


def named(board: Board, building: str) -> Name:
    """A building's name in a sentence, said in German from the boards' `[german]` tables."""
    return _named(board.building_name(building), building)


# Messages are immutable: one per name and id serves every sentence (the hint and the
# STOP report name the same few buildings thousands of times).
@functools.cache
def _named(name: str, building: str) -> Name:
    return Name(name, building, GERMAN_FILES)


@functools.cache
def _the(template: str, name: str, building: str) -> Message:
    return Message(template, building=_named(name, building))


def and_list(items: Iterable[str]) -> str:
    return _join(list(items), "and")


def or_list(items: Iterable[str]) -> str:
    return _join(list(items), "or")


def building_list(
    board: Board, buildings: Iterable[str], word: str = "and", first: bool = False
) -> str:
    """`the School and the Bank`; `first`: at the head of a sentence, `The School and ...`."""
    names = [the(board, b) for b in sorted(buildings, key=board.building_name)]
    if first and names:
        names[0] = the_head(board, sorted(buildings, key=board.building_name)[0])
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
    marker = _goes(board, building, space)
    if len(hall_buildings) == 1:
        (b,) = hall_buildings
        if len(hall_spaces) == 1:
            return Message(
                N_("{building} has its last marker on {space} and stands there, so {marker}."),
                building=the_head(board, b),
                space=board.space_name(space),
                marker=marker,
            )
        return Message(
            N_("{building} must stand on {space}, so {marker}."),
            building=the_head(board, b),
            space=board.space_name(space),
            marker=marker,
        )
    return Message(
        N_(
            "{buildings} have markers only on {spaces}, so no other building can stand "
            "there: {marker}."
        ),
        buildings=building_list(board, hall_buildings, first=True),
        spaces=space_list(board, hall_spaces),
        marker=marker,
    )


def _goes(board: Board, building: str, space: str) -> Message:
    return Message(
        N_("the {building} marker on {space} goes"),
        building=named(board, building),
        space=board.space_name(space),
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
    return Message(
        N_(
            "{buildings} have markers only on {spaces}; they cannot all stand, but whichever "
            "stand fill {spaces} (K4), so {marker}."
        ),
        buildings=building_list(board, bs, first=True),
        spaces=space_list(board, ss),
        marker=_goes(board, building, space),
    )


def conflict_sentence(board: Board, buildings: Iterable[str], spaces: Iterable[str]) -> str:
    bs, ss = list(buildings), list(spaces)
    return Message(
        N_(
            "{buildings} have markers only on {spaces}: {count} buildings for {places}, so "
            "they cannot all stand; the markers stay until a card settles one of them (K4)."
        ),
        buildings=building_list(board, bs, first=True),
        spaces=space_list(board, ss),
        count=len(bs),
        places=Message(N_("1 space"))
        if len(ss) == 1
        else Message(N_("{count} spaces"), count=len(ss)),
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
                return Message("L1: {why}", why=sentence), gb, gs
    return Message("L1: {why}", why=hall_sentence(board, hb, hs, building, space)), hb, hs
