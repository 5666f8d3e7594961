"""Turn order and the flow of a game (T1-T7) with Old Town's refill (A4) and the end (A5):
the set-up's buildings chosen in turn, who may act, how many cards a player draws, when a
game is over.

The game flow (`game/flow.py`) keeps the piles and the phases of a turn; the rules it
follows live here, read from the ruleset and the edition's `[deal]` table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.evolve import evolve
from adjudicator.core.i18n import N_, Message
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.explain import the
from adjudicator.deduction.rules.ruling import Reason

__all__ = [
    "GAME_OVER",
    "ONE_BUILDING",
    "already_acted",
    "draws_after",
    "game_over",
    "must_reshuffle",
    "not_a_player",
    "not_your_turn",
    "refill_due",
    "setup_done",
    "setup_take",
    "stalled",
    "stop_call_refusal",
    "turn_over",
    "turn_refusal",
]


#: The game flow's refusals (`game/flow.py`) and these rules', as messages: a player reads
#: them in their own language.
GAME_OVER = Message(N_("the game is over"))
ONE_BUILDING = Message(N_("one building a turn"))


def not_a_player(player: str) -> Message:
    return Message(N_("{player} is not one of the players"), player=player)


def not_your_turn(active: str | None, player: str | None) -> Message:
    return Message(N_("it is {active}'s turn, not {player}'s"), active=active, player=player)


def turn_over(player: str) -> Message:
    return Message(N_("{player}'s turn is over"), player=player)


def already_acted(player: str) -> Message:
    return Message(N_("{player} has already acted this turn"), player=player)


def turn_refusal(state: GameState, player: str | None) -> Reason | None:
    """T1: only the active player acts in a turn (their card, discard, buy or pass)."""
    if not state.players:
        return None
    names = [p.name for p in state.players]
    if player not in names:
        return Reason(
            Code.T1,
            Message(
                N_("there is no player {name} (players: {players})"),
                name=repr(player),
                players=", ".join(names),
            ),
        )
    if state.active is not None and player != state.active:
        return Reason(Code.T1, not_your_turn(state.active, player))
    return None


def refill_due(state: GameState, player: str) -> int:
    """A4 (Old Town): how many buildings the player must take before their turn."""
    if not state.board.deal.refill:  # Gads Hill: buildings are bought instead (A2)
        return 0
    p = state.player(player)
    mine = [b for b in p.buildings if b not in state.placed and b not in state.retired]
    available = state.available_buildings()
    if not available or len(mine) >= 2:
        return 0
    if len(available) <= len(state.players):
        return 1 if not mine else 0
    return min(2 - len(mine), len(available))


def draws_after(state: GameState, action: str) -> int:
    """T2: the cards a player draws at the end of a turn: one after a play or a pass, and
    after a discard as many as the edition says (Old Town two, Gads Hill one)."""
    return state.board.deal.discard_draws if action == "discard" else 1


def game_over(state: GameState) -> bool:
    """A5: the locomotive (placed buildings with the landmarks) reaches `end_at`; in Old Town,
    which has no landmarks, the town is then complete."""
    board = state.board
    return state.locomotive >= min(
        state.options.end_at, len(board.building_spaces) + len(board.frames)
    )


def must_reshuffle(
    state: GameState,
    piles: Mapping[str, Sequence[int]],
    mine: Sequence[str],
    card: int | None,
    played: Sequence[int],
) -> bool:
    """T3, per pile: a player must draw from an empty pile when every pile they may draw
    from (`mine`) is empty, or when the card they name lies among the played ones while the
    pile the played cards go back to (district; Old Town's common pile) is empty."""
    if card is None:
        return not any(piles[n] for n in mine)
    return not piles.get(state.board.deal.reshuffle_pile) and card in played


def stop_call_refusal(window_open: bool, caller: str, last_actor: str | None) -> Reason | None:
    """T5: STOP is called from the active player's action until the next player acts, the
    draw included, and not by the player whose turn it was."""
    if not window_open:
        return Reason(
            Code.T5, Message(N_("STOP is called between two turns, before the next player acts"))
        )
    if caller == last_actor:
        return Reason(
            Code.T5, Message(N_("{player} cannot call STOP on their own turn"), player=caller)
        )
    return None


def stalled(state: GameState, passes_in_a_row: int) -> bool:
    """T6: every player passed in turn with nothing left to draw: the game is over."""
    return passes_in_a_row >= len(state.players)


def setup_take(
    state: GameState, player: str, buildings: Sequence[str] | None
) -> GameState | Reason:
    """T7: the set-up's take of one building beside the board, by the player whose choice
    it is: each in seat order takes one, then each a second. The state after it, its
    chooser the next player (the first player once every player holds two, for turn 1);
    `buildings` None: a move that is not a take, refused until the set-up is done."""
    if player not in state.names():
        return Reason(Code.T1, not_a_player(player))
    if buildings is None:
        return Reason(
            Code.T7,
            Message(N_("the set-up comes first: {player} takes a building"), player=state.active),
        )
    if player != state.active:
        return Reason(
            Code.T7, Message(N_("it is {player}'s choice of a building"), player=state.active)
        )
    if len(buildings) != 1:
        return Reason(
            Code.T7,
            Message(
                N_("{player} takes one building now, not {count}"),
                player=player,
                count=len(buildings),
            ),
        )
    if buildings[0] not in state.available_buildings():
        name = the(state.board, buildings[0])
        return Reason(Code.T7, Message(N_("{building} is not beside the board"), building=name))
    p = state.player(player)
    after = state.with_player(player, buildings=(*p.buildings, buildings[0]))
    names = after.names()
    taken = sum(len(q.buildings) for q in after.players)
    return evolve(after, active=names[taken % len(names)])


def setup_done(state: GameState) -> bool:
    """T7: every player holds the two buildings of the set-up."""
    return all(len(p.buildings) >= 2 for p in state.players)
