"""The three decision procedures agree: the matching path and CP-SAT equal the brute-force
twin on random placement problems (K3, L1, L2, P3, P4)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.deduction.solve import decide, matching, solver, twin
from adjudicator.deduction.solve.placement import Analysis, Constraint, Problem
from tests.budget import examples
from tests.strategies import boards_and_cards

SPACES = [f"s{i}" for i in range(7)]


@st.composite
def domains(draw: st.DrawFn, max_buildings: int = 6) -> dict[str, frozenset[str]]:
    n = draw(st.integers(1, max_buildings))
    space_pool = SPACES[: draw(st.integers(1, len(SPACES)))]
    out = {}
    for i in range(n):
        out[f"b{i}"] = frozenset(draw(st.sets(st.sampled_from(space_pool), min_size=0, max_size=3)))
    return out


@st.composite
def constrained(draw: st.DrawFn) -> Problem:
    d = draw(domains(5))
    names = sorted(d)
    named = draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True))
    allowed = {b: frozenset(draw(st.sets(st.sampled_from(SPACES), min_size=1))) for b in named}
    relation = None
    if len(named) == 2 and draw(st.booleans()):
        pairs = draw(
            st.sets(st.tuples(st.sampled_from(SPACES), st.sampled_from(SPACES)), max_size=12)
        )
        relation = (named[0], named[1], frozenset((a, b) for a, b in pairs if a != b))
    return Problem(d, Constraint(allowed, relation))


def _same(a: Analysis, b: Analysis) -> None:
    assert a.feasible == b.feasible
    if a.feasible:
        assert a.size == b.size
        assert dict(a.support) == dict(b.support)
        assert a.optional == b.optional
        assert a.determined() == b.determined()


@settings(max_examples=examples(300), deadline=None)
@given(domains())
def test_matching_equals_twin(d: dict[str, frozenset[str]]) -> None:
    _same(matching.analyse(Problem(d)), twin.analyse(Problem(d)))


@settings(max_examples=examples(300), deadline=None)
@given(domains(), st.data())
def test_a_warm_started_matching_is_maximum(d: dict[str, frozenset[str]], data: Any) -> None:
    """A matching grown from any start (a board a turn ago: pairs that no longer fit, two
    buildings on one space) is maximum, and its analysis is the twin's."""
    start = data.draw(
        st.dictionaries(st.sampled_from([*sorted(d), "gone"]), st.sampled_from(SPACES))
    )
    m = matching.match(d, start)
    assert all(s in d[b] for b, s in m.mate.items())
    assert len(set(m.mate.values())) == len(m.mate)
    assert m.size == matching.match(d).size
    _same(m.analysis(), twin.analyse(Problem(d)))


@settings(max_examples=examples(150), deadline=None)
@given(domains())
def test_cpsat_equals_twin_on_boards(d: dict[str, frozenset[str]]) -> None:
    _same(solver.analyse(Problem(d)), twin.analyse(Problem(d)))


@settings(max_examples=examples(150), deadline=None)
@given(constrained())
def test_cpsat_equals_twin_with_a_card_in_force(p: Problem) -> None:
    _same(solver.analyse(p), twin.analyse(p))


@settings(max_examples=examples(150), deadline=None)
@given(constrained())
def test_split_solver_and_matching_equal_twin(p: Problem) -> None:
    """The default path (the card's part by the pair matching, the rest by matching) equals
    the twin."""
    _same(decide.analyse(p), twin.analyse(p))


@settings(max_examples=examples(200), deadline=None)
@given(constrained())
def test_matching_with_one_named_building_equals_twin(p: Problem) -> None:
    """The fast path for building and district cards (one named building, no relation)."""
    assert p.constraint is not None
    b, allowed = next(iter(p.constraint.allowed.items()))
    single = Problem(p.domains, Constraint({b: allowed}))
    _same(matching.analyse(single), twin.analyse(single))
    _same(matching.analyse(single), solver.analyse(single))


def _always_placed(d: dict[str, frozenset[str]]) -> frozenset[str]:
    """Buildings every largest placement places (by brute force, sharing nothing with the
    engine): only these can fill their spaces in an explanation (K3, L3)."""
    best: list[set[str]] = []
    most = -1
    names = sorted(d)

    def extend(i: int, used: frozenset[str], placed: set[str]) -> None:
        nonlocal most, best
        if i == len(names):
            if len(placed) > most:
                most, best = len(placed), []
            if len(placed) == most:
                best.append(set(placed))
            return
        b = names[i]
        for s in sorted(d[b] - used):
            extend(i + 1, used | {s}, placed | {b})
        extend(i + 1, used, placed)

    extend(0, frozenset(), set())
    return frozenset(b for b in names if all(b in p for p in best))


def _smaller_hall_set(
    d: dict[str, frozenset[str]], b: str, s: str, size: int, pool: frozenset[str]
) -> tuple[str, ...] | None:
    """A set of fewer than `size` buildings of `pool` (not `b`) whose markers all lie within
    as many spaces, `s` among them: an explanation smaller than the one given (L3)."""
    candidates = sorted(pool - {b})
    for k in range(1, size):
        for group in combinations(candidates, k):
            spaces = frozenset().union(*(d[h] for h in group))
            if len(spaces) == k and s in spaces:
                return group
    return None


@settings(max_examples=examples(200), deadline=None)
@given(domains())
def test_hall_sets_explain_every_removal(d: dict[str, frozenset[str]]) -> None:
    """L3: each removed marker's Hall set has as many spaces as buildings, holds the space,
    leaves the building out, and is the smallest: no fewer buildings that every largest
    placement places are confined to as many spaces including that one."""
    m = matching.match(d)
    a = m.analysis()
    placed = _always_placed(d)
    for b, spaces in d.items():
        for s in spaces - a.support[b]:
            hb, hs = m.hall_set(s)
            assert s in hs and b not in hb
            assert len(hb) == len(hs)
            assert all(d[h] <= hs for h in hb)
            if hb <= placed:  # else the removal is explained by its K4 group (stop.py)
                smaller = _smaller_hall_set(d, b, s, len(hb), placed)
                assert smaller is None, (b, s, sorted(hb), smaller)


@settings(max_examples=examples(200), deadline=None)
@given(domains())
def test_conflict_groups_have_too_few_spaces(d: dict[str, frozenset[str]]) -> None:
    """K3/K4: the groups found are confined to fewer spaces than buildings, and there are
    groups exactly when the board is deficient."""
    m = matching.match(d)
    groups = m.conflicts()
    for bs, ss in groups:
        assert len(ss) < len(bs)
        assert all(d[b] <= ss for b in bs)
    deficiency = len(d) - m.size
    assert bool(groups) == (deficiency > 0)
    assert sum(len(bs) - len(ss) for bs, ss in groups) == deficiency


@settings(max_examples=examples(60), deadline=None)
@given(boards_and_cards())
def test_the_method_reaches_every_decision_of_a_ruling(case: tuple[Any, Any, Any]) -> None:
    """A Decider carries `method` to every decision (P3, P6 tiers, L1, L2): with the twin,
    neither the matching path's analyse nor CP-SAT is asked anything, and the ruling is
    the same as the default one."""
    from unittest import mock

    from adjudicator.deduction.rules.logic import claim_stop
    from adjudicator.deduction.rules.play import rule_play
    from adjudicator.deduction.solve import matching, solver

    s, _card, my = case
    expected = rule_play(s, 1, my)

    def refuse(*_: object) -> None:
        raise AssertionError("a decision bypassed the Decider")

    with (
        mock.patch.object(matching, "analyse", refuse),
        mock.patch.object(solver, "analyse", refuse),
    ):
        got = rule_play(s, 1, my, method="twin")
        stop = claim_stop(s, "bob", method="twin")
    assert (got.status, got.removed, got.built, got.points) == (
        expected.status,
        expected.removed,
        expected.built,
        expected.points,
    )
    assert stop.points == claim_stop(s, "bob").points


def test_a_remembered_board_answers_in_the_order_it_is_asked() -> None:
    """A board asked about again, its buildings in another order, is answered as if asked
    first: the answer is a function of the board asked (its support listed in that board's
    order), never of which equal board a hint for another seat asked about before."""
    from adjudicator.deduction.solve.decide import Decider, analyse
    from adjudicator.deduction.solve.placement import Problem

    first = {
        "bank": frozenset({"a1", "b1"}),
        "hotel": frozenset({"b1", "c1"}),
        "jail": frozenset({"a1", "c1", "d1"}),
        "doc": frozenset({"d1"}),
    }
    again = dict(reversed(list(first.items())))
    Decider().board(first)
    answer = Decider().board(again)
    assert list(answer.support) == list(again)
    assert repr(answer) == repr(analyse(Problem(again)))
