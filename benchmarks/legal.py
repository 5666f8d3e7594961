"""The benchmark's cases where a player waits at every turn, in each of the four editions:
the legal moves of the player to act ("My moves now" on the page; issue 37: within 100 ms at
the 95th percentile), over the positions of a seeded game, and greedy self-play, whole games
per CPU-second (a designer's audit plays hundreds).

The positions: a seeded 3-player game played by a seeded random choice among its legal
moves, every position up to `MOVES` moves in; each timed once per round, in rounds, so a
burst of load on the shared machine falls on every position alike. No twin here: each
generator's twin (Old Town and Gads Hill: every candidate through `Game.apply`; Black Hills:
`tests/bh_legal_twin.py`) runs in the tests, where a list is held equal to it."""

from __future__ import annotations

import random
import time
from functools import cache
from pathlib import Path
from typing import Any

from benchmarks.case import BenchCase

__all__ = ["EDITIONS", "MOVES", "legal_moves_case", "legal_moves_cases", "self_play_cases"]

EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
PLAYERS = ("ann", "bob", "cid")
#: How far into the seeded game positions are taken (Gads Hill ends near move 150).
MOVES = 120
SEED = 11


@cache
def positions(edition: str) -> tuple[Any, list[Any]]:
    """The edition's entry and the positions of its seeded game, every one up to `MOVES`
    moves in (fewer when the game ends first)."""
    from adjudicator.core.table import Setup
    from adjudicator.tables import table_of_edition

    entry = table_of_edition(edition)
    _text, game = entry.new_record(
        edition, PLAYERS, SEED, Setup(f"bench-{edition}.game", Path.cwd())
    )
    rng = random.Random(SEED)
    found = []
    for _ in range(MOVES):
        moves = list(entry.legal_moves(game))
        if not moves:
            break
        found.append(game)
        game, ruled = entry.apply(game, rng.choice(moves))
        assert ruled.legal, ruled
    return entry, found


def legal_moves_case(edition: str) -> BenchCase[Any, Any]:
    def samples(runs: int) -> tuple[list[float], list[float], Any]:
        entry, games = positions(edition)
        cpu: list[float] = []
        wall: list[float] = []
        most = 0
        for game in games:  # warm-up: each position's first ruling builds tables
            most = max(most, sum(1 for _ in entry.legal_moves(game)))
        while len(cpu) < runs:
            for game in games:
                c0, w0 = time.process_time(), time.perf_counter()
                for _ in entry.legal_moves(game):
                    pass
                cpu.append((time.process_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
        return cpu, wall, {"positions": len(games), "most_moves": most, "timed": len(cpu)}

    return BenchCase(
        f"legal-moves-{edition}",
        f"every legal move of the player to act, each position of a seeded {edition} game "
        f"up to move {MOVES} (seed {SEED}, random legal moves) timed once a round, at least "
        "--runs positions timed (no twin here: the tests hold each list to its twin)",
        _never,
        None,
        detail=lambda d: dict(d),
        samples=samples,
    )


def legal_moves_cases() -> list[BenchCase[Any, Any]]:
    return [legal_moves_case(edition) for edition in EDITIONS]


def _greedy_game(edition: str, seed: int) -> Any:
    if edition == "dry-gulch":
        from adjudicator.dry_gulch.game.simulate import play_game as dry_gulch_game

        return dry_gulch_game(seed, len(PLAYERS), "greedy")
    if edition == "black-hills":
        from adjudicator.black_hills.game.simulate import play_game as black_hills_game

        return black_hills_game(list(PLAYERS), seed, "greedy")
    from adjudicator.deduction.game.simulate import play_game

    return play_game(edition, PLAYERS, seed, "greedy")


def self_play_case(edition: str) -> BenchCase[Any, Any]:
    seeds = iter(range(1, 1_000_000))
    return BenchCase(
        f"self-play-greedy-{edition}",
        f"one whole 3-player {edition} game, greedy policy, a new seed each run; "
        "games_per_cpu_s: 1000 / its median (no twin)",
        lambda: _greedy_game(edition, next(seeds)),
        None,
        detail=lambda r: {"turns": r.turns},
        max_runs=21,
        rate_name="games_per_cpu_s",
    )


def self_play_cases() -> list[BenchCase[Any, Any]]:
    return [self_play_case(edition) for edition in EDITIONS]


def _never() -> None:
    raise AssertionError("timed by the case's samples")
