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

from adjudicator.deduction.solve.matching import match
from adjudicator.deduction.solve.placement import Analysis, Constraint, Problem

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
        self.solver = cp_model.CpSolver()
        # Tiny models: thread start-up, presolve and linear relaxations cost more than the
        # search itself, so one plain worker is fastest (measured with `adjudicator bench`).
        params = self.solver.parameters
        params.num_workers = 1
        params.cp_model_presolve = False
        params.symmetry_level = 0
        params.linearization_level = 0

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

    def violate(self, constraint: Constraint) -> None:
        """Require the card to be false: some named building off its spaces, or the relation
        broken."""
        bad: list[cp_model.IntVar] = []
        for b, spaces in constraint.allowed.items():
            off = self.model.new_bool_var(f"off[{b}]")
            on = [v for (bb, s), v in self.x.items() if bb == b and s in spaces]
            self.model.add(sum(on) == 0).only_enforce_if(off)
            bad.append(off)
        if constraint.relation is not None:
            a, m, pairs = constraint.relation
            for (bb, sa), va in self.x.items():
                if bb != a:
                    continue
                for (mm, sm), vm in self.x.items():
                    if mm == m and (sa, sm) not in pairs:
                        both = self.model.new_bool_var(f"broken[{sa},{sm}]")
                        self.model.add_implication(both, va)
                        self.model.add_implication(both, vm)
                        bad.append(both)
        self.model.add_bool_or(bad or [self.model.new_constant(0)])

    def size(self) -> int | None:
        """The largest number of buildings placed, or None when infeasible."""
        self.model.maximize(sum(self.placed.values()))
        status = self.solver.solve(self.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return round(self.solver.objective_value)

    def fix_size(self, k: int) -> None:
        self.model.clear_objective()
        self.model.add(sum(self.placed.values()) == k)

    def feasible(self) -> bool:
        return self.solver.solve(self.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def analyse(problem: Problem) -> Analysis:
    m = _Model(problem.domains)
    if problem.constraint is not None:
        m.force(problem.constraint)
    k = m.size()
    if k is None:
        return Analysis(False, 0, {b: frozenset() for b in problem.domains})
    first = {lit for lit in m.x.values() if m.solver.boolean_value(lit)}
    m.fix_size(k)
    forced = problem.forced
    # Literals to witness: "b on s" for each domain value, "b left out" for each building.
    targets: dict[cp_model.IntVar, tuple[str, str | None]] = {}
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
            and not any(m.solver.boolean_value(m.x[what[0], s]) for (b, s) in m.x if b == what[0])
        ):
            seen.add(what)
            del pending[lit]
    while pending:
        m.model.maximize(sum(pending))
        status = m.solver.solve(m.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE) or m.solver.objective_value < 0.5:
            break
        for lit, what in list(pending.items()):
            if m.solver.boolean_value(lit):
                seen.add(what)
                del pending[lit]
    support = {
        b: frozenset(s for (bb, s) in seen if bb == b and s is not None) for b in problem.domains
    }
    optional = frozenset(b for (b, s) in seen if s is None)
    return Analysis(True, k, support, optional)


def exists_largest_violating(domains: Mapping[str, frozenset[str]], card: Constraint) -> bool:
    """Is there a largest placement of the board (no card in force) that the card rules out?"""
    k = match(domains).size  # the fast exact path sizes a board without a card
    m = _Model(domains)
    m.fix_size(k)
    m.violate(card)
    return m.feasible()
