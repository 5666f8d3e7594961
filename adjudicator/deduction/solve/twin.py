"""The brute-force twin: enumerate every placement. Small, slow and obviously right.

It is the oracle the property tests hold the solver and the matching path to.
Use it only on small problems (a handful of buildings).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from adjudicator.deduction.solve.placement import Analysis, Problem

__all__ = ["analyse", "placements"]


def placements(domains: Mapping[str, frozenset[str]]) -> Iterator[dict[str, str]]:
    """Every placement: each building on a space of its domain or left out, no space twice."""
    buildings = sorted(domains)

    def extend(i: int, used: frozenset[str], partial: dict[str, str]) -> Iterator[dict[str, str]]:
        if i == len(buildings):
            yield dict(partial)
            return
        b = buildings[i]
        yield from extend(i + 1, used, partial)
        for s in sorted(domains[b] - used):
            partial[b] = s
            yield from extend(i + 1, used | {s}, partial)
            del partial[b]

    yield from extend(0, frozenset(), {})


def _admissible(problem: Problem) -> list[dict[str, str]]:
    c = problem.constraint
    return [p for p in placements(problem.domains) if c is None or c.holds(p)]


def analyse(problem: Problem) -> Analysis:
    found = _admissible(problem)
    if not found:
        return Analysis(False, 0, {b: frozenset() for b in problem.domains})
    size = max(len(p) for p in found)
    largest = [p for p in found if len(p) == size]
    support = {b: frozenset(p[b] for p in largest if b in p) for b in problem.domains}
    optional = frozenset(b for b in problem.domains if any(b not in p for p in largest))
    return Analysis(True, size, support, optional)
