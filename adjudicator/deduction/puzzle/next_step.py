"""The next deduction of a solo puzzle, as a hint tells it: which building the player can
place next, the cards that place it and the rules each step rests on, without the space
(the player finds it; `Deduction.space` is kept for "show where" only).

It follows the solution of `steps.py` (the game's own reasoning, card by card with the
STOP conclusions between): the first building it builds that the player's markers do not
show yet is the next deduction, told by the steps that touch its markers (each with its
rule). The cards it rests on are the fewest of those played so far that, with the
buildings standing (the givens and the player's markers), leave it one space: each card
left out in turn, from the last played, while CP-SAT proves the building still forced
(`towns.forced`). tests/puzzle_twin.py checks both by enumeration: the cards named force
it, and none of them can be left out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from adjudicator.deduction.puzzle.model import Clue, Puzzle
from adjudicator.deduction.puzzle.steps import Solution, Step
from adjudicator.deduction.puzzle.towns import forced

__all__ = ["Because", "Deduction", "next_deduction"]

#: What one step does to the building's markers, and the rule it rests on: its markers put
#: down by a card (P1), some ruled out by a card (P6, the card's tier), some taken by a
#: building the card's play builds there (P6, the cascade), some ruled out by a STOP
#: conclusion (L1), and its last marker, where it stands (L2).
Kind = Literal["placed", "ruled_out", "taken", "stop", "last"]
_CODE: dict[Kind, str] = {
    "placed": "P1",
    "ruled_out": "P6",
    "taken": "P6",
    "stop": "L1",
    "last": "L2",
}


@dataclass(frozen=True, slots=True)
class Because:
    """One step of the reasoning, as it touches the building."""

    kind: Kind
    clue: Clue | None  # the card played; None for a STOP conclusion or the last marker
    count: int  # markers put down or ruled out (the last marker: 1)
    by: str | None = None  # "taken": the building the play builds there

    @property
    def code(self) -> str:
        return _CODE[self.kind]


@dataclass(frozen=True, slots=True)
class Deduction:
    building: str
    because: tuple[Because, ...]  # the building's own steps, in the order played
    cards: tuple[Clue, ...]  # every card it rests on, in the order played
    space: str  # the answer: said only when the player asks where


def _because(step: Step, building: str) -> list[Because]:
    found: list[Because] = []
    placed = sum(1 for b, _s in step.placed if b == building)
    if placed:
        found.append(Because("placed", step.clue, placed))
    counts: dict[tuple[Kind, str | None], int] = {}
    for (b, s), tier in zip(step.removed, step.tiers, strict=True):
        if b != building:
            continue
        if tier == "card":
            key: tuple[Kind, str | None] = ("ruled_out", None)
        elif tier == "cascade":  # a building the play builds on that space
            key = ("taken", next((x for x, at in step.built if at == s), None))
        else:
            key = ("stop", None)
        counts[key] = counts.get(key, 0) + 1
    for (kind, by), n in counts.items():
        found.append(Because(kind, step.clue if kind != "stop" else None, n, by))
    if any(b == building for b, _s in step.built):
        found.append(Because("last", None, 1))
    return found


def _fewest(
    puzzle: Puzzle, played: list[Clue], known: dict[str, str], target: str, at: str
) -> tuple[Clue, ...]:
    """The cards of `played` that force `target` on `at` with `known` standing, none of
    which can be left out (the last played left out first)."""

    def forces(clues: list[Clue]) -> bool:
        sub = Puzzle(puzzle.edition, tuple(clues), known, listed=puzzle.buildings())
        return forced(sub, target, at)

    kept = list(played)
    if not forces(kept):
        return tuple(played)  # the rules' steps rest on more than the cards: name them all
    for clue in reversed(played):
        trial = [c for c in kept if c != clue]
        if forces(trial):
            kept = trial
    return tuple(kept)


def next_deduction(
    puzzle: Puzzle, solution: Solution, marks: Mapping[str, str]
) -> Deduction | None:
    """The next building the solution places that `marks` (building -> space, each where
    the town has it) do not show, with what it rests on; None when the solution places
    nothing more."""
    target: tuple[int, str, str] | None = None
    for i, step in enumerate(solution.steps):
        todo = [(b, s) for b, s in step.built if marks.get(b) != s and b not in puzzle.givens]
        if todo:
            target = (i, *todo[0])
            break
    if target is None:
        return None
    last, building, space = target
    steps = solution.steps[: last + 1]
    because = tuple(x for step in steps for x in _because(step, building))
    played = [s.clue for s in steps if s.clue is not None]
    known = {**puzzle.givens, **{b: s for b, s in marks.items() if b != building}}
    return Deduction(building, because, _fewest(puzzle, played, known, building, space), space)
