"""Dry Gulch answers (`dry_gulch/why.py`): a payment with what the hand keeps, a turn's
plan with each building's site and why other permits wait; held to the brute-force twins
and to the placement rules."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.errors import RulesError
from adjudicator.dry_gulch.data import KINDS, load_rules
from adjudicator.dry_gulch.place import legal_sites, placement_problems
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, parse_card
from adjudicator.dry_gulch.why import (
    Why,
    pay_answer,
    placed_at_setup,
    plan_answer,
    plan_labels,
)
from tests import dry_gulch_twin as twin
from tests.budget import examples

RULES = load_rules()
PERMITS = sorted(p for p in RULES.permits if not placed_at_setup(RULES, p))
HAND = st.lists(st.sampled_from([*KINDS, "labor:1", "labor:2", "labor:3", "event:iou"]), max_size=7)


def state_with(
    hand: list[str], permits: list[str] | None = None, buildings: list[Built] | None = None
) -> DGState:
    cards = [parse_card(c, RULES) for c in hand]
    return DGState([DGPlayer("ann", cards, permits or []), DGPlayer("bob")], "ann", buildings or [])


def test_a_residence_is_never_paid_for() -> None:
    residence = next(p for p in RULES.permits if placed_at_setup(RULES, p))
    with pytest.raises(RulesError, match=r"state\.toml: a residence is placed at setup"):
        pay_answer(state_with(["lumber"]), residence, source="state.toml")


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HAND, st.sampled_from(PERMITS), st.booleans())
def test_the_answer_spends_what_the_twin_spends(hand: list[str], permit: str, holds: bool) -> None:
    s = state_with(hand, [permit] if holds else [])
    answer = pay_answer(s, permit)
    expected = twin.least_worth(s, [permit])
    assert answer.holds_permit is holds
    assert answer.payable is (expected is not None)
    data = answer.to_json(RULES)
    assert data["payable"] is answer.payable and data["building"] == permit
    if answer.payment is None:
        assert answer.why_not and data["why"] == answer.why_not
        assert answer.kept == s.player().hand
        return
    assert answer.spent_worth(RULES) == expected == data["spent_worth"]
    spent = [s.player().hand[i] for i in answer.payment.cards()]
    assert sorted(c.text for c in spent + answer.kept) == sorted(hand)
    assert data["kept"] == [c.text for c in answer.kept]


def test_plan_labels_count_a_permit_twice() -> None:
    assert plan_labels(["saloon", "bank", "saloon", "saloon"]) == [
        "saloon",
        "bank",
        "saloon#2",
        "saloon#3",
    ]


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HAND, st.lists(st.sampled_from(PERMITS), min_size=1, max_size=3))
def test_a_plan_places_legally_and_says_why_the_rest_waits(
    hand: list[str], permits: list[str]
) -> None:
    s = state_with(hand, permits)
    answer = plan_answer(s)
    sites = {p: legal_sites(s, p) for p in permits}
    assert (answer.plan.influence, answer.plan.spent_worth) == twin.best_plan(s, sites, "ann")
    assert [p.permit for p in answer.placements] == list(answer.plan.permits)
    for p in answer.placements:
        assert p.site is not None and placement_problems(s, p.permit, p.site) == []
    assert sorted([*answer.plan.permits, *(x.permit for x in answer.left_out)]) == sorted(permits)
    for x in answer.left_out:
        # one the hand pays for alone (the twin's least worth) competes for the cards
        alone = twin.least_worth(s, [x.permit], "ann") is not None
        short = Why.COMPETES if alone else Why.HAND_SHORT
        assert x.why is (short if sites[x.permit] else Why.NO_SITE)
        if x.why is Why.COMPETES:
            assert x.words.startswith("the hand pays for it alone, not")
    data = answer.to_json()
    assert [b["site"] for b in data["buildings"]] == [p.site for p in answer.placements]


def test_a_permit_with_no_free_site_waits_for_a_site() -> None:
    full = [Built(PERMITS[0], "bob", site) for site in RULES.sites]  # every site taken
    answer = plan_answer(state_with(["lumber"] * 6, [PERMITS[1]], full))
    assert answer.placements == []
    assert [(x.permit, x.why) for x in answer.left_out] == [(PERMITS[1], Why.NO_SITE)]
