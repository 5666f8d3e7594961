"""The lookahead coach (issue 28): a player's legal turns ranked by what follows them, not
only by the points they score now.

The greedy hint ranks a turn by its points this turn. The coach plays each of the best
few turns forward (expectimax over sampled worlds, one round deep):

1. Candidates: the hint's legal turns, the best `Budget.candidates` of them by points net
   of the STOP claims they leave (the next player takes those at once), the greedy turn
   always among them.
2. Worlds: `Budget.worlds` determinizations of the cards the player cannot see (the other
   hands, the piles' order: `coach_world.py`), drawn once and shared by every candidate,
   so that candidates are compared in the same worlds (common random numbers).
3. In each world, after the candidate: the draw, the next player's STOP call, each other
   player's greedy turn (and the STOP calls after them), then the player's own next greedy
   turn. The greedy turn is the model of the others: what the self-play tables seat.
4. Value: the mean over worlds of the player's gain over that round minus the best other
   player's gain (the one to beat); a game that ends inside the round adds `Budget.win`
   for a win and takes it off for a loss, since only the win counts then.

Everything is seeded by the `random.Random` passed in; with `Budget.ms` unset the advice is
the same on every machine. `Budget.ms` caps the wall time: worlds are played whole, one
after the other, until it is spent (at least one), so a slow machine plays fewer.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from adjudicator.core.record import record
from adjudicator.deduction.game.coach_world import (
    Deal,
    close_turn,
    greedy_turn,
    hidden_known,
    sample_deal,
)
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.hint import Action, hint

__all__ = ["Advice", "Budget", "Rated", "coach"]


@record
class Budget:
    """How much the coach looks at: worlds per candidate, candidates, and a wall-time cap."""

    worlds: int = 4
    candidates: int = 4
    ms: int | None = None  # None: the counts alone (the same advice on every machine)
    win: int = 10  # the value of a win when the game ends inside the rounds looked at
    rounds: int = 1  # own next turns played after the candidate; 0: to the end of the game


@record
class Rated:
    """One candidate turn as the coach sees it (means over the worlds played)."""

    action: Action
    value: float  # the player's gain over the round minus the best other player's
    now: int  # points this turn, net of a buy: the greedy measure
    given: float  # STOP points the next player takes at once after it
    later: float  # the player's own gain from the next turn on to the end of the round
    rival: float  # the best other player's gain over the round
    worlds: int


@record
class Advice:
    player: str
    rated: tuple[Rated, ...]  # best first
    worlds: int  # worlds played
    turns: int  # turns played in them (the node count)
    seconds: float


def _net(a: Action) -> tuple[object, ...]:
    """The cheap look ahead: points net of the STOP claims left, then the hint's order."""
    return (-(a.points - a.stop_left), *a.sort_key())


def candidates(actions: Sequence[Action], n: int) -> list[Action]:
    """The best `n` turns by points net of the STOP claims left, the greedy turn included."""
    best = sorted(actions, key=_net)[: max(n, 1)]
    if actions and not any(b is actions[0] for b in best):
        best[-1] = actions[0]
    return best


def _round(game: Game, action: Action, player: str, deal: Deal, rng: random.Random) -> Game:
    """The candidate played in the world, then the round up to the end of the player's own
    next turn (or the end of the game)."""
    ruling = action.ruling if action.kind == "play" else None
    after, outcome = game.apply(action_move(action, player), ruling=ruling)
    assert outcome.legal, outcome.message
    world = close_turn(deal.onto(after), player)
    return world


#: A world's game that has not ended after this many turns is cut (as self-play's
#: `MAX_TURNS`; a stalled world).
_MAX_TURNS = 200


def _rounds(game: Game, player: str, rounds: int, rng: random.Random) -> tuple[Game, int]:
    """Greedy turns until `player` has played `rounds` more turns (0: until the game ends),
    and how many turns were played."""
    played = mine = 0
    while not game.over and played < _MAX_TURNS and (rounds == 0 or mine < rounds):
        mine += game.state.active == player
        game = greedy_turn(game, rng)
        played += 1
    return game, played


def coach(
    game: Game,
    player: str,
    rng: random.Random,
    budget: Budget = Budget(),
    actions: Sequence[Action] | None = None,
) -> Advice:
    """Rank `player`'s legal turns in `game` (at the start of their turn, the refill made)
    by the round that follows each. A game without tracked hands and piles, or a turn with
    one legal action, is ranked by points net of the STOP claims left. `actions`: the hint's
    ranked actions for this turn, when the caller already has them."""
    started = time.perf_counter()
    if actions is None:
        actions = hint(game.state, player).actions
    chosen = candidates(actions, budget.candidates)
    names = game.state.names()
    before = {p.name: p.points for p in game.state.players}
    if len(chosen) < 2 or budget.worlds < 1 or not hidden_known(game):
        net = tuple(
            Rated(a, float(a.points - a.stop_left), a.points, float(a.stop_left), 0.0, 0.0, 0)
            for a in chosen
        )
        return Advice(player, net, 0, 0, time.perf_counter() - started)
    sums = [[0.0, 0.0, 0.0, 0.0] for _ in chosen]  # value, given, later, rival, per candidate
    worlds = turns = 0
    claimer = names[(names.index(player) + 1) % len(names)]
    while worlds < budget.worlds:
        if budget.ms is not None and worlds and time.perf_counter() - started > budget.ms / 1e3:
            break
        deal = sample_deal(game, player, rng)
        seed = rng.randrange(2**31)  # the refills' picks (A4): one stream per world
        for a, s in zip(chosen, sums, strict=True):
            world_rng = random.Random(seed)
            g = _round(game, a, player, deal, world_rng)
            turns += 1
            mine_now = g.state.player(player).points - before[player]
            given = g.state.player(claimer).points - before[claimer]
            g, played = _rounds(g, player, budget.rounds, world_rng)
            turns += played
            gain = {p.name: p.points - before[p.name] for p in g.state.players}
            rival = max(gain[n] for n in names if n != player)
            value = float(gain[player] - rival)
            if g.over:  # only the win counts now: its share, by the final points
                final = {p.name: p.points for p in g.state.players}
                value = float(final[player] - max(final[n] for n in names if n != player))
                winners = g.winners()
                share = 1 / len(winners) if player in winners else 0.0
                value += budget.win * (2 * share - 1)
            s[0] += value
            s[1] += given
            s[2] += gain[player] - mine_now
            s[3] += rival
        worlds += 1
    # Ties go to the hint's order, so that a coach that sees nothing better plays greedy.
    rated = [
        Rated(a, s[0] / worlds, a.points, s[1] / worlds, s[2] / worlds, s[3] / worlds, worlds)
        for a, s in zip(chosen, sums, strict=True)
    ]
    rank = {id(a): i for i, a in enumerate(actions)}
    rated.sort(key=lambda r: (-r.value, rank[id(r.action)]))
    return Advice(player, tuple(rated), worlds, turns, time.perf_counter() - started)
