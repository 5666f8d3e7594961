"""Which procedure answers a placement problem.

CP-SAT (`solver.py`) decides every problem; the matching path (`matching.py`) is
the proven-equal fast path for problems without a card in force; the brute-force
twin (`twin.py`) is the oracle, selectable for tests and the benchmark.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from adjudicator import matching, solver, twin
from adjudicator.placement import Analysis, Constraint, Problem

__all__ = ["Method", "analyse", "exists_largest_violating"]

Method = Literal["auto", "cpsat", "matching", "twin"]


def analyse(problem: Problem, method: Method = "auto") -> Analysis:
    if method == "twin":
        return twin.analyse(problem)
    if method == "cpsat" or (method == "auto" and problem.constraint is not None):
        return solver.analyse(problem)
    return matching.analyse(problem)


def exists_largest_violating(
    domains: Mapping[str, frozenset[str]], card: Constraint, method: Method = "auto"
) -> bool:
    if method == "twin":
        return twin.exists_largest_violating(domains, card)
    return solver.exists_largest_violating(domains, card)
