"""Revision 2 of the turn: a buy at any point of it (A2) in rulings, records and games; T codes
on refusals (T1, T5); reshuffles per pile (T3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.core.data import data_dir
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.record import (
    Buy,
    Discard,
    Draw,
    Header,
    Pass,
    Play,
    Record,
    format_move,
    parse_move,
    record_from_text,
    record_to_text,
)
from adjudicator.deduction.game.replay import replay
from adjudicator.deduction.game.simulate import play_game
from adjudicator.deduction.hint import hint
from adjudicator.deduction.models.deal import COMMON
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Status
from adjudicator.deduction.rules.turns import rule_discard_turn, rule_turn
from adjudicator.deduction.serialize import to_json

MID = data_dir("examples") / "gads-hill-mid.toml"


_TAKE = ((12, 30), ("hotel", "c3"))


@pytest.mark.parametrize(
    ("line", "move"),
    [
        ("ann: 23 as hotel; buy casino; 41 as casino", Play("ann", ((23, "hotel"), (41, "casino")), "casino", 1)),  # noqa: E501
        ("ann: buy casino; 23 as casino", Play("ann", ((23, "casino"),), "casino", 0)),
        ("ann: 23 as hotel; 41; buy casino", Play("ann", ((23, "hotel"), (41, None)), "casino", 2)),
        ("bob: discard 12 30 take hotel@c3; buy casino", Discard("bob", *_TAKE, "casino", 1)),
        ("bob: buy casino; discard 12 30 take hotel@c3", Discard("bob", *_TAKE, "casino", 0)),
        ("cid: pass; buy bank", Pass("cid", "bank", 1)),
        ("cid: buy bank", Buy("cid", "bank")),
    ],
)  # fmt: skip
def test_a_buy_inside_a_move_line_reads_and_writes_back(line: str, move: object) -> None:
    parsed = parse_move(line)
    assert parsed == move
    assert format_move(parsed) == line
    assert parse_move(format_move(parsed)) == parsed


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("ann: buy casino; 23; buy bank", "one building a turn"),
        ("ann: 23; pass", "not more than one"),
        ("ann: discard 1 2 take hotel@c3; 23", "not more than one"),
        ("ann: 1; 2; 3", "at most two cards"),
    ],
)
def test_a_turn_line_with_too_much_in_it_is_refused(line: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_move(line)


def test_a_buy_between_two_cards_is_paid_with_the_first_cards_points() -> None:
    """A2: cid has 1 point; the first card scores, which pays for the Barber, which the
    second card is then played as."""
    s = load_state(MID)
    s = s.with_player("cid", points=1)
    assert not rule_turn(s, [(23, "barber")], buy="barber").playable  # 1 point: too poor
    r = rule_turn(s, [(43, "school"), (23, "barber")], buy="barber", buy_at=1)
    assert r.status is Status.PLAYABLE, r.reasons
    assert (r.buy, r.buy_at) == ("barber", 1)
    assert r.points_detail["spent"] == -2
    assert r.after.player("cid").points == 1 + r.points
    assert r.after.player("cid").bought == 1 and r.after.placed["barber"] == "b2"
    assert r.after.active != "cid"  # the turn passed on
    assert to_json(r)["buy"] == {"building": "barber", "after": 1}
    # The same buy before the first card is refused: the price is not there yet.
    early = rule_turn(s, [(43, "school"), (23, "barber")], buy="barber", buy_at=0)
    assert early.status is Status.ILLEGAL and early.code is Code.A2
    assert early.after == s


def test_a_buy_with_a_discard_before_or_after_it() -> None:
    s = load_state(MID).with_player("cid", points=1)
    hand = s.player("cid").hand
    assert hand is not None
    pair = (hand[0], hand[1])
    before = rule_discard_turn(s, pair, ("hotel", "d1"), buy="bank", buy_at=0)
    assert before.status is Status.ILLEGAL and before.code is Code.A2  # 1 point
    after = rule_discard_turn(s, pair, ("hotel", "d1"), buy="bank", buy_at=1)
    assert after.playable and after.action == "discard" and after.buy == "bank"
    assert "bank" in after.after.player("cid").buildings
    assert after.after.player("cid").points == 1 + after.points


def test_acting_out_of_turn_cites_t1() -> None:
    s = load_state(MID)
    r = rule_play(s, 43, "school", "ann")
    assert r.status is Status.ILLEGAL and r.code is Code.T1


def _first_legal_play(game: object, player: str) -> Play:
    h = hint(game.state, player)  # type: ignore[attr-defined]
    top = next(a for a in h.actions if a.kind == "play" and a.buy is None)
    return Play(player, tuple(zip(top.cards, top.as_buildings, strict=True)))


def test_a_game_takes_a_buy_on_its_own_line_after_the_action_once_a_turn() -> None:
    game = new_game(Header("gads-hill-1874", ("ann", "bob", "cid"), seed=3))
    game = replace(game, state=game.state.with_player("ann", points=4))
    game, played = game.apply(_first_legal_play(game, "ann"))
    assert played.legal
    beside = game.state.available_buildings()
    game, bought = game.apply(Buy("ann", beside[0]))
    assert bought.legal, bought.message
    assert beside[0] in game.state.player("ann").buildings
    _, twice = game.apply(Buy("ann", beside[1]))
    assert not twice.legal and twice.code is Code.A2
    # Once bob has acted, ann's turn is over.
    game, _ = game.finish()
    game, bob_played = game.apply(Pass("bob"))
    assert bob_played.legal
    _, late = game.apply(Buy("ann", beside[1]))
    assert not late.legal and late.code is Code.T1


def test_stop_on_ones_own_turn_cites_t5() -> None:
    game = new_game(Header("gads-hill-1874", ("ann", "bob"), seed=3))
    game, _ = game.apply(_first_legal_play(game, "ann"))
    from adjudicator.deduction.game.record import Stop

    _, own = game.apply(Stop("ann"))
    assert not own.legal and own.code in (Code.T5, Code.L4)


def test_greedy_self_play_buys_inside_turns_and_the_records_replay() -> None:
    """A2 and the hint's ranking in whole games: greedy play takes turns with a buy, and
    their records (with the buy inside the move line) replay to the same scores."""
    with_buy = 0
    for seed in range(3):
        result = play_game("gads-hill-1874", ("ann", "bob", "cid"), seed, "greedy")
        text = record_to_text(result.record)
        with_buy += sum(isinstance(m, Play) and m.buy is not None for m in result.record.moves)
        again = record_from_text(text)
        report = replay(Record(again.header, again.moves))
        assert not report.illegal
        assert report.scores() == result.points
    assert with_buy > 0


def test_old_town_two_players_reshuffle_the_common_pile_per_pile() -> None:
    """T3: ann's own pile and the common pile are empty; bob's own pile still has cards.
    The played 8s become a new common pile for ann (today she drew nothing)."""
    game = new_game(Header("old-town", ("ann", "bob"), seed=4))
    eights = [c for c in game.state.cards.cards if game.state.cards[c].kind == "district"][:3]
    bobs = game.pile_map["bob's"]
    before = len(game.state.player("ann").hand or ())
    game = replace(
        game,
        piles=((COMMON, ()), ("ann's", ()), ("bob's", bobs)),
        played=tuple(eights),
        phase="draw",
        drawer="ann",
        to_draw=1,
    )
    drawn, _ = game.finish()
    hand = drawn.state.player("ann").hand or ()
    assert len(hand) == before + 1 and hand[-1] in eights
    assert drawn.pile_map["bob's"] == bobs
    assert len(drawn.pile_map[COMMON]) == 2
    # A named card among the played ones comes up too.
    named, ok = game.apply(Draw("ann", (eights[2],)))
    assert ok.legal and eights[2] in (named.state.player("ann").hand or ())


def test_gads_hill_reshuffles_the_district_pile_when_it_runs_out() -> None:
    """T3: the district pile is empty while the others are not: a player who names a
    played district card draws it from the reshuffled pile."""
    game = new_game(Header("gads-hill-1874", ("ann", "bob"), seed=8))
    piles = game.pile_map
    played = piles["district"][:3]  # as if these had been drawn and played
    empty = replace(
        game,
        piles=(
            ("building", piles["building"]),
            ("district", ()),
            ("condition", piles["condition"]),
        ),
        played=played,
        phase="draw",
        drawer="ann",
        to_draw=1,
    )
    got, drew = empty.apply(Draw("ann", (played[1],)))
    assert drew.legal and played[1] in (got.state.player("ann").hand or ())
    assert len(got.pile_map["district"]) == 2
