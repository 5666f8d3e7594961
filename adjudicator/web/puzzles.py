"""What the puzzle pages ask of the engine: a puzzle's view, its board with the player's
markers, "check", "hint", and a new puzzle written into the served folder.

The player's work is a set of markers, each "this building stands on that space"; it
lives in the page (and the browser's storage), never on disk, so the puzzle file is only
ever written once, by `new_puzzle`. Puzzles are the `*.puzzle.toml` files of the served
folder (docs/PUZZLES.md), beside the game records.

Each function is synchronous and CPU-bound: the app runs it in a worker thread.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.limits import whole_number
from adjudicator.core.writes import write_atomic
from adjudicator.deduction.puzzle.model import LEVELS, Level, Puzzle, Town, start_state
from adjudicator.deduction.puzzle.puzzle_file import dump_puzzle, load_puzzle
from adjudicator.deduction.puzzle.rate import Rating, rate
from adjudicator.deduction.puzzle.steps import Solution, Step, solve_steps
from adjudicator.deduction.rules.explain import RELATION_PHRASES
from adjudicator.deduction.rules.knowledge import compile_card
from adjudicator.render.svg_compact import compact_svg

__all__ = [
    "EDITIONS",
    "SUFFIX",
    "PuzzleDir",
    "board_view",
    "check_marks",
    "hint_view",
    "new_puzzle",
    "puzzle_view",
]

#: The editions a solo puzzle is made of: the deduction games' (a puzzle is a board of
#: markers and the cards that place them).
EDITIONS = ("gads-hill-1874", "old-town")

SUFFIX = ".puzzle.toml"
# One file name in the folder: no separators, no leading dot.
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}\.puzzle\.toml$")
_MAX_SEED = 10**9


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


@dataclass(frozen=True, slots=True)
class _Solved:
    puzzle: Puzzle
    solution: Solution
    rating: Rating
    town: Town | None  # the one town that fits; None when none or several do


# Solving is the slow part; a few puzzles stay warm, keyed by the file's name and stamp.
_CACHE: OrderedDict[tuple[Path, int, int], _Solved] = OrderedDict()
_CACHE_SIZE = 16
_CACHE_LOCK = threading.Lock()


def _solved(puzzles: PuzzleDir, name: str) -> _Solved:
    path = puzzles.path(name)
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise InputError(name, "", "no such puzzle") from None
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    puzzle = load_puzzle(path)
    solution = solve_steps(puzzle)
    town: Town | None = solution.town if solution.solved else None
    if town is None:  # a hand-made puzzle the rules cannot finish may still be unique
        from adjudicator.deduction.puzzle.towns import town_of

        town = town_of(puzzle)
    found = _Solved(puzzle, solution, rate(puzzle, solution), town)
    with _CACHE_LOCK:
        _CACHE[key] = found
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return found


def _marks(puzzle: Puzzle, form: dict[str, Any]) -> dict[str, str]:
    """The player's markers from a request: building -> space, each building one still to
    place, each space a free building space, no two on one space."""
    raw = form.get("marks", {})
    if not isinstance(raw, dict):
        raise InputError("marks", "", "must be an object of building: space")
    board = puzzle.board
    to_place = set(puzzle.to_place())
    taken = {s: b for b, s in puzzle.givens.items()}
    marks: dict[str, str] = {}
    for b, s in raw.items():
        if b not in to_place:
            raise InputError("marks", str(b), "not a building this puzzle places")
        if not isinstance(s, str) or s not in board.building_spaces:
            raise InputError("marks", b, f"{s!r} is not a building space of {board.name}")
        if s in taken:
            raise InputError("marks", b, f"{s} already holds the {taken[s]}")
        taken[s] = b
        marks[b] = s
    return marks


def _names(puzzle: Puzzle, pairs: tuple[tuple[str, str], ...]) -> list[dict[str, str]]:
    board = puzzle.board
    return [
        {
            "building": b,
            "space": s,
            "building_name": board.building_name(b),
            "space_name": board.space_name(s),
        }
        for b, s in pairs
    ]


def _svg(puzzle: Puzzle, marks: dict[str, str], title: str) -> str:
    # The markers are drawn as buildings standing: what the player says the town is.
    state = start_state(puzzle).with_board({**puzzle.givens, **marks}, {}, ())
    placed = f"{len(marks)} of {len(puzzle.to_place())} buildings placed"
    return compact_svg(puzzle.board, state, title=f"{title}: {placed}")


def puzzle_view(puzzles: PuzzleDir, name: str) -> dict[str, Any]:
    """What the page shows: the board with the givens, the cards, the buildings to place."""
    found = _solved(puzzles, name)
    puzzle = found.puzzle
    board = puzzle.board
    cards = puzzle.edition.cards
    return {
        "name": name,
        "edition": puzzle.edition.id,
        "board": board.name,
        "level": puzzle.level,
        "seed": puzzle.seed,
        "rating": found.rating.as_dict(),
        "buildings": [{"id": b, "name": board.building_name(b)} for b in puzzle.to_place()],
        "givens": _names(puzzle, tuple(puzzle.givens.items())),
        "spaces": [s for s in board.building_spaces if s not in set(puzzle.givens.values())],
        "clues": [
            {
                "card": c.card,
                "my": c.my,
                "my_name": board.building_name(c.my) if c.my else None,
                "text": cards[c.card].text,
            }
            for c in puzzle.clues
        ],
        "svg": _svg(puzzle, {}, f"Puzzle: {board.name}: {name}"),
    }


def _solved_by(found: _Solved, marks: dict[str, str]) -> bool:
    town = found.town
    return town is not None and all(marks.get(b) == town[b] for b in found.puzzle.to_place())


def board_view(puzzles: PuzzleDir, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """The board with the player's markers, and whether they are the town."""
    found = _solved(puzzles, name)
    marks = _marks(found.puzzle, form)
    svg = _svg(found.puzzle, marks, f"Puzzle: {found.puzzle.board.name}: {name}")
    return {"svg": svg, "solved": _solved_by(found, marks), "marks": marks}


def _card_broken(
    puzzle: Puzzle,
    allowed: Mapping[str, frozenset[str]],
    relation: tuple[str, str, frozenset[tuple[str, str]]] | None,
    kind: str | None,
    known: dict[str, str],
    free: list[str],
) -> str | None:
    """Why the board as the markers leave it breaks a card, or None: a known building off
    the card's map, an open one with no free space left on it, or (a condition card) no
    two different spaces left for its buildings that stand as the card relates them."""
    board = puzzle.board
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


def _contradictions(puzzle: Puzzle, marks: dict[str, str]) -> list[dict[str, Any]]:
    """Each card the markers (with the givens) contradict (P3: no placement of the card's
    buildings on the board as the markers leave it satisfies the card), with why. The card
    means what the engine compiles it to (`compile_card`), as when it is played."""
    board = puzzle.board
    known = {**puzzle.givens, **marks}
    free = [s for s in board.building_spaces if s not in set(known.values())]
    state = start_state(puzzle)
    found: list[dict[str, Any]] = []
    for clue in puzzle.clues:
        card = puzzle.edition.cards[clue.card]
        cc = compile_card(state, card, clue.my)
        why = _card_broken(puzzle, cc.allowed, cc.relation, card.relation, known, free)
        if why is not None:
            mine = f" (my building: the {board.building_name(clue.my)})" if clue.my else ""
            found.append(
                {
                    "card": clue.card,
                    "my": clue.my,
                    "code": "P3",
                    "text": f'card {clue.card}{mine}, "{card.text}": {why} (P3).',
                }
            )
    return found


def check_marks(puzzles: PuzzleDir, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """Whether the markers so far contradict a card; and, when none does alone, whether
    any town fits them with all the cards together."""
    found = _solved(puzzles, name)
    puzzle = found.puzzle
    marks = _marks(puzzle, form)
    contradictions = _contradictions(puzzle, marks)
    town = found.town
    fits = town is not None and all(town[b] == s for b, s in marks.items())
    if contradictions:
        message = contradictions[0]["text"]
    elif town is None:
        message = "this puzzle has no single town (see `adjudicator puzzle check`)"
    elif not fits:
        message = (
            "no card rules out a marker alone, but no town fits these markers with every "
            "card together"
        )
    elif _solved_by(found, marks):
        message = "solved! Every building stands where the cards say."
    else:
        message = f"no contradiction so far ({len(marks)} of {len(puzzle.to_place())} placed)"
    return {
        "ok": not contradictions and fits,
        "solved": _solved_by(found, marks),
        "contradictions": contradictions,
        "message": message,
    }


def _step_json(puzzle: Puzzle, step: Step) -> dict[str, Any]:
    return {
        "kind": step.kind,
        "code": step.code,
        "text": step.text,
        "card": step.clue.card if step.clue else None,
        "built": _names(puzzle, step.built),
    }


def hint_view(puzzles: PuzzleDir, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """The next step of the solution (`steps.py`): the steps up to and including the
    first that builds something the markers do not show yet, and the markers to place.
    A marker off the town comes first: which to take away, and the card it breaks."""
    found = _solved(puzzles, name)
    puzzle = found.puzzle
    board = puzzle.board
    marks = _marks(puzzle, form)
    town = found.town
    if town is not None:
        wrong = [(b, s) for b, s in marks.items() if town[b] != s]
        if wrong:
            b, s = wrong[0]
            bad = _contradictions(puzzle, {b: s})
            why = bad[0]["text"] if bad else "the cards together put it elsewhere."
            return {
                "solved": False,
                "remove": _names(puzzle, ((b, s),)),
                "steps": [],
                "place": [],
                "message": f"Take the {board.building_name(b)} off {board.space_name(s)}: {why}",
            }
        if _solved_by(found, marks):
            return {"solved": True, "remove": [], "steps": [], "place": [], "message": "solved!"}
    steps = found.solution.steps
    start = 0
    for i, step in enumerate(steps):
        todo = [(b, s) for b, s in step.built if marks.get(b) != s]
        if todo:
            return {
                "solved": False,
                "remove": [],
                "steps": [_step_json(puzzle, st) for st in steps[start : i + 1]],
                "place": _names(puzzle, tuple(todo)),
                "message": " ".join(f"[{st.code}] {st.text}" for st in steps[start : i + 1]),
            }
        if step.built:
            start = i + 1
    stalled = found.solution.stalled or "the rules place nothing more"
    return {"solved": False, "remove": [], "steps": [], "place": [], "message": stalled}


def new_puzzle(puzzles: PuzzleDir, form: dict[str, Any], editions: tuple[str, ...]) -> str:
    """Generate a puzzle (edition, level, seed; optional name) and write it into the folder,
    atomically; the name it was written under. The same arguments give the same puzzle, so
    the default name of one already there is simply opened again."""
    from adjudicator.deduction.files.editions import resolve_edition
    from adjudicator.deduction.puzzle.generate import generate

    edition = form.get("edition")
    if edition not in editions:
        raise InputError("edition", "", f"must be one of {', '.join(editions)}")
    level = form.get("level", "medium")
    if level not in LEVELS:
        raise InputError("level", "", f"must be one of {', '.join(LEVELS)}")
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
    lvl: Level = level
    made = generate(resolve_edition(str(edition)).edition(), seed, lvl)
    text = dump_puzzle(made.puzzle, puzzles.root)
    with puzzles._write:
        if path.exists() and explicit:
            raise InputError(name, "", "already exists: open it, or choose another name")
        write_atomic(path, text)
    return name
