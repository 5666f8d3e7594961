"""The benchmark's start-up cases: each command of `STARTUPS` as a whole new process, the
floor (Python, Typer and Rich loaded) beside them, timed in rounds."""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Any

from adjudicator.core.data import data_dir
from benchmarks.case import MID_GAME, BenchCase

__all__ = ["FLOOR", "STARTUPS", "startup_cases"]


#: The commands whose start-up is measured (issue 13: each within 150 ms of CPU), by case.
STARTUPS: dict[str, tuple[str, ...]] = {
    "startup-stop": ("stop", f"examples/{MID_GAME}"),
    "startup-play-condition": ("play", f"examples/{MID_GAME}", "43", "--as", "school"),
    "startup-state-check": ("state", "check", f"examples/{MID_GAME}"),
    "startup-board": ("board", "show", "gads-hill-1874"),
    "startup-cards": ("cards", "list", "gads-hill-1874"),
    "startup-help": ("--help",),
    "startup-help-play": ("play", "--help"),
}


#: What every start-up pays before our code: Python, Typer and Rich loaded (the CLI's floor).
FLOOR = "import typer, rich.console, rich.table"


class _Rounds:
    """The start-ups timed in rounds, each round every command once in turn, so that a
    burst of load on a shared machine falls on every command alike, the floor included."""

    def __init__(self, commands: dict[str, list[str]]) -> None:
        self.commands = commands
        self.cpu: dict[str, list[float]] = {}
        self.wall: dict[str, list[float]] = {}
        self.output: dict[str, int] = {}

    def samples(self, name: str, runs: int) -> tuple[list[float], list[float], int]:
        if len(self.cpu.get(name, ())) < runs:
            self._run(runs)
        return self.cpu[name][:runs], self.wall[name][:runs], self.output[name]

    def _run(self, runs: int) -> None:
        import resource

        def cpu_s() -> float:
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            return usage.ru_utime + usage.ru_stime

        for command in self.commands.values():  # warm-up: the file system's caches
            subprocess.run(command, capture_output=True, check=True)
        self.cpu = {name: [] for name in self.commands}
        self.wall = {name: [] for name in self.commands}
        for _ in range(runs):
            for name, command in self.commands.items():
                c0, t0 = cpu_s(), time.perf_counter()
                done = subprocess.run(command, capture_output=True, check=True)
                self.wall[name].append((time.perf_counter() - t0) * 1000)
                self.cpu[name].append((cpu_s() - c0) * 1000)
                self.output[name] = len(done.stdout)


def startup_cases() -> list[BenchCase[Any, Any]]:
    """Each command of `STARTUPS` as a whole new process (the interpreter, the imports,
    reading the files, the work, as a player waits for them), and the floor beside them."""
    examples = data_dir("examples")
    commands = {
        "startup-python": [sys.executable, "-c", "pass"],
        "startup-floor": [sys.executable, "-c", FLOOR],
    }
    for name, args in STARTUPS.items():
        # The shipped examples wherever the package is installed; the words a player types.
        real = [
            str(examples / a.removeprefix("examples/")) if a.startswith("examples/") else a
            for a in args
        ]
        commands[name] = [sys.executable, "-m", "adjudicator.cli.main", *real]
    rounds = _Rounds(commands)
    what = {
        "startup-python": "`python -c pass` as a new process: the bare interpreter, the "
        "reference each start-up's times_python is measured against",
        "startup-floor": f"`python -c '{FLOOR}'` as a new process: what every start-up pays "
        "before our code (about 80 ms on an idle machine)",
        **{
            name: f"`adjudicator {' '.join(args)}` as a new process "
            "(`python -m adjudicator.cli.main`)"
            for name, args in STARTUPS.items()
        },
    }

    def case(name: str) -> BenchCase[Any, Any]:
        def once() -> None:
            raise AssertionError("timed in rounds")  # `samples` stands in for it

        return BenchCase(
            name,
            what[name] + ": median CPU time of the child (user + system), wall_ms its wall "
            "time, timed in rounds with the other start-ups (no twin)",
            once,
            None,
            detail=lambda n: _beside_python(rounds, name, n),
            max_runs=21,  # a process's start-up varies by 10 ms run to run on a shared machine
            samples=lambda runs: rounds.samples(name, runs),
        )

    return [case(name) for name in commands]


def _beside_python(rounds: _Rounds, name: str, output: int) -> dict[str, Any]:
    """A start-up's median CPU time over a bare Python's, from the same rounds."""
    import statistics

    bare_pythons = ("startup-python", "startup-floor")
    out: dict[str, Any] = {} if name in bare_pythons else {"output_bytes": output}
    bare = rounds.cpu.get("startup-python")
    if name != "startup-python" and bare:
        out["times_python"] = round(
            statistics.median(rounds.cpu[name]) / statistics.median(bare), 2
        )
    return out
