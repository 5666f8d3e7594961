"""Reading a board file (TOML) into a validated `Board`.

The schema is checked with pydantic at this boundary; every error names the
file, the entry and what is wrong.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.core.limits import (
    MAX_BOARD_COORD,
    MAX_BOARD_ITEMS,
    MAX_CARDS,
    MAX_HAND,
    MAX_PLAYERS,
    clip,
)
from adjudicator.core.validation import ID_PATTERN, pydantic_problem
from adjudicator.deduction.models.board import Board, BuildingInfo, Line, Space
from adjudicator.deduction.models.board import Field as LandmarkField
from adjudicator.deduction.models.deal import Deal
from adjudicator.deduction.models.ruleset import OptionError, Ruleset

__all__ = [
    "ID_PATTERN",
    "OTHER_GAMES",
    "board_from_data",
    "load_board",
    "other_game_problem",
    "pydantic_problem",
]

_ID = re.compile(ID_PATTERN)

# Limits (core/limits.py): a coordinate within the board size limit, so that nothing
# overflows or exhausts memory when the board is drawn; counts within the card limits.
Coord = Annotated[int, Field(ge=-MAX_BOARD_COORD, le=MAX_BOARD_COORD)]
CardCount = Annotated[int, Field(ge=0, le=MAX_CARDS)]
HandCount = Annotated[int, Field(ge=0, le=MAX_HAND)]
Seats = Annotated[int, Field(ge=1, le=MAX_PLAYERS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EditionModel(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    markers_per_building: int = Field(default=5, ge=1, le=MAX_BOARD_ITEMS)
    max_markers_per_space: int = Field(default=3, ge=1, le=MAX_BOARD_ITEMS)
    card_sizes: dict[
        Literal["building", "district", "condition"],
        Annotated[list[Annotated[int, Field(ge=0, le=MAX_BOARD_ITEMS)]], Field(max_length=64)],
    ] = {}
    card_counts: dict[Literal["building", "district", "condition"], CardCount] = {}
    kind_labels: dict[Literal["building", "district", "condition"], str] = {}


class BuildingModel(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str


class LineModel(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    runs: Literal["east-west", "north-south"]
    between: tuple[Coord, Coord]
    span: tuple[Coord, Coord] | None = None


class RailwayModel(_Strict):
    runs: Literal["east-west", "north-south"]
    between: tuple[Coord, Coord]
    span: tuple[Coord, Coord] | None = None


class SpaceModel(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    x: Coord
    y: Coord
    entrance: str


class FrameModel(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    x: Coord
    y: Coord


class LandmarkModel(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    x: Coord | None = None
    y: Coord | None = None


Kind = Literal["building", "district", "condition"]


class DealModel(_Strict):
    players: tuple[Seats, Seats] = (2, 5)
    hand: dict[Kind, HandCount] = {}
    common: Kind | None = None
    top_of_common: dict[Seats, dict[Kind, CardCount]] = {}
    own_pile: dict[Seats, dict[Kind, CardCount]] = {}
    reshuffle: Kind = "district"
    discard_draws: int = Field(default=1, ge=0, le=5)
    refill: bool = False


class BoardModel(_Strict):
    edition: EditionModel
    deal: DealModel = DealModel()
    options: dict[str, Any] = {}  # checked by the ruleset, which names the bad key
    buildings: list[BuildingModel] = Field(max_length=MAX_BOARD_ITEMS)
    streets: list[LineModel] = Field(max_length=MAX_BOARD_ITEMS)
    railway: RailwayModel | None = None
    spaces: list[SpaceModel] = Field(max_length=MAX_BOARD_ITEMS)
    frames: list[FrameModel] = Field(default=[], max_length=MAX_BOARD_ITEMS)
    landmarks: list[LandmarkModel] = Field(default=[], max_length=MAX_BOARD_ITEMS)
    regions: Annotated[
        dict[str, Annotated[list[str], Field(max_length=MAX_BOARD_ITEMS)]],
        Field(max_length=MAX_BOARD_ITEMS),
    ] = {}


def _deal(model: DealModel, fail: Any) -> Deal:
    low, high = model.players
    if not 1 <= low <= high <= 8:
        raise fail(
            "deal.players", f"give the fewest and most players, from 1 to 8, not {low}, {high}"
        )
    for n in (*model.top_of_common, *model.own_pile):
        if not low <= n <= high:
            raise fail("deal", f"a deal for {n} players, but the edition seats {low} to {high}")
    return Deal(
        min_players=low,
        max_players=high,
        hand={str(k): n for k, n in model.hand.items()},
        common=model.common,
        top_of_common={
            n: {str(k): m for k, m in v.items()} for n, v in model.top_of_common.items()
        },
        own_pile={n: {str(k): m for k, m in v.items()} for n, v in model.own_pile.items()},
        reshuffle=model.reshuffle,
        discard_draws=model.discard_draws,
        refill=model.refill,
    )


def _other_game(data: dict[str, Any], source: str) -> None:
    """A board of Dry Gulch or Black Hills (a `[game]` table, no `[edition]`) is refused
    with the command that reads it, not with "edition: missing"."""
    game = data.get("game")
    if "edition" in data or not isinstance(game, dict):
        return
    ident = game.get("id")
    if ident in OTHER_GAMES:
        raise InputError(source, "", other_game_problem(ident))
    raise InputError(
        source, "", f"a board of another game ({clip(ident)}), not of Old Town or Gads Hill"
    )


# The other games' shipped ids, their names and their commands.
OTHER_GAMES: dict[str, str] = {"dry-gulch": "Dry Gulch", "black-hills": "Black Hills"}


def other_game_problem(ident: str) -> str:
    """What to say when another game's edition is used in a deduction command."""
    return f"{ident} is a {OTHER_GAMES[ident]} edition: use `adjudicator {ident} ...`"


def load_board(path: Path) -> Board:
    return board_from_data(read_data(path), str(path))


def board_from_data(data: dict[str, Any], source: str) -> Board:
    _other_game(data, source)
    try:
        model = BoardModel.model_validate(data)
    except ValidationError as exc:
        entry, problem = pydantic_problem(exc, data)
        raise InputError(source, entry, problem) from None

    def fail(entry: str, problem: str) -> InputError:
        return InputError(source, entry, problem)

    try:  # the board's own options, checked now rather than when a game first asks
        Ruleset().with_options(model.options)
    except OptionError as exc:
        raise fail(f"options.{exc.key}", exc.problem) from None

    lines: dict[str, Line] = {}
    for st in model.streets:
        if st.id in lines:
            raise fail(f"streets {st.id!r}", "street listed twice")
        lines[st.id] = Line(st.id, st.name, st.runs, st.between, st.span)
    if model.railway is not None:
        r = model.railway
        lines["railway"] = Line("railway", "the railway", r.runs, r.between, r.span, railway=True)
    for line in lines.values():
        if line.between[1] != line.between[0] + 1:
            raise fail(f"streets {line.id!r}", "between must name two neighbouring rows or columns")

    spaces: dict[str, Space] = {}
    cells: dict[tuple[int, int], str] = {}
    claimed: set[str] = set()  # every id on a cell: the check stays linear

    def claim(ident: str, x: int, y: int, entry: str) -> None:
        if ident in spaces or ident in claimed:
            raise fail(entry, "id used twice")
        if (x, y) in cells:
            raise fail(entry, f"cell ({x}, {y}) is already taken by {cells[(x, y)]!r}")
        cells[(x, y)] = ident
        claimed.add(ident)

    for sp in model.spaces:
        entry = f"spaces {sp.id!r}"
        claim(sp.id, sp.x, sp.y, entry)
        if sp.entrance not in lines or lines[sp.entrance].railway:
            raise fail(entry, f"entrance names unknown street {sp.entrance!r}")
        if lines[sp.entrance].borders(sp.x, sp.y) is None:
            raise fail(entry, f"entrance street {sp.entrance!r} does not run along this space")
        spaces[sp.id] = Space(sp.id, sp.x, sp.y, sp.entrance)
    for fr in model.frames:
        claim(fr.id, fr.x, fr.y, f"frames {fr.id!r}")
        spaces[fr.id] = Space(fr.id, fr.x, fr.y, None, frame=True)

    fields: dict[str, LandmarkField] = {}
    landmarks: dict[str, str] = {}
    for lm in model.landmarks:
        entry = f"landmarks {lm.id!r}"
        if lm.id in landmarks:
            raise fail(entry, "landmark listed twice")
        landmarks[lm.id] = lm.name
        if (lm.x is None) != (lm.y is None):
            raise fail(entry, "give both x and y, or neither (set up on a frame field)")
        if lm.x is not None and lm.y is not None:
            claim(lm.id, lm.x, lm.y, entry)
            fields[lm.id] = LandmarkField(lm.id, lm.name, lm.x, lm.y)
    if model.frames and len(model.frames) != sum(1 for lm in model.landmarks if lm.x is None):
        raise fail("frames", "there must be one frame field for each landmark without a field")

    buildings: dict[str, BuildingInfo] = {}
    for b in model.buildings:
        if b.id in buildings:
            raise fail(f"buildings {b.id!r}", "building listed twice")
        buildings[b.id] = BuildingInfo(b.id, b.name)

    regions: dict[str, frozenset[str]] = {}
    for name, members in model.regions.items():
        if not _ID.match(name):
            raise fail(f"regions.{name}", "region names are lower-case words joined by hyphens")
        for m in members:
            if m not in spaces or spaces[m].frame:
                raise fail(f"regions.{name}", f"unknown building space {m!r}")
        regions[name] = frozenset(members)

    return Board(
        id=model.edition.id,
        name=model.edition.name,
        source=source,
        spaces=spaces,
        lines=lines,
        buildings=buildings,
        landmarks=landmarks,
        fields=fields,
        regions=regions,
        options=dict(model.options),
        deal=_deal(model.deal, fail),
        card_sizes={k: tuple(v) for k, v in model.edition.card_sizes.items()},
        card_counts={str(k): v for k, v in model.edition.card_counts.items()},
        kind_labels={str(k): v for k, v in model.edition.kind_labels.items()},
        markers_per_building=model.edition.markers_per_building,
        max_markers_per_space=model.edition.max_markers_per_space,
    )
