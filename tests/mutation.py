"""Mutation testing of the decision modules (issue 41) with mutmut 3.

Each module of `tests/mutation.toml` is mutated alone and run against the tests that cover
it, in a scratch copy of the project (mutmut works in `mutants/` beside its
`pyproject.toml`, whose `[tool.mutmut]` this copy extends with the module and its tests),
so that runs of two modules never meet and the worktree is left as it was.

    python -m tests.mutation adjudicator/dry_gulch/score.py     # a developer's quick run
    python -m tests.mutation adjudicator/dry_gulch/score.py --tests tests/test_x.py
    python -m tests.mutation --nightly                          # the nightly run
    python -m tests.mutation --list                             # the modules configured

The score of a module is killed / (mutants - equivalent), the equivalent ones being those
listed in `tests/mutation-equivalent.toml` (each with why it changes nothing). A mutant
that times out counts as killed (the program no longer ends), one that no test reaches as
surviving. The exit status is 1 when a module scores under `--min-score` (90 by default),
2 when a module cannot be run at all.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = Path(__file__).with_name("mutation.toml")
EQUIVALENT = Path(__file__).with_name("mutation-equivalent.toml")
#: What a copy of the project needs for the tests to run: the code, the tests, the data
#: the code reads beside the package (`core/data.py`), the rulings some tests quote, and
#: the benchmark, whose synthetic boards and limits some tests read.
COPIED = ("adjudicator", "tests", "benchmarks", "boards", "cards", "examples", "docs")
NIGHTLY_MINUTES = 55.0
KILLED = {"killed", "timeout", "caught by type check", "segfault"}


@dataclass
class Result:
    module: str
    counts: dict[str, int] = field(default_factory=dict)
    survivors: list[str] = field(default_factory=list)
    equivalent: list[str] = field(default_factory=list)
    seconds: float = 0.0
    error: str | None = None

    @property
    def score(self) -> float | None:
        total = sum(self.counts.values()) - len(self.equivalent)
        killed = sum(n for status, n in self.counts.items() if status in KILLED)
        return None if total <= 0 else 100.0 * killed / total

    def line(self) -> str:
        if self.error is not None:
            return f"{self.module}: not run: {self.error}"
        score = "no mutants" if self.score is None else f"{self.score:.1f}% killed"
        counts = ", ".join(f"{n} {status}" for status, n in sorted(self.counts.items()))
        eq = f"; of the survivors {len(self.equivalent)} equivalent" if self.equivalent else ""
        return f"{self.module}: {score} ({counts}{eq}) in {self.seconds / 60:.1f} min"


def modules() -> dict[str, dict[str, object]]:
    with CONFIG.open("rb") as f:
        table: dict[str, dict[str, object]] = tomllib.load(f)["modules"]
    return table


def equivalent() -> dict[str, str]:
    """Each equivalent mutant's name and why it changes nothing."""
    if not EQUIVALENT.exists():
        return {}
    with EQUIVALENT.open("rb") as f:
        listed = tomllib.load(f).get("mutant", [])
    return {m["name"]: m["why"] for m in listed}


def _scratch_project(module: str, tests: list[str], into: Path) -> None:
    """A copy of the project whose `[tool.mutmut]` mutates `module` only, with `tests`."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "mutants")
    for name in COPIED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, into / name, ignore=ignore)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    head, sep, tail = text.partition("[tool.mutmut]")
    if not sep:
        raise SystemExit("pyproject.toml has no [tool.mutmut] section")
    # the module's own settings, appended to the common ones (mutmut reads one table)
    extra = f"only_mutate = {json.dumps([module])}\n"
    extra += f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
    body, _, rest = tail.partition("\n[")
    rest = f"\n[{rest}" if rest else ""
    (into / "pyproject.toml").write_text(
        head + sep + body.rstrip("\n") + "\n" + extra + rest, encoding="utf-8"
    )


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    # The copy's code, never the worktree's: mutmut puts `mutants/` first on the path,
    # and a PYTHONPATH naming the worktree would import the unmutated package.
    env.pop("PYTHONPATH", None)
    env["CI"] = "true"  # Hypothesis derandomized: a mutant is caught every run or never
    return env


def _mutmut() -> list[str]:
    exe = Path(sys.executable).with_name("mutmut")
    return [str(exe)] if exe.exists() else ["mutmut"]


def _run(cmd: list[str], cwd: Path, timeout: float | None) -> subprocess.CompletedProcess[str]:
    """`cmd` in its own process group, stopped whole at `timeout` (mutmut forks workers)."""
    with subprocess.Popen(
        cmd,
        cwd=cwd,
        env=_environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    ) as proc:
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGTERM)
            out, _ = proc.communicate()
            raise
        return subprocess.CompletedProcess(cmd, proc.returncode, out, "")


_RESULT = re.compile(r"^\s*(\S+__mutmut_\d+): (.+)$")


def run_module(
    module: str, tests: list[str], children: int, timeout: float | None, keep: Path | None
) -> Result:
    result = Result(module)
    missing = [t for t in [module, *tests] if not (ROOT / t).exists()]
    if missing:
        result.error = f"no such file: {', '.join(missing)}"
        return result
    started = time.monotonic()
    scratch = Path(tempfile.mkdtemp(prefix="mutation-"))
    try:
        _scratch_project(module, tests, scratch)
        try:
            ran = _run([*_mutmut(), "run", "--max-children", str(children)], scratch, timeout)
        except subprocess.TimeoutExpired:
            result.error = f"stopped after {timeout / 60:.0f} minutes" if timeout else "stopped"
            return result
        listed = _run([*_mutmut(), "results", "--all", "true"], scratch, 600)
        known = equivalent()
        for line in listed.stdout.splitlines():
            if m := _RESULT.match(line):
                name, status = m.groups()
                result.counts[status] = result.counts.get(status, 0) + 1
                if name in known:
                    result.equivalent.append(name)
                elif status not in KILLED:
                    result.survivors.append(name)
        if not result.counts:
            tail = "\n".join(ran.stdout.splitlines()[-5:])
            result.error = f"mutmut found no mutants (exit {ran.returncode}): {tail}"
    finally:
        result.seconds = time.monotonic() - started
        if keep is not None:
            shutil.rmtree(keep / Path(module).stem, ignore_errors=True)
            shutil.copytree(scratch, keep / Path(module).stem, dirs_exist_ok=True)
        shutil.rmtree(scratch, ignore_errors=True)
    return result


def _nightly_order(table: dict[str, dict[str, object]], day: int, minutes: float) -> list[str]:
    """The modules in order, rotated by the day: each night starts about where the last
    one's budget ran out (as many modules further as a night holds on average), so every
    module is covered over a few nights."""
    names = list(table)
    if not names:
        return []
    total = sum(float(e.get("minutes", 10)) for e in table.values())  # type: ignore[arg-type]
    step = max(1, round(len(names) * min(1.0, minutes / total)))
    k = (day * step) % len(names)
    return names[k:] + names[:k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="module paths (default: --nightly's)")
    parser.add_argument("--tests", nargs="+", help="the tests to run (default: the table's)")
    parser.add_argument("--nightly", action="store_true", help="every module, in 55 minutes")
    parser.add_argument("--minutes", type=float, default=NIGHTLY_MINUTES)
    parser.add_argument("--max-children", type=int, default=1)
    parser.add_argument("--min-score", type=float, default=90.0)
    parser.add_argument(
        "--keep", type=Path, help="keep each module's copy here (`mutmut show NAME` in it)"
    )
    parser.add_argument("--list", action="store_true", help="the modules configured")
    args = parser.parse_args(argv)
    table = modules()
    if args.list:
        for name, entry in table.items():
            print(f"{name}: {', '.join(map(str, entry['tests']))}")  # type: ignore[call-overload]
        return 0
    if args.nightly:
        chosen = _nightly_order(table, datetime.date.today().toordinal(), args.minutes)
    elif args.modules:
        chosen = args.modules
    else:
        parser.error("name a module (python -m tests.mutation --list), or --nightly")
    unknown = [m for m in chosen if m not in table and not args.tests]
    if unknown:
        parser.error(f"{', '.join(unknown)}: not in tests/mutation.toml (give --tests)")
    deadline = time.monotonic() + args.minutes * 60 if args.nightly else None
    results: list[Result] = []
    for module in chosen:
        entry = table.get(module, {})
        tests = args.tests or list(entry["tests"])  # type: ignore[call-overload]
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left < float(entry.get("minutes", 10)) * 60:  # type: ignore[arg-type]
            print(f"{module}: left for another night (its run would pass the budget)")
            continue
        result = run_module(module, tests, args.max_children, left, args.keep)
        print(result.line(), flush=True)
        for name in result.survivors:
            print(f"    survived: {name}")
        results.append(result)
    if any(r.error for r in results):
        return 2
    low = [r for r in results if r.score is not None and r.score < args.min_score]
    return 1 if low else 0


if __name__ == "__main__":
    sys.exit(main())
