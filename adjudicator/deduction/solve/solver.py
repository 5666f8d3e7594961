"""The deduction games on CP-SAT (solved through `adjudicator.core.cpsat`).

It compiles a `Problem` (domains, and a card's constraint in force) to a CP-SAT
model of booleans `x[b, s]` ("b stands on s"), at most one building a space and
one space a building, and answers with the project's own `Analysis`.

Supports are found by witnesses: after the largest size K is known, each
solve asks for a largest placement using as many not-yet-witnessed literals
as possible; every literal true in some solution is supported. When a solve
finds none, the rest are unsupported (the objective bound proves it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from adjudicator.core import cpsat
from adjudicator.deduction.solve.placement import Analysis, Constraint, Problem

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["analyse"]


class _Model:
    """One CP-SAT model of a placement problem, and the solves run on it."""

    def __init__(self, domains: Mapping[str, frozenset[str]]) -> None:
        self.model = cpsat.new_model()
        self.x: dict[tuple[str, str], cp_model.IntVar] = {}
        self.placed: dict[str, cp_model.IntVar] = {}
        by_space: dict[str, list[cp_model.IntVar]] = {}
        for b in sorted(domains):
            lits = []
            for s in sorted(domains[b]):
                v = self.model.new_bool_var(f"x[{b},{s}]")
                self.x[b, s] = v
                lits.append(v)
                by_space.setdefault(s, []).append(v)
            p = self.model.new_bool_var(f"placed[{b}]")
            self.model.add(sum(lits) == p)
            self.placed[b] = p
        for lits in by_space.values():
            if len(lits) > 1:
                self.model.add_at_most_one(lits)

    def solve(self, objective: cpsat.Objective | None = None) -> cpsat.SolveResult:
        # Tiny models: thread start-up, presolve, symmetry detection and linear relaxations
        # cost more than the search itself, so one plain worker is fastest (measured with
        # `python -m benchmarks`).
        return cpsat.solve(
            self.model, objective=objective, workers=1, presolve=False, lp=False, symmetry=False
        )

    def force(self, constraint: Constraint) -> None:
        """Put a card in force: named buildings placed, on allowed spaces, relation kept."""
        for b, spaces in constraint.allowed.items():
            self.model.add(self.placed[b] == 1)
            for (bb, s), v in self.x.items():
                if bb == b and s not in spaces:
                    self.model.add(v == 0)
        if constraint.relation is not None:
            a, m, pairs = constraint.relation
            partners: dict[str, list[cp_model.IntVar]] = {}
            for sa, sm in pairs:
                if (m, sm) in self.x:
                    partners.setdefault(sa, []).append(self.x[m, sm])
            for (bb, sa), v in self.x.items():
                if bb == a:
                    self.model.add_bool_or([*partners.get(sa, []), ~v])

    def size(self) -> tuple[int, cpsat.SolveResult] | None:
        """The largest number of buildings placed and a placement of that many, or None
        when infeasible."""
        what = "the largest placement"
        result = self.solve(cpsat.maximize(sum(self.placed.values()))).require_proof(what)
        if result.outcome is cpsat.Outcome.INFEASIBLE:
            return None
        return result.optimum(what), result

    def fix_size(self, k: int) -> None:
        self.model.clear_objective()  # type: ignore[no-untyped-call]  # ortools leaves it untyped
        self.model.add(sum(self.placed.values()) == k)


def analyse(problem: Problem) -> Analysis:
    m = _Model(problem.domains)
    if problem.constraint is not None:
        m.force(problem.constraint)
    sized = m.size()
    if sized is None:
        return Analysis(False, 0, {b: frozenset() for b in problem.domains})
    k, largest = sized
    first = {lit for lit in m.x.values() if largest.boolean_value(lit)}
    m.fix_size(k)
    forced = problem.forced
    # Literals to witness: "b on s" for each domain value, "b left out" for each building.
    targets: dict[cp_model.BoolVarT, tuple[str, str | None]] = {}
    for (b, s), v in m.x.items():
        targets[v] = (b, s)
    for b, p in m.placed.items():
        if b not in forced:
            targets[~p] = (b, None)
    seen: set[tuple[str, str | None]] = set()
    pending = dict(targets)
    # The sizing solve's answer is already a largest placement: witness it.
    for lit, what in list(pending.items()):
        if lit in first or (
            what[1] is None
            and not any(largest.boolean_value(m.x[what[0], s]) for (b, s) in m.x if b == what[0])
        ):
            seen.add(what)
            del pending[lit]
    while pending:
        witness = m.solve(cpsat.maximize(sum(pending)))
        if witness.objective is None or witness.objective < 0.5:
            # None of the rest in any largest placement: only a proof says so.
            witness.require_proof("which spaces a largest placement can use")
            break
        # Any solution witnesses what it uses, proven best or not.
        for lit, what in list(pending.items()):
            if witness.boolean_value(lit):
                seen.add(what)
                del pending[lit]
    support = {
        b: frozenset(s for (bb, s) in seen if bb == b and s is not None) for b in problem.domains
    }
    optional = frozenset(b for (b, s) in seen if s is None)
    return Analysis(True, k, support, optional)
