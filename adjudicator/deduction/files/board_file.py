"""Reading a board file (TOML) into a validated `Board`.

The schema is checked at this boundary, key by key (`core/schema.py`); every error names
the file, the entry and what is wrong.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal, cast

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
from adjudicator.core.names import ID_PATTERN
from adjudicator.core.schema import Table, keys_in
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
]

_ID = re.compile(ID_PATTERN)
KINDS = ("building", "district", "condition")
Runs = Literal["east-west", "north-south"]
RUNS = ("east-west", "north-south")
# Limits (core/limits.py): a coordinate within the board size limit, so that nothing
# overflows or exhausts memory when the board is drawn; counts within the card limits.

_BOARD_KEYS = (
    "edition", "deal", "options", "buildings", "streets", "railway", "spaces", "frames",
    "landmarks", "regions", "german",
)  # fmt: skip
_EDITION_KEYS = (
    "id", "name", "markers_per_building", "max_markers_per_space", "card_sizes",
    "card_counts", "kind_labels",
)  # fmt: skip
_DEAL_KEYS = (
    "players", "hand", "common", "top_of_common", "own_pile", "reshuffle", "discard_draws",
    "refill",
)  # fmt: skip


def _line(t: Table, ident: str, name: str, railway: bool = False) -> Line:
    between = t.pair("between", low=-MAX_BOARD_COORD, high=MAX_BOARD_COORD)
    span = t.pair("span", None, low=-MAX_BOARD_COORD, high=MAX_BOARD_COORD)
    runs = cast(Runs, t.choice("runs", RUNS))  # one of RUNS: choice() checked it
    return Line(ident, name, runs, between, span, railway=railway)


def _per_kind(t: Table, key: str, low: int, high: int) -> dict[str, int]:
    return t.mapping(key, lambda m, k: m.integer(k, low=low, high=high), keys=keys_in(KINDS))


def _seats(table: Table, key: str) -> None:
    # TOML keys are text: a deal for "3" players is for 3 (ASCII digits, and few: int()
    # refuses 4,300 of them, and "³" is a digit to str.isdigit but no number to int()).
    if not (key.isascii() and key.isdigit() and len(key) <= 2) or not 1 <= int(key) <= MAX_PLAYERS:
        raise table.fail(key, f"should be a number of players, 1 to {MAX_PLAYERS}")


def _deal(t: Table | None) -> Deal:
    if t is None:
        return Deal()
    low, high = t.pair("players", (2, 5), low=1, high=MAX_PLAYERS)
    if not 1 <= low <= high <= 8:
        raise t.fail("players", f"give the fewest and most players, from 1 to 8, not {low}, {high}")

    def per_seats(key: str) -> dict[int, dict[str, int]]:
        read = t.mapping(key, lambda m, k: _per_kind(m, k, 0, MAX_CARDS), keys=_seats)
        for n in read:
            if not low <= int(n) <= high:
                raise t.fail("", f"a deal for {n} players, but the edition seats {low} to {high}")
        return {int(n): v for n, v in read.items()}

    top, own = per_seats("top_of_common"), per_seats("own_pile")
    hand = _per_kind(t, "hand", 0, MAX_HAND)
    if sum(hand.values()) > MAX_HAND:
        raise t.fail("hand", f"{sum(hand.values())} cards in all; a hand holds at most {MAX_HAND}")
    return Deal(
        min_players=low,
        max_players=high,
        hand=hand,
        common=t.choice("common", KINDS, None),
        top_of_common=top,
        own_pile=own,
        reshuffle=t.choice("reshuffle", KINDS, "district"),
        discard_draws=t.integer("discard_draws", 1, low=0, high=5),
        refill=t.flag("refill", False),
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
    top = Table(data, source, "", _BOARD_KEYS)
    edition = top.table("edition", _EDITION_KEYS)
    assert edition is not None
    ident = edition.text("id", pattern=ID_PATTERN)
    name = edition.text("name")

    def fail(entry: str, problem: str) -> InputError:
        return InputError(source, entry, problem)

    options = top.raw_table("options")  # checked by the ruleset, which names the bad key
    try:  # the board's own options, checked now rather than when a game first asks
        Ruleset().with_options(options)
    except OptionError as exc:
        raise fail(f"options.{exc.key}", exc.problem) from None

    lines: dict[str, Line] = {}
    for st in top.tables(
        "streets", ("id", "name", "runs", "between", "span"), most=MAX_BOARD_ITEMS
    ):
        sid = st.text("id", pattern=ID_PATTERN)
        if sid in lines:
            raise fail(f"streets {sid!r}", "street listed twice")
        lines[sid] = _line(st, sid, st.text("name"))
    railway = top.table("railway", ("runs", "between", "span"), optional=True)
    if railway is not None:
        lines["railway"] = _line(railway, "railway", "the railway", railway=True)
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

    for sp in top.tables("spaces", ("id", "x", "y", "entrance"), most=MAX_BOARD_ITEMS):
        sid, x, y = (
            sp.text("id", pattern=ID_PATTERN),
            sp.integer("x", low=-MAX_BOARD_COORD, high=MAX_BOARD_COORD),
            sp.integer("y", low=-MAX_BOARD_COORD, high=MAX_BOARD_COORD),
        )
        entrance = sp.text("entrance")
        entry = f"spaces {sid!r}"
        claim(sid, x, y, entry)
        if entrance not in lines or lines[entrance].railway:
            raise fail(entry, f"entrance names unknown street {clip(entrance)}")
        if lines[entrance].borders(x, y) is None:
            raise fail(entry, f"entrance street {entrance!r} does not run along this space")
        spaces[sid] = Space(sid, x, y, entrance)
    frames = top.tables("frames", ("id", "x", "y"), most=MAX_BOARD_ITEMS, optional=True)
    for fr in frames:
        fid, x, y = (
            fr.text("id", pattern=ID_PATTERN),
            fr.integer("x", low=-MAX_BOARD_COORD, high=MAX_BOARD_COORD),
            fr.integer("y", low=-MAX_BOARD_COORD, high=MAX_BOARD_COORD),
        )
        claim(fid, x, y, f"frames {fid!r}")
        spaces[fid] = Space(fid, x, y, None, frame=True)

    fields: dict[str, LandmarkField] = {}
    landmarks: dict[str, str] = {}
    unplaced = 0  # landmarks set up on a frame field
    for lm in top.tables(
        "landmarks", ("id", "name", "x", "y"), most=MAX_BOARD_ITEMS, optional=True
    ):
        lid, lname = lm.text("id", pattern=ID_PATTERN), lm.text("name")
        lx, ly = (
            lm.integer("x", None, low=-MAX_BOARD_COORD, high=MAX_BOARD_COORD),
            lm.integer("y", None, low=-MAX_BOARD_COORD, high=MAX_BOARD_COORD),
        )
        entry = f"landmarks {lid!r}"
        if lid in landmarks:
            raise fail(entry, "landmark listed twice")
        landmarks[lid] = lname
        if (lx is None) != (ly is None):
            raise fail(entry, "give both x and y, or neither (set up on a frame field)")
        if lx is not None and ly is not None:
            claim(lid, lx, ly, entry)
            fields[lid] = LandmarkField(lid, lname, lx, ly)
        else:
            unplaced += 1
    if frames and len(frames) != unplaced:
        raise fail("frames", "there must be one frame field for each landmark without a field")

    buildings: dict[str, BuildingInfo] = {}
    for b in top.tables("buildings", ("id", "name"), most=MAX_BOARD_ITEMS):
        bid = b.text("id", pattern=ID_PATTERN)
        if bid in buildings:
            raise fail(f"buildings {bid!r}", "building listed twice")
        buildings[bid] = BuildingInfo(bid, b.text("name"))

    def region(t: Table, key: str) -> frozenset[str]:
        if not _ID.match(key):
            raise t.fail(key, "region names are lower-case words joined by hyphens")
        members = t.texts(key, most=MAX_BOARD_ITEMS)
        for m in members:
            if m not in spaces or spaces[m].frame:
                raise t.fail(key, f"unknown building space {clip(m)}")
        return frozenset(members)

    regions = top.mapping("regions", region, most=MAX_BOARD_ITEMS)
    card_sizes = edition.mapping(
        "card_sizes",
        lambda t, k: tuple(t.integers(k, most=64, low=0, high=MAX_BOARD_ITEMS)),
        keys=keys_in(KINDS),
    )
    return Board(
        id=ident,
        name=name,
        source=source,
        spaces=spaces,
        lines=lines,
        buildings=buildings,
        landmarks=landmarks,
        fields=fields,
        regions=regions,
        options=dict(options),
        deal=_deal(top.table("deal", _DEAL_KEYS, optional=True)),
        card_sizes=card_sizes,
        card_counts=_per_kind(edition, "card_counts", 0, MAX_CARDS),
        kind_labels=edition.mapping("kind_labels", lambda t, k: t.text(k), keys=keys_in(KINDS)),
        markers_per_building=edition.integer(
            "markers_per_building", 5, low=1, high=MAX_BOARD_ITEMS
        ),
        max_markers_per_space=edition.integer(
            "max_markers_per_space", 3, low=1, high=MAX_BOARD_ITEMS
        ),
    )
