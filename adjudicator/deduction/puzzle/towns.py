"""The towns a puzzle allows, counted by CP-SAT up to a limit (two: is it unique?).

A town puts every building of the puzzle on its own free space. The cards are compiled
once, by the engine's `compile_card` on the start board, so a card means here exactly
what it means when played; the model is built through the project's one CP-SAT adapter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core import cpsat
from adjudicator.deduction.puzzle.model import Puzzle, Town, start_state
from adjudicator.deduction.rules.knowledge import compile_card

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar

__all__ = ["count_towns", "forced", "is_unique", "town_of"]


def _clue_constraints(puzzle: Puzzle, model: CpModel, x: dict[tuple[str, str], IntVar]) -> bool:
    """Add every card's constraint; False when a card already fails on the givens."""
    state = start_state(puzzle)
    givens = puzzle.givens
    for clue in puzzle.clues:
        cc = compile_card(state, puzzle.edition.cards[clue.card], clue.my)
        for b, allowed in cc.allowed.items():
            if b in givens:
                if givens[b] not in allowed:
                    return False
                continue
            for (bb, s), var in x.items():
                if bb == b and s not in allowed:
                    model.add(var == 0)
        if cc.relation is None:
            continue
        a, m, pairs = cc.relation
        if a in givens and m in givens:
            if (givens[a], givens[m]) not in pairs:
                return False
        elif a in givens:
            model.add_exactly_one(
                v for (b, s), v in x.items() if b == m and (givens[a], s) in pairs
            )
        elif m in givens:
            model.add_exactly_one(
                v for (b, s), v in x.items() if b == a and (s, givens[m]) in pairs
            )
        else:
            # the subject on sa needs my building on a space related to sa
            for (b, sa), va in x.items():
                if b == a:
                    partners = [v for (c, sm), v in x.items() if c == m and (sa, sm) in pairs]
                    model.add(sum(partners) >= va)
    return True


def _model(puzzle: Puzzle) -> tuple[CpModel, dict[tuple[str, str], IntVar]] | None:
    """The towns of a puzzle as a model: each building still to place on one free space,
    no two on one, every card in force; None when no town can fit (too few spaces, or a
    card already fails on the givens)."""
    board = puzzle.board
    taken = set(puzzle.givens.values())
    free = [s for s in board.building_spaces if s not in taken]
    buildings = puzzle.to_place()
    if len(buildings) > len(free):
        return None
    model = cpsat.new_model()
    x = {(b, s): model.new_bool_var(f"{b}@{s}") for b in buildings for s in free}
    for b in buildings:
        model.add_exactly_one(x[b, s] for s in free)
    for s in free:
        model.add_at_most_one(x[b, s] for b in buildings)
    if not _clue_constraints(puzzle, model, x):
        return None
    return model, x


def count_towns(puzzle: Puzzle, limit: int = 2) -> list[dict[str, str]]:
    """Up to `limit` different towns that fit the givens and every card (proven: each solve
    must be decided, or a `SolveError` says the solver was stopped)."""
    made = _model(puzzle)
    if made is None:
        return []
    model, x = made
    towns: list[dict[str, str]] = []
    while len(towns) < limit:
        result = cpsat.solve(model)
        if not result.decided("counting the towns of a puzzle"):
            break
        town = {b: s for (b, s), v in x.items() if result.boolean_value(v)}
        towns.append({**puzzle.givens, **town})
        # the next town differs from this one in at least one building
        model.add(sum(x[b, s] for b, s in town.items()) <= len(town) - 1)
        if not town:
            break
    return towns


def forced(puzzle: Puzzle, building: str, space: str) -> bool:
    """Whether every town of the puzzle (its cards with its givens) has `building` on
    `space`: no town puts it anywhere else (proven, as `count_towns`)."""
    made = _model(puzzle)
    if made is None:
        return False  # no town at all: nothing is forced by a puzzle that has none
    model, x = made
    if (building, space) not in x:
        return puzzle.givens.get(building) == space
    model.add(x[building, space] == 0)
    return not cpsat.solve(model).decided("placing a building of a puzzle")


def is_unique(puzzle: Puzzle) -> bool:
    return len(count_towns(puzzle, 2)) == 1


def town_of(puzzle: Puzzle) -> Town | None:
    towns = count_towns(puzzle, 2)
    return towns[0] if len(towns) == 1 else None
