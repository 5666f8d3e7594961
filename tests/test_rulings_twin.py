"""The rulings engine equals its brute-force twin on random states and cards (L1, L2, P3,
P4), and every ruling keeps the markers' conservation law (S2)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from adjudicator.deduction.models.cards import Card, CardSet
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.actions import rule_discard
from adjudicator.deduction.rules.logic import claim_stop, stop_report
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Status
from adjudicator.deduction.solve.twin import placements
from tests.budget import examples
from tests.factories import conservation_total
from tests.strategies import boards_and_cards


def _summary(r):  # type: ignore[no-untyped-def]
    return (
        r.status,
        sorted(r.markers_placed),
        sorted((x.building, x.space, str(x.tier)) for x in r.removed),
        sorted((b.building, b.space) for b in r.built),
        sorted(r.retired),
        r.points,
    )


@settings(max_examples=examples(120), deadline=None)
@given(boards_and_cards())
def test_play_ruling_equals_twin(case: tuple[GameState, object, str | None]) -> None:
    s, _card, my = case
    engine = rule_play(s, 1, my)
    oracle = rule_play(s, 1, my, method="twin")
    assert _summary(engine) == _summary(oracle)


@settings(max_examples=examples(120), deadline=None)
@given(boards_and_cards())
def test_play_keeps_conservation(case: tuple[GameState, object, str | None]) -> None:
    """S2: markers on the board + scored + spent + not yet used stay constant."""
    s, _card, my = case
    r = rule_play(s, 1, my)
    assert conservation_total(r.after) == conservation_total(s)
    if not r.playable:
        assert r.after == s and r.points == 0


@settings(max_examples=examples(150), deadline=None)
@given(boards_and_cards())
def test_stop_report_equals_twin_and_solver(case: tuple[GameState, object, str | None]) -> None:
    s = case[0]
    fast = stop_report(s)
    for method in ("twin", "cpsat"):
        other = stop_report(s, method)  # type: ignore[arg-type]
        assert fast == other


@settings(max_examples=examples(100), deadline=None)
@given(boards_and_cards())
def test_stop_claim_takes_exactly_the_report(case: tuple[GameState, object, str | None]) -> None:
    s = case[0]
    report = stop_report(s)
    r = claim_stop(s, "bob")
    assert r.points == report.points
    assert {(x.building, x.space) for x in r.removed} == {
        (x.building, x.space) for x in report.removable
    } | {
        (c, d.space)
        for d in report.determined
        for c in s.markers
        if c != d.building and d.space in s.markers[c]
    } | {(d.building, sp) for d in report.determined for sp in s.markers[d.building] - {d.space}}
    assert conservation_total(r.after) == conservation_total(s)
    assert not stop_report(r.after)


@settings(max_examples=examples(150), deadline=None)
@given(boards_and_cards(), st.data())
def test_discard_keeps_conservation_and_takes_the_marker(
    case: tuple[GameState, Card, str | None], data: st.DataObject
) -> None:
    """A1 and S2: any marker may be taken, a building's last one included; the building left
    with no marker is retired, the other of its K4 pair is built, and the taken marker and
    what follows from it go to the player."""
    s, card, _my = case
    twin_card = replace(card, number=2)
    s = replace(
        s,
        edition=Edition(s.edition.id, s.board, CardSet("t", "t", {1: card, 2: twin_card})),
        option_overrides={**s.option_overrides, "discard_needs_dead_cards": False},
    ).with_player("ann", hand=(1, 2))
    takeable = sorted((b, x) for b, spaces in s.markers.items() for x in spaces)
    assume(takeable)
    lasts = [(b, x) for b, x in takeable if len(s.markers[b]) == 1]
    pool = data.draw(st.sampled_from([takeable, lasts or takeable]), label="last ones only?")
    b, space = data.draw(st.sampled_from(pool), label="take")
    last = s.markers[b] == {space}
    # The others whose markers lie only on that space: with the taken one gone, a single one
    # stands there alone and is built (K4 settled).
    alone_there = [c for c, spaces in s.markers.items() if c != b and spaces == {space}]
    others_there = [c for c, spaces in s.markers.items() if c != b and space in spaces]
    event("takes a last marker" if last else "takes one of several markers")

    r = rule_discard(s, (1, 2), (b, space))
    assert r.status is Status.PLAYABLE, r.reasons
    assert (b, space) in {(x.building, x.space) for x in r.removed}
    assert space not in r.after.markers.get(b, frozenset())
    assert r.points >= 1
    assert r.after.player("ann").points == s.player("ann").points + r.points
    assert r.after.player("ann").hand == ()
    assert conservation_total(r.after) == conservation_total(s)
    if last:
        assert b not in r.after.markers and b not in r.after.placed
        assert b in r.retired and b in r.after.retired
    if len(alone_there) == 1 and others_there == alone_there:
        event("settles a K4 pair" if last else "frees a lone marker")
        # A K4 pair is settled by the discard (cascade); a lone marker that was already
        # settled before is the board's own STOP claim (logic tier, P6): built for the
        # player only when `logic_to_active`.
        every = list(placements(s.markers))
        most = max(len(x) for x in every)
        settled = all(x.get(alone_there[0]) == space for x in every if len(x) == most)
        if last or s.options.logic_to_active:
            assert r.after.placed.get(alone_there[0]) == space
        elif settled:
            assert alone_there[0] not in r.after.placed
    # Every building that ends with no marker and unbuilt is retired (A1).
    for c in s.markers:
        if c not in r.after.markers and c not in r.after.placed:
            assert c in r.after.retired
