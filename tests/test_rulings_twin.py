"""The rulings engine equals its brute-force twin on random states and cards (L1, L2, P3,
P4), and every ruling keeps the markers' conservation law (S2)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings

from adjudicator.actions import claim_stop, rule_discard
from adjudicator.cards import Card, CardSet
from adjudicator.editions import Edition
from adjudicator.play import rule_play
from adjudicator.ruling import Status
from adjudicator.state import GameState
from adjudicator.stop import stop_report
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


@settings(max_examples=120, deadline=None)
@given(boards_and_cards())
def test_play_ruling_equals_twin(case: tuple[GameState, object, str | None]) -> None:
    s, _card, my = case
    engine = rule_play(s, 1, my)
    oracle = rule_play(s, 1, my, method="twin")
    assert _summary(engine) == _summary(oracle)


@settings(max_examples=120, deadline=None)
@given(boards_and_cards())
def test_play_keeps_conservation(case: tuple[GameState, object, str | None]) -> None:
    """S2: markers on the board + scored + spent + not yet used stay constant."""
    s, _card, my = case
    r = rule_play(s, 1, my)
    assert conservation_total(r.after) == conservation_total(s)
    if r.status is not Status.PLAYABLE:
        assert r.after == s and r.points == 0


@settings(max_examples=150, deadline=None)
@given(boards_and_cards())
def test_stop_report_equals_twin_and_solver(case: tuple[GameState, object, str | None]) -> None:
    s = case[0]
    fast = stop_report(s)
    for method in ("twin", "cpsat"):
        other = stop_report(s, method)  # type: ignore[arg-type]
        assert fast == other


@settings(max_examples=100, deadline=None)
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


@settings(max_examples=80, deadline=None)
@given(boards_and_cards())
def test_discard_keeps_conservation_and_takes_the_marker(
    case: tuple[GameState, Card, str | None],
) -> None:
    """A1 and S2: the taken marker and what follows from it go to the player."""
    s, card, _my = case
    twin_card = replace(card, number=2)
    s = replace(
        s,
        edition=Edition(s.edition.id, s.board, CardSet("t", "t", {1: card, 2: twin_card})),
        option_overrides={**s.option_overrides, "discard_needs_dead_cards": False},
    ).with_player("ann", hand=(1, 2))
    for b, spaces in sorted(s.markers.items()):
        if len(spaces) < 2:
            continue
        space = sorted(spaces)[0]
        r = rule_discard(s, (1, 2), (b, space))
        assert r.status is Status.PLAYABLE
        assert space not in r.after.markers.get(b, frozenset())
        assert r.after.player("ann").points == s.player("ann").points + r.points
        assert conservation_total(r.after) == conservation_total(s)
        break
