"""Self-play: whole games played by a policy, written down as records, with statistics.

Policies choose among the actions the hint lists (so every move is legal):

- `greedy`: the hint's best turn (the most points net of a buy, A2);
- `random`: a random play (one card or two, with or without a buy) when there
  is one, else a random discard, else a pass.

After every turn the first other player in seat order calls the STOP claims left
on the board. Old Town's refill (A4) takes the buildings named by building cards
in the player's hand first (the rulebooks' tip), else random ones.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.record import (
    Discard,
    Draw,
    Header,
    Move,
    Pass,
    Play,
    Record,
    Stop,
    Take,
)
from adjudicator.deduction.hint import Action, hint
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.turn_order import refill_due

__all__ = ["CardStats", "GameResult", "Policy", "SimulationStats", "play_game", "simulate"]

Policy = Literal["random", "greedy"]

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


def _choose(actions: tuple[Action, ...], policy: Policy, rng: random.Random) -> Action:
    if policy == "greedy":
        return actions[0]
    plays = [a for a in actions if a.kind == "play"]
    if plays:
        return rng.choice(plays)
    discards = [a for a in actions if a.kind == "discard"]
    if discards:
        return rng.choice(discards)
    return next(a for a in actions if a.kind == "pass")


def _move_for(action: Action, player: str) -> Move:
    if action.kind == "play":
        plays = tuple(zip(action.cards, action.as_buildings, strict=True))
        return Play(player, plays, action.buy, action.buy_at)
    if action.kind == "discard":
        assert action.take is not None
        return Discard(player, (action.cards[0], action.cards[1]), action.take)
    return Pass(player)


def _refill(game: Game, player: str, due: int, rng: random.Random) -> Take:
    s = game.state
    available = s.available_buildings()
    named = [
        s.cards[c].subject for c in s.player(player).hand or () if s.cards[c].kind == "building"
    ]
    picks = [b for b in named if b in available][:due]
    rest = [b for b in available if b not in picks]
    rng.shuffle(rest)
    return Take(player, tuple(picks + rest[: due - len(picks)]))


def play_game(
    edition: str,
    players: tuple[str, ...],
    seed: int,
    policy: Policy,
    options: dict[str, bool | int] | None = None,
    card_set: Edition | None = None,
) -> GameResult:
    """Play one game from a seeded deal to its end (or `MAX_TURNS`); `card_set` plays an
    edition of one's own (a board and card set read from files)."""
    rng = random.Random(seed)
    header = Header(edition, players, seed=seed, options=dict(options or {}))
    game = new_game(header, card_set)
    record = Record(game.header)
    stats: dict[int, CardStats] = {n: CardStats() for n in game.state.cards.cards}
    held: set[int] = set()
    playable: set[int] = set()

    def apply(move: Move) -> None:
        nonlocal game, record
        game, outcome = game.apply(move)
        if not outcome.legal:  # pragma: no cover - the policies only choose legal moves
            raise RuntimeError(f"simulated move refused: {move}: {outcome.message}")
        if outcome.ruling is not None:  # write the points down, as a table would
            move = replace(move, claimed=outcome.points)
        record = record.with_move(move)

    turns = 0
    while not game.over and turns < MAX_TURNS:
        turns += 1
        player = game.state.active
        assert player is not None
        due = refill_due(game.state, player)
        if due:
            apply(_refill(game, player, due, rng))
        h = hint(game.state, player)
        hand = game.state.player(player).hand or ()
        held.update(hand)
        playable.update(c for a in h.actions if a.kind == "play" for c in a.cards)
        action = _choose(h.actions, policy, rng)
        apply(_move_for(action, player))
        if action.kind == "play":
            for c in action.cards:
                stats[c].played += 1
        elif action.kind == "discard":
            for c in action.cards:
                stats[c].discarded += 1
        drawn = game.pending_draws()
        if drawn:
            apply(Draw(player, drawn))
        if not game.over and stop_report(game.state):
            names = [p.name for p in game.state.players]
            claimer = names[(names.index(player) + 1) % len(names)]
            if claimer != player:
                apply(Stop(claimer))
        game, _ = game.finish()
    for n in held:
        stats[n].held += 1
    for n in playable:
        stats[n].playable += 1
    points = {p.name: p.points for p in game.state.players}
    finished = game.over and not game.stalled
    return GameResult(record, game, turns, finished, points, game.winners(), stats)


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
