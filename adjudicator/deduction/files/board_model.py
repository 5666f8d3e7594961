"""A board file (TOML) as written, its types checked by strict, frozen pydantic models:
no value coerced, no key unknown, nothing in the file ever executed. The rules of a board
(streets beside their spaces, one landmark a field...) are `board_file.py`'s to check.

The fields stand in the order a reader meets them, so that the first problem named is the
first in the file's own order (`core/validation.py`)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BeforeValidator, Field, PlainValidator, StrictBool, StrictInt
from pydantic_core import PydanticCustomError

from adjudicator.core.limits import (
    MAX_BOARD_COORD,
    MAX_BOARD_ITEMS,
    MAX_CARDS,
    MAX_HAND,
    MAX_PLAYERS,
)
from adjudicator.core.names import ID_PATTERN
from adjudicator.core.validation import Id, Strict, Text, at_most, key_in, one_of

__all__ = ["KINDS", "RUNS", "BoardFile", "DealFile", "EditionFile", "LineFile", "Runs"]

KINDS = ("building", "district", "condition")
Runs = Literal["east-west", "north-south"]
RUNS = ("east-west", "north-south")
_ID = re.compile(ID_PATTERN)
T = TypeVar("T")


def _two(value: object) -> object:
    if not isinstance(value, list) or len(value) != 2:
        raise PydanticCustomError("pair", "should be two integers, [a, b]")
    return value


def _seats(key: str) -> str:
    # TOML keys are text: a deal for "3" players is for 3 (ASCII digits, and few: int()
    # refuses 4,300 of them, and "³" is a digit to str.isdigit but no number to int()).
    if not (key.isascii() and key.isdigit() and len(key) <= 2) or not 1 <= int(key) <= MAX_PLAYERS:
        raise PydanticCustomError(
            "seats", "should be a number of players, 1 to {most}", {"most": MAX_PLAYERS}
        )
    return key


def _region(key: str) -> str:
    if not _ID.match(key):
        raise PydanticCustomError("region", "region names are lower-case words joined by hyphens")
    return key


# Limits (core/limits.py): a coordinate within the board size limit, so that nothing
# overflows or exhausts memory when the board is drawn; counts within the card limits.
Coord = Annotated[StrictInt, Field(ge=-MAX_BOARD_COORD, le=MAX_BOARD_COORD)]
#: Two coordinates, written `[a, b]` (`null` too is no pair).
Pair = Annotated[tuple[Coord, Coord], BeforeValidator(_two)]
OptionalPair = Annotated[tuple[Coord, Coord] | None, BeforeValidator(_two)]
Kind = Annotated[str, PlainValidator(one_of(KINDS))]
KindKey = Annotated[str, AfterValidator(key_in(KINDS))]
Items = Annotated[StrictInt, Field(ge=0, le=MAX_BOARD_ITEMS)]
CardCount = Annotated[StrictInt, Field(ge=0, le=MAX_CARDS)]
PerKind = Annotated[dict[KindKey, CardCount], Field(default_factory=dict)]
PerSeats = Annotated[
    dict[Annotated[str, AfterValidator(_seats)], dict[KindKey, CardCount]],
    Field(default_factory=dict),
]


#: A list of at most MAX_BOARD_ITEMS entries.
Listed = Annotated[tuple[T, ...], at_most(MAX_BOARD_ITEMS)]


class LineFile(Strict):
    """The railway: a line with no id or name of its own."""

    between: Pair
    span: OptionalPair = None
    runs: Annotated[Runs, PlainValidator(one_of(RUNS))]


class _Street(Strict):
    id: Id
    name: Text
    between: Pair
    span: OptionalPair = None
    runs: Annotated[Runs, PlainValidator(one_of(RUNS))]


class _Space(Strict):
    id: Id
    x: Coord
    y: Coord
    entrance: Text


class _Frame(Strict):
    id: Id
    x: Coord
    y: Coord


class _Landmark(Strict):
    """`x` and `y` left out: set up on a frame field (`model_fields_set`)."""

    id: Id
    name: Text
    x: Coord = 0
    y: Coord = 0


class _Building(Strict):
    id: Id
    name: Text


class EditionFile(Strict):
    id: Id
    name: Text
    card_sizes: Annotated[
        dict[KindKey, Annotated[tuple[Items, ...], at_most(64)]], Field(default_factory=dict)
    ]
    card_counts: PerKind
    kind_labels: Annotated[dict[KindKey, Text], Field(default_factory=dict)]
    markers_per_building: Annotated[StrictInt, Field(ge=1, le=MAX_BOARD_ITEMS)] = 5
    max_markers_per_space: Annotated[StrictInt, Field(ge=1, le=MAX_BOARD_ITEMS)] = 3


class DealFile(Strict):
    """`common` left out: one draw pile per kind (`model_fields_set`)."""

    players: Annotated[
        tuple[
            Annotated[StrictInt, Field(ge=1, le=MAX_PLAYERS)],
            Annotated[StrictInt, Field(ge=1, le=MAX_PLAYERS)],
        ],
        BeforeValidator(_two),
    ] = (2, 5)
    top_of_common: PerSeats
    own_pile: PerSeats
    hand: Annotated[
        dict[KindKey, Annotated[StrictInt, Field(ge=0, le=MAX_HAND)]], Field(default_factory=dict)
    ]
    common: Kind = "building"
    reshuffle: Kind = "district"
    discard_draws: Annotated[StrictInt, Field(ge=0, le=5)] = 1
    refill: StrictBool = False


class BoardFile(Strict):
    edition: EditionFile
    options: dict[str, Any] = Field(default_factory=dict)  # the ruleset names a bad key
    streets: Listed[_Street]
    railway: LineFile | None = None
    spaces: Listed[_Space]
    frames: Listed[_Frame] = ()
    landmarks: Listed[_Landmark] = ()
    buildings: Listed[_Building]
    regions: Annotated[
        dict[Annotated[str, AfterValidator(_region)], Listed[Text]], at_most(MAX_BOARD_ITEMS)
    ] = Field(default_factory=dict)
    deal: DealFile | None = None
    german: Any = None  # read by the German names' files
