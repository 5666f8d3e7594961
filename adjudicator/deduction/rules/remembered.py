"""One caller's rulings on single cards, each made once per board: a hint (`hint.Turns`)
rules every card of a hand on the board the turn starts from, after every first card,
after every buy, and a card's ruling depends on the board, not on the hand around it.

On the mid-game example a hint asks for 206 rulings of 165 cards on their boards (a
confirmation or a buy leaves the board as it was: the cards after it meet that board
again). A ruling once made is made again for another state with the same board by
setting what does depend on the rest of the state: the state before, and after it the
hand without the card and the player's points with the card's.

What a ruling on a card reads (`play.rule_play`), and so the key it is remembered by:
the board (placed buildings, markers, retired buildings, in their order, which the
ruling's words and the state after follow), the buildings in front of the player (P7),
and whether the card is in the player's hand. The rest is the same for every ruling one
caller asks for: the edition, the options, the players, the player on turn (the caller's
player: a hint rules its player's turn). Kept for one call only, never shared between
threads.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.evolve import evolve
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Ruling
from adjudicator.deduction.solve.matching import Analyses

__all__ = ["PlayRulings"]


class PlayRulings:
    """`rule_play(at, card, my, player, check_markers_per_space=False, advance=False)` for
    one player on turn, remembered by board (see the module's docstring). `analyses`: the
    filterings of boards the rulings share, for the caller's other rulings too."""

    __slots__ = ("_by", "analyses", "player")

    def __init__(self, player: str) -> None:
        self.player = player
        self.analyses = Analyses()
        self._by: dict[tuple[Any, ...], Ruling] = {}

    def rule(self, at: GameState, card: int, my: str | None) -> Ruling:
        """The ruling on `card` played as `my` on `at` by the player, the end-of-turn check
        deferred (P5 b) and the turn not moved on. `at.active` must be the player."""
        assert at.active == self.player, "rulings are remembered for the player on turn"
        p = at.player(self.player)
        key = (
            tuple(at.placed.items()),
            tuple(at.markers.items()),
            at.retired,
            p.buildings,
            p.hand is None or card in p.hand,
            card,
            my,
        )
        made = self._by.get(key)
        if made is None:
            made = self._by[key] = rule_play(
                at,
                card,
                my,
                self.player,
                check_markers_per_space=False,
                advance=False,
                memo=self.analyses,
            )
            return made
        return made if made.before is at else _rebased(made, at)


def _rebased(made: Ruling, at: GameState) -> Ruling:
    """`made`, a ruling on a card on another state with the same board, as `rule_play`
    would make it on `at`: a refusal leaves `at` as it was; a play leaves the board it
    left, with the card gone from the hand and its points scored (`effects.resolve` then
    `play._spend_card`, in one step)."""
    if not made.playable:
        return evolve(made, before=at, after=at)
    left = made.after
    after = at.with_board(left.placed, left.markers, left.retired)
    player = made.player
    assert player is not None
    p = after.player(player)
    changes: dict[str, Any] = {"points": p.points + made.points}
    if p.hand is not None:
        hand = list(p.hand)
        hand.remove(made.cards[0])
        changes["hand"] = tuple(hand)
    return evolve(made, before=at, after=after.with_player(player, **changes))
