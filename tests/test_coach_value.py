"""What the coach's value means (issue 41, item 2), pinned from its definition
(`deduction/game/coach.py`, step 5): "the mean over worlds of the player's gain over that
round minus the best other player's gain (the one to beat); a game that ends inside the
round adds `Budget.win` for a win and takes it off for a loss, since only the win counts
then." And `Rated.given`: the STOP points the *next* player takes at once after the turn
(RULINGS T5: "The player whose turn it was cannot call STOP on it").

The positions of `_value` are built by hand (players' points before and after a round,
whether the game ended and who won): the answers are worked out in each docstring."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import cast

import pytest

from adjudicator.deduction.game.coach import Budget, _value, coach
from adjudicator.deduction.game.flow import Game
from tests.test_coach import _midgame

WIN = 10
NAMES = ("ann", "bob", "cid")


@dataclass(frozen=True)
class _Player:
    name: str
    points: int


@dataclass(frozen=True)
class _State:
    players: tuple[_Player, ...]

    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)


@dataclass(frozen=True)
class _Ended:
    """What `_value` reads of a game: the points, whether it is over, who won."""

    state: _State
    over: bool = False
    won_by: tuple[str, ...] = ()

    def winners(self) -> list[str]:
        return list(self.won_by)


def _game(points: tuple[int, ...], over: bool = False, won_by: tuple[str, ...] = ()) -> Game:
    players = tuple(_Player(n, p) for n, p in zip(NAMES, points, strict=True))
    return cast(Game, _Ended(_State(players), over, won_by))


BEFORE = {"ann": 0, "bob": 0, "cid": 0}


@pytest.mark.parametrize(
    ("points", "value", "rival"),
    [
        # ann leads: her 8 against the best other's 3 (bob), not against herself
        ((8, 3, 1), 5.0, 3.0),
        # cid gained most: ann's 5 against cid's 7, whatever bob did
        ((5, 3, 7), -2.0, 7.0),
        # the rival is the best other player, not the worst: bob 6 over cid 0
        ((4, 6, 0), -2.0, 6.0),
    ],
)
def test_the_value_is_the_gain_over_the_best_other_players(
    points: tuple[int, int, int], value: float, rival: float
) -> None:
    """The game goes on: the value is ann's gain minus the best other player's gain, and
    the rival's gain is that best other's (mutants: ann counted among her rivals; the
    rival taken as the worst other)."""
    assert _value(_game(points), "ann", BEFORE, WIN) == (value, rival)


def test_only_the_points_won_this_round_count_while_the_game_goes_on() -> None:
    """ann 20 → 23 (+3), bob 25 → 26 (+1), cid 10 → 15 (+5): 3 - 5 = -2, however far bob
    leads the game."""
    before = {"ann": 20, "bob": 25, "cid": 10}
    assert _value(_game((23, 26, 15)), "ann", before, WIN) == (-2.0, 5.0)


@pytest.mark.parametrize(
    ("points", "won_by", "value"),
    [
        # a win: the final margin (12 - 10) plus the win
        ((12, 10, 4), ("ann",), 2.0 + WIN),
        # a loss costs the win: the margin (10 - 12) minus the win
        ((10, 12, 4), ("bob",), -2.0 - WIN),
        # a tie for the win is shared: half a win won, half lost
        ((12, 12, 4), ("ann", "bob"), 0.0),
    ],
)
def test_a_game_ended_in_the_round_counts_the_win_and_the_loss(
    points: tuple[int, int, int], won_by: tuple[str, ...], value: float
) -> None:
    """The game has ended: the final margin over the best other player, plus `win` for a
    win, minus `win` for a loss (mutant: a loss costing nothing)."""
    got, _rival = _value(_game(points, over=True, won_by=won_by), "ann", BEFORE, WIN)
    assert got == value


def test_the_stop_points_given_are_the_next_players_not_the_movers() -> None:
    """`given` is what the next player takes by STOP at once after the turn; the player
    whose turn it was cannot call STOP on it (T5). No candidate here leaves a claim
    (`stop_left` 0), so none gives a point away, though some score 9 for their player
    (mutant: the mover counted as the one who claims)."""
    game = _midgame("old-town", 11, 4)
    player = game.state.active
    assert player is not None
    advice = coach(game, player, random.Random(1), Budget(worlds=3, candidates=6))
    assert any(r.action.points > 0 for r in advice.rated)
    for rated in advice.rated:
        assert rated.action.stop_left == 0 and rated.given == 0.0, rated
