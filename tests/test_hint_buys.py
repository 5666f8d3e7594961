"""Issue 38: late in a game of Gads Hill nobody held a building the hand's cards could be
played as; the hint and the coach ranked "pass" first and the record ended in four passes.
A buy (A2) is the way on: the hint lists a pass with a buy, with its price and the cards
it lets the player play as the new building (`Action.enables`, as the twin finds them:
`tests/test_hint.py`), and the coach looks ahead from it (a shape of its own)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from adjudicator.core.evolve import evolve
from adjudicator.deduction.game.coach import Budget, candidates, coach
from adjudicator.deduction.game.coach_world import greedy_turn
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.hint_moves import action_move, buy_words
from adjudicator.deduction.game.record import Header, format_move
from adjudicator.deduction.hint import hint
from adjudicator.deduction.serialize import to_json
from tests.hint_twin import buy_enables, legal_turns


@pytest.fixture(scope="module")
def late() -> Game:
    """A seeded game of three played greedily to 16 on the locomotive, then every building
    in front of the players gone (as the issue's table found it: all placed)."""
    game = new_game(Header("gads-hill-1874", ("ann", "bob", "cid"), seed=5))
    rng = random.Random(1)
    while not game.over and game.state.locomotive < 16:
        game = greedy_turn(game, rng)
    s = game.state
    bare = replace(s, players=tuple(replace(p, buildings=()) for p in s.players))
    return evolve(game, state=bare)


def test_the_hint_lists_a_buy_with_a_pass_and_what_it_enables(late: Game) -> None:
    s = late.state
    player = s.active
    assert player is not None
    h = hint(s)
    buys = [a for a in h.actions if a.kind == "pass" and a.buy is not None]
    assert buys, [format_move(action_move(a, player)) for a in h.actions]
    twin = buy_enables(legal_turns(s))
    for a in buys:
        assert a.points == -2 and a.enables == twin[a.buy]
        assert format_move(action_move(a, player)) == f"{player}: buy {a.buy}; pass"
        assert to_json(a)["buy"]["enables"] == list(a.enables)
        words = buy_words(a, s.board.building_name)
        assert words is not None and "costs 2 points" in words
        assert f"card {a.enables[0]}" in words or f"cards {a.enables[0]}" in words
    # a pass with no buy, and every play, says nothing of the kind
    assert all(buy_words(a, s.board.building_name) is None for a in h.actions if not a.enables)


def test_the_coach_weighs_the_buy(late: Game) -> None:
    s = late.state
    player = s.active
    assert player is not None
    actions = hint(s).actions
    assert any(a.enables for a in candidates(actions, Budget().candidates))
    advice = coach(late, player, random.Random(0), Budget())
    assert any(r.action.enables for r in advice.rated), [r.action for r in advice.rated]
