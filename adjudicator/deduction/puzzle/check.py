"""Checking a hand-made puzzle: is it unique, solvable by the rules and minimal, and if
not, why (a second town that fits, the step where reasoning stalls, a card or given that
can go)."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.deduction.puzzle.model import Puzzle
from adjudicator.deduction.puzzle.steps import Solution, solve_steps
from adjudicator.deduction.puzzle.towns import count_towns, is_unique

__all__ = ["Check", "check"]


@dataclass(frozen=True, slots=True)
class Check:
    towns: int  # towns that fit, counted up to two
    second: dict[str, str] | None  # a second town that fits, when there is one
    solution: Solution
    removable: tuple[str, ...]  # cards ("card 12", ...) and givens the town stays unique without

    @property
    def unique(self) -> bool:
        return self.towns == 1

    @property
    def solvable(self) -> bool:
        return self.solution.solved

    @property
    def minimal(self) -> bool:
        return self.unique and not self.removable

    @property
    def ok(self) -> bool:
        return self.unique and self.solvable and self.minimal


def check(puzzle: Puzzle) -> Check:
    towns = count_towns(puzzle, 2)
    removable: list[str] = []
    if len(towns) == 1:
        for i, clue in enumerate(puzzle.clues):
            if is_unique(puzzle.without_clue(i)):
                removable.append(clue.label(puzzle.board))
        for b in puzzle.givens:
            if is_unique(puzzle.without_given(b)):
                removable.append(f"the given {puzzle.board.building_name(b)}")
    second = towns[1] if len(towns) > 1 else None
    return Check(len(towns), second, solve_steps(puzzle), tuple(removable))
