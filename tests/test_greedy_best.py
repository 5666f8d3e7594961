"""The greedy player's turn (`game/greedy.py`) is the hint's first action, and its playable
cards the cards of the hint's plays, at positions of seeded games of both deduction
editions (Old Town: discards of dead cards; Gads Hill: buys, two cards a turn), for the
player on turn and for another player."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.deduction.game.greedy import best_action
from adjudicator.deduction.game.record import Record
from adjudicator.deduction.game.replay import replay_to
from adjudicator.deduction.game.simulate import play_game
from adjudicator.deduction.hint import hint
from adjudicator.deduction.models.state import GameState
from tests.budget import examples

PLAYERS = ("ann", "bob", "cid")


@cache
def _record(edition: str, seed: int) -> Record:
    return play_game(edition, PLAYERS, seed, "random").record


def _position(edition: str, seed: int, at: float) -> GameState:
    record = _record(edition, seed)
    return replay_to(replace(record, moves=record.moves[: int(at * len(record.moves))])).state


def _same_as_hint(state: GameState, player: str) -> None:
    h = hint(state, player)
    best = best_action(state, player)
    assert best.action == h.actions[0]
    assert best.playable == {c for a in h.actions if a.kind == "play" for c in a.cards}


@settings(max_examples=examples(30), deadline=None)
@given(
    edition=st.sampled_from(["old-town", "gads-hill-1874"]),
    seed=st.integers(1, 6),
    at=st.floats(0, 0.95),
    other=st.booleans(),
)
def test_the_greedy_turn_is_the_hints_first_action(
    edition: str, seed: int, at: float, other: bool
) -> None:
    state = _position(edition, seed, at)
    if state.active is None:
        return
    player = state.active
    if other:  # what another player could do if it were their turn
        player = PLAYERS[(PLAYERS.index(player) + 1) % len(PLAYERS)]
    _same_as_hint(state, player)


def test_the_greedy_turn_may_be_a_pass_or_a_discard() -> None:
    # Positions whose best turn is not a play: the pass and the discard paths are taken.
    kinds = set()
    for edition in ("old-town", "gads-hill-1874"):
        for seed in (1, 2):
            record = _record(edition, seed)
            for k in range(0, len(record.moves), 3):
                state = replay_to(replace(record, moves=record.moves[:k])).state
                if state.active is None:
                    continue
                _same_as_hint(state, state.active)
                kinds.add(best_action(state, state.active).action.kind)
    assert kinds == {"play", "discard", "pass"}
