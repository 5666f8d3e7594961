"""Dry Gulch's payment for one building by search (`pay`, what the command answers) beside
CP-SAT, its second engine (`pay_cpsat`): on random hands of up to 10 cards, with a General
Store or two, a Blacksmith, and either reading of the Handyman Brother, both find a payment
or neither does, they spend the same worth, and the search's payment pays the building: each
card used once, each unit of the cost paid (directly, through a store, or by the cards the
substitution table asks for, "Build"), its labour covered."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.dry_gulch.data import KINDS, load_rules
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.pay import Payment, means_of, pay, pay_cpsat, units_of
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, card_value, parse_card
from tests.budget import examples

RULES = load_rules()
PERMITS = sorted(p for p, v in RULES.permits.items() if v.special != "residence")
CARDS = [*KINDS, "labor:1", "labor:2", "labor:3", "event:iou", "event:handyman-brother"]
SPECIALS = sorted(
    {v.id for v in RULES.permits.values() if v.special in ("general-store", "blacksmith")}
)
SITES = [s for s in RULES.sites if not RULES.sites[s].bank_only]


def _state(hand: list[str], owned: list[str], handyman: str) -> DGState:
    built = [Built(p, "ann", SITES[i]) for i, p in enumerate(owned)]
    cards = [parse_card(c, RULES) for c in hand]
    s = DGState([DGPlayer("ann", cards, []), DGPlayer("bob"), DGPlayer("cid")], "ann", built)
    return replace(s, options=DGOptions(handyman_labor=handyman))


def _worth(s: DGState, p: Payment) -> int:
    return sum(card_value(s.player().hand[i], RULES) for i in p.cards())


def _pays(s: DGState, permit: str, p: Payment) -> bool:
    used = p.cards()
    hand = s.player().hand
    means = means_of(s, "ann")
    units, labour = units_of(RULES, permit, means)
    paid = sorted([k for k, _ in p.direct] + [k for k, _ in p.store] + [k for k, _ in p.substitute])
    groups_ok = all(len(g) == RULES.substitution[k] for k, g in p.substitute)
    points = sum(hand[i].labor if hand[i].kind == "labor" else 1 for i in p.labour)
    return len(used) == len(set(used)) and paid == sorted(units) and groups_ok and points >= labour


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(CARDS), max_size=10),
    st.sampled_from(PERMITS),
    st.lists(st.sampled_from(SPECIALS), max_size=2),
    st.sampled_from(["one-point", "none"]),
)
def test_the_search_pays_as_cheaply_as_cp_sat(
    hand: list[str], permit: str, owned: list[str], handyman: str
) -> None:
    s = _state(hand, owned, handyman)
    found, proved = pay(s, permit), pay_cpsat(s, permit)
    assert (found is None) == (proved is None)
    if found is not None and proved is not None:
        assert _worth(s, found) == _worth(s, proved)
        assert _pays(s, permit, found)
