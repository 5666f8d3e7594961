"""The benchmark's cases: the engine and its brute-force twin, timed side by side.

Figures are the median (p50) and 95th percentile of the CPU time of many runs in one
process, measured on the shipped examples; nothing here asserts a time (speed is never a
test). Beside them: the start-up of a whole `adjudicator stop` process beside a bare
Python's, and the scale curve (`scale_curve`): the STOP analysis and a condition-card play
on synthetic boards of growing size.

Here the cases are listed, with the deduction games' own; a case and its run are
`case.py`, the other cases `startup.py`, `simulate.py`, `games.py` (Dry Gulch, Black Hills),
`legal.py` (legal moves and greedy self-play in each edition), `limits.py`, `web.py`, and
the scale curve `scale.py`. Every figure is CPU time.
"""

from __future__ import annotations

import functools
from typing import Any

from adjudicator.core.data import data_dir
from adjudicator.deduction.audit import audit_cards
from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.hint import Hint, hint
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.play import admissible_my_buildings, rule_play
from benchmarks.case import MID_GAME, BenchCase, BenchResult, median_ms, run_case
from benchmarks.games import black_hills_cases, dry_gulch_cases
from benchmarks.legal import legal_moves_cases, self_play_cases
from benchmarks.scale import SCALE_SIZES, ScalePoint, scale_curve
from benchmarks.simulate import coach_turn_case, simulate_case, simulate_workers_case
from benchmarks.startup import startup_cases
from tests.hint_twin import best_net_points

__all__ = [
    "MID_GAME",
    "SCALE_SIZES",
    "BenchCase",
    "BenchResult",
    "ScalePoint",
    "bench_cases",
    "median_ms",
    "run_case",
    "scale_curve",
]


def _hint_case(state: GameState) -> BenchCase[Any, Any]:
    """The hint beside its brute-force twin (`tests/hint_twin.py`, which shares no code
    with the hint nor with the rulings engine: it referees every turn by enumerating
    placements)."""

    def twin() -> int:
        return best_net_points(state)

    return BenchCase[Hint, int](
        "hint",
        "every turn of a 5-card hand (pairs and buys included) vs refereeing every turn one by "
        "one, by enumerating placements",
        lambda: hint(state),
        twin,
        lambda h, best: h.actions[0].points == best,
        lambda h: {"evaluated": h.evaluated, "actions": len(h.actions)},
        max_runs=21,
    )


def _mid_game() -> GameState:
    return load_state(data_dir("examples") / MID_GAME)


def _first_playable(state: GameState, kinds: tuple[str, ...]) -> tuple[int, str | None]:
    """The first card of the given kinds in the active hand that is playable."""
    player = state.player()
    for n in player.hand or ():
        card = state.cards[n]
        if card.kind not in kinds:
            continue
        choices = admissible_my_buildings(state, None, card) if card.needs_my_building else [None]
        for my in choices:
            if rule_play(state, n, my).playable:
                return n, my
    raise LookupError(f"no playable {' or '.join(kinds)} card for {player.name} in {MID_GAME}")


def _play_case(name: str, state: GameState, kinds: tuple[str, ...]) -> BenchCase[Any, Any]:
    card, my = _first_playable(state, kinds)

    def same_ruling(a: Any, b: Any) -> bool:
        return (a.status, a.removed, a.built, a.points) == (b.status, b.removed, b.built, b.points)

    return BenchCase(
        name,
        f"ruling on card {card}" + (f" as {my}" if my else "") + f" ({'/'.join(kinds)})",
        lambda: rule_play(state, card, my),
        lambda: rule_play(state, card, my, method="twin"),
        same_ruling,
        lambda r: {"card": card, "as": my, "points": r.points},
    )


def bench_cases() -> list[BenchCase[Any, Any]]:
    """The benchmark, on the shipped mid-game Gads Hill example."""
    state = _mid_game()
    return [
        BenchCase(
            "stop",
            "STOP analysis (matching) vs enumerating placements",
            lambda: stop_report(state),
            lambda: stop_report(state, "twin"),
            lambda a, b: a == b,
            lambda r: {"claims": len(r.removable) + len(r.determined)},
        ),
        *startup_cases(),
        _play_case("play", state, ("building", "district", "condition")),
        _play_case("play-condition", state, ("condition",)),
        _hint_case(state),
        *legal_moves_cases(),
        *(simulate_case(policy) for policy in ("greedy", "random")),
        *self_play_cases(),
        coach_turn_case(),
        simulate_workers_case(),
        BenchCase(
            "audit",
            "static audit of the 60-card Gads Hill set (no twin: each finding is its own test)",
            lambda: audit_cards(load_edition("gads-hill-1874")),
            None,
            detail=lambda a: {"cards": 60, "findings": len(a.findings)},
            max_runs=9,
        ),
        *black_hills_cases(),
        *dry_gulch_cases(),
        _puzzle_case(),
        _puzzle_hint_case(),
        *_limit_cases(),
    ]


def _limit_cases() -> list[BenchCase[Any, Any]]:
    """`limits.py`: each command on the largest input its loader accepts, as a process."""
    from benchmarks.limits import LIMIT_CASES, limit_samples

    samples = limit_samples()

    def once() -> None:
        raise AssertionError("timed as a process")  # `samples` stands in for it

    def case(name: str) -> BenchCase[Any, Any]:
        words = " ".join(LIMIT_CASES[name][1]).replace("{}", LIMIT_CASES[name][0])
        return BenchCase(
            name,
            f"`adjudicator {words}` at the loader's limit, as a new process: median CPU "
            "time of the child (user + system), wall_ms its wall time (target: 2 s; no twin)",
            once,
            None,
            detail=lambda n: {"output_bytes": n},
            max_runs=5,
            samples=lambda runs: samples(name, runs),
        )

    return [case(name) for name in LIMIT_CASES]


def _puzzle_case() -> BenchCase[Any, Any]:
    """Making a medium Gads Hill puzzle, a new seed each run (issue 17: target 2 s)."""
    from adjudicator.deduction.puzzle.generate import generate

    edition = load_edition("gads-hill-1874")
    seeds = iter(range(1_000_000))
    return BenchCase(
        "puzzle-medium",
        "making a medium Gads Hill solo puzzle, unique (CP-SAT), solvable by the rules and "
        "minimal (no twin here: tests/puzzle_twin.py holds it in the tests)",
        lambda: generate(edition, next(seeds), "medium"),
        None,
        detail=lambda g: {"attempts": g.attempts, "level": g.rating.level},
        max_runs=21,
    )


def _puzzle_hint_case() -> BenchCase[Any, Any]:
    """The puzzle page's hints, one a building, through a hard Old Town puzzle (issue
    38: the next deduction and the fewest cards it rests on, each proven by CP-SAT)."""
    from adjudicator.deduction.puzzle.generate import generate
    from adjudicator.deduction.puzzle.next_step import next_deduction
    from adjudicator.deduction.puzzle.steps import solve_steps

    @functools.cache
    def made() -> tuple[Any, Any]:  # on the first run: building the case runs nothing
        puzzle = generate(load_edition("old-town"), 1, "hard").puzzle
        return puzzle, solve_steps(puzzle)

    def every_hint() -> int:
        puzzle, solution = made()
        marks: dict[str, str] = {}
        while (found := next_deduction(puzzle, solution, marks)) is not None:
            marks[found.building] = found.space
        return len(marks)

    return BenchCase(
        "puzzle-hint",
        "every hint of a hard Old Town puzzle, one a building: the next deduction and the "
        "fewest cards it rests on (no twin here: tests/test_web_puzzle.py holds it to "
        "tests/puzzle_twin.py's enumeration)",
        every_hint,
        None,
        detail=lambda n: {"hints": n},
        max_runs=9,
    )
