"""`legal_moves`: every move it yields is ruled legal by the table's `apply`, and on
seeded games it finds every keep and every one-character turn a brute-force twin
(`tests/bh_legal_twin.py`, sharing no code with it) finds, by what they do."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.black_hills.game.record import BHRecord
from adjudicator.black_hills.game.replay import replay
from adjudicator.black_hills.game.simulate import play_game
from adjudicator.black_hills.game.table import TABLE
from adjudicator.black_hills.legal import legal_moves
from adjudicator.black_hills.moves import Invest, Keep, Place, ShamanCopy, TurnMove
from adjudicator.black_hills.state import BHState, state_data
from tests.bh_legal_twin import keeps_by_brute_force, placements_by_brute_force
from tests.budget import examples


def _state_after(seed: int, players: int, turns: int) -> BHState:
    """The table of a seeded self-played game after some of its moves."""
    game = play_game(["ann", "bob", "cid", "dan"][:players], seed, "random", max_turns=turns)
    return replay(BHRecord(game.record.header, game.record.moves)).state


@settings(max_examples=examples(12), deadline=None)
@given(st.integers(1, 10_000), st.integers(2, 4), st.integers(0, 30))
def test_every_move_legal_moves_yields_is_ruled_legal_by_the_table(
    seed: int, players: int, turns: int
) -> None:
    state = _state_after(seed, players, turns)
    before = state_data(state)
    moves = list(TABLE.legal_moves(state))
    assert len(moves) == len(set(moves))
    if state.winner is None:
        assert moves  # the game never stalls with nothing to play
    for move in moves:
        _, ruled = TABLE.apply(state, move)
        assert ruled.legal, (move, ruled.message)
        assert ruled.player == move.player
    assert state_data(state) == before  # asking changes nothing


def _one_character(move: TurnMove) -> bool:
    a = move.actions
    return isinstance(a[0], Place | ShamanCopy) and a[1:] in ((), (Invest(),))


#: Seeded tables at the set-up, and with the Madam and the Indian Chief, the Shaman, the
#: Outlaw, the Colonel, the Sheriff, the Merchant, the Gambler in the hand on turn.
TABLES = [(1, 0), (1, 2), (2, 9), (2, 14), (3, 14), (4, 2), (6, 2), (5, 20), (6, 31)]


@pytest.mark.parametrize(("seed", "turns"), TABLES)
def test_legal_moves_agree_with_the_brute_force_twin(seed: int, turns: int) -> None:
    state = _state_after(seed, 3, turns)
    moves = list(legal_moves(state))  # the typed moves the table's entry writes
    if any(isinstance(m.actions[0], Keep) for m in moves):
        mine = {_effect(state, m) for m in moves}
        assert mine == keeps_by_brute_force(state)
    else:
        mine = {_effect(state, m) for m in moves if _one_character(m)}
        assert mine == placements_by_brute_force(state)
    assert mine and None not in mine


def _effect(state: BHState, move: TurnMove) -> str | None:
    after, ruled = TABLE.apply(state, move)
    return json.dumps(state_data(after), sort_keys=True) if ruled.legal else None
