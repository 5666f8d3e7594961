"""Self-play: whole games played by a policy, written down as records, with statistics.

Policies choose among the actions the hint lists (so every move is legal), the random
one without building the hint:

- `greedy`: the hint's best turn (the most points net of a buy, A2);
- `coach`: the lookahead coach's best turn (`coach.py`), seeded from the game's seed;
- `random`: a random play (one card or two, with or without a buy) when there
  is one, else a random discard, else a pass.

The random policy does not build the hint: it shuffles the plays the hint would consider
(`play_candidates`, not ruled on) and rules them in that order until one is legal; the
first legal one of a uniformly shuffled list is uniform over the legal ones, so it draws
from the same distribution as a uniform choice among the hint's plays. Without a legal
play it shuffles the markers to take (A1) the same way, then draws the two cards (any two
go with any legal take, so the discard is uniform over the hint's discards).

Card statistics: a card is `playable` in a game when it is played in a legal turn (alone,
as one of two cards, or with a bought building) on one of its holder's turns, as the
hint's plays say. Under the random policy every legal candidate ruled while choosing
counts; the rest is asked at the end of the game: per held card not yet known playable,
turn by turn, the candidates of the turn that contain it (single plays first), stopping at
the first legal one (a card found playable on a later turn needs no ruling on the earlier
ones).

The play chosen is not ruled again when it is made: its ruling goes with it to
`Game.apply`, and the STOP claims a ruling leaves serve the check after the turn.

After every turn the first other player in seat order calls the STOP claims left
on the board. Old Town's refill (A4) takes the buildings named by building cards
in the player's hand first (the rulebooks' tip), else random ones.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Literal

from adjudicator.deduction.game.coach import Budget, coach
from adjudicator.deduction.game.coach_world import refill_take
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.greedy import best_action
from adjudicator.deduction.game.hint_moves import action_move
from adjudicator.deduction.game.record import (
    Discard,
    Draw,
    Header,
    Move,
    Pass,
    Play,
    Record,
    Stop,
)
from adjudicator.deduction.hint import (
    Candidate,
    hint,
    my_building_choices,
    play_candidates,
)
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.actions import dead_card, rule_buy, rule_discard
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.play import end_turn, rule_play
from adjudicator.deduction.rules.ruling import Ruling
from adjudicator.deduction.rules.turn_order import refill_due
from adjudicator.deduction.rules.turns import merge_rulings

__all__ = ["CardStats", "GameResult", "Policy", "SimulationStats", "play_game", "simulate"]

Policy = Literal["random", "greedy", "coach"]

#: A game that has not ended after this many turns is counted as stalled.
MAX_TURNS = 200


@dataclass
class CardStats:
    held: int = 0  # games in which the card was in a hand on its holder's turn
    playable: int = 0  # ... and could be played on at least one such turn
    played: int = 0
    discarded: int = 0

    @property
    def dead(self) -> int:
        """Games in which it was held but never playable."""
        return self.held - self.playable


@dataclass
class GameResult:
    record: Record
    game: Game
    turns: int
    finished: bool
    points: dict[str, int]
    winners: list[str]
    cards: dict[int, CardStats]
    # the wall time of each turn, in seconds (for `adjudicator.simulation`'s store)
    turn_seconds: list[float] = field(default_factory=list)
    # the wall time of each coach turn's advice, in seconds (the coach's cost per turn)
    coach_seconds: list[float] = field(default_factory=list)


class _Judge:
    """Rules candidate plays of one turn one at a time, as `hint` rules them (the same
    steps, the end-of-turn check deferred to the whole turn), sharing the rulings of first
    cards and buys between candidates."""

    def __init__(self, state: GameState, player: str) -> None:
        self.state = state if state.active == player else replace(state, active=player)
        self.player = player
        self.candidates = play_candidates(self.state, player)
        self.steps: dict[tuple[object, ...], Ruling] = {}
        self.turns: dict[Candidate, Ruling | None] = {}
        self.playable: set[int] = set()  # the cards of the legal candidates ruled so far
        self.evaluated = 0
        self.chosen: Candidate | None = None  # the play `_random_move` chose

    def _step(self, key: tuple[object, ...], rule: Callable[[], Ruling]) -> Ruling:
        if key not in self.steps:
            self.steps[key] = rule()
            self.evaluated += 1
        return self.steps[key]

    def rule(self, c: Candidate) -> Ruling | None:
        """The ruling of the whole turn when the candidate is one of the hint's legal
        plays, else None."""
        if c not in self.turns:
            self.turns[c] = r = self._rule(c)
            if r is not None:
                self.playable.update(r.cards)
        return self.turns[c]

    def _rule(self, c: Candidate) -> Ruling | None:
        name, steps = self.player, []
        at = self.state
        before = c.buy if c.buy is not None and c.buy_at == 0 else None
        if before is not None:
            bought = self._step(("buy", before), lambda: rule_buy(self.state, before, name))
            if not bought.playable:
                return None
            steps.append(bought)
            at = bought.after
        (n1, my1), *rest = c.plays
        start = at
        first = self._step(
            ("play", before, n1, my1),
            lambda: rule_play(start, n1, my1, name, check_markers_per_space=False, advance=False),
        )
        if not first.playable:
            return None
        steps.append(first)
        if c.buy is not None and c.buy_at == 1:
            b = c.buy
            between = self._step(("between", n1, my1, b), lambda: rule_buy(first.after, b, name))
            if not between.playable:
                return None
            steps.append(between)
        if rest:
            (n2, my2), at = rest[0], steps[-1].after
            if c.buy_at == 0 and my2 not in my_building_choices(at, n2, name):
                return None  # not a candidate of the hint's (see `play_candidates`)
            second = rule_play(at, n2, my2, name, check_markers_per_space=False, advance=False)
            self.evaluated += 1
            if not second.playable:
                return None
            steps.append(second)
        r = end_turn(merge_rulings(self.state, steps, buy=c.buy, buy_at=c.buy_at))
        return r if r.playable else None

    def turn_ruling(self, c: Candidate) -> Ruling:
        """The ruling of a legal candidate exactly as `rule_turn` gives it on the state
        (without the STOP claims): its steps, already ruled, closed as `rule_turn` closes
        them (a single card without a buy is `rule_play`'s own ruling, closed at once)."""
        r = self.rule(c)
        assert r is not None
        if c.buy is None and len(c.plays) == 1:
            (n, my), *_ = c.plays
            return end_turn(self.steps["play", None, n, my])
        return r

    def card_playable(self, n: int) -> bool:
        """Whether some legal play contains the card: single plays first, stopping at the
        first legal candidate."""
        if n in self.playable:
            return True
        mine = [c for c in self.candidates if any(m == n for m, _ in c.plays)]
        mine.sort(key=lambda c: (c.buy is not None, len(c.plays), c.plays[0][0] != n))
        return any(self.rule(c) is not None for c in mine)


def _playable_cards(judges: list[_Judge]) -> set[int]:
    """The cards held on these turns that some legal play of one of them contains: those
    of the legal plays already ruled, then, card by card, turn by turn."""
    known = set().union(*(j.playable for j in judges))
    for j in judges:
        for n in j.state.player(j.player).hand or ():
            if n not in known and j.card_playable(n):
                known |= j.playable
    return known


def _random_move(judge: _Judge, rng: random.Random) -> tuple[Move, str, tuple[int, ...]]:
    """The random policy's move (see the module's words), its kind and its cards."""
    name, state = judge.player, judge.state
    order = list(judge.candidates)
    rng.shuffle(order)
    for c in order:
        r = judge.rule(c)
        if r is not None:
            judge.chosen = c
            plays = tuple(zip(r.cards, r.as_buildings, strict=True))
            return Play(name, plays, c.buy, c.buy_at), "play", r.cards
    hand = list(state.player(name).hand or ())
    if state.options.discard_needs_dead_cards:
        hand = [n for n in hand if dead_card(state, n, name)]
    pairs = list(combinations(hand, 2))
    if pairs:
        takes = [
            (b, s)
            for b, spaces in sorted(state.markers.items())
            for s in state.board.sort_spaces(spaces)
        ]
        rng.shuffle(takes)
        for take in takes:
            judge.evaluated += 1
            if rule_discard(state, pairs[0], take, name).playable:
                pair = rng.choice(pairs)
                return Discard(name, pair, take), "discard", pair
    return Pass(name), "pass", ()


def play_game(
    edition: str,
    players: tuple[str, ...],
    seed: int,
    policy: Policy | tuple[Policy, ...],
    options: dict[str, bool | int] | None = None,
    card_set: Edition | None = None,
    budget: Budget | None = None,
) -> GameResult:
    """Play one game from a seeded deal to its end (or `MAX_TURNS`); `card_set` plays an
    edition of one's own (a board and card set read from files). `policy` is every seat's,
    or one per seat in seat order (a mixed table); `budget` is the coach's."""
    rng = random.Random(seed)
    seats = policy if isinstance(policy, tuple) else (policy,) * len(players)
    if len(seats) != len(players):
        raise ValueError(f"{len(players)} seats, {len(seats)} policies")
    seat_policy = dict(zip(players, seats, strict=True))
    # The coach's own stream: its worlds must not shift the refills' draws of `rng`, so
    # that a seat's choice of policy changes the game only through the moves made.
    coach_rng = random.Random(seed * 1_000_003 + 7)
    header = Header(edition, players, seed=seed, options=dict(options or {}))
    game = new_game(header, card_set)
    record = Record(game.header)
    stats: dict[int, CardStats] = {n: CardStats() for n in game.state.cards.cards}
    held: set[int] = set()
    playable: set[int] = set()
    judges: list[_Judge] = []  # the random policy's turns, asked about cards at the end

    def apply(move: Move, ruling: Ruling | None = None) -> None:
        nonlocal game, record
        game, outcome = game.apply(move, ruling=ruling)
        if not outcome.legal:  # pragma: no cover - the policies only choose legal moves
            raise RuntimeError(f"simulated move refused: {move}: {outcome.message}")
        if outcome.ruling is not None:  # write the points down, as a table would
            move = replace(move, claimed=outcome.points)
        record = record.with_move(move)

    turns = 0
    turn_seconds: list[float] = []
    coach_seconds: list[float] = []
    while not game.over and turns < MAX_TURNS:
        turns += 1
        started = time.perf_counter()
        player = game.state.active
        assert player is not None
        due = refill_due(game.state, player)
        if due:
            apply(refill_take(game, player, due, rng))
        hand = game.state.player(player).hand or ()
        held.update(hand)
        ruling: Ruling | None = None  # the play's ruling, as `Game.apply` would rule it
        pile: str | None = None  # the pile to draw from: the coach's choice, else the default
        mine = seat_policy[player]
        if mine == "random":
            judge = _Judge(game.state, player)
            move, kind, cards = _random_move(judge, rng)
            judges.append(judge)
            if judge.chosen is not None:
                ruling = judge.turn_ruling(judge.chosen)
                ruling = replace(ruling, stop=stop_report(ruling.after))
        elif mine != "coach":  # greedy: the hint's best turn, the rest not ranked
            best = best_action(game.state, player)
            playable.update(best.playable)
            action = best.action
            move, kind, cards = action_move(action, player), action.kind, action.cards
            if action.kind == "play":
                ruling = action.ruling
        else:  # the coach rates every action the hint lists
            h = hint(game.state, player)
            playable.update(c for a in h.actions if a.kind == "play" for c in a.cards)
            advice = coach(game, player, coach_rng, budget or Budget(), h.actions)
            coach_seconds.append(advice.seconds)
            action = advice.rated[0].action
            pile = advice.draws[0].pile if advice.draws else None
            move, kind, cards = action_move(action, player), action.kind, action.cards
            if action.kind == "play":
                ruling = action.ruling
        apply(move, ruling)
        if kind == "play":
            for c in cards:
                stats[c].played += 1
        elif kind == "discard":
            for c in cards:
                stats[c].discarded += 1
        drawn = game.pending_draws(pile)
        if drawn:
            apply(Draw(player, drawn))
        if not game.over and game.stop_claims():
            names = [p.name for p in game.state.players]
            claimer = names[(names.index(player) + 1) % len(names)]
            if claimer != player:
                apply(Stop(claimer))
        game, _ = game.finish()
        turn_seconds.append(time.perf_counter() - started)
    playable |= _playable_cards(judges)
    for n in held:
        stats[n].held += 1
    for n in playable:
        stats[n].playable += 1
    points = {p.name: p.points for p in game.state.players}
    finished = game.over and not game.stalled
    return GameResult(
        record, game, turns, finished, points, game.winners(), stats, turn_seconds, coach_seconds
    )


@dataclass
class SimulationStats:
    edition: str
    policy: Policy
    games: int = 0
    finished: int = 0
    turns: list[int] = field(default_factory=list)
    winner_points: list[int] = field(default_factory=list)
    all_points: list[int] = field(default_factory=list)
    cards: dict[int, CardStats] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.finished += r.finished
        self.turns.append(r.turns)
        self.winner_points.append(max(r.points.values()))
        self.all_points.extend(r.points.values())
        for n, c in r.cards.items():
            total = self.cards.setdefault(n, CardStats())
            total.held += c.held
            total.playable += c.playable
            total.played += c.played
            total.discarded += c.discarded


def simulate(
    edition: str,
    games: int,
    seed: int,
    policy: Policy,
    players: int = 3,
    on_game: Callable[[GameResult], None] | None = None,
    card_set: Edition | None = None,
) -> SimulationStats:
    """Play `games` games with seeds `seed`, `seed + 1`, ...; `on_game` sees each one."""
    names = tuple(["ann", "bob", "cid", "dot", "eve"][:players])
    stats = SimulationStats(edition, policy)
    start = time.perf_counter()
    for i in range(games):
        result = play_game(edition, names, seed + i, policy, card_set=card_set)
        stats.add(result)
        if on_game is not None:
            on_game(result)
    stats.seconds = time.perf_counter() - start
    return stats
