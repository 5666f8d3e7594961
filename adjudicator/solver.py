"""The CP-SAT adapter: the only module that knows OR-Tools.

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

from ortools.sat.python import cp_model

from adjudicator.placement import Analysis, Constraint, Problem

__all__ = ["analyse", "exists_largest_violating"]


class _Model:
    """One CP-SAT model of a placement problem, and the solver run on it."""

    def __init__(self, domains: Mapping[str, frozenset[str]]) -> None:
        self.model = cp_model.CpModel()
        self.x: dict[tuple[str, str], cp_model.IntVar] = {}
        self.placed: dict[str, cp_model.IntVar] = {}
        by_space: dict[str, list[cp_model.IntVar]] = {}
        for b in sorted(domains):
            lits = []
            for s in sorted(domains[b]):
                v = self.model.NewBoolVar(f"x[{b},{s}]")
                self.x[b, s] = v
                lits.append(v)
                by_space.setdefault(s, []).append(v)
            p = self.model.NewBoolVar(f"placed[{b}]")
            self.model.Add(sum(lits) == p)
            self.placed[b] = p
        for lits in by_space.values():
            if len(lits) > 1:
                self.model.AddAtMostOne(lits)
        self.solver = cp_model.CpSolver()
        # Tiny models: one worker avoids thread start-up, which would dominate.
        self.solver.parameters.num_workers = 1

    def force(self, constraint: Constraint) -> None:
        """Put a card in force: named buildings placed, on allowed spaces, relation kept."""
        for b, spaces in constraint.allowed.items():
            self.model.Add(self.placed[b] == 1)
            for (bb, s), v in self.x.items():
                if bb == b and s not in spaces:
                    self.model.Add(v == 0)
        if constraint.relation is not None:
            a, m, pairs = constraint.relation
            partners: dict[str, list[cp_model.IntVar]] = {}
            for sa, sm in pairs:
                if (m, sm) in self.x:
                    partners.setdefault(sa, []).append(self.x[m, sm])
            for (bb, sa), v in self.x.items():
                if bb == a:
                    self.model.AddBoolOr([*partners.get(sa, []), v.Not()])

    def violate(self, constraint: Constraint) -> None:
        """Require the card to be false: some named building off its spaces, or the relation
        broken."""
        bad: list[cp_model.IntVar] = []
        for b, spaces in constraint.allowed.items():
            off = self.model.NewBoolVar(f"off[{b}]")
            on = [v for (bb, s), v in self.x.items() if bb == b and s in spaces]
            self.model.Add(sum(on) == 0).OnlyEnforceIf(off)
            bad.append(off)
        if constraint.relation is not None:
            a, m, pairs = constraint.relation
            for (bb, sa), va in self.x.items():
                if bb != a:
                    continue
                for (mm, sm), vm in self.x.items():
                    if mm == m and (sa, sm) not in pairs:
                        both = self.model.NewBoolVar(f"broken[{sa},{sm}]")
                        self.model.AddImplication(both, va)
                        self.model.AddImplication(both, vm)
                        bad.append(both)
        self.model.AddBoolOr(bad or [self.model.NewConstant(0)])

    def size(self) -> int | None:
        """The largest number of buildings placed, or None when infeasible."""
        self.model.Maximize(sum(self.placed.values()))
        status = self.solver.Solve(self.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return round(self.solver.ObjectiveValue())

    def fix_size(self, k: int) -> None:
        self.model.ClearObjective()
        self.model.Add(sum(self.placed.values()) == k)

    def feasible(self) -> bool:
        return self.solver.Solve(self.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def analyse(problem: Problem) -> Analysis:
    m = _Model(problem.domains)
    if problem.constraint is not None:
        m.force(problem.constraint)
    k = m.size()
    if k is None:
        return Analysis(False, 0, {b: frozenset() for b in problem.domains})
    m.fix_size(k)
    forced = problem.forced
    # Literals to witness: "b on s" for each domain value, "b left out" for each building.
    targets: dict[cp_model.IntVar, tuple[str, str | None]] = {}
    for (b, s), v in m.x.items():
        targets[v] = (b, s)
    for b, p in m.placed.items():
        if b not in forced:
            targets[p.Not()] = (b, None)
    seen: set[tuple[str, str | None]] = set()
    pending = dict(targets)
    while pending:
        m.model.Maximize(sum(pending))
        status = m.solver.Solve(m.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE) or m.solver.ObjectiveValue() < 0.5:
            break
        for lit, what in list(pending.items()):
            if m.solver.BooleanValue(lit):
                seen.add(what)
                del pending[lit]
    support = {
        b: frozenset(s for (bb, s) in seen if bb == b and s is not None) for b in problem.domains
    }
    optional = frozenset(b for (b, s) in seen if s is None)
    return Analysis(True, k, support, optional)


def exists_largest_violating(domains: Mapping[str, frozenset[str]], card: Constraint) -> bool:
    """Is there a largest placement of the board (no card in force) that the card rules out?"""
    sizer = _Model(domains)
    k = sizer.size()
    m = _Model(domains)
    m.fix_size(k or 0)
    m.violate(card)
    return m.feasible()
