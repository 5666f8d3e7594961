"""The one CP-SAT adapter of the project: solving, its settings and what a status means.

Each game builds its own model (`new_model()` gives a `cp_model.CpModel` to add variables
and constraints to, the library's own way); this module runs the solver on it and answers
with a `SolveResult`: an `Outcome` of the project's own, the objective and its bound, and
the values of the solution, read through the result.

FEASIBLE is never OPTIMAL: a search stopped by a limit (time, first solution) may hold a
solution it has not proven best, or none at all. A caller that needs the best answer asks
the result for it (`require_proof`, `require_optimal`, `decided`), and gets a `SolveError`
(a project error) saying what was not proven, never a non-optimal answer as the best.

OR-Tools is imported on the first model or solve, not with this module: importing it
pulls in pandas and NumPy and costs about half a second, which a command that never
solves should not pay.
"""

from __future__ import annotations

import enum
import functools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from adjudicator.core.errors import AdjudicatorError

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import (
        CpModel,
        CpSolver,
        LinearExprT,
        LiteralT,
        ObjLinearExprT,
    )
    from ortools.sat.python.cp_model_helper import CpSolverStatus

__all__ = [
    "Objective",
    "Outcome",
    "SolveError",
    "SolveResult",
    "maximize",
    "minimize",
    "new_model",
    "solve",
]


class Outcome(enum.Enum):
    """What a solve ended with (CP-SAT's statuses, less MODEL_INVALID, which is a bug)."""

    OPTIMAL = "optimal"  # a solution, proven best (with no objective: any solution)
    FEASIBLE = "feasible"  # a solution, not proven best: a limit stopped the search
    INFEASIBLE = "infeasible"  # proven: there is no solution
    UNKNOWN = "unknown"  # a limit stopped the search before a solution or a proof

    @property
    def has_solution(self) -> bool:
        return self in (Outcome.OPTIMAL, Outcome.FEASIBLE)

    @property
    def proven(self) -> bool:
        """The answer is final: the best solution, or that there is none."""
        return self in (Outcome.OPTIMAL, Outcome.INFEASIBLE)


class SolveError(AdjudicatorError):
    """The solver did not give the answer a caller needs: no proven optimum (FEASIBLE or
    UNKNOWN, a limit stopped it), or no solution where one was required."""

    code = "solver"

    def __init__(self, what: str, outcome: Outcome, problem: str) -> None:
        self.what = what
        self.outcome = outcome
        super().__init__(f"{what}: {problem}")


@dataclass(frozen=True, slots=True)
class Objective:
    """An objective for one solve: `maximize(expr)` or `minimize(expr)`."""

    sense: Literal["maximize", "minimize"]
    expr: ObjLinearExprT


def maximize(expr: ObjLinearExprT) -> Objective:
    return Objective("maximize", expr)


def minimize(expr: ObjLinearExprT) -> Objective:
    return Objective("minimize", expr)


@functools.cache
def _model_class() -> type[CpModel]:
    from ortools.sat.python import cp_model

    class LeanCpModel(cp_model.CpModel):
        """A `CpModel` without the deprecated camelCase aliases (`NewBoolVar`, ...) that
        `CpModel.__init__` sets on every instance, some 60 bound wrappers found through
        `dir()`: that is almost all of a new model's cost, and this project never calls
        them. Should OR-Tools drop or rename the hook, this override is merely unused."""

        def _add_pre_pep8_methods(self) -> None:
            pass

    return LeanCpModel


@functools.cache
def _outcomes() -> dict[CpSolverStatus, Outcome]:
    from ortools.sat.python import cp_model

    return {
        cp_model.OPTIMAL: Outcome.OPTIMAL,
        cp_model.FEASIBLE: Outcome.FEASIBLE,
        cp_model.INFEASIBLE: Outcome.INFEASIBLE,
        cp_model.UNKNOWN: Outcome.UNKNOWN,
    }


def new_model() -> CpModel:
    """An empty CP-SAT model, built as cheaply as the installed OR-Tools allows."""
    return _model_class()()


@dataclass(frozen=True, slots=True)
class SolveResult:
    """One solve's answer. `objective` is the best value found (None without a solution or
    without an objective); `bound` the proven bound on it (None without an objective, or
    when infeasible). Values of the solution are read with `value` and `boolean_value`."""

    outcome: Outcome
    objective: float | None
    bound: float | None
    wall_time_s: float
    stopped_by: str | None  # the limit in force, for messages: "a time limit of 2 s", ...
    _solver: CpSolver = field(repr=False, compare=False)

    @property
    def has_solution(self) -> bool:
        return self.outcome.has_solution

    def value(self, expr: LinearExprT) -> int:
        """The value of an integer expression in the solution."""
        self._need_solution()
        return self._solver.value(expr)

    def boolean_value(self, literal: LiteralT) -> bool:
        """The value of a literal (a bool variable or its negation) in the solution."""
        self._need_solution()
        return self._solver.boolean_value(literal)

    def _need_solution(self) -> None:
        if not self.has_solution:
            raise ValueError(f"no solution to read: the solve ended {self.outcome.name}")

    def require_proof(self, what: str) -> SolveResult:
        """This result when its answer is final (OPTIMAL, or INFEASIBLE for the caller to
        handle); a `SolveError` naming `what` when a limit stopped the search first."""
        if self.outcome.proven:
            return self
        limit = self.stopped_by or "a limit"
        if self.outcome is Outcome.FEASIBLE:
            found = (
                f": the best found is {_number(self.objective)}, the bound {_number(self.bound)}"
                if self.objective is not None and self.bound is not None
                else ""
            )
            problem = f"the solver stopped at {limit} with a solution not proven best{found}"
        else:
            problem = f"the solver stopped at {limit} before finding a solution or proving none"
        raise SolveError(what, self.outcome, problem)

    def require_optimal(self, what: str) -> SolveResult:
        """This result when it is OPTIMAL; otherwise a `SolveError` naming `what`."""
        self.require_proof(what)
        if self.outcome is Outcome.INFEASIBLE:
            raise SolveError(what, self.outcome, "the model has no solution")
        return self

    def optimum(self, what: str) -> int:
        """The proven best objective value, an integer (objectives here have integer
        coefficients); a `SolveError` unless OPTIMAL."""
        self.require_optimal(what)
        if self.objective is None:
            raise ValueError(f"{what}: the model has no objective")
        return round(self.objective)

    def decided(self, what: str) -> bool:
        """Whether a solution exists (any solution will do: FEASIBLE counts); a
        `SolveError` when a limit stopped the search before it could tell."""
        if self.outcome is Outcome.UNKNOWN:
            self.require_proof(what)
        return self.has_solution


def _number(x: float | None) -> str:
    return "none" if x is None else (str(round(x)) if x == round(x) else f"{x:g}")


def solve(
    model: CpModel,
    *,
    objective: Objective | None = None,
    time_limit_s: float | None = None,
    workers: int = 1,
    presolve: bool = True,
    lp: bool = True,
    symmetry: bool = True,
    first_solution: bool = False,
) -> SolveResult:
    """Solve `model` with CP-SAT.

    objective: set on the model before solving (it replaces the model's objective and
        stays on it, as `CpModel.maximize` does); None solves the model as built.
    time_limit_s: stop after this many seconds (an answer not proven then is FEASIBLE or
        UNKNOWN); None: no limit.
    workers: search threads. One is the project's default: its models are small, and one
        worker is deterministic (the same model gives the same solution).
    presolve, lp, symmetry: CP-SAT's presolve, its linear relaxation (linearization level
        0 when off) and symmetry detection; on by default. On tiny models they cost more
        than the search itself (measured with `python -m benchmarks`).
    first_solution: stop at the first solution found (FEASIBLE unless it is proven best).
    """
    from ortools.sat.python import cp_model

    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if time_limit_s is not None and (math.isnan(time_limit_s) or time_limit_s < 0):
        raise ValueError(f"time_limit_s must be a number of seconds >= 0, not {time_limit_s}")
    if objective is not None:
        if objective.sense == "maximize":
            model.maximize(objective.expr)
        else:
            model.minimize(objective.expr)
    solver = cp_model.CpSolver()
    params = solver.parameters
    params.num_workers = workers
    limits = []
    if time_limit_s is not None:
        params.max_time_in_seconds = time_limit_s
        limits.append(f"a time limit of {time_limit_s:g} s")
    if first_solution:
        params.stop_after_first_solution = True
        limits.append("the first solution")
    if not presolve:
        params.cp_model_presolve = False
    if not lp:
        params.linearization_level = 0
    if not symmetry:
        params.symmetry_level = 0
    status = solver.solve(model)
    outcome = _outcomes().get(status)  # `status_name` would cost some 7 µs a solve
    if outcome is None:  # MODEL_INVALID
        problem = model.validate() or solver.status_name(status)
        raise ValueError(f"CP-SAT rejected the model: {problem}")
    has_objective = model.has_objective()
    return SolveResult(
        outcome=outcome,
        objective=solver.objective_value if has_objective and outcome.has_solution else None,
        bound=(
            solver.best_objective_bound
            if has_objective and outcome is not Outcome.INFEASIBLE
            else None
        ),
        wall_time_s=solver.wall_time,
        stopped_by=" or ".join(limits) or None,
        _solver=solver,
    )
