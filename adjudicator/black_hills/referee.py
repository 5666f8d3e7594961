"""The Black Hills turn referee: is a turn legal, and what state does it leave.

The turn's actions are applied in the order written (`notation.py`), each finished before
the next; the first refusal refuses the whole turn, which then leaves the state as it was.
After a legal turn the next player is on; when everyone has had two turns the round ends
(`round.py`). The game ends at once when a player reaches the goal.

The die is rolled from the state's seed when `die=` is not given.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping

from adjudicator.black_hills.characters import colonel_steal, invest, place, take_from_hand
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.errors import IllegalTurnError, InvalidTurnError, TurnError
from adjudicator.black_hills.events import activate, discard
from adjudicator.black_hills.notation import parse_turn
from adjudicator.black_hills.robbery import rob
from adjudicator.black_hills.round import end_turn, keep, returns, round_ends
from adjudicator.black_hills.shaman import play_shaman
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.turn import Turn
from adjudicator.black_hills.verdict import Reason, Verdict

__all__ = ["ACTIONS", "OTHER_ACTIONS", "apply", "referee", "referee_text"]

#: The actions named by their first word; any other first word names a character card.
ACTIONS: Mapping[str, Callable[[Turn, list[str]], None]] = {
    "invest": invest,
    "event": activate,
    "discard": discard,
    "rob": rob,
    "steal": colonel_steal,
}


#: The actions other than placing a character and using its skills: starting one finishes
#: the character's action (its `invest` and the Colonel's `steal` come before it or never).
OTHER_ACTIONS = frozenset({"event", "discard", "rob"})


def apply(turn: Turn, words: list[str]) -> None:
    """One action of the turn, finished before the next; raises `TurnError` to refuse."""
    if turn.state.winner is not None:
        raise IllegalTurnError(Code.GAME_END, "the game is over")
    if not words:
        raise InvalidTurnError("an empty action")
    head, args = words[0], words[1:]
    if head == "keep":
        return keep(turn, args)
    if head == "return":  # a choice for the round's end, not an action of the turn
        return returns(turn, args)
    hand, kept = turn.me.characters, turn.rules.characters_kept
    if len(hand) > kept:
        raise IllegalTurnError(
            Code.KEEP, f"first keep {kept} of your {len(hand)} characters ('keep A B')"
        )
    if head in ACTIONS:
        if head in OTHER_ACTIONS and turn.placed is not None:
            # "he cannot start one without having finished the previous one"
            turn.skills_over = True
        return ACTIONS[head](turn, args)
    if head in turn.rules.characters:
        card = take_from_hand(turn, head)
        return play_shaman(turn, args) if card.shaman else place(turn, card, args)
    raise InvalidTurnError(f"unknown action {head!r}")


def _refused(state: BHState, player: str, code: Code, message: str) -> Verdict:
    return Verdict(player, False, (Reason(code, message),), state)


def referee(state: BHState, player: str, actions: list[list[str]]) -> Verdict:
    """Referee one turn, its actions each as its words. A refused turn leaves the state as
    it was (the verdict's `after` is `state` itself)."""
    if player not in state.names():
        return _refused(state, player, Code.PLAYERS, f"there is no player {player!r}")
    if state.winner is not None:
        return _refused(state, player, Code.GAME_END, f"the game is over: {state.winner} won")
    if player != state.active:
        return _refused(state, player, Code.TURN_ORDER, f"it is {state.active}'s turn")
    s = copy.deepcopy(state)
    turn = Turn(s, player)
    try:
        for words in actions:
            apply(turn, words)
            if s.winner is not None:
                break
        if turn.placed is None and s.winner is None:
            raise IllegalTurnError(Code.MANDATORY, "a turn places a character card (mandatory)")
        if turn.returns and s.winner is None and not round_ends(s, player):
            raise IllegalTurnError(
                Code.ROUND_END, "resources are returned in the turn that ends the round"
            )
        end_turn(s, player, turn.log, turn.returns)
    except TurnError as exc:
        return Verdict(player, False, (exc.reason,), state, tuple(turn.log))
    gained = turn.me.reputation - turn.start_reputation
    return Verdict(player, True, (), s, tuple(turn.log), gained, tuple(turn.payments))


def referee_text(state: BHState, text: str) -> Verdict:
    """Referee a turn written in the notation (`'ann: miner; event stolen-gold'`); a turn
    not written in it is refused too (`Code.NOTATION`)."""
    try:
        player, actions = parse_turn(text)
    except InvalidTurnError as exc:
        return Verdict("", False, (exc.reason,), state)
    return referee(state, player, actions)
