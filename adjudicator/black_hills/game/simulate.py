"""Self-play of Black Hills: whole games from a seed with a random or a greedy policy, and
the figures a designer asks for (how long a game lasts, who wins by seat, which characters
and events the winning turn played).

Each round starts with the set-up's discards, every player's `keep` before the first turn
(`random`: two at random; `greedy`: the two whose best turns rank highest). Then `random`
takes one of the legal moves at random (`legal.legal_moves`: every placement, trade,
victim, Shaman copy, event and investing the most), the Shaman's draw only when nothing
else is legal; `greedy` the one that gains the most reputation now, then keeps the most
worth (`best`, without chance). Neither robs (the die's turns are for `best` to rank); the
choices a turn leaves unwritten (payments, what goes back at the round's end) are the
referee's defaults.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from statistics import mean
from typing import Any, Literal

from adjudicator.black_hills.best import best_turns
from adjudicator.black_hills.game.record import BHHeader, BHMove, BHRecord
from adjudicator.black_hills.game.replay import decisive_cards, start
from adjudicator.black_hills.legal import legal_moves
from adjudicator.black_hills.moves import ShamanDraw
from adjudicator.black_hills.notation import format_turn_move
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.round import must_keep
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict

__all__ = ["GameResult", "Policy", "SimStats", "play_game", "simulate"]

Policy = Literal["random", "greedy"]


def _random_turn(state: BHState, rng: random.Random) -> tuple[str, Verdict] | None:
    """A legal turn at random (`legal.legal_moves`, no robbery); the Shaman's draw only
    when nothing else is legal."""
    moves = list(legal_moves(state, robberies=False))
    plain = [m for m in moves if not any(isinstance(a, ShamanDraw) for a in m.actions)]
    if not moves:
        return None
    text = format_turn_move(rng.choice(plain or moves))
    return text, referee_text(state, text)


def _greedy_turn(state: BHState, rng: random.Random) -> tuple[str, Verdict] | None:
    ranked = best_turns(state, chance=False)
    if not ranked:
        return _random_turn(state, rng)
    top = [c for c in ranked if c.key == ranked[0].key]
    pick = rng.choice(top)  # ties broken from the seed, not by the card's name
    return pick.text, pick.verdict


def _keep_text(state: BHState, name: str, policy: Policy, rng: random.Random) -> str:
    """The player's set-up discard, as the line `name: keep A B`."""
    hand = sorted(state.player(name).characters)
    kept = state.rules.characters_kept
    if policy == "random":
        return f"{name}: keep {' '.join(sorted(rng.sample(hand, kept)))}"
    # Greedy: rank each card by its best turn now, on a table where the set-up is over
    # (the player holding `kept` of the cards at a time, the others keeping any two).
    rank: dict[str, tuple[Fraction, Fraction]] = {}
    for i in range(0, len(hand), kept):
        held = {
            p.name: hand[i : i + kept] if p.name == name else p.characters[:kept]
            for p in state.players
        }
        gone = [c for p in state.players for c in p.characters if c not in held[p.name]]
        x = replace(
            state,
            players=tuple(replace(p, characters=tuple(held[p.name])) for p in state.players),
            discarded=(*state.discarded, *gone),  # the Shaman's draw finds them
            active=name,
        )
        for c in best_turns(x, name, chance=False):
            rank[c.character] = c.key
    none = (Fraction(-1), Fraction(-1))
    best = sorted(hand, key=lambda c: rank.get(c, none), reverse=True)[:kept]
    return f"{name}: keep {' '.join(sorted(best))}"


@dataclass(frozen=True, slots=True)
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
    turns = 0
    decisive: tuple[str | None, list[str]] = (None, [])
    while state.winner is None and turns < max_turns:
        waiting = must_keep(state)
        if waiting:  # the round's set-up: a discard, not a turn
            text = _keep_text(state, waiting[0], policy, rng)
            v = referee_text(state, text)
            assert v.legal and v.state is not None, v.reasons
            moves.append(BHMove(text, waiting[0], v.state.player(waiting[0]).reputation))
            state = v.state
            continue
        picked = choose(state, rng)
        if picked is None:
            break
        text, v = picked
        assert v.state is not None
        moves.append(BHMove(text, state.active, v.state.player(state.active).reputation))
        turns += 1
        if v.state.winner is not None:
            decisive = decisive_cards(text, state.rules)
        state = v.state
    winner = state.winner
    return GameResult(
        seed,
        BHRecord(header, tuple(moves)),
        state.round,
        turns,
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
