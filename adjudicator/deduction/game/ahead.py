"""What the views of a record's game show beside the board, decided here so that they only
draw it (`render/records.py`, the page): the game as the next player finds it, the STOP
claims on the board, and Old Town's refill owed before the next turn."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.deduction.game.flow import Game, next_turn
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.ruling import StopReport
from adjudicator.deduction.rules.turn_order import refill_due

__all__ = ["Ahead", "ahead", "board_claims", "open_claims", "refill_owed"]


@dataclass(frozen=True, slots=True)
class Ahead:
    game: Game  # as the next player finds it (`next_turn`): the last draw made
    claims: StopReport  # the STOP claims on the board (a draw or a pass changes no board)


def ahead(game: Game) -> Ahead:
    """The game as the next player finds it, and the STOP claims on its board."""
    nxt = next_turn(game)
    return Ahead(nxt, nxt.stop_claims())


def board_claims(state: GameState) -> StopReport:
    """The STOP claims a position's board allows (L4): what a picture of a state file
    draws beside its buildings and markers."""
    from adjudicator.deduction.rules.logic import stop_report

    return stop_report(state)


def open_claims(game: Game) -> StopReport | None:
    """The STOP claims of the turn just played, while its window is open (T5)."""
    return game.stop_claims() if game.phase in ("draw", "between") else None


def refill_owed(ahead: Game) -> int:
    """A4 (Old Town): the buildings the player to act takes before anything else, in a
    game as the next player finds it (`next_turn`)."""
    player = ahead.state.active
    if ahead.over or ahead.phase != "start" or player is None:
        return 0
    return refill_due(ahead.state, player)
