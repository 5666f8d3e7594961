"""What the puzzle pages ask of the engine: a puzzle's view, its board with the player's
markers, "check", "hint", and a new puzzle written into the served folder.

The player's work is a set of markers, each "this building stands on that space"; it
lives in the page (and the browser's storage), never on disk, so the puzzle file is only
ever written once, by `new_puzzle`. Puzzles are the `*.puzzle.toml` files of the served
folder (docs/PUZZLES.md), beside the game records. The game whose puzzles they are says
what they show through its registry entry (`Entry.puzzles`): this module keeps the folder,
its files and the few puzzles solved warm.

Each function is synchronous and CPU-bound: the app runs it in a worker thread.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.limits import whole_number
from adjudicator.core.writes import write_atomic
from adjudicator.render.pages import PuzzlePage, puzzle_page

__all__ = [
    "SUFFIX",
    "PuzzleDir",
    "board_view",
    "check_marks",
    "editions",
    "hint_view",
    "new_puzzle",
    "puzzle_view",
]

SUFFIX = ".puzzle.toml"
# One file name in the folder: no separators, no leading dot.
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}\.puzzle\.toml$")
_MAX_SEED = 10**9


def editions() -> tuple[str, ...]:
    """The editions a solo puzzle is made of."""
    return puzzle_page().EDITIONS


class PuzzleDir:
    """The `*.puzzle.toml` files the app may read, and write new ones into."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._write = threading.Lock()  # two forms asking for one name: one file, whole

    def path(self, name: str) -> Path:
        if not _NAME.match(name) or ".." in name:
            raise InputError(
                name, "", f"not a puzzle name (letters, digits, - _ . and the ending {SUFFIX})"
            )
        path = (self.root / name).resolve()
        if path.parent != self.root:
            raise InputError(name, "", "outside the served folder")
        return path

    def names(self) -> list[str]:
        return sorted(p.name for p in self.root.glob(f"*{SUFFIX}") if _NAME.match(p.name))


# Solving is the slow part; a few puzzles stay warm, keyed by the file's name and stamp.
_CACHE: OrderedDict[tuple[Path, int, int], Any] = OrderedDict()
_CACHE_SIZE = 16
_CACHE_LOCK = threading.Lock()


def _solved(puzzles: PuzzleDir, name: str) -> tuple[PuzzlePage, Any]:
    """The puzzles' page, and the puzzle called `name` solved (`PuzzlePage.solve`)."""
    shown = puzzle_page()
    path = puzzles.path(name)
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise InputError(name, "", "no such puzzle") from None
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return shown, _CACHE[key]
    found = shown.solve(path)
    with _CACHE_LOCK:
        _CACHE[key] = found
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return shown, found


def puzzle_view(puzzles: PuzzleDir, name: str) -> dict[str, Any]:
    """What the page shows: the board with the givens, the cards, the buildings to place."""
    shown, found = _solved(puzzles, name)
    return shown.puzzle_view(found, name)


def board_view(puzzles: PuzzleDir, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """The board with the player's markers, and whether they are the town."""
    shown, found = _solved(puzzles, name)
    return shown.board_view(found, name, form)


def check_marks(puzzles: PuzzleDir, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """Whether the markers so far contradict a card (P3); and, when none does alone,
    whether any town fits them with all the cards together."""
    shown, found = _solved(puzzles, name)
    return shown.check_marks(found, name, form)


def hint_view(puzzles: PuzzleDir, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """The next step of the solution, or the marker to take away first."""
    shown, found = _solved(puzzles, name)
    return shown.hint_view(found, name, form)


def new_puzzle(puzzles: PuzzleDir, form: dict[str, Any], editions: tuple[str, ...]) -> str:
    """Generate a puzzle (edition, level, seed; optional name) and write it into the folder,
    atomically; the name it was written under. The same arguments give the same puzzle, so
    the default name of one already there is simply opened again."""
    shown = puzzle_page()
    edition = form.get("edition")
    if edition not in editions:
        raise InputError("edition", "", f"must be one of {', '.join(editions)}")
    level = form.get("level", "medium")
    if level not in shown.LEVELS:
        raise InputError("level", "", f"must be one of {', '.join(shown.LEVELS)}")
    raw_seed = form.get("seed", 0)
    seed = raw_seed.strip() if isinstance(raw_seed, str) else raw_seed
    if isinstance(seed, str):
        seed = whole_number(seed, len(str(_MAX_SEED)))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= _MAX_SEED:
        raise InputError("seed", "", f"a whole number from 0 to {_MAX_SEED}")
    name = form.get("name") or f"{edition}-{level}-{seed}{SUFFIX}"
    if not isinstance(name, str):
        raise InputError("name", "", "must be a file name")
    explicit = bool(form.get("name"))
    if not name.endswith(SUFFIX):
        name += SUFFIX
    path = puzzles.path(name)
    if path.exists():
        if explicit:
            raise InputError(name, "", "already exists: open it, or choose another name")
        return name
    text = shown.generate(str(edition), str(level), seed, puzzles.root)
    with puzzles._write:
        if path.exists() and explicit:
            raise InputError(name, "", "already exists: open it, or choose another name")
        write_atomic(path, text)
    return name
