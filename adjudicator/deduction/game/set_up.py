"""The set-up's buildings chosen at the table (T7): with `[Buildings "chosen"]` the record's
first moves are the players' takes, one building each in seat order, then a second;
nothing else is played until every player holds two (the rule: `setup_take`). `Game.apply`
hands this step every move of the set-up."""

from __future__ import annotations

from adjudicator.deduction.game.moves import Move, Take
from adjudicator.deduction.game.outcome import Outcome
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.turn_order import setup_done, setup_take

__all__ = ["setup_done", "setup_step"]


def setup_step(state: GameState, move: Move) -> tuple[GameState | None, Outcome]:
    """One move of the set-up: the state after a take of one building by the player whose
    choice it is (its chooser the next player), or None and the refusal."""
    chosen = move.buildings if isinstance(move, Take) else None
    after = setup_take(state, move.player, chosen)
    if not isinstance(after, GameState):
        return None, Outcome(move, False, after.message, code=after.code)
    assert chosen is not None
    return after, Outcome(
        move, True, f"{move.player} takes the {state.board.building_name(chosen[0])}"
    )
