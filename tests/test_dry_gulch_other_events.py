"""Dry Gulch's events without a triangle, Ace up your Sleeve, and the cards left face up,
each from the card's words (`../shared/seeds/003_*`, "No Triangle (Other Events)"):
one legal use and one refusal citing the card's own code at least; the twin
(`tests/dry_gulch_twin.py`, sharing no code with the referee) on random tables."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.files import write_data
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.game.flow import DGGame, new_game
from adjudicator.dry_gulch.game.notation import Discard, Draw, EventCard, Misfortune, Violet
from adjudicator.dry_gulch.game.record import DGHeader, format_move, parse_move
from adjudicator.dry_gulch.misfortune import play_misfortune
from adjudicator.dry_gulch.other_events import CODES, play_event, playable_face_up
from adjudicator.dry_gulch.setup import new_table
from adjudicator.dry_gulch.state import (
    Built,
    DGPlayer,
    DGState,
    load_dg_state,
    state_data,
    write_dg_state,
)
from tests.budget import examples
from tests.dry_gulch_support import cards
from tests.dry_gulch_twin import event_counts, must_play, worth

RULES = load_rules()
runner = CliRunner()
STACK = ["lumber", "brick", "food", "whiskey", "mason", "carpenter", "labor:2", "labor:3"] * 3


def table(
    face_up: list[str],
    buildings: list[tuple[str, str, str]] | None = None,
    hands: dict[str, list[str]] | None = None,
    permits: list[str] | None = None,
    damaged: tuple[str, ...] = (),
) -> DGState:
    """ann (active), bob, cid; buildings as (permit, owner, site)."""
    hands = hands or {}
    built = [Built(p, o, s, s in damaged) for p, o, s in buildings or []]
    decks = Decks(
        round=2,
        resources=list(STACK),
        permits=list(["hotel", "opera"] if permits is None else permits),
        face_up=list(face_up),
    )
    players = [DGPlayer(n, cards(*hands.get(n, []))) for n in ("ann", "bob", "cid")]
    return DGState(players, "ann", built, decks)


def texts(s: DGState, name: str) -> list[str]:
    return sorted(c.text for c in s.player(name).hand)


def refused(s: DGState, event: str, site: str | None = None) -> str:
    r = play_event(s, event, site, seed=1)
    assert not r.legal and r.after is s
    return str(r.reasons[0].code)


def test_election_poll_each_draws_a_card_a_point_behind_the_leader() -> None:
    # "the influence points on the board are counted. Each player draws one card for every
    # point by which he is behind the leader." Bank 4, Saloon 3, a damaged Saloon counts 1.
    s = table(
        ["election-poll"],
        [("bank", "ann", "bank-lot"), ("saloon", "bob", "nw-1"), ("saloon", "cid", "nw-3")],
        damaged=("nw-3",),
    )
    r = play_event(s, "election-poll", seed=3)
    assert r.legal and {n: len(c) for n, c in r.drawn.items()} == {"ann": 0, "bob": 1, "cid": 3}
    assert len(r.after.player("cid").hand) == 3
    assert r.after.decks is not None and list(r.after.decks.event_discard) == ["election-poll"]
    assert list(r.after.decks.face_up) == []
    assert refused(table([]), "election-poll") == Code.POLL  # not face up: nothing to play


def test_main_street_shootout_the_undertaker_receives_one() -> None:
    s = table(["main-street-shootout"], [("undertaker", "bob", "nw-2")])
    r = play_event(s, "main-street-shootout", seed=1)
    assert r.legal and r.drawn == {"bob": (STACK[0],)} and texts(r.after, "bob") == [STACK[0]]
    nobody = play_event(table(["main-street-shootout"]), "main-street-shootout", seed=1)
    assert nobody.legal and nobody.drawn == {}  # no Undertaker built: nobody receives
    assert refused(s, "main-street-shootout", "nw-2") == Code.SHOOTOUT  # not played on a site


def test_doctor_gets_a_new_medicament_two_cards_to_the_pharmacist() -> None:
    s = table(
        ["doctor-new-medicament"],
        [("doctors-office", "bob", "nw-2"), ("pharmacist", "cid", "nw-4")],
        {"bob": ["lumber", "brick", "food"]},
    )
    r = play_event(s, "doctor-new-medicament", seed=2)
    assert r.legal and len(r.after.player("bob").hand) == 1
    assert Counter(texts(r.after, "bob") + texts(r.after, "cid")) == Counter(texts(s, "bob"))
    assert refused(table([]), "doctor-new-medicament") == Code.MEDICAMENT


def test_a_building_not_yet_built_discards_or_draws_from_the_stack() -> None:
    # DG-EVENT-MISSING: "If a player loses cards to a building that has not yet been built,
    # he discards them instead. If he receives cards from a building that has not yet been
    # built, he draws them from the resource stack."
    lose = table(
        ["doctor-new-medicament"], [("doctors-office", "bob", "nw-2")], {"bob": ["food"] * 3}
    )
    r = play_event(lose, "doctor-new-medicament", seed=2)
    assert r.legal and len(r.after.player("bob").hand) == 1
    assert r.after.decks is not None and list(r.after.decks.resource_discard) == ["food", "food"]
    gain = table(["doctor-new-medicament"], [("pharmacist", "cid", "nw-4")])
    r = play_event(gain, "doctor-new-medicament", seed=2)
    assert r.legal and texts(r.after, "cid") == sorted(STACK[:2])
    # a damaged Doctor's Office: its penalties are suspended; it counts as not built
    hurt = table(
        ["doctor-new-medicament"],
        [("doctors-office", "bob", "nw-2"), ("pharmacist", "cid", "nw-4")],
        {"bob": ["food"]},
        damaged=("nw-2",),
    )
    r = play_event(hurt, "doctor-new-medicament", seed=2)
    assert texts(r.after, "bob") == ["food"] and texts(r.after, "cid") == sorted(STACK[:2])


def test_headline_the_leader_loses_two_a_tie_one_each() -> None:
    leader = table(
        ["headline-mayor-to-be"],
        [("bank", "ann", "bank-lot"), ("newspaper", "cid", "nw-4")],
        {"ann": ["lumber", "brick", "food"]},
    )
    r = play_event(leader, "headline-mayor-to-be", seed=1)
    assert r.legal and len(r.after.player("ann").hand) == 1 and len(r.after.player("cid").hand) == 2
    tie = table(
        ["headline-mayor-to-be"],
        [("saloon", "ann", "nw-1"), ("saloon", "bob", "nw-3"), ("newspaper", "cid", "nw-4")],
        {"ann": ["lumber", "brick"], "bob": ["food", "mason"]},
    )
    r = play_event(tie, "headline-mayor-to-be", seed=1)
    assert [len(r.after.player(n).hand) for n in ("ann", "bob", "cid")] == [1, 1, 2]
    assert refused(tie, "headline-mayor-to-be", "nw-4") == Code.HEADLINE


def test_doctor_gets_a_close_shave_and_the_ace_up_the_sleeve() -> None:
    # DG-ACE: "you show this card and take it back again. Afterwards you may set aside one
    # of your cards": the Ace and the card of most worth (the Mason, 3) are never drawn.
    for seed in range(30):
        s = table(
            ["doctor-close-shave"],
            [("doctors-office", "bob", "nw-2"), ("barber", "cid", "nw-4")],
            {"bob": ["event:ace-up-your-sleeve", "food", "mason", "entertainment"]},
        )
        r = play_event(s, "doctor-close-shave", seed=seed)
        assert r.legal and texts(r.after, "bob") == ["event:ace-up-your-sleeve", "mason"]
        assert texts(r.after, "cid") == ["entertainment", "food"]
    assert refused(table([]), "doctor-close-shave") == Code.SHAVE


def test_banker_gets_a_new_pipe_and_an_iou_is_handed_over_instead() -> None:
    s = table(
        ["banker-new-pipe"],
        [("bank", "bob", "bank-lot"), ("tobacconist", "cid", "nw-4")],
        {"bob": ["event:iou", "brick", "brick"]},
    )
    r = play_event(s, "banker-new-pipe", seed=1)
    assert r.legal and texts(r.after, "bob") == ["brick", "brick"]
    assert texts(r.after, "cid") == ["event:iou"] and r.moved[0].iou
    assert refused(table([]), "banker-new-pipe") == Code.PIPE


def test_gunfight_in_the_saloon_one_card_each_to_undertaker_sheriff_doctor() -> None:
    s = table(
        ["gunfight-in-the-saloon"],
        [
            ("saloon", "bob", "nw-1"),
            ("undertaker", "ann", "nw-2"),
            ("sheriffs-office", "cid", "nw-4"),
            ("doctors-office", "ann", "sw-2"),
        ],
        {"bob": ["lumber", "brick", "food", "mason"]},
    )
    r = play_event(s, "gunfight-in-the-saloon", "nw-1", seed=4)
    assert r.legal and len(r.after.player("bob").hand) == 1
    assert len(r.after.player("ann").hand) == 2 and len(r.after.player("cid").hand) == 1
    assert refused(s, "gunfight-in-the-saloon", "nw-2") == Code.GUNFIGHT  # not a Saloon
    assert refused(s, "gunfight-in-the-saloon") == Code.GUNFIGHT  # a Saloon must be named
    no_saloon = play_event(table(["gunfight-in-the-saloon"]), "gunfight-in-the-saloon", seed=1)
    assert no_saloon.legal and no_saloon.moved == ()  # nothing to play it against


def test_wells_fargo_wagon_one_to_the_post_office_then_three_each() -> None:
    s = table(
        ["wells-fargo-wagon"],
        [("post-office", "cid", "nw-4")],
        {"ann": ["lumber"], "bob": ["brick", "food"], "cid": ["mason"]},
    )
    r = play_event(s, "wells-fargo-wagon", seed=1)
    assert r.legal and [len(r.after.player(n).hand) for n in ("ann", "bob", "cid")] == [3, 4, 6]
    assert r.after.stagecoach  # "the stagecoach (Wells Fargo Wagon) has arrived"
    assert refused(table([]), "wells-fargo-wagon") == Code.STAGECOACH


def test_land_grant_a_permit_from_the_stack_or_forfeited() -> None:
    r = play_event(table(["land-grant"]), "land-grant", seed=1)
    assert r.legal and r.permit == "hotel" and list(r.after.player("ann").permits) == ["hotel"]
    empty = play_event(table(["land-grant"], permits=[]), "land-grant", seed=1)
    assert empty.legal and empty.permit is None and list(empty.after.player("ann").permits) == []
    assert empty.after.decks is not None and list(empty.after.decks.event_discard) == ["land-grant"]
    # option city-hall: "no player may draw building permits"
    closed = replace(table(["land-grant"]), city_hall_closed="bob")
    assert play_event(closed, "land-grant", seed=1).permit is None
    assert refused(table(["election-poll"]), "land-grant") == Code.LAND_GRANT


def test_sheriff_shot_two_cards_to_the_doctor() -> None:
    s = table(
        ["sheriff-shot"],
        [("sheriffs-office", "bob", "nw-2"), ("doctors-office", "cid", "nw-4")],
        {"bob": ["lumber", "brick"]},
    )
    r = play_event(s, "sheriff-shot", seed=1)
    assert r.legal and texts(r.after, "cid") == ["brick", "lumber"] and texts(r.after, "bob") == []
    assert refused(table([]), "sheriff-shot") == Code.SHERIFF_SHOT


def test_undertakers_horse_two_cards_to_the_stables_not_to_oneself() -> None:
    s = table(
        ["undertakers-horse-is-ill"],
        [("undertaker", "bob", "nw-2"), ("stables", "bob", "nw-4")],
        {"bob": ["lumber", "brick"]},
    )
    r = play_event(s, "undertakers-horse-is-ill", seed=1)
    assert r.legal and texts(r.after, "bob") == ["brick", "lumber"]  # to his own Stables
    assert refused(table([]), "undertakers-horse-is-ill") == Code.HORSE


def test_what_is_not_a_card_without_a_triangle_is_refused() -> None:
    assert refused(table(["iou"]), "iou") == Code.EVENT
    no_decks = replace(table(["land-grant"]), decks=None)
    assert refused(no_decks, "land-grant") == Code.DECKS


def test_an_ace_spares_cards_in_a_misfortune_too() -> None:
    for seed in range(20):
        s = table(
            ["vandalism"],
            [("saloon", "bob", "nw-1")],
            {"bob": ["event:ace-up-your-sleeve", "food", "mason"]},
        )
        r = play_misfortune(s, "vandalism", "nw-1", seed)  # a face-up one, from the table
        assert r.legal and texts(r.after, "bob") == ["event:ace-up-your-sleeve", "mason"]
        assert r.after.decks is not None and list(r.after.decks.face_up) == []


def test_which_face_up_cards_wait_to_be_played() -> None:
    s = table(
        ["land-grant", "iou", "fire", "silk-lace", "gunfight-in-the-saloon"],
        [("saloon", "bob", "nw-1")],
    )
    waiting = playable_face_up(s)
    assert ("land-grant", None) in waiting and ("fire", "nw-1") in waiting
    assert ("gunfight-in-the-saloon", "nw-1") in waiting
    assert {e for e, _ in waiting} == {"land-grant", "fire", "gunfight-in-the-saloon"}  # no iou;
    # no Silk Lace: no General Store stands


def test_a_face_up_event_is_played_on_a_state_file(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    state = new_table(["ann", "bob", "cid"], 7)
    assert state.decks is not None
    events = list(state.decks.events)
    events.remove("land-grant")
    state = replace(
        state,
        decks=replace(state.decks, round=2, events=tuple(events), face_up=("land-grant",)),
    )
    assert state.decks is not None
    top = state.decks.permits[0]
    write_data(path, state_data(state))
    played = play_event(load_dg_state(path), "land-grant")
    assert played.legal and played.to_json()["permit"] == top
    write_dg_state(path, played.after)
    assert load_dg_state(path).player("ann").permits[-1] == top
    again = play_event(load_dg_state(path), "land-grant").to_json()
    assert again["reasons"][0]["code"] == "DG-LAND-GRANT"


# -- The twin: random tables, every event, hand sizes and permits as the words say ----------

SPECIALS = [
    "doctors-office",
    "pharmacist",
    "barber",
    "bank",
    "tobacconist",
    "sheriffs-office",
    "undertaker",
    "stables",
    "newspaper",
    "post-office",
    "saloon",
    "saloon",
]
SITES = [*(f"nw-{i}" for i in range(1, 7)), *(f"ne-{i}" for i in range(1, 7))]
HAND = ["lumber", "brick", "food", "mason", "labor:2", "event:iou", "event:ace-up-your-sleeve"]


@st.composite
def random_tables(draw: st.DrawFn) -> tuple[DGState, str, str | None]:
    owners = draw(st.lists(st.sampled_from([None, "ann", "bob", "cid"]), min_size=12, max_size=12))
    hurt = draw(st.lists(st.booleans(), min_size=12, max_size=12))
    buildings = [
        (p, o, SITES[i] if p != "bank" else "bank-lot")
        for i, (p, o) in enumerate(zip(SPECIALS, owners, strict=True))
        if o is not None
    ]
    damaged = tuple(site for (_, _, site), h in zip(buildings, hurt, strict=False) if h)
    hand = st.lists(st.sampled_from(HAND), max_size=6)
    hands = {n: draw(hand) for n in ("ann", "bob", "cid")}
    for h in hands.values():  # the game prints 2 Aces and 3 I.O.U.s
        while h.count("event:ace-up-your-sleeve") > 1:
            h.remove("event:ace-up-your-sleeve")
    event = draw(st.sampled_from(sorted(CODES)))
    s = table(
        [event], buildings, hands, permits=draw(st.sampled_from([[], ["hotel"]])), damaged=damaged
    )
    saloons = [site for p, _, site in buildings if p == "saloon"]
    site = draw(st.sampled_from(saloons)) if event == "gunfight-in-the-saloon" and saloons else None
    return s, event, site


def _all_cards(s: DGState) -> Counter[str]:
    assert s.decks is not None
    held = [c.text for p in s.players for c in p.hand]
    piles = [*s.decks.resources, *s.decks.resource_discard]
    events = [f"event:{e}" for e in (*s.decks.event_discard, *s.decks.face_up)]
    return Counter(held + piles + events)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_tables(), st.integers(0, 2**32 - 1))
def test_every_event_agrees_with_its_twin(case: tuple[DGState, str, str | None], seed: int) -> None:
    s, event, site = case
    r = play_event(s, event, site, seed)
    assert r.legal, r.reasons
    want = event_counts(s, event, site)
    assert {p.name: len(p.hand) for p in r.after.players} == want["hands"]
    assert {p.name: len(p.permits) for p in r.after.players} == want["permits"]
    assert r.after.decks is not None and s.decks is not None
    assert len(s.decks.resources) - len(r.after.decks.resources) == want["from_stack"]
    before, after = _all_cards(s), _all_cards(r.after)
    assert before == after  # no card made or lost (Land Grant's permit aside)
    spared = ("ace-up-your-sleeve", "iou")  # an I.O.U. is handed over before the Ace
    for p in s.players:  # an Ace holder keeps the Ace and a card of the most worth
        others = [worth(c, RULES) for c in p.hand if c.event not in spared]
        if any(c.event == "ace-up-your-sleeve" for c in p.hand) and others:
            kept = r.after.player(p.name).hand
            assert any(c.event == "ace-up-your-sleeve" for c in kept)
            assert max(worth(c, RULES) for c in kept if c.event not in spared) >= max(others)


@settings(max_examples=examples(200), deadline=None)
@given(random_tables(), st.lists(st.sampled_from(sorted(RULES.events)), max_size=4, unique=True))
def test_the_cards_that_wait_agree_with_the_twin(
    case: tuple[DGState, str, str | None], face_up: list[str]
) -> None:
    s, _, _ = case
    assert s.decks is not None
    s = replace(s, decks=replace(s.decks, face_up=tuple(face_up)))
    assert {e for e, _ in playable_face_up(s)} == must_play(s)


# -- D2 in a game record: the face-up cards are played from the table --------------------


def _game_with_face_up(face_up: list[str], phase: str = "build") -> DGGame:
    game = new_game(DGHeader(("ann", "bob", "cid"), 7))
    if phase == "build":
        game, out = game.apply(Draw("ann", how=("resources",)))
        assert out.legal
    draft = Draft.of(game.state)
    assert draft.decks is not None
    for e in face_up:
        if e in draft.decks.events:
            draft.decks.events.remove(e)
    draft.decks.face_up = list(face_up)
    return replace(game, state=draft.freeze())


def test_a_turn_does_not_close_while_a_face_up_card_can_be_played() -> None:
    # "The player must play these cards during the course of his turn, before the reward
    # phase." A yellow card left face up has nothing to play: it is discarded.
    game = _game_with_face_up(["land-grant", "iou"])
    _, out = game.apply(Discard("ann"))
    assert not out.legal and out.code == Code.FACE_UP and "land-grant" in out.message
    game, out = game.apply(Violet("ann", event="land-grant"))
    assert out.legal and "Land Grant" in out.message and game.phase == "build"
    assert len(game.state.player("ann").permits) == 4  # 3 dealt and the grant
    game, out = game.apply(Discard("ann"))
    assert out.legal and out.detail["unplayed"] == ["iou"] and game.state.active == "bob"


def test_a_face_up_fire_is_played_from_the_table_not_from_the_hand() -> None:
    game = _game_with_face_up(["fire"])
    hand = list(game.state.player("ann").hand)
    bob_home = next(b.site for b in game.state.buildings if b.owner == "bob")
    _, out = game.apply(Discard("ann"))
    assert not out.legal and out.code == Code.FACE_UP
    game, out = game.apply(Misfortune("ann", event="fire", site=bob_home))
    assert out.legal and game.state.decks is not None and list(game.state.decks.face_up) == []
    assert list(game.state.player("bob").against) == ["fire"]
    assert len(game.state.player("ann").hand) >= len(hand)  # nothing of ann's spent
    assert game.apply(Discard("ann"))[1].legal


def test_a_card_without_a_triangle_may_be_played_before_the_draw() -> None:
    # "When exactly he plays them is his choice": in the draw phase too, which stays.
    game = _game_with_face_up(["election-poll"], phase="draw")
    game, out = game.apply(Violet("ann", event="election-poll"))
    assert out.legal and game.phase == "draw"
    _, refused = game.apply(Violet("ann", event="election-poll"))
    assert not refused.legal and refused.code == Code.POLL  # played once


def test_the_gunfight_is_written_against_a_site_and_read_back() -> None:
    move = parse_move("ann: play gunfight-in-the-saloon at nw-1")
    assert isinstance(move, EventCard) and (move.event, move.site) == (
        "gunfight-in-the-saloon",
        "nw-1",
    )
    assert parse_move(format_move(move)) == replace(move, line=0)
    game = _game_with_face_up(["gunfight-in-the-saloon"])
    _, out = game.apply(EventCard("ann", event="gunfight-in-the-saloon", site="nw-1"))
    assert not out.legal and out.code == Code.GUNFIGHT  # no Saloon there
    game, out = game.apply(Violet("ann", event="gunfight-in-the-saloon"))
    assert out.legal and "no effect" in out.message  # no Saloon built yet


def test_a_face_up_event_is_played_through_game_move(tmp_path: Path) -> None:
    """The record's way: round 2's event phase (seed 13) turns up a Fire, a Headline and an
    Ace; the Headline stays face up and `discard` waits until `ann: play` resolves it."""
    record = tmp_path / "t.game"
    new = ["game", "new", str(record), "--edition", "dry-gulch", "--players", "ann,bob,cid"]
    assert runner.invoke(app, [*new, "--seed", "13"]).exit_code == 0

    def move(text: str) -> dict[str, object]:
        out: dict[str, object] = json.loads(
            runner.invoke(app, ["game", "move", str(record), text, "--json"]).stdout
        )
        return out

    for name in ("ann", "bob", "cid"):
        assert move(f"{name}: draw resources")["legal"] and move(f"{name}: discard")["legal"]
    shown = json.loads(runner.invoke(app, ["game", "show", str(record), "--json"]).stdout)
    assert shown["turned_up"] == ["fire", "headline-mayor-to-be", "ace-up-your-sleeve"]
    assert move("ann: events discard fire take ace-up-your-sleeve")["legal"]
    assert move("ann: draw resources")["legal"]
    refused = move("ann: discard")
    assert refused["code"] == "DG-EVENT-FACE-UP" and "headline" in str(refused["message"])
    assert move("ann: play headline-mayor-to-be")["legal"]
    assert move("ann: discard")["legal"]
    assert "ann: play headline-mayor-to-be\n" in record.read_text()
