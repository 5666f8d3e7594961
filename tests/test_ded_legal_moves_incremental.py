"""The deduction games' legal moves ruled step by step (`deduction/game/turn_steps.py`: each
step of a turn ruled once, a buy that touches none of the turn's cards combined by rule)
give exactly the moves, in the same order, of the plain reference that sends every
candidate through `Game.apply` (`tests/ded_legal_moves_reference.py`), on seeded games of
both editions walked by random legal moves, with the tables' options that change what a
turn may hold: one card a turn, no buying, and Old Town's dead-card discards with buying
(A1 with A2: a buy before the discard is ruled per pair of cards there); and games whose
players choose their buildings at the set-up (T7, `[Buildings "chosen"]`)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.evolve import evolve
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game, next_turn
from adjudicator.deduction.game.moves import Play
from adjudicator.deduction.game.record import Header
from adjudicator.deduction.game.turn_steps import TurnSteps
from adjudicator.deduction.table import TABLE
from tests.budget import examples
from tests.ded_legal_moves_reference import reference_moves

PLAYERS = ("ann", "bob", "cid")
OPTIONS: list[dict[str, Any]] = [
    {},
    {},
    {"two_cards_until": 0},
    {"buying": False},
    {"buying": True, "discard_needs_dead_cards": True},
]


def _walk(
    edition: str, seed: int, steps: int, options: dict[str, Any], chosen: bool = False
) -> Game:
    game = new_game(Header(edition, PLAYERS, seed=seed, options=options, chosen=chosen))
    rng = random.Random(seed)
    for _ in range(steps):  # walked by the generator; only the last position is compared
        moves = list(TABLE.legal_moves(game))
        if not moves:
            break
        game, ruled = TABLE.apply(game, rng.choice(moves))
        assert ruled.legal, ruled
    return game


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edition=st.sampled_from(["old-town", "gads-hill-1874"]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
    options=st.sampled_from(OPTIONS),
    chosen=st.booleans(),
)
def test_the_generator_gives_the_references_moves_in_its_order(
    edition: str, seed: int, steps: int, options: dict[str, Any], chosen: bool
) -> None:
    game = _walk(edition, seed, steps, options, chosen)
    assert list(TABLE.legal_moves(game)) == list(reference_moves(game))


@pytest.mark.parametrize("held", [0, 1])
def test_a_buy_before_a_card_that_takes_the_one_building_it_can_is_ruled_whole(held: int) -> None:
    """P7: "my building" named by none, the card takes the one building in front of the
    player that can be it; a building bought before the card (A2) is one more, so the card
    takes it (none held) or must say which (one held: a question, refused as a play). Named
    as the card's my building, the bought one is there only after the buy. A buy after the
    card leaves it as it was. Early positions of seeded games, the player to act holding
    `held` buildings, 4 points and no building bought: every such play with each buy at
    each point is ruled as `Game.apply` rules it, and some otherwise than without the buy."""
    checked, changed = 0, 0
    for seed in range(6):
        game = next_turn(_walk("gads-hill-1874", seed, 4, {}))
        player = game.state.active
        assert player is not None
        mine = game.state.player(player).buildings[:held]
        s = game.state.with_player(player, buildings=mine, points=4, bought=0)
        game = evolve(game, state=s)
        turn = TurnSteps(s, player)
        for n in s.player(player).hand or ():
            if not s.cards[n].needs_my_building:
                continue
            alone = TABLE.apply(game, Play(player, ((n, None),)))[1].legal
            for buy in s.available_buildings():
                for my, at in ((None, 0), (None, 1), (buy, 0), (buy, 1)):
                    move = Play(player, ((n, my),), buy, at)
                    legal = TABLE.apply(game, move)[1].legal
                    assert turn.play_legal(move.plays, buy, at) == legal, move
                    checked += 1
                    changed += legal != alone
    assert checked and changed
