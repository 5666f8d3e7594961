"""Self-play of Black Hills: whole games from a seed with a random or a greedy policy, and
the figures a designer asks for (how long a game lasts, who wins by seat, which characters
and events the winning turn played).

Policies choose among the best-turn finder's candidate turns (`best.candidate_turns`: every
keep, placement, trade, victim, Shaman copy, event and investment), each refereed; the
Shaman's draw is tried when nothing else is legal. `random` takes a legal one at random;
`greedy` the one that gains the most reputation now, then keeps the most worth (`best`,
without chance). Neither robs (the die's turns are for `best` to rank); the choices a
turn leaves unwritten (payments, what goes back at the round's end) are the referee's
defaults.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from statistics import mean
from typing import Any, Literal

from adjudicator.black_hills.best import _keeps, _placements, best_turns, candidate_turns
from adjudicator.black_hills.game.record import BHHeader, BHMove, BHRecord
from adjudicator.black_hills.game.replay import decisive_cards, start
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict

__all__ = ["GameResult", "Policy", "SimStats", "play_game", "simulate"]

Policy = Literal["random", "greedy"]


def _draws(state: BHState, player: str) -> Iterator[str]:
    """The Shaman's draw, each card of the discards (the referee deals the four)."""
    for prefix, keep in _keeps(state, player):
        if "shaman" in keep:
            for drawn in sorted(set(state.discarded) - {"shaman"}):
                for place in _placements(state, player, drawn):
                    yield f"{player}: {prefix}shaman draw {place}"


def _random_turn(state: BHState, rng: random.Random) -> tuple[str, Verdict] | None:
    me = state.active
    texts = [t for _, t in candidate_turns(state, me, ["", "invest"])]
    rng.shuffle(texts)
    for text in [*texts, *_draws(state, me)]:
        v = referee_text(state, text)
        if v.legal:
            return text, v
    return None


def _greedy_turn(state: BHState, rng: random.Random) -> tuple[str, Verdict] | None:
    ranked = best_turns(state, chance=False)
    if not ranked:
        return _random_turn(state, rng)
    top = [c for c in ranked if c.key == ranked[0].key]
    pick = rng.choice(top)  # ties broken from the seed, not by the card's name
    return pick.text, pick.verdict


@dataclass(frozen=True)
class GameResult:
    seed: int
    record: BHRecord
    rounds: int
    turns: int
    winner: str | None  # None: stalled (no turn left or the turn limit reached)
    seat: int | None  # the winner's seat, 0 for the first named
    decisive: str | None  # the character of the winning turn
    decisive_events: tuple[str, ...] = ()
    reputation: tuple[int, ...] = ()  # each seat's at the end, in seat order


def play_game(
    names: list[str], seed: int, policy: Policy = "random", max_turns: int = 400
) -> GameResult:
    """One game from the set-up to a winner (or `max_turns` turns)."""
    header = BHHeader(tuple(names), seed)
    state = start(header)
    rng = random.Random(seed * 2_654_435_761 + (policy == "greedy"))
    choose = _greedy_turn if policy == "greedy" else _random_turn
    moves: list[BHMove] = []
    decisive: tuple[str | None, list[str]] = (None, [])
    while state.winner is None and len(moves) < max_turns:
        picked = choose(state, rng)
        if picked is None:
            break
        text, v = picked
        assert v.state is not None
        moves.append(BHMove(text, state.active, v.state.player(state.active).reputation))
        if v.state.winner is not None:
            decisive = decisive_cards(text, state.rules)
        state = v.state
    winner = state.winner
    return GameResult(
        seed,
        BHRecord(header, tuple(moves)),
        state.round,
        len(moves),
        winner,
        names.index(winner) if winner else None,
        decisive[0],
        tuple(decisive[1]),
        tuple(state.player(n).reputation for n in names),
    )


@dataclass
class SimStats:
    policy: Policy
    players: int
    games: list[GameResult] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        done = [g for g in self.games if g.winner is not None]
        turns = [g.turns for g in done]
        rounds = [g.rounds for g in done]
        return {
            "policy": self.policy,
            "players": self.players,
            "games": len(self.games),
            "finished": len(done),
            "stalled": len(self.games) - len(done),
            "turns": _spread(turns),
            "rounds": _spread(rounds),
            "wins_by_seat": [sum(g.seat == i for g in done) for i in range(self.players)],
            "decisive_characters": dict(Counter(g.decisive or "-" for g in done).most_common()),
            "decisive_events": dict(
                Counter(e for g in done for e in g.decisive_events).most_common()
            ),
        }


def _spread(xs: list[int]) -> dict[str, float | int | None]:
    if not xs:
        return {"mean": None, "min": None, "max": None}
    return {"mean": round(mean(xs), 2), "min": min(xs), "max": max(xs)}


def simulate(games: int, players: int = 3, policy: Policy = "random", seed: int = 1) -> SimStats:
    """`games` games from seeds `seed`, `seed + 1`, ..., with `players` seats."""
    names = ["ann", "bob", "cid", "dan"][:players]
    stats = SimStats(policy, players)
    for k in range(games):
        stats.games.append(play_game(names, seed + k, policy))
    return stats
