"""The pair matching (condition cards, P3, P6, L1, L2 with a relation in force) equals the
brute-force twin: feasibility, size, support and optional buildings, on random problems
with relations, infeasible ones, deficient boards (K4 groups) and relations that rule out
every pair."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.deduction.solve import decide, pair_matching, solver, twin
from adjudicator.deduction.solve.placement import Analysis, Constraint, Problem
from tests.budget import examples
from tests.strategies import boards_and_cards

SPACES = [f"s{i}" for i in range(7)]


def _same(a: Analysis, b: Analysis) -> None:
    assert a.feasible == b.feasible
    assert set(a.support) == set(b.support)
    if a.feasible:
        assert a.size == b.size
        assert dict(a.support) == dict(b.support)
        assert a.optional == b.optional
        assert a.determined() == b.determined()
    else:
        assert all(not s for s in a.support.values())


@st.composite
def related(draw: st.DrawFn) -> Problem:
    """A board of up to 6 buildings on up to 7 spaces and a card relating two of them.

    Now and then the board has a K4 group (buildings crowded onto fewer spaces), the card's
    spaces miss a domain, the pairs are all of them, none, or only ones the domains cannot
    take."""
    pool = SPACES[: draw(st.integers(2, len(SPACES)))]
    n = draw(st.integers(2, 6))
    d: dict[str, frozenset[str]] = {}
    for i in range(n):
        d[f"b{i}"] = frozenset(draw(st.sets(st.sampled_from(pool), min_size=0, max_size=4)))
    if draw(st.integers(0, 3)) == 0:  # K4: three buildings confined to two spaces
        crowd = frozenset(draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2)))
        for b in draw(st.lists(st.sampled_from(sorted(d)), min_size=2, max_size=3, unique=True)):
            d[b] = crowd
    a, m = draw(st.lists(st.sampled_from(sorted(d)), min_size=2, max_size=2, unique=True))
    if draw(st.integers(0, 5)) == 0:  # an open building: every space
        d[m] = frozenset(pool)
    allowed = {
        a: frozenset(draw(st.sets(st.sampled_from(SPACES), min_size=1))),
        m: frozenset(draw(st.sets(st.sampled_from(SPACES), min_size=1))),
    }
    if draw(st.booleans()):  # the card has no map for my building
        allowed[m] = frozenset(SPACES)
    kind = draw(st.sampled_from(["some"] * 6 + ["all", "none", "outside"]))
    everything = [(x, y) for x in SPACES for y in SPACES]
    if kind == "all":
        pairs = frozenset(everything)
    elif kind == "none":
        pairs = frozenset()
    elif kind == "outside":  # only pairs off a's or m's domain: rules out everything
        pairs = frozenset((x, y) for x, y in everything if x not in d[a] or y not in d[m])
    else:
        pairs = frozenset(draw(st.sets(st.sampled_from(everything), max_size=20)))
    if draw(st.booleans()):
        pairs = frozenset((x, y) for x, y in pairs if x != y)
    if draw(st.integers(0, 9)) == 0:
        d.pop(draw(st.sampled_from([a, m])))  # a named building the board cannot place
    return Problem(d, Constraint(allowed, (a, m, pairs)))


@settings(max_examples=examples(800), deadline=None)
@given(related())
def test_pair_matching_equals_twin(p: Problem) -> None:
    assert pair_matching.handles(p)
    _same(pair_matching.analyse(p), twin.analyse(p))


@settings(max_examples=examples(300), deadline=None)
@given(related())
def test_default_route_equals_twin_and_cpsat(p: Problem) -> None:
    """`decide.analyse` (split, the pair matching on the card's part, matching on the rest)
    equals the twin, and `method="cpsat"` still goes to CP-SAT and agrees (on problems the
    engine makes: every named building has a domain)."""
    oracle = twin.analyse(p)
    _same(decide.analyse(p), oracle)
    assert p.constraint is not None
    if set(p.constraint.allowed) <= set(p.domains):
        _same(decide.analyse(p, "cpsat"), oracle)


def test_other_cards_are_not_taken() -> None:
    d = {"a": frozenset({"s0"}), "m": frozenset({"s1"}), "c": frozenset({"s2"})}
    three = Problem(d, Constraint({"a": d["a"], "c": d["c"]}, ("a", "m", frozenset())))
    assert not pair_matching.handles(three)
    assert not pair_matching.handles(Problem(d, Constraint({"a": d["a"]})))
    assert not pair_matching.handles(Problem(d))
    with pytest.raises(ValueError, match="relation"):
        pair_matching.analyse(three)
    # decide falls back to CP-SAT for what the pair matching does not take.
    _same(decide.analyse(three), twin.analyse(three))


def test_the_default_route_asks_no_solver() -> None:
    """Condition cards no longer reach CP-SAT unless asked."""
    from unittest import mock

    d = {"a": frozenset({"s0", "s1"}), "m": frozenset({"s1", "s2"}), "c": frozenset({"s1"})}
    p = Problem(d, Constraint({"a": d["a"], "m": d["m"]}, ("a", "m", frozenset({("s0", "s2")}))))

    def refuse(*_: object) -> None:
        raise AssertionError("CP-SAT was asked")

    with mock.patch.object(solver, "analyse", refuse):
        got = decide.analyse(p)
    assert got == Analysis(
        True, 3, {"a": frozenset({"s0"}), "m": frozenset({"s2"}), "c": frozenset({"s1"})}
    )


@settings(max_examples=examples(60), deadline=None)
@given(boards_and_cards())
def test_rulings_by_pair_matching_equal_the_twins(case: tuple[Any, Any, Any]) -> None:
    """A whole ruling on the real boards is the same by default as with the twin."""
    from adjudicator.deduction.rules.play import rule_play

    s, _card, my = case
    got = rule_play(s, 1, my)
    expected = rule_play(s, 1, my, method="twin")
    assert (got.status, got.removed, got.built, got.points) == (
        expected.status,
        expected.removed,
        expected.built,
        expected.points,
    )
