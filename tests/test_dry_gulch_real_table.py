"""Issue 16, the rest: a real table's Dry Gulch record keeps every card it really dealt or
drew: the starting deal (`[Hands]`), the draws of the events without a triangle (`play ID
losing ... drawing ... permit ID`), the random discards over the hand limit (`discard ...
over NAME: ...`) and an Ace shown before an I.O.U. (`losing ace ...`). Each refereed for
availability against a brute-force twin (`tests/dry_gulch_twin.py`, no code shared)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.errors import InputError
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.discard import discard_named
from adjudicator.dry_gulch.game.flow import DGGame, new_game
from adjudicator.dry_gulch.game.notation import Discard, EventCard
from adjudicator.dry_gulch.game.record import (
    DGHeader,
    format_move,
    header_text,
    parse_move,
    record_from_text,
)
from adjudicator.dry_gulch.game.replay import replay
from adjudicator.dry_gulch.losses import Named, lose_to
from adjudicator.dry_gulch.misfortune import play_misfortune
from adjudicator.dry_gulch.other_events import play_event
from adjudicator.dry_gulch.setup import deal_named
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, parse_card
from tests.budget import examples
from tests.dry_gulch_support import cards, refused_moves
from tests.dry_gulch_twin import (
    can_deal_named,
    can_discard_over,
    can_lose_named,
    can_lose_named_ace_first,
)

RULES = load_rules()
NAMES = ("ann", "bob", "cid")
runner = CliRunner()
STACK = ["lumber", "brick", "food", "whiskey", "mason", "carpenter", "labor:2"] * 3


def table(
    face_up: list[str],
    hands: dict[str, list[str]],
    built: list[Built] | None = None,
) -> DGState:
    decks = Decks(2, list(STACK), [], ["hotel", "opera"], [], [], [], list(face_up))
    players = [DGPlayer(n, cards(*hands.get(n, []))) for n in NAMES]
    return DGState(players, "ann", built or [], decks)


def header(hands: str, options: str = "") -> str:
    extra = f'[Options "{options}"]\n' if options else ""
    return f'[Edition "dry-gulch"]\n[Players "ann, bob, cid"]\n[Seed "5"]\n{extra}{hands}\n'


# -- 1. the starting deal ---------------------------------------------------------------

SMALL = st.sampled_from(["a", "b", "c"])


@settings(max_examples=examples(300), deadline=None)
@given(
    stack=st.lists(SMALL, min_size=4, max_size=6),
    seats=st.integers(1, 3),
    named=st.lists(st.lists(SMALL, min_size=1, max_size=3), max_size=3),
)
def test_a_named_deal_agrees_with_the_twin_and_deals_every_card_once(
    stack: list[str], seats: int, named: list[list[str]]
) -> None:
    names = ["ann", "bob", "cid"][:seats]
    n = len(stack) // seats if len(stack) // seats < 3 else 2  # the stack deals n a seat
    wanted = {names[i]: cards for i, cards in enumerate(named[:seats])}
    left = list(stack)
    dealt = deal_named(left, wanted, n, names)
    assert isinstance(dealt, dict) == can_deal_named(stack, wanted, n, names), dealt
    if isinstance(dealt, dict):
        assert all(dealt[k] == v for k, v in wanted.items())
        assert all(len(dealt[k]) == n for k in names)
        assert Counter(left) + sum((Counter(v) for v in dealt.values()), Counter()) == Counter(
            stack
        )


def test_a_real_tables_deal_is_dealt_and_the_others_come_from_what_is_left() -> None:
    seed = new_game(DGHeader(NAMES, 5)).state
    bobs = [c.text for c in seed.player("bob").hand]  # ann names bob's seeded hand as hers
    text = header(
        f'[Hands "ann={" ".join(bobs)} | saloon hotel opera, cid=| bank saloon hatmaker"]'
    )
    record = record_from_text(text)
    assert record.header.hands["ann"] == (tuple(bobs), ("saloon", "hotel", "opera"))
    assert record_from_text("\n".join(header_text(record.header))).header == record.header
    state = new_game(record.header).state
    assert [c.text for c in state.player("ann").hand] == bobs
    assert list(state.player("ann").permits) == ["saloon", "hotel", "opera"]
    assert list(state.player("cid").permits) == ["bank", "saloon", "hatmaker"]
    assert [c.text for c in state.player("cid").hand] != []  # cid's resources: the seed's
    # No card dealt twice: every hand and the stacks make the printed counts again.
    decks = state.decks
    assert decks is not None
    dealt = Counter(decks.resources) + Counter(c.text for p in state.players for c in p.hand)
    total = sum(count for *_, count in RULES.resources)
    assert sum(dealt.values()) == total and len(decks.resources) == total - 15
    permits = Counter(decks.permits) + Counter(p for q in state.players for p in q.permits)
    assert all(permits[p.id] == p.count for p in RULES.permits.values() if p.id != "residence")


@pytest.mark.parametrize(
    ("hands", "options", "why"),
    [
        ('[Hands "ann=| saloon saloon saloon"]', "", "saloon: the game has 2, all dealt"),
        ('[Hands "ann=lumber brick"]', "", "5 are dealt, 2 named"),
        ('[Hands "ann=| opera, bob=| opera bank hotel"]', "", "3 are dealt, 1 named"),
        ('[Hands "ann=| hotel bank saloon, bob=| hotel bank opera"]', "", "hotel: the game has 1"),
        ('[Hands "ann=gold gold gold gold gold"]', "", "gold: not a card of the game"),
        ('[Hands "dan=| hotel bank saloon"]', "", "is not one of the players"),
        ('[Hands "ann=| hotel bank"]', "advanced-setup=true", "permits are picked"),
    ],
)
def test_a_deal_that_cannot_have_been_is_refused(hands: str, options: str, why: str) -> None:
    record = record_from_text(header(hands, options))
    with pytest.raises(InputError, match=why):
        new_game(record.header)


def test_a_bad_hands_tag_is_refused_with_its_shape() -> None:
    for bad in ('[Hands "ann lumber"]', '[Hands "ann=a | b | c"]', '[Hands "ann="]'):
        with pytest.raises(InputError, match="write NAME=CARD"):
            record_from_text(header(bad))


def test_game_show_of_an_impossible_deal_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.game"
    path.write_text(header('[Hands "ann=| saloon saloon saloon"]'))
    r = runner.invoke(app, ["game", "show", str(path)])
    assert r.exit_code == 1 and "saloon: the game has 2" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


# -- 2. the draws of the events without a triangle ----------------------------------------


def test_wells_fargo_wagon_takes_the_cards_named() -> None:
    # Each player loses one to the Post Office's owner (cid), then each draws three.
    s = table(
        ["wells-fargo-wagon"],
        {"ann": ["lumber", "food"], "bob": ["brick"], "cid": ["mason"]},
        [Built("post-office", "cid", "nw-4")],
    )
    drawing = ["labor:2"] * 3 + ["whiskey", "whiskey", "food"] + ["brick"] * 3
    named = Named(["food", "brick"], drawing)
    r = play_event(s, "wells-fargo-wagon", seed=1, named=named)
    assert r.legal, r.reasons
    hands = {n: sorted(c.text for c in r.after.player(n).hand) for n in NAMES}
    assert hands == {
        "ann": ["labor:2", "labor:2", "labor:2", "lumber"],
        "bob": ["food", "whiskey", "whiskey"],
        "cid": ["brick", "brick", "brick", "brick", "food", "mason"],
    }
    assert named.losing == ["food", "brick"]  # the caller's names are not consumed
    for bad, why in (
        (Named(["brick", "brick"], None), "ann: no brick in the hand"),
        (Named(["food"], None), "1 cards are drawn from the hand, 0 named"),
        (Named(["food", "brick", "lumber"], None), "more cards named than drawn: lumber"),
        (Named(None, ["gold"] * 9), "no gold in the stack"),
    ):
        refused = play_event(s, "wells-fargo-wagon", seed=1, named=bad)
        assert not refused.legal and refused.after is s and why in refused.reasons[0].message
        assert refused.reasons[0].code == Code.STAGECOACH


def test_land_grant_draws_the_permit_named_and_the_move_round_trips() -> None:
    s = table(["land-grant"], {})
    game = DGGame(DGHeader(NAMES, 1), s, "build")
    after, out = game.apply(parse_move("ann: play land-grant permit opera"))
    assert out.legal and list(after.state.player("ann").permits) == ["opera"]
    assert after.state.decks is not None and list(after.state.decks.permits) == ["hotel"]
    same, out = game.apply(parse_move("ann: play land-grant permit bank"))
    assert not out.legal and out.code == str(Code.LAND_GRANT) and same is game
    assert "no bank permit in the permit stack" in out.message
    refused = play_event(table(["election-poll"], {}), "election-poll", seed=1, permit_named="bank")
    assert not refused.legal and "draws no permit here" in refused.reasons[0].message
    for text in (
        "ann: play land-grant permit opera",
        "ann: play gunfight-in-the-saloon at nw-1 losing brick food lumber",
        "ann: play wells-fargo-wagon losing ace food brick drawing lumber lumber {3}",
        "ann: play election-poll drawing food",
    ):
        move = parse_move(text)
        assert isinstance(move, EventCard) and format_move(move) == text
    for bad in (
        "ann: play land-grant permit",
        "ann: play land-grant permit opera hotel",
        "ann: play land-grant drawing food losing brick",
        "ann: play land-grant food",
        "ann: play land-grant at",
    ):
        with pytest.raises(ValueError, match="write 'play ID"):
            parse_move(bad)


HAND = st.sampled_from(["lumber", "brick", "event:ace-up-your-sleeve", "event:iou"])


@settings(max_examples=examples(300), deadline=None)
@given(
    hand=st.lists(HAND, min_size=1, max_size=4),
    named=st.lists(HAND, max_size=3),
    n=st.integers(1, 2),
    ace_first=st.booleans(),
)
def test_an_events_named_loss_agrees_with_the_twin(
    hand: list[str], named: list[str], n: int, ace_first: bool
) -> None:
    # bob loses n cards to cid: an I.O.U. is handed over unless the record says the Ace
    # was shown first (`ace`), and then the I.O.U. is the card set aside.
    s = table([], {"bob": hand})
    names = Named((["ace"] if ace_first else []) + list(named), None)
    moved = lose_to(s, "bob", "cid", n, random.Random(1), names)
    fits = names.left_over() is None
    if ace_first:
        assert fits == can_lose_named_ace_first(hand, named, n), names.why
    elif "event:iou" in hand:
        assert moved.iou and fits == (named == [])
    else:
        assert fits == can_lose_named(hand, named, n), names.why
    if fits and not moved.iou:
        assert list(moved.cards) == named
        assert Counter(c.text for c in s.player("bob").hand) + Counter(named) == Counter(hand)


def test_an_ace_shown_before_the_iou_keeps_the_iou_in_a_misfortune() -> None:
    bob = ["event:ace-up-your-sleeve", "event:iou", "brick", "food", "lumber"]
    s = DGState(
        [DGPlayer("ann", cards("event:fire")), DGPlayer("bob", cards(*bob)), DGPlayer("cid")],
        "ann",
        [Built("saloon", "bob", "nw-1")],
        Decks(),
    )
    seeded = play_misfortune(s, "fire", "nw-1", seed=1)
    assert seeded.legal and seeded.handed_over == "iou"  # the seed hands the I.O.U. over
    fire = play_misfortune(s, "fire", "nw-1", losing=["ace", "food", "brick"])
    assert fire.legal and fire.handed_over is None
    assert fire.drawn == {"ann": ("food",), "cid": ("brick",)}
    left = sorted(c.text for c in fire.after.player("bob").hand)
    assert left == ["event:ace-up-your-sleeve", "event:iou", "lumber"]
    refused = play_misfortune(s, "fire", "nw-1", losing=["ace", "event:iou", "brick"])
    assert not refused.legal and "the I.O.U. set aside are never" in refused.reasons[0].message
    s.player("bob").hand.pop(0)  # no Ace: the I.O.U. must be handed over
    refused = play_misfortune(s, "fire", "nw-1", losing=["ace", "food", "brick"])
    assert not refused.legal and "holding an Ace up your Sleeve and one I.O.U." in (
        refused.reasons[0].message
    )


# -- 3. the random discards over the hand limit -----------------------------------------


@settings(max_examples=examples(300), deadline=None)
@given(
    hand=st.lists(SMALL, max_size=6),
    named=st.lists(SMALL, max_size=4),
    limit=st.integers(0, 4),
)
def test_named_discards_over_the_limit_agree_with_the_twin(
    hand: list[str], named: list[str], limit: int
) -> None:
    held = [parse_card({"a": "lumber", "b": "brick", "c": "food"}[t], RULES) for t in hand]
    want = [{"a": "lumber", "b": "brick", "c": "food"}[t] for t in named]
    gone = discard_named(held, want, max(0, len(hand) - limit))
    assert isinstance(gone, list) == can_discard_over(hand, named, limit), gone
    if isinstance(gone, list):
        assert len(held) == min(len(hand), limit)
        assert sorted(c.text for c in gone) == sorted(want)


def test_a_real_tables_discards_over_the_hand_limit_are_those_named() -> None:
    big = ["lumber"] * 10 + ["brick"] * 6 + ["food"]  # bob holds 17: two over the limit
    s = table([], {"bob": big})
    game = DGGame(DGHeader(NAMES, 1), s, "build")
    _, out = game.apply(parse_move("ann: discard"))
    assert out.legal and sum(len(v) for v in out.detail["discard"]["random"].values()) == 2
    text = "ann: discard over bob: food brick"
    move = parse_move(text)
    assert isinstance(move, Discard) and move.over == (("bob", ("food", "brick")),)
    assert format_move(move) == text
    after, out = game.apply(move)
    assert out.legal and out.detail["discard"]["random"] == {"bob": ["food", "brick"]}
    assert Counter(c.text for c in after.state.player("bob").hand) == Counter(
        {"lumber": 10, "brick": 5}
    )
    refused_moves(
        game,
        (
            ("ann: discard over bob: food", "bob: 2 cards are over the hand limit, 1 named"),
            ("ann: discard over bob: food food", "bob: no food in the hand to discard"),
            ("ann: discard over cid: food", "cid: 0 cards are over the hand limit, 1 named"),
            ("ann: discard over dan: food", "dan is not one of the players"),
        ),
        Code.DISCARD,
    )
    text = "ann: discard lumber rewards food over bob: food brick cid: mason"
    assert format_move(parse_move(text)) == text
    for bad in ("ann: discard over", "ann: discard over food", "ann: discard over bob:"):
        with pytest.raises(ValueError, match="over NAME"):
            parse_move(bad)


def test_a_whole_real_table_record_replays_clean() -> None:
    # ann and bob name their deal; ann's resource draw is named too; the record replays.
    seed = new_game(DGHeader(NAMES, 5)).state
    ann = " ".join(c.text for c in seed.player("ann").hand)
    text = header(f'[Hands "ann={ann} | saloon hotel opera"]')
    game = new_game(record_from_text(text).header)
    assert game.state.decks is not None
    drawn = " ".join(game.state.decks.resources[-3:])
    text += f"ann: draw resources {drawn}\nann: discard\n"
    done = replay(record_from_text(text))
    assert not done.illegal, [o.message for o in done.illegal]
    assert list(done.game.state.player("ann").permits) == ["saloon", "hotel", "opera"]


def test_a_state_files_phases_take_a_real_tables_event_draws_and_discards(
    tmp_path: Path,
) -> None:
    import json

    from adjudicator.core.files import write_data
    from adjudicator.dry_gulch.discard import discard_phase
    from adjudicator.dry_gulch.state import load_dg_state, state_data

    path = tmp_path / "t.toml"
    homes = new_game(DGHeader(NAMES, 5)).state.buildings  # the three residences
    s = table(["land-grant"], {"bob": ["lumber"] * 10 + ["brick"] * 6 + ["food"]}, homes)
    write_data(path, state_data(s))
    state = load_dg_state(path)
    granted = play_event(state, "land-grant", None, None, Named(None, None), "opera")
    assert granted.legal and "opera" in json.dumps(granted.to_json()).lower()
    no_bank = play_event(state, "land-grant", None, None, Named(None, None), "bank")
    assert "no bank permit in the permit stack" in json.dumps(no_bank.to_json())
    over = discard_phase(state, [], None, {"bob": ["food", "brick"]}).to_json()
    assert over["legal"] and "food" in json.dumps(over["random"]["bob"])
