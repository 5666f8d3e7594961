"""The puzzle file (TOML, described in docs/PUZZLES.md): reading it strictly (one-line
`InputError`s naming the entry), and writing it. Keys: `edition` (a shipped edition or a
board file), optional `level`, `seed`, `buildings` (the town's buildings) and `[givens]`
(building = space), and `[[clue]]` tables (`card`, and `my` for district and condition
cards), in the order they are meant to be tried."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.deduction.files.editions import edition_ids, load_named_edition
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.puzzle.model import LEVELS, Clue, Level, Puzzle

__all__ = ["dump_puzzle", "load_puzzle", "parse_puzzle"]

_KEYS = {"edition", "level", "seed", "buildings", "givens", "clue"}


def load_puzzle(path: Path, base: Base | None = None) -> Puzzle:
    """The puzzle file at `path`; the board it names found as `base` says: by default
    only in its folder or the shipped data (the web server's puzzles), as written with
    `Base.command_line` (a puzzle named on the command line, issue 40)."""
    return parse_puzzle(read_data(path), str(path), base or Base(path.parent))


def _str(data: dict[str, Any], key: str, source: str, entry: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise InputError(source, entry, f"{key} must be a string")
    return value


def parse_puzzle(data: dict[str, Any], source: str, base: Base = Base(Path("."))) -> Puzzle:
    """A puzzle from parsed TOML. A board file the puzzle names is found as `base` says,
    as a state file's is: confined to its folder and the shipped data unless read as
    written (`core/base_folder.py`)."""
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise InputError(source, unknown[0], "unknown entry")
    edition = load_named_edition(_str(data, "edition", source, "edition"), source, base)
    board = edition.board
    level = data.get("level")
    if level is not None and level not in LEVELS:
        raise InputError(source, "level", f"must be one of {', '.join(LEVELS)}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InputError(source, "seed", "must be a whole number")
    listed = data.get("buildings")
    if listed is not None:
        if not isinstance(listed, list) or not all(isinstance(b, str) for b in listed):
            raise InputError(source, "buildings", "must be a list of building ids")
        for b in listed:
            if b not in board.buildings:
                raise InputError(source, "buildings", f"unknown building {b!r}")
    givens = data.get("givens", {})
    if not isinstance(givens, dict):
        raise InputError(source, "givens", "must be a table of building = space")
    seen: dict[str, str] = {}
    for b, s in givens.items():
        entry = f"givens.{b}"
        if b not in board.buildings:
            raise InputError(source, entry, f"unknown building {b!r}")
        if not isinstance(s, str) or s not in board.building_spaces:
            raise InputError(source, entry, f"{s!r} is not a building space of {board.name}")
        if s in seen:
            raise InputError(source, entry, f"{s} already holds the {seen[s]}")
        seen[s] = b
    raw = data.get("clue", [])
    if not isinstance(raw, list) or not raw:
        raise InputError(source, "clue", "a puzzle needs at least one [[clue]]")
    clues: list[Clue] = []
    for i, item in enumerate(raw, 1):
        clues.append(_clue(item, f"clue[{i}]", source, edition, givens))
    if len({c.card for c in clues}) != len(clues):
        raise InputError(source, "clue", "a card may be used only once")
    lvl: Level | None = level
    return Puzzle(edition, tuple(clues), dict(givens), lvl, seed, tuple(listed) if listed else None)


def _clue(item: Any, entry: str, source: str, edition: Edition, givens: dict[str, str]) -> Clue:
    board, cards = edition.board, edition.cards
    if not isinstance(item, dict) or set(item) - {"card", "my"}:
        raise InputError(source, entry, "a clue is a table with card and, if needed, my")
    number = item.get("card")
    if not isinstance(number, int) or isinstance(number, bool) or number not in cards:
        raise InputError(source, entry, f"card {number!r} is not a card of {board.name}")
    card = cards[number]
    my = item.get("my")
    if not card.needs_my_building:
        if my is not None:
            raise InputError(source, entry, f"card {number} names its building; it takes no my")
        return Clue(number)
    if not isinstance(my, str) or my not in board.buildings:
        raise InputError(source, entry, f"card {number} needs my = a building id (P7)")
    if my == card.subject:
        raise InputError(source, entry, f"card {number} names the {my}: my must be another (P7)")
    if my in givens:
        raise InputError(source, entry, f"the {my} is a given: it cannot be my building (P7)")
    return Clue(number, my)


def _q(text: str) -> str:
    return json.dumps(text)  # a TOML basic string is a JSON string for these characters


def dump_puzzle(puzzle: Puzzle, base: Path = Path(".")) -> str:
    """The puzzle file's text; a board file is named relative to `base`, the folder the
    file is written to (where `load_puzzle` will look for it)."""
    ref = puzzle.edition.id
    if ref not in edition_ids():
        ref = os.path.relpath(Path(ref).resolve(), base.resolve())
    lines = [f"edition = {_q(ref)}"]
    if puzzle.level is not None:
        lines.append(f"level = {_q(puzzle.level)}")
    if puzzle.seed is not None:
        lines.append(f"seed = {puzzle.seed}")
    lines.append("buildings = [" + ", ".join(_q(b) for b in puzzle.buildings()) + "]")
    if puzzle.givens:
        lines += ["", "[givens]"]
        lines += [f"{_q(b)} = {_q(s)}" for b, s in puzzle.givens.items()]
    for clue in puzzle.clues:
        lines += ["", "[[clue]]", f"card = {clue.card}"]
        if clue.my is not None:
            lines.append(f"my = {_q(clue.my)}")
    return "\n".join(lines) + "\n"
