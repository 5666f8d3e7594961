"""The CP-SAT adapter: what each status becomes, FEASIBLE never taken for OPTIMAL, the
callers saying so when a limit stops the solver, and OR-Tools imported only to solve."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from adjudicator.core import cpsat
from adjudicator.core.errors import AdjudicatorError

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


def _pigeons(holes: int) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """holes + 1 pigeons, at most one a hole; the hint places none. Without presolve, LP
    and symmetry, proving that no more than `holes` fit takes CP-SAT exponential time (it is
    the pigeonhole principle), while a solution (the hint) comes at once."""
    m = cpsat.new_model()
    placed = []
    x = {(p, h): m.new_bool_var(f"x{p},{h}") for p in range(holes + 1) for h in range(holes)}
    for p in range(holes + 1):
        y = m.new_bool_var(f"placed{p}")
        m.add(sum(x[p, h] for h in range(holes)) == y)
        m.add_hint(y, 0)
        placed.append(y)
    for h in range(holes):
        m.add_at_most_one(x[p, h] for p in range(holes + 1))
    for v in x.values():
        m.add_hint(v, 0)
    return m, placed


PLAIN: dict[str, Any] = {"presolve": False, "lp": False, "symmetry": False}


def test_optimal_with_its_objective_bound_and_values() -> None:
    m = cpsat.new_model()
    x = m.new_int_var(0, 10, "x")
    b = m.new_bool_var("b")
    m.add(x + 3 * b <= 8)
    r = cpsat.solve(m, objective=cpsat.maximize(x + 2 * b))
    assert r.outcome is cpsat.Outcome.OPTIMAL
    assert r.has_solution and r.outcome.proven
    assert (r.objective, r.bound) == (8.0, 8.0)
    assert r.optimum("x") == 8
    assert (r.value(x), r.boolean_value(b), r.boolean_value(~b)) == (8, False, True)
    assert r.require_optimal("x") is r and r.require_proof("x") is r and r.decided("x")
    assert r.stopped_by is None


def test_minimize_and_the_model_own_objective() -> None:
    m = cpsat.new_model()
    x = m.new_int_var(-5, 5, "x")
    m.add(x >= -2)
    assert cpsat.solve(m, objective=cpsat.minimize(x)).optimum("min") == -2
    # objective= stays on the model, as CpModel.minimize does; None solves it as built.
    assert cpsat.solve(m).optimum("as built") == -2
    m.maximize(2 * x)
    assert cpsat.solve(m).optimum("as built") == 10


def test_a_model_without_objective_is_optimal_once_solved() -> None:
    m = cpsat.new_model()
    x = m.new_int_var(0, 10, "x")
    m.add(x >= 3)
    r = cpsat.solve(m, first_solution=True)
    assert r.outcome is cpsat.Outcome.OPTIMAL
    assert r.objective is None and r.bound is None
    assert r.value(x) >= 3
    assert r.decided("x")


@pytest.mark.parametrize("settings", [{}, PLAIN])
def test_infeasible(settings: dict[str, Any]) -> None:
    m = cpsat.new_model()
    x = m.new_bool_var("x")
    m.add(x == 1)
    m.add(x == 0)
    r = cpsat.solve(m, objective=cpsat.maximize(x), **settings)
    assert r.outcome is cpsat.Outcome.INFEASIBLE
    assert not r.has_solution and r.outcome.proven
    assert r.objective is None and r.bound is None
    assert r.require_proof("x") is r  # proven: the caller handles "no solution"
    assert r.decided("x") is False
    with pytest.raises(cpsat.SolveError, match="has no solution") as err:
        r.require_optimal("the plan")
    assert err.value.outcome is cpsat.Outcome.INFEASIBLE
    with pytest.raises(ValueError, match="no solution to read"):
        r.value(x)


def test_first_solution_is_feasible_not_optimal() -> None:
    m, placed = _pigeons(6)
    r = cpsat.solve(m, objective=cpsat.maximize(sum(placed)), first_solution=True, **PLAIN)
    assert r.outcome is cpsat.Outcome.FEASIBLE
    assert r.has_solution and not r.outcome.proven
    assert r.objective == 0 and r.bound == 7  # the hint: a solution, far from the best
    assert r.value(sum(placed)) == 0
    assert r.decided("some placement")  # any solution answers "is there one?"
    with pytest.raises(cpsat.SolveError) as err:
        r.require_proof("the most pigeons")
    assert isinstance(err.value, AdjudicatorError)
    assert err.value.outcome is cpsat.Outcome.FEASIBLE
    assert str(err.value) == (
        "the most pigeons: the solver stopped at the first solution with a solution not "
        "proven best: the best found is 0, the bound 7"
    )
    for ask in (r.require_optimal, r.optimum):
        with pytest.raises(cpsat.SolveError, match="not proven best"):
            ask("the most pigeons")


def test_a_time_limit_leaves_the_best_unproven() -> None:
    m, placed = _pigeons(10)
    r = cpsat.solve(m, objective=cpsat.maximize(sum(placed)), time_limit_s=0.2, **PLAIN)
    assert r.outcome is cpsat.Outcome.FEASIBLE
    assert r.bound is not None and r.objective is not None and r.objective < r.bound
    with pytest.raises(cpsat.SolveError, match=r"time limit of 0\.2 s with a solution not proven"):
        r.optimum("the most pigeons")
    # The same model, the solver's usual tools on: proven at once.
    assert cpsat.solve(m, objective=cpsat.maximize(sum(placed))).optimum("pigeons") == 10


def test_no_time_is_unknown() -> None:
    m, placed = _pigeons(3)
    r = cpsat.solve(m, objective=cpsat.maximize(sum(placed)), time_limit_s=0)
    assert r.outcome is cpsat.Outcome.UNKNOWN
    assert not r.has_solution and not r.outcome.proven
    assert r.objective is None
    for ask in (r.require_proof, r.require_optimal, r.decided):
        with pytest.raises(cpsat.SolveError, match="before finding a solution or proving none"):
            ask("pigeons")
    with pytest.raises(ValueError, match="no solution to read"):
        r.boolean_value(placed[0])


def test_an_invalid_model_or_setting_is_a_bug_not_an_outcome() -> None:
    m = cpsat.new_model()
    x = m.new_int_var(0, 2**62, "x")
    y = m.new_int_var(0, 2**62, "y")
    m.add(4 * x + 4 * y >= 3)  # may overflow 64 bits
    with pytest.raises(ValueError, match="CP-SAT rejected the model"):
        cpsat.solve(m)
    with pytest.raises(ValueError, match="workers"):
        cpsat.solve(cpsat.new_model(), workers=0)
    with pytest.raises(ValueError, match="time_limit_s"):
        cpsat.solve(cpsat.new_model(), time_limit_s=-1)


def test_new_model_is_a_cp_model_without_per_instance_aliases() -> None:
    from ortools.sat.python import cp_model

    m = cpsat.new_model()
    assert isinstance(m, cp_model.CpModel)
    # The deprecated camelCase wrappers CpModel() sets on every instance are not built.
    assert not any(name[:1].isupper() for name in vars(m))
    b = m.new_bool_var("b")
    m.add_bool_or([b])
    assert cpsat.solve(m.clone()).decided("a clone")
    assert cpsat.solve(m, workers=2).boolean_value(b)


# ----- the callers say so when a limit stops the solver ----------------------------------


def _no_time(monkeypatch: pytest.MonkeyPatch) -> None:
    solve: Callable[..., cpsat.SolveResult] = cpsat.solve
    monkeypatch.setattr(cpsat, "solve", functools.partial(solve, time_limit_s=0))


def test_the_callers_never_answer_unproven(monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.black_hills.invest import Means, best_payment
    from adjudicator.deduction.solve import solver
    from adjudicator.deduction.solve.placement import Constraint, Problem
    from adjudicator.dry_gulch.data import load_rules
    from adjudicator.dry_gulch.pay import pay_cpsat
    from adjudicator.dry_gulch.state import DGPlayer, DGState, parse_card

    problem = Problem(
        {"a": frozenset({"s1", "s2"}), "b": frozenset({"s2", "s3"})},
        Constraint({"a": frozenset({"s1"}), "b": frozenset({"s2", "s3"})}, ("a", "b", frozenset())),
    )
    rules = load_rules()
    hand = ["carpenter", "lumber", "lumber", "lumber", "labor:2", "event:iou", "event:gold-strike"]
    dg = DGState(
        [DGPlayer("ann", [parse_card(c, rules) for c in hand], []), DGPlayer("bob")], "ann", []
    )
    holding = {"gold": 3, "logs": 4, "fur": 5}
    means = Means(settler=True, sheriff=True, bank=True, exchange=True)
    value = {"gold": 4, "fur": 2, "logs": 1}
    # Unlimited: answers.
    assert solver.analyse(problem).feasible is False
    assert pay_cpsat(dg, "pharmacist") is not None
    assert best_payment(holding, means, value).points > 0

    _no_time(monkeypatch)
    with pytest.raises(cpsat.SolveError, match=r"^the largest placement: .*time limit of 0 s"):
        solver.analyse(problem)
    with pytest.raises(cpsat.SolveError, match=r"^the payment for pharmacist: .*time limit"):
        pay_cpsat(dg, "pharmacist")
    with pytest.raises(cpsat.SolveError, match=r"^the best investment: .*time limit"):
        # a tie, which CP-SAT breaks (the search answers the rest), not solved yet (cached;
        # more fur than the other tests hold): a Settler's point for 1 gold + 2 logs or
        # for 3 fur keeps the same worth
        best_payment({"gold": 3, "logs": 6, "fur": 10}, Means(settler=True, cap=2), value)


# ----- importing a module that can solve does not load OR-Tools ---------------------------


def test_importing_the_solving_modules_loads_neither_ortools_nor_pandas() -> None:
    code = (
        "import json, sys\n"
        "import adjudicator.core.cpsat\n"
        "import adjudicator.deduction.solve.solver\n"
        "import adjudicator.dry_gulch.pay\n"
        "import adjudicator.black_hills.invest\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    loaded = set(json.loads(out))
    assert "adjudicator" in loaded
    assert not loaded & {"ortools", "pandas", "numpy"}
