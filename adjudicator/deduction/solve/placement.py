"""Placement problems: the plain data every decision procedure works on.

A *placement* puts some buildings on spaces: each building on one space of its
domain, no two on one space (K2). A *largest* placement places as many
buildings as possible (K3). A `Constraint` is a played card compiled to
allowed spaces for its named buildings and, for condition cards, a relation
between two of them; when it is *in force* its named buildings must be placed.

Four procedures answer the same questions about a `Problem`, and tests show
they agree: `twin.py` (brute force, the oracle), `solver.py` (CP-SAT),
`matching.py` (bipartite matching, for problems without a constraint or with a
card naming one building) and `pair_matching.py` (a matching around each pair of
spaces a card's relation allows).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["Analysis", "Constraint", "Problem", "combine", "split"]


@dataclass(frozen=True, slots=True)
class Constraint:
    """A card's claim: each named building stands on one of its allowed spaces, and
    `relation` (building, my building, allowed pairs of spaces) holds between them."""

    allowed: Mapping[str, frozenset[str]]
    relation: tuple[str, str, frozenset[tuple[str, str]]] | None = None

    def holds(self, placement: Mapping[str, str]) -> bool:
        for b, spaces in self.allowed.items():
            if placement.get(b) not in spaces:
                return False
        if self.relation is not None:
            a, m, pairs = self.relation
            if (placement.get(a), placement.get(m)) not in pairs:
                return False
        return True


@dataclass(frozen=True, slots=True)
class Problem:
    """Domains of the buildings to place and, optionally, a constraint in force."""

    domains: Mapping[str, frozenset[str]]
    constraint: Constraint | None = None

    @property
    def forced(self) -> frozenset[str]:
        """Buildings every admissible placement must place (the card's named buildings)."""
        return frozenset(self.constraint.allowed) if self.constraint else frozenset()

    def without_constraint(self) -> Problem:
        return Problem(self.domains)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What every procedure reports about a problem.

    `feasible`: the forced buildings can be placed at all (with the constraint).
    `size`: buildings placed by a largest admissible placement.
    `support[b]`: the spaces some largest placement puts b on (L1: the rest go).
    `optional`: buildings that some largest placement leaves out (K4 groups).
    """

    feasible: bool
    size: int
    support: Mapping[str, frozenset[str]] = field(default_factory=dict)
    optional: frozenset[str] = frozenset()

    @property
    def deficiency(self) -> int:
        return len(self.support) - self.size if self.feasible else len(self.support)

    def determined(self) -> dict[str, str]:
        """Buildings every largest placement puts on the same space (L2)."""
        return {
            b: next(iter(spaces))
            for b, spaces in self.support.items()
            if len(spaces) == 1 and b not in self.optional
        }

    def removable(self, domains: Mapping[str, frozenset[str]]) -> dict[str, frozenset[str]]:
        """Domain values no largest placement uses (L1), per building."""
        out = {}
        for b, spaces in domains.items():
            gone = spaces - self.support.get(b, frozenset())
            if gone:
                out[b] = frozenset(gone)
        return out


def split(problem: Problem) -> tuple[Problem, dict[str, frozenset[str]]]:
    """The part of a problem the card touches, and the independent rest.

    Buildings are joined when they share a space, or by the card's relation. A
    largest placement is a largest placement of each connected part, so the
    parts without a named building are plain board questions.
    """
    named = set(problem.forced)
    if problem.constraint is not None and problem.constraint.relation is not None:
        named |= set(problem.constraint.relation[:2])
    by_space: dict[str, list[str]] = {}
    for b, spaces in problem.domains.items():
        for s in spaces:
            by_space.setdefault(s, []).append(b)
    core: set[str] = set()
    frontier = [b for b in named if b in problem.domains]
    while frontier:
        b = frontier.pop()
        if b in core:
            continue
        core.add(b)
        for s in problem.domains[b]:
            frontier.extend(c for c in by_space[s] if c not in core)
    inner = {b: problem.domains[b] for b in problem.domains if b in core}
    rest = {b: problem.domains[b] for b in problem.domains if b not in core}
    return Problem(inner, problem.constraint), rest


def combine(core: Analysis, rest: Analysis) -> Analysis:
    """The analysis of a problem from those of its independent parts (see `split`)."""
    if not core.feasible:
        return Analysis(False, 0, {**{b: frozenset() for b in rest.support}, **core.support})
    return Analysis(
        True,
        core.size + rest.size,
        {**rest.support, **core.support},
        core.optional | rest.optional,
    )
