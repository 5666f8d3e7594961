"""Dry Gulch: paying (CP-SAT) and planning (search, and CP-SAT) against the twin in
`tests/dry_gulch_twin.py` that tries every order and set of cards; planning,
placing and scoring, on our reconstructed board and cards."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.dry_gulch.data import KINDS, load_rules
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.pay import pay, plan, plan_cpsat
from adjudicator.dry_gulch.place import legal_sites, placement_problems
from adjudicator.dry_gulch.score import score
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, card_value, parse_card
from tests import dry_gulch_twin as twin
from tests.budget import examples

RULES = load_rules()
runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def state_with(
    hand: list[str], permits: list[str] | None = None, buildings: list[Built] | None = None
) -> DGState:
    cards = [parse_card(c, RULES) for c in hand]
    return DGState(
        [DGPlayer("ann", cards, permits or []), DGPlayer("bob"), DGPlayer("cid")],
        "ann",
        buildings or [],
    )


def test_the_printed_counts() -> None:
    permits = sum(p.count for p in RULES.permits.values() if p.special != "residence")
    assert permits == 33
    assert sum(r[3] for r in RULES.resources) == 81
    assert sum(e.count for e in RULES.events.values()) == 39
    assert sum(1 for s in RULES.sites.values() if s.bank_only) == 1
    assert RULES.substitution == {
        "mason": 3,
        "blacksmith": 2,
        "carpenter": 2,
        "brick": 3,
        "lumber": 2,
        "whiskey": 2,
        "entertainment": 1,
        "food": 1,
    }


def test_the_rulebooks_pharmacist() -> None:
    """Otto: 1 Carpenter, 1 Lumber, 2 Lumber as a Blacksmith, I.O.U. and Gold Strike as
    Whiskey, the Labor card as labour."""
    s = state_with(
        ["carpenter", "lumber", "lumber", "lumber", "labor:2", "event:iou", "event:gold-strike"]
    )
    p = pay(s, "pharmacist")
    assert p is not None
    hand = s.player().hand
    assert sorted(hand[i].text for i in p.cards()) == sorted(c.text for c in hand)
    assert dict(p.substitute)  # something stood in
    assert twin.least_worth(s, ["pharmacist"]) == sum(card_value(c, RULES) for c in hand)


def test_general_store_blacksmith_and_handyman() -> None:
    store = next(b for b in RULES.permits.values() if b.special == "general-store").id
    smithy = next(b for b in RULES.permits.values() if b.special == "blacksmith").id
    sites = [s for s in RULES.sites if not RULES.sites[s].bank_only]
    base = ["carpenter", "lumber", "labor:3", "food", "food"]
    without = state_with(base)
    with_both = state_with(
        base, buildings=[Built(store, "ann", sites[0]), Built(smithy, "ann", sites[1])]
    )
    a, b = twin.least_worth(without, ["pharmacist"]), twin.least_worth(with_both, ["pharmacist"])
    assert b is not None and (a is None or b < a)
    handy = state_with(["event:handyman-brother", "lumber", "whiskey", "carpenter", "labor:1"])
    p = pay(handy, "pharmacist")
    assert p is not None and any(
        handy.player().hand[i].event == "handyman-brother" for _, i in p.direct
    )


HAND = st.lists(
    st.sampled_from(
        [
            *KINDS,
            "labor:1",
            "labor:2",
            "labor:3",
            "event:iou",
            "event:handyman-brother",
            "event:fire",
        ]
    ),
    max_size=7,
)
PERMITS = sorted(p for p, v in RULES.permits.items() if v.special != "residence")


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HAND, st.sampled_from(PERMITS), st.booleans(), st.sampled_from(["one-point", "none"]))
def test_paying_equals_its_twin(hand: list[str], permit: str, store: bool, brother: str) -> None:
    shop = next(b for b in RULES.permits.values() if b.special == "general-store").id
    site = next(s for s in RULES.sites if not RULES.sites[s].bank_only)
    s = state_with(hand, buildings=[Built(shop, "ann", site)] if store else [])
    s = replace(s, options=DGOptions(handyman_labor=brother))
    p = pay(s, permit)
    expected = twin.least_worth(s, [permit])
    if p is None:
        assert expected is None
    else:
        assert expected == sum(card_value(s.player().hand[i], RULES) for i in p.cards())


def _holds_permits(permits: list[str], stores_built: int) -> bool:
    """No more copies of a building in play than the game has."""
    counts = {p: permits.count(p) for p in permits}
    counts["general-store"] = counts.get("general-store", 0) + stores_built
    return all(n <= RULES.permits[p].count for p, n in counts.items())


SOME_PERMITS = st.lists(
    st.sampled_from([*PERMITS, "general-store", "general-store", "blacksmith"]),
    min_size=1,
    max_size=3,
)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HAND, SOME_PERMITS, st.integers(0, 1), st.sampled_from(["one-point", "none"]))
def test_planning_equals_its_twin(
    hand: list[str], permits: list[str], stores: int, brother: str
) -> None:
    """The search, CP-SAT and the twin (which tries every order of building) agree, with
    the Handyman Brother on labour (`handyman-labor=one-point`) or not (`none`)."""
    if not _holds_permits(permits, stores):
        return
    built = [Built("general-store", "ann", "se-1")] if stores else []
    s = replace(state_with(hand, permits, built), options=DGOptions(handyman_labor=brother))
    sites = {p: legal_sites(s, p) for p in permits}
    result = plan(s, "ann", sites)
    expected = twin.best_plan(s, sites, "ann")
    assert (result.influence, result.spent_worth) == expected
    solver = plan_cpsat(s, "ann", sites)
    assert (solver.influence, solver.spent_worth) == expected
    assert len(set(result.sites.values())) == len(result.sites)  # one building a site
    used = [i for p in result.payments for i in p.cards()]
    assert len(used) == len(set(used))  # no card pays twice
    assert result.spent_worth == sum(card_value(s.player().hand[i], RULES) for i in used)


def test_two_general_stores_built_in_one_plan() -> None:
    """ "These functions are in effect as soon as the building has been built" and the
    owner "may use any one of his hand cards as one good (not an ability) for building in
    each turn": of two General Stores built in one turn, the first is paid before the
    second stands, so only the second may use a store card. Each store costs Carpenter,
    2 Lumber, Food and 2 labour here; the hand lacks 2 Lumber. One comes through the
    first store (1 card), the other is replaced by 2 cards: 11 cards, and the hand holds
    10. Building both by letting each store pay with the other was the fault."""
    hand = ["carpenter", "carpenter", "lumber", "lumber", "food", "food"]
    hand += ["labor:2", "labor:2", "event:fire", "event:iou"]
    s = state_with(hand, ["general-store", "general-store"])
    sites = {p: legal_sites(s, p) for p in s.player().permits}
    for engine in (plan, plan_cpsat):
        result = engine(s, "ann", sites)
        assert result.permits == ("general-store",), engine
        assert result.influence == RULES.permits["general-store"].influence
    # The twin tries both orders of building and finds neither pays for both.
    assert twin.least_worth(s, ["general-store", "general-store"]) is None
    one_more = state_with([*hand, "event:gold-strike"], ["general-store", "general-store"])
    result = plan(one_more, "ann", sites)
    assert list(result.permits) == ["general-store", "general-store"]  # 11 cards: both stand
    assert sum(len(p.store) for p in result.payments) == 1
    solver = plan_cpsat(one_more, "ann", sites)
    assert (solver.influence, solver.spent_worth) == (result.influence, result.spent_worth)
    # (The twin's cheapest payment of both takes it half a minute on 11 cards.)


LABOUR_HEAVY = ["labor:1"] * 4 + ["labor:2"] * 4 + ["labor:3"] * 4
SINGLES = [*KINDS, "labor:1", "labor:2", "labor:3", "event:iou", "event:handyman-brother"]
GOODS_HEAVY = ["food", "entertainment", "lumber", "carpenter", "labor:2", "labor:3"]
GOODS_HEAVY += ["labor:1", "brick", "mason", "whiskey", "event:iou", "event:handyman-brother"]
FULL_HANDS = [
    [*LABOUR_HEAVY, "event:handyman-brother", "event:handyman-brother", "event:handyman-brother"],
    [*SINGLES, "event:fire", "event:gold-strike"],
    [*GOODS_HEAVY, "labor:2", "food", "entertainment"],
]


@pytest.mark.parametrize("hand", FULL_HANDS)
def test_plan_on_a_full_hand_agrees_with_cpsat(hand: list[str]) -> None:
    """15 cards (the hand limit) and many permits, a General Store owned: the search and
    CP-SAT agree (speed is the benchmark's: `dry-gulch-plan-worst`, every permit)."""
    assert len(hand) == RULES.hand_limit
    # Five permits keep CP-SAT under a second here; with every permit it takes seconds.
    permits = ["saloon", "blacksmith", "pharmacist", "hatmaker", "general-store"]
    s = state_with(hand, permits, [Built("general-store", "ann", "se-1")])
    sites = {p: legal_sites(s, p) for p in set(permits)}
    result = plan(s, "ann", sites)
    solver = plan_cpsat(s, "ann", sites)
    assert (result.influence, result.spent_worth) == (solver.influence, solver.spent_worth)
    assert result.influence >= 4


def test_placing() -> None:
    bank = next(b for b in RULES.permits.values() if b.special == "bank").id
    corner = next(b for b in RULES.permits.values() if b.corner and not b.special).id
    plain = next(b for b in RULES.permits.values() if not b.corner and not b.special).id
    lone = next(s for s in RULES.sites.values() if s.bank_only).id
    corner_site = next(
        s.id
        for s in RULES.sites.values()
        if s.position == "corner" and s.sidewalk and not s.bank_only
    )
    middle = next(
        s.id
        for s in RULES.sites.values()
        if s.position == "middle" and s.sidewalk and not s.bank_only
    )
    s = state_with([])
    assert placement_problems(s, bank, lone) == []
    assert placement_problems(s, plain, lone)
    assert placement_problems(s, corner, corner_site) == []
    assert placement_problems(s, corner, middle)
    assert placement_problems(s, plain, middle) == []
    assert placement_problems(s, plain, corner_site)
    pair = next((x for x in RULES.sites.values() if x.across and x.sidewalk), None)
    if pair is not None:
        taken = state_with([], buildings=[Built(plain, "bob", pair.across or "")])
        assert any("between two buildings" in r for r in placement_problems(taken, plain, pair.id))


def test_scoring_halves_damaged_buildings_and_checks_events() -> None:
    plain = next(b for b in RULES.permits.values() if not b.corner and not b.special)
    sites = [x for x in RULES.sites if not RULES.sites[x].bank_only]
    s = state_with(
        [],
        buildings=[
            Built(plain.id, "ann", sites[0]),
            Built(plain.id, "bob", sites[1], damaged=True),
        ],
    )
    d = Draft.of(s)
    d.player("ann").played = ["silk-lace"]
    d.player("bob").against = ["fire", "fire"]
    result = score(d.freeze())
    assert result.influence["ann"] == plain.influence + 1
    assert result.influence["bob"] == plain.influence // 2
    assert any("Silk Lace needs general-store" in p for p in result.problems)
    assert any("2 fire cards" in p for p in result.problems)
    assert result.lacks["bob"] == result.needed - plain.influence // 2


def test_cli(tmp_path: Path) -> None:
    r = runner.invoke(app, ["dry-gulch", "pay", str(EXAMPLE), "pharmacist", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["payable"] is True
    r = runner.invoke(app, ["dry-gulch", "plan", str(EXAMPLE), "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["influence"] > 0
    r = runner.invoke(app, ["dry-gulch", "score", str(EXAMPLE), "--json"])
    assert r.exit_code == 0 and "influence" in json.loads(r.stdout)
    r = runner.invoke(app, ["dry-gulch", "pay", str(EXAMPLE), "pharmacis"])
    assert r.exit_code == 1 and "did you mean 'pharmacist'" in r.stderr


def test_no_payment_says_why() -> None:
    from adjudicator.dry_gulch.pay import why_not

    s = state_with(["carpenter", "lumber", "lumber", "lumber"])
    assert pay(s, "pharmacist") is None
    assert "labour" in why_not(s, "pharmacist")
    r = runner.invoke(
        app, ["dry-gulch", "pay", str(EXAMPLE), "pharmacist", "--by", "cid", "--json"]
    )
    data = json.loads(r.stdout)
    assert data["payable"] is False and data["why"]


def _site(position: str) -> str:
    return next(
        s.id
        for s in RULES.sites.values()
        if s.position == position and s.sidewalk and not s.bank_only and not s.across
    )


def test_a_resource_in_hand_is_paid_with_itself_not_replaced() -> None:
    s = state_with(["carpenter", "lumber", "food", "food", "labor:1"])
    p = pay(s, "hatmaker")
    assert p is not None
    hand = s.player().hand
    assert sorted(hand[i].text for _, i in p.direct) == ["carpenter", "lumber"]
    assert p.substitute == ()


def test_stores_and_blacksmith_one_at_a_time_and_damaged() -> None:
    store = next(b.id for b in RULES.permits.values() if b.special == "general-store")
    smithy = next(b.id for b in RULES.permits.values() if b.special == "blacksmith")
    hand = ["carpenter", "lumber", "labor:1", "food", "food", "entertainment"]
    plain = twin.least_worth(state_with(hand), ["pharmacist"])
    one = state_with(hand, buildings=[Built(store, "ann", _site("middle"))])
    smith = state_with(hand, buildings=[Built(smithy, "ann", _site("middle"))])
    broken = state_with(hand, buildings=[Built(smithy, "ann", _site("middle"), damaged=True)])
    assert plain is None  # blacksmith (2 cards) and whiskey (2 cards) cannot both stand in
    assert twin.least_worth(one, ["pharmacist"]) is not None  # the store pays the Whiskey
    assert twin.least_worth(smith, ["pharmacist"]) is not None  # no Blacksmith needed
    assert twin.least_worth(broken, ["pharmacist"]) is None  # a damaged Blacksmith does nothing
    for s in (one, smith, broken):
        p = pay(s, "pharmacist")
        expected = twin.least_worth(s, ["pharmacist"])
        assert (p is None) == (expected is None)


def test_a_plan_uses_what_it_builds_and_keeps_sidewalks_apart() -> None:
    smithy = next(b.id for b in RULES.permits.values() if b.special == "blacksmith")
    s = state_with(
        ["mason", "brick", "lumber", "labor:2", "carpenter", "lumber", "labor:1"],
        [smithy, "saddlery"],
    )
    sites = {p: legal_sites(s, p) for p in s.player().permits}
    result = plan(s, "ann", sites)
    assert result.influence == twin.best_plan(s, sites, "ann")[0]
    pair = next(
        x for x in RULES.sites.values() if x.across and x.sidewalk and x.position != "corner"
    )
    only = {"hatmaker": [pair.id, pair.across or ""], "bakery": [pair.id, pair.across or ""]}
    both = state_with(
        ["carpenter", "lumber", "labor:1", "mason", "brick", "lumber", "labor:1"],
        ["hatmaker", "bakery"],
    )
    result = plan(both, "ann", only)
    assert len(result.permits) == 1  # the two sites back to back hold one building at most
    assert twin.best_plan(both, only, "ann") == (result.influence, result.spent_worth)


def test_why_counts_the_cards_needed() -> None:
    from adjudicator.dry_gulch.pay import why_not

    s = state_with(["carpenter", "lumber", "labor:1"])
    why = why_not(s, "undertaker")
    assert "the hand holds 3" in why and "paying takes at least" in why


def test_state_files_refuse_what_the_game_cannot_hold(tmp_path: Path) -> None:
    base = EXAMPLE.read_text()
    cases = [
        (base.replace('hand = ["food"]', 'hand = ["labor:99"]'), "1 to 9"),
        (
            base.replace(
                'played = []\nagainst = ["vandalism"]', 'played = ["fire"]\nagainst = ["vandalism"]'
            ),
            "not a violet card",
        ),
        (base.replace('permits = ["bank"]', 'permits = ["residence"]'), "placed at setup"),
        (base.replace('against = ["vandalism"]', "against = []"), "damaged building"),
    ]
    for text, needle in cases:
        path = tmp_path / "bad.toml"
        path.write_text(text)
        r = runner.invoke(app, ["dry-gulch", "score", str(path)])
        assert r.exit_code == 1 and needle in r.stderr, (needle, r.stderr)


def test_only_the_active_player_wins() -> None:
    big = sorted(RULES.permits.values(), key=lambda p: -p.influence)
    sites = [x for x in RULES.sites if not RULES.sites[x].bank_only]
    buildings = [Built(p.id, "bob", sites[i]) for i, p in enumerate(big[:8])]
    s = state_with([], buildings=buildings)
    result = score(s)
    assert result.winners == ("bob",) and result.problems  # bob should have won already
