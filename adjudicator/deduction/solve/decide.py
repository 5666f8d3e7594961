"""Which procedure answers a placement problem: every analysis of a board (K3: its
largest placements, its deficiency) and of a board with a card in force.

Every ruling goes to exact matching: `matching.py` for the board alone and for cards
that name one building without a relation, `pair_matching.py` (a matching around each
allowed pair of spaces) for condition cards, on the part of the board the card reaches.
CP-SAT (`solver.py`) answers every question when asked (`method="cpsat"`) and any card
the matching paths do not take. Property tests prove them all equal to the brute-force
twin (`twin.py`), the oracle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from adjudicator.deduction.solve import matching, pair_matching
from adjudicator.deduction.solve.placement import Analysis, Problem, combine, split

__all__ = ["Decider", "Method", "analyse"]

Method = Literal["auto", "cpsat", "matching", "twin"]


@dataclass(frozen=True, slots=True)
class Decider:
    """The procedure a ruling's every decision goes to (P3, the tiers of P6, L1, L2), so
    that `method="twin"` or `"cpsat"` reaches all of them. Sentences (L3) may still use the
    matching's Hall sets: they explain a decision, they do not make it."""

    method: Method = "auto"
    #: The caller's remembered filterings of boards (a hint's: `matching.Analyses`), if any.
    memo: matching.Analyses | None = field(default=None, compare=False)

    def analyse(self, problem: Problem) -> Analysis:
        return analyse(problem, self.method, self.memo)

    def filtered(self, m: matching.Matching) -> Analysis:
        """Régin's filtering of a matching's board (for the sentences of L3 and the tiers
        of P6 the matching explains), remembered when the caller remembers."""
        return matching.filtered(m, self.memo)

    def board(self, domains: Mapping[str, frozenset[str]]) -> Analysis:
        """The board alone, no card in force. A hint or a game asks this of the same board
        many times (once per candidate), so the answers are remembered: keyed by the
        board in its own order, so that an answer is a function of the board asked about
        and never of which equal board was asked first (a frozenset's order is not)."""
        return _board(self.method, tuple(domains.items()))


@lru_cache(maxsize=512)
def _board(method: Method, domains: tuple[tuple[str, frozenset[str]], ...]) -> Analysis:
    return analyse(Problem(dict(domains)), method)


def analyse(
    problem: Problem, method: Method = "auto", memo: matching.Analyses | None = None
) -> Analysis:
    # The twin and CP-SAT's adapter are imported when asked for: a ruling by matching
    # (every one but a relation `pair_matching` cannot take) starts without them.
    if method == "twin":
        from adjudicator.deduction.solve import twin

        return twin.analyse(problem)
    if method == "cpsat":
        from adjudicator.deduction.solve import solver

        return solver.analyse(problem)
    if matching.single_building(problem):
        return matching.analyse(problem, memo)
    # A relation is decided on the part of the board the card reaches; the rest is a board.
    core, rest = split(problem)
    if pair_matching.handles(core):
        inner = pair_matching.analyse(core, memo)
    else:
        from adjudicator.deduction.solve import solver

        inner = solver.analyse(core)
    return combine(inner, matching.analyse(Problem(rest), memo))
