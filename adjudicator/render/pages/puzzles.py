"""The solo puzzles in the page (the deduction games'): a puzzle's view, its board with the
player's markers, "check" and "hint", and a new puzzle's text. The puzzle is solved and
the markers judged in `deduction/puzzle` (`marks.py`); this module only says it in JSON
and SVG. The served folder, its files and the cache are the web's (`web/puzzles.py`),
which finds this module through the registry (`Entry.puzzles`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from adjudicator.core.errors import InputError
from adjudicator.core.i18n import N_, Message, Name
from adjudicator.deduction.models.edition import GERMAN_FILES
from adjudicator.deduction.puzzle.marks import Solved, contradictions, solved
from adjudicator.deduction.puzzle.model import LEVELS, Clue, Level, Puzzle, start_state
from adjudicator.deduction.puzzle.next_step import Because, Deduction, next_deduction
from adjudicator.deduction.puzzle.steps import Step
from adjudicator.render.svg_compact import compact_svg

__all__ = [
    "EDITIONS",
    "LEVELS",
    "board_view",
    "check_marks",
    "generate",
    "hint_view",
    "puzzle_view",
    "solve",
]

#: The editions a solo puzzle is made of: the deduction games' (a puzzle is a board of
#: markers and the cards that place them).
EDITIONS = ("gads-hill-1874", "old-town")


def solve(path: Path) -> Solved:
    """A puzzle file read and solved (the slow part: the web keeps a few warm)."""
    return solved(path)


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


def puzzle_view(found: Solved, name: str) -> dict[str, Any]:
    """What the page shows: the board with the givens, the cards, the buildings to place."""
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


def _solved_by(found: Solved, marks: dict[str, str]) -> bool:
    town = found.town
    return town is not None and all(marks.get(b) == town[b] for b in found.puzzle.to_place())


def board_view(found: Solved, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """The board with the player's markers, and whether they are the town."""
    marks = _marks(found.puzzle, form)
    svg = _svg(found.puzzle, marks, f"Puzzle: {found.puzzle.board.name}: {name}")
    return {"svg": svg, "solved": _solved_by(found, marks), "marks": marks}


def _the(puzzle: Puzzle, building: str) -> Message:
    """`the School` in a sentence; in German the name alone, as the German cards print it."""
    name = Name(puzzle.board.building_name(building), building, GERMAN_FILES)
    return Message(N_("the {building}"), building=name)


def _contradictions(puzzle: Puzzle, marks: dict[str, str]) -> list[dict[str, Any]]:
    """Each card the markers contradict (P3, decided in `deduction/puzzle/marks.py`), as
    the page says it."""
    found: list[dict[str, Any]] = []
    for c in contradictions(puzzle, marks):
        card = puzzle.edition.cards[c.card]
        # nested messages, so that the page's JSON says it in the seat's language
        head = (
            Message(
                N_("card {card} (my building: {building})"),
                card=c.card,
                building=_the(puzzle, c.my),
            )
            if c.my
            else Message(N_("card {card}"), card=c.card)
        )
        text = Message(N_('{card}, "{text}": {why} (P3).'), card=head, text=card.text, why=c.why)
        found.append({"card": c.card, "my": c.my, "code": "P3", "text": text})
    return found


def check_marks(found: Solved, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """Whether the markers so far contradict a card; and, when none does alone, whether
    any town fits them with all the cards together."""
    puzzle = found.puzzle
    marks = _marks(puzzle, form)
    contradicted = _contradictions(puzzle, marks)
    town = found.town
    fits = town is not None and all(town[b] == s for b, s in marks.items())
    if contradicted:
        message = contradicted[0]["text"]
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
        "ok": not contradicted and fits,
        "solved": _solved_by(found, marks),
        "contradictions": contradicted,
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


def _clue_json(puzzle: Puzzle, clue: Clue | None) -> dict[str, Any]:
    board = puzzle.board
    if clue is None:
        return {"card": None, "my": None, "my_name": None}
    my = board.building_name(clue.my) if clue.my else None
    return {"card": clue.card, "my": clue.my, "my_name": my}


def _because_json(puzzle: Puzzle, b: Because) -> dict[str, Any]:
    by = puzzle.board.building_name(b.by) if b.by else None
    return {"kind": b.kind, "code": b.code, "count": b.count, "by": b.by, "by_name": by} | (
        _clue_json(puzzle, b.clue)
    )


def _card_words(clue: dict[str, Any]) -> str:
    return f"card {clue['card']}" + (f" as the {clue['my_name']}" if clue["my_name"] else "")


#: Each step of a deduction in words (the page says the same through its catalog).
_SAID = {
    "placed": "{card} puts the {building}'s markers on {count} spaces",
    "ruled_out": "{card} rules out {count} of them",
    "taken": "the {by}, standing, takes {count} of them",
    "stop": "STOP: logic rules out {count} of them",
    "last": "its last marker is where it stands",
}


def _deduction_json(puzzle: Puzzle, d: Deduction) -> dict[str, Any]:
    """The next deduction without its answer: the building, each step with its rule, and
    the cards it rests on (`deduction/puzzle/next_step.py`)."""
    name = puzzle.board.building_name(d.building)
    because = [_because_json(puzzle, b) for b in d.because]
    cards = [_clue_json(puzzle, c) for c in d.cards]
    said = "; ".join(
        _SAID[b["kind"]].format(
            card=_card_words(b), count=b["count"], by=b["by_name"], building=name
        )
        + f" ({b['code']})"
        for b in because
    )
    rests = ", ".join(_card_words(c) for c in cards)
    message = (
        f"Next: where the {name} stands. {said[0].upper()}{said[1:]}. "
        f"It rests on {rests}, with the buildings standing."
    )
    return {
        "building": d.building,
        "building_name": name,
        "because": because,
        "cards": cards,
        "message": message,
    }


def hint_view(found: Solved, name: str, form: dict[str, Any]) -> dict[str, Any]:
    """The next deduction (`next_step.py`): the building the player can place next, each
    step that leads there with its rule, and the cards it rests on, but not its space.
    With `where` (the player asks where), the answer too: the space to mark, and the
    solution's steps up to it (`steps.py`). A marker off the town comes first: which to
    take away, and the card it breaks."""
    puzzle = found.puzzle
    board = puzzle.board
    marks = _marks(puzzle, form)
    where = form.get("where") is True
    town = found.town
    nothing: dict[str, Any] = {"solved": False, "remove": [], "steps": [], "place": []}
    if town is not None:
        wrong = [(b, s) for b, s in marks.items() if town[b] != s]
        if wrong:
            b, s = wrong[0]
            bad = _contradictions(puzzle, {b: s})
            why = bad[0]["text"] if bad else "the cards together put it elsewhere."
            return nothing | {
                "remove": _names(puzzle, ((b, s),)),
                "message": f"Take the {board.building_name(b)} off {board.space_name(s)}: {why}",
            }
        if _solved_by(found, marks):
            return nothing | {"solved": True, "message": "solved!"}
    deduction = next_deduction(puzzle, found.solution, marks)
    if deduction is None:
        stalled = found.solution.stalled or "the rules place nothing more"
        return nothing | {"message": stalled}
    shown = _deduction_json(puzzle, deduction)
    answer: dict[str, Any] = {"next": shown, "message": shown["message"]}
    if where:
        steps = found.solution.steps
        last = next(
            i for i, st in enumerate(steps) if (deduction.building, deduction.space) in st.built
        )
        first = max((i + 1 for i, st in enumerate(steps[:last]) if st.built), default=0)
        answer |= {
            "steps": [_step_json(puzzle, st) for st in steps[first : last + 1]],
            "place": _names(puzzle, ((deduction.building, deduction.space),)),
        }
    return nothing | answer


def generate(edition: str, level: str, seed: int, root: Path) -> str:
    """A new puzzle's file text (the same arguments give the same puzzle); `level` is one
    of `LEVELS`, `edition` one of `EDITIONS` (the web checks both first)."""
    from adjudicator.deduction.files.editions import resolve_edition
    from adjudicator.deduction.puzzle.generate import generate as make
    from adjudicator.deduction.puzzle.puzzle_file import dump_puzzle

    made = make(resolve_edition(edition).edition(), seed, cast(Level, level))
    return dump_puzzle(made.puzzle, root)
