"""The benchmark's worst cases at the loaders' limits: each command a player may run on the
largest input its loader accepts, timed as a whole new process (issue 29: within 2 s).

- `limit-hint-largest-hand`: `hint` on the shipped mid-game Gads Hill state with the
  active player's hand filled to `MAX_HAND` cards (the hint rules every ordered pair);
- `limit-plan-largest-hand`: `dry-gulch plan` with a hand at the state file's limit (the
  hand limit and `TURN_GAIN`: 30 cards), the slowest of 40 random hands measured, and
  every permit no building of the example uses;
- `limit-replay-longest-*`: `replay` of a record of `MAX_MOVES` moves of each game: a
  self-played game with, halfway, the acting player's refused move written again and again
  (each one is ruled in full and leaves the game where it was).

The inputs are written once into a temporary folder; each run is a new process, and the
figure is the child's CPU time (user + system), as for the start-ups.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import tomlkit

from adjudicator.core.data import data_dir
from adjudicator.core.limits import MAX_HAND, MAX_MOVES

__all__ = ["LIMIT_CASES", "limit_inputs"]

#: Each case: the command's words after `adjudicator`, `{}` standing for the input file.
LIMIT_CASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "limit-hint-largest-hand": ("hint-hand.toml", ("hint", "{}", "--json")),
    "limit-plan-largest-hand": ("plan-hand.toml", ("dry-gulch", "plan", "{}", "--json")),
    "limit-replay-longest-deduction": ("longest-gads-hill.game", ("replay", "{}", "--json")),
    "limit-replay-longest-dry-gulch": ("longest-dry-gulch.game", ("replay", "{}", "--json")),
    "limit-replay-longest-black-hills": ("longest-black-hills.game", ("replay", "{}", "--json")),
}


def _hint_state(folder: Path) -> None:
    text = (data_dir("examples") / "gads-hill-mid.toml").read_text(encoding="utf-8")
    doc = tomlkit.parse(text)
    players = doc["players"]
    held = {c for p in players for c in p.get("hand", [])}
    active = next(p for p in players if p["name"] == doc["active"])
    free = [n for n in range(1, 61) if n not in held]
    active["hand"] = [*active["hand"], *free][:MAX_HAND]
    doc["edition"] = "gads-hill-1874"
    (folder / "hint-hand.toml").write_text(tomlkit.dumps(doc), encoding="utf-8")


#: The slowest of 40 random hands of 30 cards (the state file's limit) measured for `plan`
#: with every permit; hands of Labor cards and Handyman Brothers alone are faster.
WORST_PLAN_HAND = (
    *("blacksmith",) * 5,
    *("brick",) * 4,
    *("carpenter",) * 5,
    *("entertainment", "food", "labor:2", "labor:2", "labor:2", "labor:3", "labor:3"),
    *("lumber",) * 5,
    *("mason", "whiskey", "whiskey", "whiskey"),
)


def _plan_state(folder: Path) -> None:
    from adjudicator.dry_gulch.data import load_rules
    from adjudicator.dry_gulch.state import TURN_GAIN

    rules = load_rules()
    text = (data_dir("examples") / "dry-gulch-turn.toml").read_text(encoding="utf-8")
    doc = tomlkit.parse(text)
    built = {b["permit"] for b in doc["buildings"]}
    every = [
        p
        for p, v in rules.permits.items()
        if v.special != "residence" and p not in built
        for _ in range(v.count)
    ]
    for player in doc["players"]:
        player["permits"] = []
        player["hand"] = []
    ann = doc["players"][0]
    ann["hand"] = list(WORST_PLAN_HAND)
    assert len(WORST_PLAN_HAND) == rules.hand_limit + TURN_GAIN
    ann["permits"] = every
    (folder / "plan-hand.toml").write_text(tomlkit.dumps(doc), encoding="utf-8")


def _padded(moves: tuple[Any, ...], filler: Any) -> tuple[Any, ...]:
    """`moves` with `filler` written halfway, again and again, to `MAX_MOVES` moves."""
    half = len(moves) // 2
    return (*moves[:half], *[filler] * (MAX_MOVES - len(moves)), *moves[half:])


def _records(folder: Path) -> None:
    from adjudicator.black_hills.game.record import record_to_text as bh_text
    from adjudicator.black_hills.game.simulate import play_game as bh_game
    from adjudicator.deduction.game.record import Play, record_to_text
    from adjudicator.deduction.game.replay import replay_to
    from adjudicator.deduction.game.simulate import play_game
    from adjudicator.dry_gulch.game.record import record_to_text as dg_text
    from adjudicator.dry_gulch.game.simulate import play_game as dg_game

    rec = play_game("gads-hill-1874", ("ann", "bob", "cid"), 4, "greedy").record
    half = len(rec.moves) // 2
    game = replay_to(replace(rec, moves=rec.moves[:half]))
    player = game.state.active
    assert player is not None
    held = game.state.player(player).hand or ()
    # a card the acting player holds, played again and again: ruled each time, refused
    # from the second time on (it is no longer held) or at once (out of turn)
    filler = Play(player, ((held[0], None),)) if held else rec.moves[half]
    text = record_to_text(replace(rec, moves=_padded(rec.moves, filler)))
    (folder / "longest-gads-hill.game").write_text(text, encoding="utf-8")
    dg = dg_game(3, 4, "random").record
    dg = replace(dg, moves=_padded(dg.moves, dg.moves[len(dg.moves) // 2]))
    (folder / "longest-dry-gulch.game").write_text(dg_text(dg), encoding="utf-8")
    bh = bh_game(["ann", "bob", "cid", "dan"], 3, "random").record
    bh = replace(bh, moves=_padded(bh.moves, bh.moves[len(bh.moves) // 2 - 1]))
    (folder / "longest-black-hills.game").write_text(bh_text(bh), encoding="utf-8")


def limit_inputs(folder: Path) -> None:
    """Write every case's input into `folder`."""
    _hint_state(folder)
    _plan_state(folder)
    _records(folder)


class LimitRuns:
    """The cases' processes, their inputs made on first use in a temporary folder."""

    def __init__(self) -> None:
        self._folder: tempfile.TemporaryDirectory[str] | None = None

    def command(self, name: str) -> list[str]:
        if self._folder is None:
            self._folder = tempfile.TemporaryDirectory(prefix="adjudicator-limits-")
            limit_inputs(Path(self._folder.name))
        file, words = LIMIT_CASES[name]
        path = str(Path(self._folder.name) / file)
        return [
            sys.executable,
            "-m",
            "adjudicator.cli.main",
            *(path if w == "{}" else w for w in words),
        ]

    def samples(self, name: str, runs: int) -> tuple[list[float], list[float], int]:
        """Each run's child CPU time and wall time (ms), and the output's size."""
        command = self.command(name)
        subprocess.run(command, capture_output=True)  # warm-up: the file system's caches
        cpu, wall, out = [], [], 0
        for _ in range(runs):
            c0, t0 = _child_cpu_s(), time.perf_counter()
            done = subprocess.run(command, capture_output=True)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((_child_cpu_s() - c0) * 1000)
            if done.returncode != 0:
                raise RuntimeError(f"{name}: {done.stderr.decode(errors='replace').strip()}")
            out = len(done.stdout)
        return cpu, wall, out


def _child_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def limit_samples() -> Callable[[str, int], tuple[list[float], list[float], int]]:
    """One `LimitRuns` shared by the cases of one benchmark run."""
    return LimitRuns().samples
