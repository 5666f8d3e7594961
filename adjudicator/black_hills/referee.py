"""The Black Hills turn referee: is a turn legal, and what state does it leave.

The turn's actions are applied in the order written (`notation.py`), each finished before
the next; the first refusal refuses the whole turn, which then leaves the state as it was.
After a legal turn the next player is on; when everyone has had two turns the round ends
(`round.py`). The game ends at once when a player reaches the goal.

A round's set-up comes before its first turn: each player's discard (`ann: keep A B`, a
line of its own, in any order), which is not a turn (`setup_keep`); no turn is played until
every player has kept two.

The die is rolled from the state's seed when `die=` is not given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache

from adjudicator.black_hills.characters import colonel_steal, invest, place, take_from_hand
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.draft import Draft
from adjudicator.black_hills.errors import IllegalTurnError, InvalidTurnError, TurnError
from adjudicator.black_hills.events import activate, discard
from adjudicator.black_hills.moves import Action, Keep, Place, ShamanCopy, ShamanDraw
from adjudicator.black_hills.notation import (
    did_you_mean,
    parse_action,
    parse_discard,
    parse_event,
    parse_invest,
    parse_return,
    parse_rob,
    parse_steal,
    parse_turn,
    seat_actions,
)
from adjudicator.black_hills.robbery import rob
from adjudicator.black_hills.round import end_turn, keep, must_keep, returns, round_ends
from adjudicator.black_hills.shaman import play_shaman
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.turn import Turn
from adjudicator.black_hills.verdict import Reason, Verdict

__all__ = [
    "ACTIONS",
    "OTHER_ACTIONS",
    "TurnsOf",
    "apply",
    "is_setup",
    "referee_text",
    "referee_text_at",
    "refereed",
    "setup_keep",
]

#: The actions named by their first word, each read as a value (`notation.py`) and handed
#: to its rule; any other first word names a character card.
ACTIONS: Mapping[str, Callable[[Turn, list[str]], None]] = {
    "invest": lambda turn, args: invest(turn, parse_invest(args)),
    "event": lambda turn, args: activate(turn, parse_event(args) if args else None),
    "discard": lambda turn, args: discard(turn, parse_discard(args)),
    "rob": lambda turn, args: rob(turn, parse_rob(args)),
    "steal": lambda turn, args: colonel_steal(turn, parse_steal(args) if args else None),
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
    waiting = [n for n in must_keep(turn.state) if n not in turn.unwritten]
    if waiting:
        # Setup 8: "Each player ... decides to discard 2 of them": all before the first turn.
        kept = turn.rules.characters_kept
        raise IllegalTurnError(
            Code.KEEP,
            f"every player discards 2 at the set-up, before the first turn; still to keep "
            f"{kept}: {', '.join(waiting)} (a line of its own: '{waiting[0]}: keep A B')",
        )
    if head == "keep":
        if turn.older:  # a record of an older version: read as the set-up's discard
            return keep(turn, Keep(tuple(args)))
        # Setup 8's discard "that are placed face down on the deck" is made at the set-up,
        # on a line of its own (`setup_keep`), never as an action of a turn.
        raise IllegalTurnError(
            Code.KEEP,
            "the set-up's discard is a line of its own "
            f"('{turn.me.name}: keep A B'), not an action of a turn",
        )
    if head == "return":  # a choice for the round's end, not an action of the turn
        return returns(turn, parse_return(args))
    if head in ACTIONS:
        if head in OTHER_ACTIONS and turn.placed is not None:
            # "he cannot start one without having finished the previous one"
            turn.skills_over = True
        return ACTIONS[head](turn, args)
    if head in turn.rules.characters:
        card = take_from_hand(turn, head)
        move = _action(tuple(words))  # after the hand: a card not held is refused first
        if isinstance(move, ShamanCopy | ShamanDraw):
            return play_shaman(turn, move)
        assert isinstance(move, Place)
        return place(turn, card, move)
    known = [*turn.rules.characters, *ACTIONS, "keep", "return"]
    raise InvalidTurnError(f"unknown action {head!r}{did_you_mean(head, known)}")


@lru_cache(maxsize=4096)
def _action(words: tuple[str, ...]) -> Action:
    """`parse_action`, remembered: a value of the words alone, and the best-turn search
    places the same few cards in every order it tries (a refusal raises each time)."""
    return parse_action(list(words))


def _refused(state: BHState, player: str, code: Code, message: str) -> Verdict:
    return Verdict(player, False, (Reason(code, message),), state)


def is_setup(actions: list[list[str]]) -> bool:
    """Whether the line is a set-up discard (`keep A B` alone), not a turn."""
    return len(actions) == 1 and actions[0][:1] == ["keep"]


def setup_keep(state: BHState, player: str, args: list[str]) -> Verdict:
    """A player's discard at the round's set-up: "Each player takes a look at the cards in
    his hand and decides to discard 2 of them that are placed face down on the deck of
    character cards that are left over." Not a turn: any player who still holds the four
    dealt, in any order, before the first turn; nobody's turn moves on."""
    if not must_keep(state):
        return _refused(
            state, player, Code.KEEP, "the set-up is over: every player has kept two this round"
        )
    s = Draft.of(state)
    turn = Turn(s, player)
    try:
        keep(turn, Keep(tuple(args)))
    except TurnError as exc:
        return Verdict(player, False, (exc.reason,), state, tuple(turn.log))
    waiting = must_keep(s)
    turn.log.append(
        f"still to keep: {', '.join(waiting)}"
        if waiting
        else f"every player has kept two: {s.active} plays the first turn"
    )
    return Verdict(player, True, (), s.freeze(), tuple(turn.log))


def refereed(
    state: BHState,
    player: str,
    actions: list[list[str]],
    unwritten: frozenset[str] = frozenset(),
    older: bool = False,
) -> tuple[Verdict, int | None]:
    """Referee one turn, its actions each as its words (or a set-up discard: `setup_keep`).
    A refused turn leaves the state as it was (the verdict's `after` is `state` itself).
    `older`: a turn of a record of an older version, whose `keep` is the set-up's.

    With the verdict, for a turn one of whose actions is refused, that action's index:
    every turn that begins with the same actions up to it is refused alike (the actions
    are applied in order and the first refusal refuses the turn, before any later action
    is read). None when the turn is legal or refused as a whole."""
    early = _before(state, player, actions)
    if early is not None:
        return early
    return _played(state, Turn(Draft.of(state), player, unwritten, older), actions, 0)


def _before(state: BHState, player: str, actions: list[list[str]]) -> tuple[Verdict, None] | None:
    """The answer before any action is applied (no such player, the game over, a set-up
    discard, not the player's turn); None for a turn to play."""
    if player not in state.names():
        return _refused(state, player, Code.PLAYERS, f"there is no player {player!r}"), None
    if state.winner is not None:
        return _refused(state, player, Code.GAME_END, f"the game is over: {state.winner} won"), None
    if is_setup(actions):
        return setup_keep(state, player, actions[0][1:]), None
    if player != state.active:
        return _refused(state, player, Code.TURN_ORDER, f"it is {state.active}'s turn"), None
    return None


def _played(
    state: BHState, turn: Turn, actions: list[list[str]], start: int
) -> tuple[Verdict, int | None]:
    """`refereed` from its action `start` on, `turn` having applied those before."""
    s, player = turn.state, turn.me.name
    at: int | None = None
    try:
        for at in range(start, len(actions)):  # `at` is read after a refusal
            apply(turn, actions[at])
            if s.winner is not None:
                break
        at = None  # every action applied: a refusal now is the whole turn's
        if turn.placed is None and s.winner is None:
            raise IllegalTurnError(Code.MANDATORY, "a turn places a character card (mandatory)")
        if turn.returns and s.winner is None and not round_ends(s, player):
            raise IllegalTurnError(
                Code.ROUND_END, "resources are returned in the turn that ends the round"
            )
        end_turn(s, player, turn.log, turn.returns)
    except TurnError as exc:
        refusal = Verdict(
            player, False, (exc.reason,), state, tuple(turn.log), dealt=tuple(turn.dealt)
        )
        return refusal, at
    gained = turn.me.reputation - turn.start_reputation
    payments = tuple(turn.payments)
    return Verdict(
        player, True, (), s.freeze(), tuple(turn.log), gained, payments, tuple(turn.dealt)
    ), None


class TurnsOf:
    """Many turns of one state, each refereed as `referee_text_at` does, those that begin
    with the same action sharing it: the action is applied once, to a turn kept aside, and
    each turn that begins with it goes on from a copy (the best-turn search tries every
    event and investing after each placement, and each placement after each event).
    One search's own: nothing in it is shared with another's."""

    def __init__(self, state: BHState) -> None:
        self.state = state
        self.names = tuple(state.names())
        # (player, the first action's words) -> the turn after it; None where it is
        # refused or ends the game (such a turn is refereed from the start, as ever)
        self._after_first: dict[tuple[str, tuple[str, ...]], Turn | None] = {}

    def rule(self, text: str) -> tuple[Verdict, int | None]:
        """`referee_text_at(state, text)`."""
        state = self.state
        try:
            player, words = _read(text, self.names)
        except InvalidTurnError as exc:
            return Verdict("", False, (exc.reason,), state), None
        actions = [list(w) for w in words]
        early = _before(state, player, actions)
        if early is not None:
            return early
        first = self._first(player, words[0]) if words else None
        if first is None:
            return _played(state, Turn(Draft.of(state), player), actions, 0)
        return _played(state, first.copy(), actions, 1)

    def _first(self, player: str, words: tuple[str, ...]) -> Turn | None:
        key = (player, words)
        if key not in self._after_first:
            turn = Turn(Draft.of(self.state), player)
            try:
                apply(turn, list(words))
                goes_on = turn.state.winner is None
            except TurnError:
                goes_on = False
            self._after_first[key] = turn if goes_on else None
        return self._after_first[key]


def referee_text(
    state: BHState, text: str, unwritten: frozenset[str] = frozenset(), older: bool = False
) -> Verdict:
    """Referee a turn written in the notation (`'ann: miner; event stolen-gold'`); a turn
    not written in it is refused too (`Code.NOTATION`). `unwritten`: players whose set-up
    discard an older record never wrote; `older`: the turn is such a record's, its `keep`
    read as the set-up's (`game/replay.py`)."""
    return referee_text_at(state, text, unwritten, older)[0]


def referee_text_at(
    state: BHState, text: str, unwritten: frozenset[str] = frozenset(), older: bool = False
) -> tuple[Verdict, int | None]:
    """`referee_text`'s verdict and the index of the action refused (`refereed`)."""
    try:
        player, words = _read(text, tuple(state.names()))
    except InvalidTurnError as exc:
        return Verdict("", False, (exc.reason,), state), None
    return refereed(state, player, [list(w) for w in words], unwritten, older)


@lru_cache(maxsize=8192)
def _read(text: str, names: tuple[str, ...]) -> tuple[str, tuple[tuple[str, ...], ...]]:
    """The player and each action's words, seated at a table of `names` (`from jürgen`:
    Jürgen). Remembered: the best-turn search referees the same few hundred lines on every
    state of a game (reading one, its card names matched by a regex, cost a third of
    refereeing it); a line that is not a turn raises each time (not remembered)."""
    player, actions = parse_turn(text)
    player, actions = seat_actions(player, actions, names)
    return player, tuple(tuple(w) for w in actions)
