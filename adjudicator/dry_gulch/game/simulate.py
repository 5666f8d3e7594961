"""Dry Gulch self-play: whole games played by a policy through the flow, move by move,
and the figures a designer wants (game length, winner by seat, how often each card is
the one whose move won).

Policies choose only among moves the flow accepts; every move still goes through
`DGGame.apply`, so a policy cannot break a rule, and a game played is a record that
replays the same (`tests/test_dry_gulch_game.py`).

- `random`: any legal draw, builds a payable permit on a random legal site most of the
  time, plays a misfortune now and then.
- `greedy`: the Bank's draw when it has one, a permit when it holds fewer than two, else
  resources; builds the payable permit of most influence; burns the leader's biggest
  building; plays a violet card as soon as it can.

A game that has not ended after `max_turns` turns is counted as stalled (the stacks can
run dry of what the permits left need).
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.dry_gulch.events import event_phase
from adjudicator.dry_gulch.game import notation
from adjudicator.dry_gulch.game.flow import DGGame, move_seed, new_game
from adjudicator.dry_gulch.game.moves import build_moves, misfortune_moves
from adjudicator.dry_gulch.game.record import DGHeader, DGRecord, Move
from adjudicator.dry_gulch.other_events import playable_face_up
from adjudicator.dry_gulch.place import legal_sites
from adjudicator.dry_gulch.score import score, wins_with
from adjudicator.dry_gulch.table_options import violet_built

__all__ = ["NAMES", "DGGameResult", "DGSimulation", "Policy", "choose", "play_game", "simulate"]

Policy = Literal["random", "greedy"]

NAMES = ("ann", "bob", "cid", "dan", "eve", "fay")
#: Turns after which a game is counted as stalled.
MAX_TURNS = 400
BUILD_CHANCE = 0.85  # the random policy's chance to build when it can
MISFORTUNE_CHANCE = 0.3


def _events(game: DGGame, policy: Policy, rng: random.Random) -> Move:
    state, me = game.state, game.state.active
    shown = event_phase(state, None, [], move_seed(game.header.seed, game.played)).turned_up
    events = state.rules.events
    keep = [e for e in shown if events[e].triangle in ("red", "yellow")]
    if policy == "random":
        discard = rng.choice(shown)
    else:  # greedy: throw away a card it cannot keep, else the least worth
        rest = [e for e in shown if e not in keep]
        discard = rest[0] if rest else min(shown, key=lambda e: (events[e].triangle == "yellow", e))
    left = list(shown)
    left.remove(discard)
    take = [e for e in left if e in keep and (policy == "greedy" or rng.random() < 0.7)]
    return notation.Events(me, discard=discard, take=tuple(dict.fromkeys(take)))


def _draw(game: DGGame, policy: Policy, rng: random.Random) -> Move:
    state, me = game.state, game.state.active
    decks = state.decks
    assert decks is not None
    permits = [("permit", "discard", p) for p in dict.fromkeys(decks.permit_discard)]
    permits += [("permit", "stack", p) for p in dict.fromkeys(decks.permits[:2])]
    bank = "bank" in state.specials_built(me) and bool(decks.permits)
    if state.city_hall_closed is not None:  # option city-hall: no permit is drawn
        permits, bank = [], False
    # Option bank-draw=extra: the Bank's draw after the ordinary one.
    bank_how = ("resources", "bank") if state.options.bank_draw == "extra" else ("bank",)
    if policy == "greedy":
        if bank:
            return notation.Draw(me, how=bank_how)
        if permits and len(state.player(me).permits) < 2:
            best = max(permits, key=lambda w: (state.rules.permits[w[2]].influence, w))
            return notation.Draw(me, how=best)
        return notation.Draw(me, how=("resources",))
    roll = rng.random()
    if bank and roll < 0.2:
        return notation.Draw(me, how=bank_how)
    if permits and roll < 0.45:
        return notation.Draw(me, how=rng.choice(permits))
    return notation.Draw(me, how=("resources",))


def _violet(game: DGGame) -> Move | None:
    state, me = game.state, game.state.active
    rules = state.rules
    decks = state.decks
    assert decks is not None
    built = violet_built(state)
    held = [c.event for c in state.player(me).hand if c.event is not None] + [*decks.face_up]
    for e in dict.fromkeys(held):
        card = rules.events[e]
        if card.triangle != "violet" or any(n not in built for n in card.needs):
            continue
        if e == "gold-strike" and not wins_with(state, me, card.influence):
            continue  # only the point that wins (DG-VIOLET)
        if e == "city-hall-clock" and not state.stagecoach:
            continue  # "and the stagecoach (Wells Fargo Wagon) has arrived"
        return notation.Violet(me, event=e)
    return None


def _builds(game: DGGame) -> list[tuple[str, list[str]]]:
    """The permits the hand pays for now, each with its legal sites (`moves.build_moves`)."""
    out: dict[str, list[str]] = {}
    for move in build_moves(game):
        out.setdefault(move.permit, []).append(move.site)
    return list(out.items())


def _misfortunes(game: DGGame) -> list[tuple[str, str, str]]:
    """(event, site, owner) for each misfortune the active player may play now from the
    hand against a fellow player's building (`moves.misfortune_moves`)."""
    state, me = game.state, game.state.active
    held = {c.event for c in state.player(me).hand}
    owners = {b.site: b.owner for b in state.buildings}
    return [
        (m.event, m.site, owners[m.site])
        for m in misfortune_moves(state)
        if m.event in held and owners[m.site] != me
    ]


def choose(game: DGGame, policy: Policy, rng: random.Random) -> Move:
    """The policy's next move for the active player."""
    me = game.state.active
    if game.phase == "residence":  # `[Residences "in turn"]`: a free edge site
        sites = legal_sites(game.state, "residence")
        return notation.Build(
            me, permit="residence", site=sites[0] if policy == "greedy" else rng.choice(sites)
        )
    if game.phase == "events":
        return _events(game, policy, rng)
    if game.phase == "draw":
        return _draw(game, policy, rng)
    violet = _violet(game)
    if violet is not None:
        return violet
    rules = game.state.rules
    builds = _builds(game)
    if builds and (policy == "greedy" or rng.random() < BUILD_CHANCE):
        if policy == "greedy":
            permit, sites = max(builds, key=lambda b: (rules.permits[b[0]].influence, b[0]))
            return notation.Build(me, permit=permit, site=sites[0])
        permit, sites = rng.choice(builds)
        return notation.Build(me, permit=permit, site=rng.choice(sites))
    targets = _misfortunes(game)
    if targets:
        if policy == "greedy":
            influence = score(game.state).influence
            event, site, _ = max(
                targets,
                key=lambda t: (
                    influence[t[2]],
                    rules.permits[game.state.occupied()[t[1]].permit].influence,
                    t,
                ),
            )
            return notation.Misfortune(me, event=event, site=site)
        if rng.random() < MISFORTUNE_CHANCE:
            event, site, _ = rng.choice(targets)
            return notation.Misfortune(me, event=event, site=site)
    return _face_up(game, policy, rng) or notation.Discard(me)


def _face_up(game: DGGame, policy: Policy, rng: random.Random) -> Move | None:
    """A face-up card still to be played before the turn may close (`DG-EVENT-FACE-UP`):
    any one (random), or one not aimed at the player's own building (greedy)."""
    state, me = game.state, game.state.active
    waiting = playable_face_up(state)
    if not waiting:
        return None
    if policy == "random":
        event, site = rng.choice(waiting)
    else:
        owners = {b.site: b.owner for b in state.buildings}
        event, site = min(waiting, key=lambda w: (owners.get(w[1] or "") == me, w))
    if state.rules.events[event].triangle == "red":
        assert site is not None
        return notation.Misfortune(me, event=event, site=site)
    return (
        notation.EventCard(me, event=event, site=site) if site else notation.Violet(me, event=event)
    )


@dataclass(frozen=True, slots=True)
class DGGameResult:
    seed: int
    players: int
    turns: int
    rounds: int
    winner: str | None
    seat: int | None  # the winner's seat, 0 the starting player
    decisive: str | None
    record: DGRecord
    influence: dict[str, int] = field(default_factory=dict)

    @property
    def stalled(self) -> bool:
        return self.winner is None


def play_game(
    seed: int, players: int = 3, policy: Policy = "random", max_turns: int = MAX_TURNS
) -> DGGameResult:
    """One game from the seed, to its end or `max_turns`."""
    header = DGHeader(NAMES[:players], seed)
    game = new_game(header)
    rng = random.Random(seed)
    moves: list[Move] = []
    while not game.over and game.turn <= max_turns:
        move = choose(game, policy, rng)
        game, outcome = game.apply(move)
        if not outcome.legal:  # pragma: no cover - a policy proposes legal moves only
            raise AssertionError(f"seed {seed}: {outcome.code} {outcome.message}")
        moves.append(move)
    seat = header.players.index(game.winner) if game.winner else None
    return DGGameResult(
        seed,
        players,
        game.turn,
        game.round,
        game.winner,
        seat,
        game.decisive,
        DGRecord(header, tuple(moves)),
        dict(score(game.state).influence),
    )


@dataclass(frozen=True, slots=True)
class DGSimulation:
    policy: Policy
    players: int
    results: tuple[DGGameResult, ...]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        won = [r for r in self.results if not r.stalled]
        turns = [r.turns for r in won]
        seats = Counter(r.seat for r in won)
        decisive = Counter(r.decisive or "(none: enough on entering the build phase)" for r in won)
        n = len(self.results)
        return {
            "policy": self.policy,
            "players": self.players,
            "games": n,
            "won": len(won),
            "stalled": n - len(won),
            "turns": {
                "mean": round(statistics.fmean(turns), 2) if turns else None,
                "median": statistics.median(turns) if turns else None,
                "min": min(turns, default=None),
                "max": max(turns, default=None),
            },
            "rounds_mean": round(statistics.fmean(r.rounds for r in won), 2) if won else None,
            "wins_by_seat": {
                str(s + 1): {"wins": seats.get(s, 0), "rate": round(seats.get(s, 0) / n, 3)}
                for s in range(self.players)
            },
            "decisive": [
                {"card": card, "games": k, "rate": round(k / len(won), 3)}
                for card, k in sorted(decisive.items(), key=lambda kv: (-kv[1], kv[0]))
            ],
            "seconds_per_game": round(self.seconds / n, 3) if n else None,
        }


def simulate(
    games: int, players: int = 3, policy: Policy = "random", seed: int = 1
) -> DGSimulation:
    """`games` games on the seeds `seed`, `seed + 1`, ..."""
    start = time.perf_counter()
    results = tuple(play_game(seed + i, players, policy) for i in range(games))
    return DGSimulation(policy, players, results, time.perf_counter() - start)
