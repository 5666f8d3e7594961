"""The set-up's buildings chosen by the players (T7, issue 38): with `[Buildings "chosen"]`
each player in seat order takes one building from beside the board, then each a second, as
the record's first moves; nothing else is played until then, and the game that follows is
the one whose header lists the same buildings."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.legal_moves import legal_moves
from adjudicator.deduction.game.moves import Pass, Take
from adjudicator.deduction.game.record import (
    Header,
    Record,
    record_from_text,
    record_to_text,
)
from adjudicator.deduction.game.replay import replay
from adjudicator.deduction.rules.codes import Code
from adjudicator.web import games
from adjudicator.web.moving import preview
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import Viewer

PLAYERS = ("ann", "bob", "cid")


def _chosen(edition: str, seed: int = 5) -> Game:
    return new_game(Header(edition, PLAYERS, seed=seed, chosen=True))


def _choose(game: Game, picks: list[str]) -> Game:
    for pick in picks:
        player = game.state.active
        assert player is not None
        game, outcome = game.apply(Take(player, (pick,)))
        assert outcome.legal, outcome.message
    return game


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_each_player_takes_one_then_a_second_in_seat_order(edition: str) -> None:
    game = _chosen(edition)
    assert game.phase == "setup"
    assert all(p.buildings == () for p in game.state.players)
    beside = game.state.available_buildings()
    picks = beside[5::-1]  # six different buildings, not the board's order
    seen = []
    for pick in picks:
        seen.append(game.state.active)
        game = _choose(game, [pick])
    assert seen == ["ann", "bob", "cid", "ann", "bob", "cid"]
    assert [p.buildings for p in game.state.players] == [
        (picks[0], picks[3]),
        (picks[1], picks[4]),
        (picks[2], picks[5]),
    ]
    # the first turn is the first player's, turn 1, with the hands as dealt
    assert (game.phase, game.turn, game.state.active) == ("start", 1, "ann")
    assert game.state.player("ann").hand == _chosen(edition).state.player("ann").hand


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_the_set_up_refuses_every_other_move_out_of_turn_and_a_taken_building(
    edition: str,
) -> None:
    game = _chosen(edition)
    first, second = game.state.available_buildings()[:2]
    refusals = [
        (Pass("ann"), "the set-up comes first: ann takes a building"),
        (Take("bob", (first,)), "it is ann's choice of a building"),
        (Take("ann", (first, second)), "ann takes one building now, not 2"),
    ]
    for move, words in refusals:
        after, outcome = game.apply(move)
        assert (outcome.legal, outcome.code, outcome.message) == (False, Code.T7, words)
        assert after is game
    game = _choose(game, [first])
    name = game.state.board.building_name(first)
    _after, outcome = game.apply(Take("bob", (first,)))
    assert (outcome.legal, outcome.message) == (False, f"the {name} is not beside the board")


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_the_legal_moves_of_the_set_up_are_one_take_per_building_beside_the_board(
    edition: str,
) -> None:
    game = _chosen(edition)
    game = _choose(game, game.state.available_buildings()[:2])
    listed = list(legal_moves(game))
    beside = game.state.available_buildings()
    assert listed == [Take("cid", (b,)) for b in beside]
    assert len(beside) == len(game.state.board.buildings) - 2


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_a_chosen_record_replays_as_the_record_whose_header_lists_its_buildings(
    edition: str,
) -> None:
    game = _chosen(edition, seed=11)
    picks = game.state.available_buildings()[-6:]
    takes = [Take(p, (b,)) for p, b in zip(PLAYERS * 2, picks, strict=True)]
    chosen = Record(game.header, tuple(takes))
    text = record_to_text(chosen)
    assert '[Buildings "chosen"]' in text
    assert "ann: take " + picks[0] in text
    back = record_from_text(text)
    assert back.header.chosen and back.header.buildings == {}
    listed = Header(
        edition,
        PLAYERS,
        buildings={p: (picks[i], picks[i + 3]) for i, p in enumerate(PLAYERS)},
        seed=11,
    )
    done = replay(back)
    assert done.illegal == []
    plain = new_game(listed)
    assert done.game.state == plain.state
    assert (done.game.turn, done.game.phase) == (plain.turn, plain.phase)
    assert done.game.piles == plain.piles


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_a_seat_at_the_set_up_cannot_tell_two_deals_of_the_other_hands_apart(
    tmp_path: Path, edition: str
) -> None:
    """The secrets at the set-up (issue 35's differential test, for T7): two records that
    differ only in bob's and cid's hands give ann's seat the same view (its version too),
    hand (the tip: her own building cards), previews of every take and refusals."""
    dealt = _chosen(edition, seed=3)
    hands = {p.name: p.hand or () for p in dealt.state.players}
    deck = dict(dealt.piles or ())
    swapped = {**hands, "bob": hands["cid"], "cid": hands["bob"]}
    seat = Viewer(seat="ann")
    seen = []
    for n, deal in enumerate((hands, swapped)):
        where = tmp_path / str(n)
        where.mkdir()
        header = Header(edition, PLAYERS, hands=deal, deck=deck, chosen=True)
        (where / "t.game").write_text(record_to_text(Record(header)), encoding="utf-8")
        records = RecordDir(where, b"one key for both worlds")
        takes = [f"ann: take {b}" for b in dealt.state.available_buildings()]
        seen.append(
            (
                games.game_view(records, "t.game", seat),
                games.hand(records, "t.game", "ann", seat),
                [preview(records, "t.game", t, seat) for t in [*takes, "ann: pass"]],
                games.hand(records, "t.game", "bob", Viewer(seat="bob"))["cards"],
            )
        )
    assert seen[0][3] != seen[1][3]  # two worlds: bob's own seat tells them apart
    assert seen[0][:3] == seen[1][:3]
    view, hand, previews, _bob = seen[0]
    assert view["setup"] and hand["tip"]
    assert all(p["legal"] for p in previews[:-1]) and not previews[-1]["legal"]
