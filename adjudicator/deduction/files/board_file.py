"""Reading a board file (TOML) into a validated `Board`.

The types are checked at this boundary by strict pydantic models (`board_model.py`), the
rules of a board here; every error names the file, the entry and what is wrong.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.core.limits import MAX_HAND, clip
from adjudicator.core.names import ID_PATTERN
from adjudicator.core.validation import validated
from adjudicator.deduction.files.board_model import BoardFile, DealFile, LineFile
from adjudicator.deduction.files.other_games import OTHER_GAMES, other_game_problem
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


def _line(t: LineFile, ident: str, name: str, railway: bool = False) -> Line:
    return Line(ident, name, t.runs, t.between, t.span, railway=railway)


def _deal(t: DealFile | None, source: str) -> Deal:
    if t is None:
        return Deal()

    def fail(key: str, problem: str) -> InputError:
        return InputError(source, f"deal.{key}" if key else "deal", problem)

    low, high = t.players
    if not 1 <= low <= high <= 8:
        raise fail("players", f"give the fewest and most players, from 1 to 8, not {low}, {high}")

    def per_seats(read: dict[str, dict[str, int]]) -> dict[int, dict[str, int]]:
        for n in read:
            if not low <= int(n) <= high:
                raise fail("", f"a deal for {n} players, but the edition seats {low} to {high}")
        return {int(n): dict(v) for n, v in read.items()}

    top, own = per_seats(t.top_of_common), per_seats(t.own_pile)
    hand = dict(t.hand)
    if sum(hand.values()) > MAX_HAND:
        raise fail("hand", f"{sum(hand.values())} cards in all; a hand holds at most {MAX_HAND}")
    return Deal(
        min_players=low,
        max_players=high,
        hand=hand,
        common=t.common if "common" in t.model_fields_set else None,
        top_of_common=top,
        own_pile=own,
        reshuffle=t.reshuffle,
        discard_draws=t.discard_draws,
        refill=t.refill,
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


def load_board(path: Path) -> Board:
    return board_from_data(read_data(path), str(path))


def board_from_data(data: dict[str, Any], source: str) -> Board:
    _other_game(data, source)
    top = validated(BoardFile, data, source)
    edition = top.edition
    ident, name = edition.id, edition.name

    fail = partial(InputError, source)  # fail(entry, problem): an error in this file

    options = top.options  # checked by the ruleset, which names the bad key
    try:  # the board's own options, checked now rather than when a game first asks
        Ruleset().with_options(options)
    except OptionError as exc:
        raise fail(f"options.{exc.key}", exc.problem) from None

    lines: dict[str, Line] = {}
    for st in top.streets:
        sid = st.id
        if sid in lines:
            raise fail(f"streets {sid!r}", "street listed twice")
        lines[sid] = Line(sid, st.name, st.runs, st.between, st.span)
    if top.railway is not None:
        lines["railway"] = _line(top.railway, "railway", "the railway", railway=True)
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

    for sp in top.spaces:
        sid, x, y, entrance = sp.id, sp.x, sp.y, sp.entrance
        entry = f"spaces {sid!r}"
        claim(sid, x, y, entry)
        if entrance not in lines or lines[entrance].railway:
            raise fail(entry, f"entrance names unknown street {clip(entrance)}")
        if lines[entrance].borders(x, y) is None:
            raise fail(entry, f"entrance street {entrance!r} does not run along this space")
        spaces[sid] = Space(sid, x, y, entrance)
    frames = top.frames
    for fr in frames:
        fid, x, y = fr.id, fr.x, fr.y
        claim(fid, x, y, f"frames {fid!r}")
        spaces[fid] = Space(fid, x, y, None, frame=True)

    fields: dict[str, LandmarkField] = {}
    landmarks: dict[str, str] = {}
    unplaced = 0  # landmarks set up on a frame field
    for lm in top.landmarks:
        lid, lname = lm.id, lm.name
        given = lm.model_fields_set
        lx, ly = (lm.x if "x" in given else None), (lm.y if "y" in given else None)
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
    for b in top.buildings:
        bid = b.id
        if bid in buildings:
            raise fail(f"buildings {bid!r}", "building listed twice")
        buildings[bid] = BuildingInfo(bid, b.name)

    regions: dict[str, frozenset[str]] = {}
    for key, members in top.regions.items():
        for m in members:
            if m not in spaces or spaces[m].frame:
                raise fail(f"regions.{key}", f"unknown building space {clip(m)}")
        regions[key] = frozenset(members)
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
        deal=_deal(top.deal, source),
        card_sizes=dict(edition.card_sizes),
        card_counts=dict(edition.card_counts),
        kind_labels=dict(edition.kind_labels),
        markers_per_building=edition.markers_per_building,
        max_markers_per_space=edition.max_markers_per_space,
    )
