"""The lookahead coach (issue 28): a player's legal turns ranked by what follows them, not
only by the points they score now, and the pile to draw from after the best of them.

The greedy hint ranks a turn by its points this turn. The coach plays each of the best
few turns forward (expectimax over sampled worlds, one round deep):

1. Candidates: `Budget.candidates` of the hint's legal turns: the greedy turn, the best
   turn of each other shape (two cards, one, a discard, a pass, a pass with a buy that
   enables cards of the hand), then more by points net
   of the STOP claims they leave (the next player takes those at once); a turn that ends
   in the same state as one chosen is skipped (`candidates`).
2. Worlds: `Budget.worlds` determinizations of the cards the player cannot see (the other
   hands, the piles' order: `coach_world.py`). Every candidate still in the running is
   played in the same worlds (common random numbers), so that candidates are compared in
   the same deals.
3. Successive halving (Karnin, Koren and Somekh, 2013): the worlds are shared out over
   phases; after each phase but the last, the worse half of the candidates (down to two)
   is dropped, so that the finalists are played in every world and a candidate that is
   clearly worse stops costing turns.
4. In each world, after the candidate: the draw, the next player's STOP call, each other
   player's greedy turn (and the STOP calls after them), then the player's own next greedy
   turn. The greedy turn is the model of the others: what the self-play tables seat.
5. Value: the mean over worlds of the player's gain over that round minus the best other
   player's gain (the one to beat); a game that ends inside the round adds `Budget.win`
   for a win and takes it off for a loss, since only the win counts then.
6. The draw (T2: Gads Hill's player draws from the pile of their choice): after the best
   turn, each pile the player may draw from is played in the same worlds, the card drawn
   being that world's top of the pile, and ranked as the turns are. In Gads Hill this is
   worth more than the turn itself: the self-play tables show the pile drawn from decides
   more games than the choice among the best turns (README, "Mixed tables and the coach").

Everything is seeded by the `random.Random` passed in; with `Budget.ms` unset the advice is
the same on every machine. `Budget.ms` caps the wall time: each phase of the halving, and
the piles, get an equal share of it; worlds are played whole, one after the other, until a
share is spent (at least one each), so a slow machine plays fewer.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from adjudicator.core.i18n import N_, Message
from adjudicator.deduction.game.coach_world import (
    Deal,
    close_turn,
    greedy_turn,
    hidden_known,
    sample_deal,
)
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.piles import default_pile, pile_choices
from adjudicator.deduction.hint import Action, hint

__all__ = ["Advice", "Budget", "Pile", "Rated", "coach"]


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the coach looks at: the worlds the finalists are played in, candidates, and
    a wall-time cap."""

    worlds: int = 3
    candidates: int = 4
    ms: int | None = None  # None: the counts alone (the same advice on every machine)
    win: int = 10  # the value of a win when the game ends inside the rounds looked at
    rounds: int = 1  # own next turns played after the candidate; 0: to the end of the game


@dataclass(frozen=True, slots=True)
class Rated:
    """One candidate turn as the coach sees it (means over the worlds played)."""

    action: Action
    value: float  # the player's gain over the round minus the best other player's
    now: int  # points this turn, net of a buy: the greedy measure
    given: float  # STOP points the next player takes at once after it
    later: float  # the player's own gain from the next turn on to the end of the round
    rival: float  # the best other player's gain over the round
    worlds: int


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile to draw from after the coach's best turn, as the coach sees it (T2)."""

    pile: str
    value: float  # as `Rated.value`, over the same worlds
    worlds: int
    default: bool  # the pile a record takes when it does not say (`piles.default_pile`)


@dataclass(frozen=True, slots=True)
class Advice:
    player: str
    rated: tuple[Rated, ...]  # best first
    worlds: int  # worlds played
    turns: int  # turns played in them (the node count)
    seconds: float
    draws: tuple[Pile, ...] = ()  # the piles after the best turn, best first (a choice only)
    rounds: int = 1  # the player's own turns looked ahead after this one (0: to the end)

    @property
    def horizon(self) -> str:
        """What the values are measured over, in words."""
        if self.rounds == 0:
            return Message(N_("rest of the game"))
        if self.rounds == 1:
            return Message(N_("round"))
        return Message(N_("next {count} rounds"), count=self.rounds)


def _net(a: Action) -> tuple[object, ...]:
    """The cheap look ahead: points net of the STOP claims left, then the hint's order."""
    return (-(a.points - a.stop_left), *a.sort_key())


def _shape(a: Action) -> tuple[str, int, bool]:
    """A pass with a buy that enables cards (A2) is a shape of its own: it scores less than
    the pass now, and only a look ahead can find it the better turn (issue 38)."""
    return (a.kind, len(a.cards), bool(a.enables))


def candidates(actions: Sequence[Action], n: int) -> list[Action]:
    """The `n` turns worth looking ahead from: the greedy turn, then the best turn of each
    other shape (two cards, one card, a discard, a pass: keeping cards can be worth more
    than their points now), then the rest by points net of the STOP claims left. A turn
    that ends in the same state as one already chosen (another order of the same cards, a
    building alike) is the same turn to the coach and is skipped."""
    chosen: list[Action] = []
    ends: list[object] = []

    def add(a: Action) -> None:
        end = a.ruling.after if a.ruling is not None else ("pass",)
        if len(chosen) < n and not any(a is c for c in chosen) and end not in ends:
            chosen.append(a)
            ends.append(end)

    if actions:
        add(actions[0])
    ranked = sorted(actions, key=_net)
    shapes = {_shape(c) for c in chosen}
    for a in ranked:
        if _shape(a) not in shapes:
            shapes.add(_shape(a))
            add(a)
    for a in ranked:
        add(a)
    return chosen


def _after(game: Game, action: Action, player: str) -> Game:
    ruling = action.ruling if action.kind == "play" else None
    after, outcome = game.apply(action_move(action, player), ruling=ruling)
    assert outcome.legal, outcome.message
    return after


def _round(game: Game, action: Action, player: str, deal: Deal, rng: random.Random) -> Game:
    """The candidate played in the world, then its draw and the next player's STOP call."""
    return close_turn(deal.onto(_after(game, action, player)), player)


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


def _phases(n: int, worlds: int) -> list[int]:
    """How many new worlds each phase of successive halving plays: the worlds shared out
    evenly over one phase per halving of `n` candidates down to two."""
    phases = max(1, min(worlds, math.ceil(math.log2(n)))) if n > 1 else 1
    return [worlds // phases + (i < worlds % phases) for i in range(phases)]


def _value(game: Game, player: str, before: dict[str, int], win: int) -> tuple[float, float]:
    """The player's gain minus the best other player's since `before`, and that rival's
    gain; a game that has ended counts the final margin and the win (shared on a tie)."""
    names = game.state.names()
    gain = {p.name: p.points - before[p.name] for p in game.state.players}
    rival = max(gain[n] for n in names if n != player)
    if not game.over:
        return float(gain[player] - rival), float(rival)
    final = {p.name: p.points for p in game.state.players}
    margin = final[player] - max(final[n] for n in names if n != player)
    winners = game.winners()
    share = 1 / len(winners) if player in winners else 0.0
    return float(margin) + win * (2 * share - 1), float(rival)


def coach(
    game: Game,
    player: str,
    rng: random.Random,
    budget: Budget = Budget(),
    actions: Sequence[Action] | None = None,
) -> Advice:
    """Rank `player`'s legal turns in `game` (at the start of their turn, the refill made)
    by what follows each, and the piles to draw from after the best. A game without tracked
    hands and piles, or a turn with one legal action and no pile to choose after it, is
    ranked by points net of the STOP claims left. `actions`: the hint's ranked actions for
    this turn, when the caller already has them."""
    started = time.perf_counter()
    if actions is None:
        actions = hint(game.state, player).actions
    chosen = candidates(actions, budget.candidates)
    names = game.state.names()
    before = {p.name: p.points for p in game.state.players}
    # A lone candidate is still played when there is a pile to choose after it.
    lone = len(chosen) == 1 and not _pile_choice(game, chosen[0], player)
    if not chosen or lone or budget.worlds < 1 or not hidden_known(game):
        net = tuple(
            Rated(a, float(a.points - a.stop_left), a.points, float(a.stop_left), 0.0, 0.0, 0)
            for a in chosen
        )
        return Advice(player, net, 0, 0, time.perf_counter() - started, (), budget.rounds)
    sums = [[0.0, 0.0, 0.0, 0.0] for _ in chosen]  # value, given, later, rival, per candidate
    by_world: list[list[float]] = [[] for _ in chosen]  # the values, world by world
    alive = list(range(len(chosen)))
    worlds = turns = 0
    drawn: list[tuple[Deal, int]] = []
    claimer = names[(names.index(player) + 1) % len(names)]
    phases = _phases(len(chosen), budget.worlds)

    # With a time cap, each phase of the halving has an equal share of the time, and the
    # piles (the draw) the last share.
    shares = len(phases) + 1

    def spent(share: int) -> bool:
        cap = budget.ms
        return cap is not None and time.perf_counter() - started > cap / 1e3 * share / shares

    for phase, count in enumerate(phases):
        first = worlds
        for _ in range(count):
            if worlds > first and spent(phase + 1):
                break
            deal = sample_deal(game, player, rng)
            seed = rng.randrange(2**31)  # the refills' picks (A4): one stream per world
            drawn.append((deal, seed))
            for i in alive:
                world_rng = random.Random(seed)
                g = _round(game, chosen[i], player, deal, world_rng)
                turns += 1
                mine_now = g.state.player(player).points - before[player]
                given = g.state.player(claimer).points - before[claimer]
                g, played = _rounds(g, player, budget.rounds, world_rng)
                turns += played
                value, rival = _value(g, player, before, budget.win)
                by_world[i].append(value)
                s = sums[i]
                s[0] += value
                s[1] += given
                s[2] += g.state.player(player).points - before[player] - mine_now
                s[3] += rival
            worlds += 1
        if phase < len(phases) - 1 and len(alive) > 2:
            alive.sort(key=lambda i: -sums[i][0] / len(by_world[i]))
            alive = sorted(alive[: max(2, math.ceil(len(alive) / 2))])
    rated = [
        Rated(a, s[0] / k, a.points, s[1] / k, s[2] / k, s[3] / k, k)
        for a, s, k in zip(chosen, sums, map(len, by_world), strict=True)
    ]
    # The finalists first (played in the most worlds); ties go to the hint's order, so that
    # a coach that sees nothing better plays greedy.
    rank = {id(a): i for i, a in enumerate(actions)}
    rated.sort(key=lambda r: (-r.worlds, -r.value, rank[id(r.action)]))
    best = next(i for i, a in enumerate(chosen) if a is rated[0].action)
    draws, more = _piles(
        game, player, chosen[best], by_world[best], drawn, budget, before, lambda: spent(shares)
    )
    seconds = time.perf_counter() - started
    return Advice(player, tuple(rated), worlds, turns + more, seconds, draws, budget.rounds)


def _pile_choice(game: Game, action: Action, player: str) -> bool:
    """Whether the player chooses a pile to draw from after `action` (T2)."""
    if not hidden_known(game):
        return False
    after = _after(game, action, player)
    return after.phase == "draw" and len(pile_choices(after, player)) > 1


def _piles(
    game: Game,
    player: str,
    action: Action,
    values: Sequence[float],
    worlds: Sequence[tuple[Deal, int]],
    budget: Budget,
    before: dict[str, int],
    spent: Callable[[], bool],
) -> tuple[tuple[Pile, ...], int]:
    """The piles the player may draw from after the best turn, `action`, each played in the
    worlds as the candidates were (the card drawn is the world's top of the pile), best
    first; ties go to the default pile, then by name. None when there is no choice. The
    candidates were played drawing from the default pile: its values are the best turn's
    own, `values` (world by world); exact while the default pile stays the one every card
    of the turn's draw comes from (one card in Gads Hill, the pile of a kind last played
    or the fullest in Old Town). `spent()`: whether the time cap is spent."""
    after = _after(game, action, player)
    if after.phase != "draw":
        return (), 0
    names = pile_choices(after, player)
    if len(names) < 2:
        return (), 0
    default = default_pile(after, player, names)
    others = [n for n in names if n != default]
    totals = dict.fromkeys(names, 0.0)
    turns = played = 0
    for deal, seed in worlds:
        if played and spent():
            break
        for name in others:
            g = close_turn(deal.onto(after), player, name)
            g, more = _rounds(g, player, budget.rounds, random.Random(seed))
            turns += more + 1
            totals[name] += _value(g, player, before, budget.win)[0]
        if default is not None:
            totals[default] += values[played]
        played += 1
    rated = [Pile(n, totals[n] / played, played, n == default) for n in names]
    rated.sort(key=lambda p: (-p.value, not p.default, p.pile))
    return tuple(rated), turns
