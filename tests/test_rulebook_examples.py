"""The rulebooks' worked examples, re-enacted on our reconstructed boards (RULINGS codes)."""

from __future__ import annotations

from adjudicator.deduction.models.state import Player
from adjudicator.deduction.rules.actions import rule_buy, rule_discard
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.logic import claim_stop, stop_report
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Status, Tier
from adjudicator.deduction.rules.turns import rule_turn
from tests.factories import board, card, conservation_total, state

CASINO_PIEDMONT = card(
    1, "building", "casino", "street(piedmont-st) and north_of(piedmont-st) and west_of(oak-st)"
)
CASINO_EAST_NEXT_TO_MY = card(2, "condition", "casino", "east_of(main-st)", relation="next_to")
MY_PIEDMONT_WEST = card(
    3, "district", "my", "north_of(railway) and west_of(oak-st) and east_of(front-st)"
)
SHERIFF_CORNER = card(18, "building", "sheriff", "corner(piedmont-st, main-st)")
DOC_MAIN_ST = card(19, "building", "doc", "street(main-st)")

ANN = Player("ann", ("hotel", "smithy"), 0)


def _check(before, ruling) -> None:  # type: ignore[no-untyped-def]
    assert conservation_total(ruling.after) == conservation_total(before)  # S2


def test_building_card_fifth_marker_scores_one() -> None:
    """P1, S1: four spaces marked, the unneeded fifth marker is the player's point."""
    s = state([CASINO_PIEDMONT], players=[ANN])
    r = rule_play(s, 1)
    assert r.status is Status.PLAYABLE
    assert sorted(sp for _, sp in r.markers_placed) == ["b1", "c1", "d1", "e1"]
    assert r.points == 1 and r.points_detail["unneeded"] == 1
    assert r.after.player("ann").points == 1
    assert r.after.active == "ann"  # the only player: the turn comes back
    _check(s, r)


def test_condition_card_next_to_my_building_scores_five() -> None:
    """P6: the relation removes two Casino markers and three Hotel markers."""
    s = state(
        [CASINO_EAST_NEXT_TO_MY],
        markers={"casino": ["b1", "c1", "d1", "e1"], "hotel": ["d1", "e1", "c3", "d3", "d4"]},
        players=[ANN, Player("bob")],
    )
    r = rule_play(s, 2, "hotel")
    assert r.status is Status.PLAYABLE
    removed = {(x.building, x.space): x.tier for x in r.removed}
    assert removed == {
        ("casino", "b1"): Tier.CARD,
        ("casino", "c1"): Tier.CARD,
        ("hotel", "c3"): Tier.CARD,
        ("hotel", "d3"): Tier.CARD,
        ("hotel", "d4"): Tier.CARD,
    }
    assert r.points == 5 and not r.built
    assert r.after.markers["casino"] == {"d1", "e1"}
    assert r.after.active == "bob"
    _check(s, r)


def test_district_card_cascade_scores_three() -> None:
    """P6 tiers: the card takes the far Casino marker, the last one builds the Casino, and
    the Smithy marker under it goes (one removed, one built, one displaced)."""
    s = state(
        [MY_PIEDMONT_WEST],
        markers={"casino": ["d1", "f3"], "smithy": ["d1", "c4", "d4"]},
        players=[Player("ann", ("casino", "smithy"))],
    )
    r = rule_play(s, 3, "casino")
    assert r.status is Status.PLAYABLE
    tiers = {(x.building, x.space): x.tier for x in r.removed}
    assert tiers == {("casino", "f3"): Tier.CARD, ("smithy", "d1"): Tier.CASCADE}
    assert [(b.building, b.space) for b in r.built] == [("casino", "d1")]
    assert r.points == 3
    assert r.after.placed["casino"] == "d1"
    assert "casino" not in r.after.player("ann").buildings  # P7: placed, no longer mine
    _check(s, r)


def test_card_contradicting_a_placed_building_is_refused() -> None:
    """P3, the Gads Hill card 18 case: the Sheriff already stands at Front St and Piedmont."""
    s = state([SHERIFF_CORNER], placed={"sheriff": "b2"}, players=[ANN])
    r = rule_play(s, 18)
    assert r.status is Status.CONTRADICTORY
    assert r.code == "P3"
    assert "B2" in r.reasons[0].message
    assert r.after == s


def test_fourth_marker_on_a_space_is_not_now() -> None:
    """P5, the Gads Hill card 19 case: C3 already holds the Bank, Smithy and Church."""
    s = state(
        [DOC_MAIN_ST],
        markers={"bank": ["c3", "b1"], "smithy": ["c3", "b4"], "church": ["c3", "e4"]},
        players=[ANN],
    )
    r = rule_play(s, 19)
    assert r.status is Status.NOT_NOW
    assert r.code == "P5"
    assert "C3" in r.reasons[0].message


def test_card_needing_six_markers_is_not_now() -> None:
    """P2: a district card for an open building with 8 spaces left."""
    s = state([MY_PIEDMONT_WEST], players=[ANN])
    r = rule_play(s, 3, "hotel")
    assert r.status is Status.NOT_NOW
    assert r.code == "P2"
    assert "8 markers" in r.reasons[0].message


def test_district_card_playable_once_narrowed_by_buildings() -> None:
    """P2: with three of the eight spaces built on, five markers suffice."""
    s = state(
        [MY_PIEDMONT_WEST],
        placed={"bank": "b1", "saloon": "c1", "jail": "b2"},
        players=[ANN],
    )
    r = rule_play(s, 3, "hotel")
    assert r.status is Status.PLAYABLE
    assert sorted(sp for _, sp in r.markers_placed) == ["c2", "d1", "d2", "e1", "e2"]
    assert r.points == 0


def test_old_town_confirmation_card() -> None:
    """P4: 'The Sheriff lived north of Main St' when every Sheriff marker already is."""
    north = card(7, "building", "sheriff", "north_of(main-st)", edition="old-town")
    s = state([north], edition="old-town", markers={"sheriff": ["b1", "c1"]}, players=[ANN])
    r = rule_play(s, 7)
    assert r.status is Status.CONFIRMATION and r.code is Code.P4
    assert not r.playable and r.after == s
    allowed = state(
        [north],
        edition="old-town",
        markers={"sheriff": ["b1", "c1"]},
        players=[ANN],
        options={"confirmation_playable": True},
    )
    played = rule_play(allowed, 7)
    assert played.status is Status.PLAYABLE_CONFIRMATION and played.playable
    assert played.points == 0 and played.reasons[0].code is Code.P4


def test_a_relation_card_that_removes_no_marker_is_a_confirmation() -> None:
    """P4 (revision 2, Old Town rule 11): a card that rules out combinations but no marker
    does not alter the board, so Old Town may not play it, even for 0 points."""
    # Two Sheriff markers, two Doc markers: "next to" rules out the far pairs only.
    near = card(
        8, "condition", "sheriff", "street(main-st)", relation="next_to", edition="old-town"
    )
    b = board("old-town")
    pairs = b.relation_pairs("next_to")
    sheriff = [x for x in b.building_spaces if x in near.spaces]
    two = next(
        (s1, s2, m1, m2)
        for s1 in sheriff
        for s2 in sheriff
        for m1 in b.building_spaces
        for m2 in b.building_spaces
        if len({s1, s2, m1, m2}) == 4
        and (s1, m1) in pairs
        and (s2, m2) in pairs
        and (s1, m2) not in pairs
    )
    s1, s2, m1, m2 = two
    s = state(
        [near],
        edition="old-town",
        markers={"sheriff": [s1, s2], "doc": [m1, m2]},
        players=[Player("ann", ("doc",), 0)],
    )
    r = rule_play(s, 8, "doc")
    assert r.status is Status.CONFIRMATION and r.code is Code.P4


def test_old_town_contradictory_card() -> None:
    """P3: it would take every Sheriff marker."""
    north = card(7, "building", "sheriff", "north_of(main-st)", edition="old-town")
    s = state([north], edition="old-town", markers={"sheriff": ["b3", "c3"]}, players=[ANN])
    r = rule_play(s, 7)
    assert r.status is Status.CONTRADICTORY
    assert "every marker of the Sheriff" in r.reasons[0].message


def test_two_buildings_on_one_space_wait_for_a_card() -> None:
    """K4: the Undertaker and Butcher share their only space; a card settling the Undertaker
    builds it and retires the Butcher."""
    undertaker = card(5, "building", "undertaker", "street(main-st)")
    s = state([undertaker], markers={"undertaker": ["c3"], "butcher": ["c3"]}, players=[ANN])
    report = stop_report(s)
    assert not report.removable and not report.determined
    assert [c.buildings for c in report.conflicts] == [("butcher", "undertaker")]
    r = rule_play(s, 5)
    assert r.status is Status.PLAYABLE
    assert [(b.building, b.space) for b in r.built] == [("undertaker", "c3")]
    assert r.retired == ("butcher",)
    assert "butcher" in r.after.retired
    assert r.points == 2  # the Undertaker's last marker and the displaced Butcher marker
    _check(s, r)
    # A retired building cannot be named any more.
    butcher = card(6, "building", "butcher", "street(main-st)")
    later = state([butcher], retired=["butcher"], placed={"undertaker": "c3"}, players=[ANN])
    assert rule_play(later, 6).status is Status.CONTRADICTORY


def test_stop_claim_with_hall_set_explanation() -> None:
    """L1, L3: the Bank and Saloon fill C2 and C3, so the Hotel marker on C3 goes."""
    s = state(
        markers={"bank": ["c2", "c3"], "saloon": ["c2", "c3"], "hotel": ["c3", "d3"]},
        players=[ANN, Player("bob")],
    )
    report = stop_report(s)
    assert [(r.building, r.space) for r in report.removable] == [("hotel", "c3")]
    assert "The Bank and the Saloon have markers only on C2 and C3" in (
        report.removable[0].explanation
    )
    assert [(d.building, d.space) for d in report.determined] == [("hotel", "d3")]
    assert report.points == 2
    r = claim_stop(s, "bob")
    assert r.after.player("bob").points == 2
    assert r.after.placed["hotel"] == "d3"


def test_discard_two_cards_take_a_marker() -> None:
    """A1: the taken marker leaves one Casino marker: it is built, and its space cleared."""
    c1, c2 = CASINO_PIEDMONT, SHERIFF_CORNER
    s = state(
        [c1, c2],
        markers={"casino": ["d1", "e1"], "smithy": ["e1", "c4", "d4"]},
        players=[Player("ann", ("hotel",), 0, (1, 18))],
    )
    r = rule_discard(s, (1, 18), ("casino", "d1"))
    assert r.status is Status.PLAYABLE
    assert r.after.placed["casino"] == "e1"
    assert r.points == 3  # taken, built, displaced Smithy marker
    assert r.after.player("ann").hand == ()
    _check(s, r)


def test_a_discard_may_take_a_buildings_last_marker() -> None:
    """A1 (revision 2): 'take any one marker'. In a K4 group (the Casino and the Hotel share
    their only space) taking the Hotel's marker retires it and settles the Casino."""
    c1, c2 = CASINO_PIEDMONT, SHERIFF_CORNER
    group = state(
        [c1, c2],
        markers={"hotel": ["c4"], "casino": ["c4"], "smithy": ["c4", "d4"]},
        players=[Player("ann", (), 0, (1, 18))],
    )
    r = rule_discard(group, (1, 18), ("hotel", "c4"))
    assert r.status is Status.PLAYABLE
    assert r.retired == ("hotel",) and "hotel" in r.after.retired
    assert r.after.placed["casino"] == "c4"
    assert r.after.placed["smithy"] == "d4"
    # taken 1, the Casino built 1, the Smithy marker it displaces 1; the Smithy is then
    # determined on D4 (logic tier) and built: 1 more.
    assert r.points == 4, r.points_detail
    _check(group, r)


def test_old_town_discard_only_dead_cards() -> None:
    """A1 (Old Town): a card still playable may not be discarded."""
    live = card(1, "building", "church", "in_sight(cemetery)", edition="old-town")
    dead = card(2, "building", "bank", "street(dalton-rd)", edition="old-town")
    s = state(
        [live, dead],
        edition="old-town",
        placed={"bank": "e1"},
        markers={"doc": ["c1", "d1"]},
        players=[Player("ann", ("hotel",), 0, (1, 2))],
    )
    r = rule_discard(s, (1, 2), ("doc", "c1"))
    assert r.status is Status.ILLEGAL and "card 1" in r.reasons[0].message


def test_buy_a_building() -> None:
    """A2: two scored markers, at most three a game, only from beside the board."""
    s = state(players=[Player("ann", ("hotel",), 3, None, 0)])
    r = rule_buy(s, "bank")
    assert r.status is Status.PLAYABLE
    assert r.after.player("ann").points == 1
    assert r.after.player("ann").buildings == ("hotel", "bank")
    _check(s, r)
    assert rule_buy(r.after, "church").status is Status.ILLEGAL  # only 1 point left
    assert rule_buy(s, "hotel").status is Status.ILLEGAL  # not beside the board
    old = state(edition="old-town", players=[Player("ann", (), 5)])
    assert rule_buy(old, "bank").status is Status.ILLEGAL


def test_two_cards_check_three_markers_when_played_and_after_the_second() -> None:
    """A3/P5: a card may not put a 4th marker on C3 (P5 a), whatever a later card does."""
    doc = DOC_MAIN_ST
    bank_far = card(20, "building", "bank", "spaces(b1, f4, b3, f1)")
    s = state(
        [doc, bank_far],
        markers={"bank": ["c3", "b1"], "smithy": ["c3", "b4"], "church": ["c3", "e4"]},
        players=[ANN],
    )
    alone = rule_play(s, 19)
    assert alone.status is Status.NOT_NOW and alone.code is Code.P5
    assert "already holds 3 markers" in alone.reasons[0].message
    # P5 (a): C3 holds three when the Doc card is played, even if the Bank card would clear
    # one of them afterwards ...
    first = rule_turn(s, [(19, None), (20, None)])
    assert first.status is Status.NOT_NOW and first.code is Code.P5
    # ... but played second, after the Bank card has cleared C3, it may go there.
    r = rule_turn(s, [(20, None), (19, None)])
    assert r.status is Status.PLAYABLE
    assert r.after.placed["bank"] == "b1"
    assert "doc" in r.after.markers and "c3" in r.after.markers["doc"]
    _check(s, r)
    assert s.locomotive == 3  # the three landmarks
    full = state(
        [doc, bank_far],
        placed=dict(
            zip(
                [
                    "saloon",
                    "jail",
                    "stable",
                    "school",
                    "theatre",
                    "laundry",
                    "barber",
                    "butcher",
                    "church",
                    "courthouse",
                    "city-hall",
                    "drugstore",
                    "hotel",
                ],
                ["b1", "c1", "d1", "e1", "f1", "a2", "b2", "e2", "f2", "b3", "e3", "f3", "b4"],
                strict=True,
            )
        ),
        players=[ANN],
    )
    assert full.locomotive == 16
    assert rule_turn(full, [(19, None), (20, None)]).status is Status.ILLEGAL


def test_play_refuses_cards_not_in_hand_and_buildings_not_mine() -> None:
    """P7: 'my building' lies in front of the active player; the card must be in the hand."""
    s = state([MY_PIEDMONT_WEST], players=[Player("ann", ("hotel",), 0, (5,))])
    r = rule_play(s, 3, "hotel")
    assert r.status is Status.ILLEGAL and "not in ann's hand" in r.reasons[0].message
    s2 = state([MY_PIEDMONT_WEST], players=[Player("ann", ("hotel",), 0, (3,))])
    r2 = rule_play(s2, 3, "bank")
    assert r2.status is Status.ILLEGAL and "not a building in front of ann" in r2.reasons[0].message


def test_docs_rulings_is_the_shared_revision() -> None:
    """docs/RULINGS.md is the project's copy of the team's RULINGS.md (revision 2)."""
    from pathlib import Path

    import pytest

    root = Path(__file__).resolve().parents[1]
    ours = (root / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    assert "Revision 2." in ours
    shared = root.parent / "shared" / "design" / "RULINGS.md"
    if not shared.exists():
        pytest.skip("no shared/ beside this checkout")
    body = ours.split("-->\n", 1)[1]  # the copy note comes first
    assert body == shared.read_text(encoding="utf-8")


def test_the_sixteen_is_counted_at_the_start_of_the_turn() -> None:
    """A3 (revision 2): one or two cards while fewer than 16 buildings stand at the start of
    the turn; a first card that brings the count to 16 still allows a second."""
    names = ["saloon", "jail", "stable", "school", "theatre", "laundry", "barber", "butcher"]
    names += ["church", "courthouse", "city-hall", "drugstore"]
    spaces = ["c1", "d1", "e1", "f1", "a2", "b2", "e2", "f2", "b3", "e3", "f3", "b4"]
    bank_b1 = card(20, "building", "bank", "spaces(b1, f4)")
    hotel = card(21, "building", "hotel", "spaces(c2, d2)")
    s = state(
        [bank_b1, hotel],
        placed=dict(zip(names, spaces, strict=True)),
        markers={"bank": ["b1", "c3"]},
        players=[Player("ann", ("smithy",), 0, (20, 21))],
    )
    assert s.locomotive == 15
    first = rule_play(s, 20)
    assert first.playable and first.after.locomotive == 16  # the Bank is built on B1
    r = rule_turn(s, [(20, None), (21, None)])
    assert r.status is Status.PLAYABLE, r.reasons
    assert r.after.placed["bank"] == "b1" and "hotel" in r.after.markers
