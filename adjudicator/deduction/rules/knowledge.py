"""Compiling what is known: the board's knowledge (K1, K2) and a played card (P) to
`Problem`s. K1: the board is all there is to know; a played card is forgotten, so nothing
here reads anything but the markers and buildings on the board and the card in hand.

This is the one place where cards become constraints. Nothing here solves.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.deduction.models.cards import Card
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.solve.placement import Constraint, Problem

__all__ = ["CompiledCard", "board_domains", "compile_card"]


def board_domains(state: GameState) -> dict[str, frozenset[str]]:
    """K2: every marked building stands on one of its marked spaces (placed spaces are
    already excluded: a state never has a marker on a placed building's space)."""
    return dict(state.markers)


@dataclass(frozen=True, slots=True)
class CompiledCard:
    """A card with its chosen my building, ready for the solver.

    `allowed`: each named building's spaces by the card (my building: the card's
    map, or `my_spaces`, or every space). `new`: named buildings that are open and
    would get markers (P1). `problem`: the board with the card in force.
    """

    card: Card
    my: str | None
    allowed: dict[str, frozenset[str]]
    relation: tuple[str, str, frozenset[tuple[str, str]]] | None
    new: frozenset[str]
    problem: Problem

    @property
    def constraint(self) -> Constraint:
        assert self.problem.constraint is not None
        return self.problem.constraint

    @property
    def named(self) -> tuple[str, ...]:
        return tuple(self.allowed)


def compile_card(state: GameState, card: Card, my: str | None) -> CompiledCard:
    """Compile a card (with the chosen my building, for district and condition cards)."""
    board = state.board
    allowed: dict[str, frozenset[str]] = {}
    relation = None
    if card.kind == "building":
        allowed[card.subject] = card.spaces
    elif card.kind == "district":
        assert my is not None
        allowed[my] = card.spaces
    else:
        assert my is not None
        allowed[card.subject] = card.spaces
        allowed[my] = card.my_spaces or frozenset(board.building_spaces)
        assert card.relation is not None
        relation = (card.subject, my, board.relation_pairs(card.relation))

    domains = board_domains(state)
    free = state.free_spaces
    new = set()
    for b, spaces in allowed.items():
        if b in state.placed:
            domains[b] = frozenset({state.placed[b]})
        elif b in state.retired:
            domains[b] = frozenset()  # K4: it can never be placed again
        elif b not in state.markers:
            domains[b] = spaces & free
            new.add(b)
    constraint = Constraint(allowed, relation)
    return CompiledCard(
        card=card,
        my=my,
        allowed=allowed,
        relation=relation,
        new=frozenset(new),
        problem=Problem(domains, constraint),
    )
