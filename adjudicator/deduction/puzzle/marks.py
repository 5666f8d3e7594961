"""A solo puzzle as the page judges a player's markers against it: the puzzle solved once
(its steps, its rating, its one town), and each card the markers contradict (P3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from adjudicator.deduction.puzzle.model import Puzzle, Town, start_state
from adjudicator.deduction.puzzle.puzzle_file import load_puzzle
from adjudicator.deduction.puzzle.rate import Rating, rate
from adjudicator.deduction.puzzle.steps import Solution, solve_steps
from adjudicator.deduction.rules.contradiction import card_broken
from adjudicator.deduction.rules.knowledge import compile_card

__all__ = ["Contradiction", "Solved", "contradictions", "solved"]


@dataclass(frozen=True, slots=True)
class Solved:
    puzzle: Puzzle
    solution: Solution
    rating: Rating
    town: Town | None  # the one town that fits; None when none or several do


def solved(path: Path) -> Solved:
    """A puzzle file read and solved: the rules' steps, their rating, and its town."""
    puzzle = load_puzzle(path)
    solution = solve_steps(puzzle)
    town: Town | None = solution.town if solution.solved else None
    if town is None:  # a hand-made puzzle the rules cannot finish may still be unique
        from adjudicator.deduction.puzzle.towns import town_of

        town = town_of(puzzle)
    return Solved(puzzle, solution, rate(puzzle, solution), town)


@dataclass(frozen=True, slots=True)
class Contradiction:
    card: int
    my: str | None  # the card's my building, where it names one
    why: str  # what the markers break, in words


def contradictions(puzzle: Puzzle, marks: Mapping[str, str]) -> tuple[Contradiction, ...]:
    """Each card the markers (with the givens) contradict (P3: no placement of the card's
    buildings on the board as the markers leave it satisfies the card), with why. The card
    means what the engine compiles it to (`compile_card`), as when it is played."""
    board = puzzle.board
    known = {**puzzle.givens, **marks}
    free = [s for s in board.building_spaces if s not in set(known.values())]
    state = start_state(puzzle)
    found: list[Contradiction] = []
    for clue in puzzle.clues:
        card = puzzle.edition.cards[clue.card]
        cc = compile_card(state, card, clue.my)
        why = card_broken(board, cc.allowed, cc.relation, card.relation, known, free)
        if why is not None:
            found.append(Contradiction(clue.card, clue.my, why))
    return tuple(found)
