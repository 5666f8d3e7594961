"""STOP claims (L1-L4): what logic removes from the board as it stands, and why."""

from __future__ import annotations

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.explain import (
    conflict_removal_sentence,
    conflict_sentence,
    hall_sentence,
)
from adjudicator.deduction.rules.knowledge import board_domains
from adjudicator.deduction.rules.ruling import Built, Conflict, Removable, StopReport
from adjudicator.deduction.solve import decide
from adjudicator.deduction.solve.matching import Matching, match
from adjudicator.deduction.solve.placement import Analysis, Problem

__all__ = ["explain_removal", "stop_report"]


def explain_removal(
    board: Board, m: Matching, analysis: Analysis, building: str, space: str
) -> tuple[str, frozenset[str], frozenset[str]]:
    """Why a marker goes (L3): the smallest Hall set behind it, or, when the buildings that
    fill the space cannot all stand, their whole group (K4)."""
    hb, hs = m.hall_set(space)
    if hb & analysis.optional:
        for gb, gs in m.conflicts():
            if gb & hb:
                sentence = conflict_removal_sentence(board, gb, gs, building, space)
                return f"L1: {sentence}", gb, gs
    return f"L1: {hall_sentence(board, hb, hs, building, space)}", hb, hs


def stop_report(state: GameState, method: decide.Method = "auto") -> StopReport:
    """Every STOP claim on the board now: removable markers (L1) with their smallest Hall
    set (L3), determined buildings (L2) and groups that cannot all stand (K4)."""
    board = state.board
    domains = board_domains(state)
    m = match(domains)
    analysis = decide.analyse(Problem(domains), method)
    removable = []
    for b in sorted(domains, key=board.building_name):
        for s in board.sort_spaces(domains[b] - analysis.support[b]):
            why, hb, hs = explain_removal(board, m, analysis, b, s)
            removable.append(Removable(b, s, why, hb, hs))
    determined = []
    for b, s in sorted(analysis.determined().items(), key=lambda i: board.building_name(i[0])):
        others = len(domains[b]) - 1
        why = (
            f"L2: only {board.space_name(s)} is left for the {board.building_name(b)}"
            + (
                f" once its {others} other marker{'s go' if others > 1 else ' goes'}"
                if others
                else ""
            )
            + "; it is built there."
        )
        determined.append(Built(b, s, why))
    conflicts = tuple(
        Conflict(
            tuple(sorted(bs, key=board.building_name)),
            tuple(board.sort_spaces(ss)),
            conflict_sentence(board, bs, ss),
        )
        for bs, ss in m.conflicts()
    )
    return StopReport(tuple(removable), tuple(determined), conflicts)
