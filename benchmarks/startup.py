"""The benchmark's start-up cases: each command of `STARTUPS` as a whole new process, and
beside them, timed in the same rounds, what every command pays before our code: a bare
Python, Rich's import, Typer's, both (the floor), and a Typer command of `stop`'s
parameters that reads the same file and prints a Rich table (issue 37)."""

from __future__ import annotations

import compileall
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import adjudicator
from adjudicator.core.data import data_dir
from benchmarks.case import MID_GAME, BenchCase

__all__ = ["FLOOR", "REFERENCES", "STARTUPS", "TYPER_COMMAND", "startup_cases"]


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

#: A command of Typer's own with `stop`'s parameters (a path, `--claim`, `--write`, a choice
#: of three `--method`s, `--json`), reading the file and printing a Rich table: what a
#: Typer command costs before our code. Typer 0.29 coerces every parameter through a
#: pydantic `TypeAdapter`, so this loads pydantic as `stop` does.
TYPER_COMMAND = """
from pathlib import Path
from typing import Annotated, Literal
import typer, rich.console, rich.table

def stop(
    state_file: Annotated[Path, typer.Argument()],
    claim: Annotated[str | None, typer.Option("--claim")] = None,
    write: Annotated[bool, typer.Option("--write")] = False,
    method: Annotated[Literal["auto", "cpsat", "twin"], typer.Option("--method")] = "auto",
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    table = rich.table.Table("file", "bytes")
    table.add_row(state_file.name, str(len(state_file.read_bytes())))
    rich.console.Console().print(table)

typer.run(stop)
"""

#: The references beside the commands, by case: `python -c CODE` (and its arguments).
REFERENCES: dict[str, tuple[str, ...]] = {
    "startup-python": ("pass",),
    "startup-rich": ("import rich.console, rich.table",),
    "startup-typer": ("import typer",),
    "startup-floor": (FLOOR,),
    "startup-typer-command": (TYPER_COMMAND, f"examples/{MID_GAME}"),
}


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

        # The package's bytecode, as `pip install` writes it: a checkout run with
        # PYTHONDONTWRITEBYTECODE (or a read-only one) would compile every module of ours
        # on every start, which no installed command does (`stop` 15x a bare Python
        # instead of 11x, issue 37). A package that cannot be written keeps its own.
        compileall.compile_dir(Path(adjudicator.__file__).parent, quiet=2)
        for command in self.commands.values():  # warm-up: the file system's, the cache's
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

    def real(args: tuple[str, ...]) -> list[str]:
        # The shipped examples wherever the package is installed; the words a player types.
        return [
            str(examples / a.removeprefix("examples/")) if a.startswith("examples/") else a
            for a in args
        ]

    commands = {name: [sys.executable, "-c", *real(args)] for name, args in REFERENCES.items()}
    for name, args in STARTUPS.items():
        commands[name] = [sys.executable, "-m", "adjudicator.cli.main", *real(args)]
    rounds = _Rounds(commands)
    what = {
        "startup-python": "`python -c pass` as a new process: the bare interpreter, the "
        "reference each start-up's times_python is measured against",
        "startup-rich": "`python -c 'import rich.console, rich.table'`: Rich's import alone",
        "startup-typer": "`python -c 'import typer'`: Typer's import alone",
        "startup-floor": f"`python -c '{FLOOR}'` as a new process: what every start-up pays "
        "before our code (about 80 ms on an idle machine)",
        "startup-typer-command": "a Typer command of `stop`'s parameters on the same file, "
        "printing a Rich table (`TYPER_COMMAND`): what a command costs before our code, "
        "pydantic included (each command's beyond_typer_ms is measured against it)",
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

    out: dict[str, Any] = {} if name in REFERENCES else {"output_bytes": output}
    mine = statistics.median(rounds.cpu[name])
    bare = rounds.cpu.get("startup-python")
    if name != "startup-python" and bare:
        out["times_python"] = round(mine / statistics.median(bare), 2)
    typer_command = rounds.cpu.get("startup-typer-command")
    if name in STARTUPS and typer_command:  # our own share: imports, files, work, printing
        out["beyond_typer_ms"] = round(mine - statistics.median(typer_command), 1)
    return out
