"""The greedy player's turn: the hint's best action, without ranking the rest.

Self-play and the coach's simulated worlds play the hint's first action thousands of times
a run. The hint rules every turn (`hint.Turns`), then makes each an action with the STOP
claims it leaves and ranks them all; the first action depends only on the turns with the
most points (the ranking's first key), so only those get a STOP report, and a discard,
the same board for every pair of cards, is made only for the pair that ranks first (the
least, the ranking's tie-break among them). Dead cards (Old Town's discards) are found only
where discarding needs them. `tests/test_greedy_best.py` holds the answer equal to the
hint's first action.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.deduction.hint import PASS, Action, Ranked, Ruled, Turns
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.actions import discard_with

__all__ = ["Best", "best_action"]


@dataclass(frozen=True, slots=True)
class Best:
    """The hint's first action, and the cards some legal play of the turn plays (what
    self-play counts as playable: the cards of the hint's plays)."""

    action: Action
    playable: frozenset[int]


def best_action(state: GameState, player: str | None = None) -> Best:
    """`hint(state, player).actions[0]`, and the cards of every play the hint lists."""
    turns = Turns(state, player)
    most: int | None = None
    top: list[Ruled] = []  # the turns with the most points so far, in the hint's order
    playable: set[int] = set()
    can_play = False
    for t in turns.ruled():
        if t.kind == "play":
            playable.update(t.ruling.cards)
            can_play = can_play or (len(t.ruling.cards) == 1 and t.buy is None)
        points = t.ruling.points
        if most is None or points > most:
            most, top = points, [t]
        elif points == most:
            top.append(t)
    ranked = Ranked()
    actions = [
        ranked.action(t)
        if t.kind != "discard"
        else ranked.action(t, discard_with(t.ruling, min(t.pairs)))
        for t in top
    ]
    if turns.can_pass(can_play) and (most is None or most <= 0):
        actions.append(PASS)  # scores 0: it ranks only beside turns scoring no more
    return Best(min(actions, key=Action.sort_key), frozenset(playable))
