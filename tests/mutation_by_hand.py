"""The review's surviving mutants made by hand (issue 41, item 2): each edit of
`tests/mutation-by-hand.toml` made in a scratch copy of the project, and its test run
there. The test must fail on the edit and pass on the code as it is; mutmut's own mutants
(`tests.mutation`) rarely make these edits (a condition dropped, `any` for `all`), so the
nightly run checks them here too.

    python -m tests.mutation_by_hand                  # every mutant listed
    python -m tests.mutation_by_hand --area coach     # one area's

The exit status is 1 when a mutant survives or a test fails on the code as it is.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

from tests.mutation import COPIED, ROOT

LISTED = Path(__file__).with_name("mutation-by-hand.toml")


@dataclass(frozen=True)
class Mutant:
    area: str
    what: str
    file: str
    old: str  # the line's text as it is (the table's `from`)
    new: str  # the mutant's (`to`)
    test: str  # a pytest node id

    def made(self, source: str) -> str:
        """`source` with the edit made; refused unless its text occurs exactly once."""
        if source.count(self.old) != 1:
            raise ValueError(f"{self.file}: {self.old!r} occurs {source.count(self.old)} times")
        return source.replace(self.old, self.new)


def mutants() -> list[Mutant]:
    with LISTED.open("rb") as f:
        listed = tomllib.load(f)["mutant"]
    return [Mutant(m["area"], m["what"], m["file"], m["from"], m["to"], m["test"]) for m in listed]


def _copy(into: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "mutants")
    for name in COPIED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, into / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", into / "pyproject.toml")  # pytest's settings


def _passes(copy: Path, tests: list[str]) -> bool:
    """Whether `tests` pass in the copy, its own code imported (PYTHONPATH); no bytecode is
    written, so an edit of the same length in the same second is never read stale."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1", CI="true")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    done = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True, check=False)
    return done.returncode == 0


def check(listed: list[Mutant], copy: Path) -> list[str]:
    """What is wrong: each mutant that survives its test, and each test that fails on
    the code as it is."""
    wrong: list[str] = []
    for m in listed:
        path = copy / m.file
        source = path.read_text(encoding="utf-8")
        path.write_text(m.made(source), encoding="utf-8")
        try:
            survived = _passes(copy, [m.test])
        finally:
            path.write_text(source, encoding="utf-8")
        print(f"{'SURVIVED' if survived else 'killed  '} {m.area}: {m.what} ({m.file})")
        if survived:
            wrong.append(f"survived: {m.what} ({m.file}: {m.old!r} -> {m.new!r})")
    tests = sorted({m.test for m in listed})
    if tests and not _passes(copy, tests):
        wrong.append(f"a test fails on the code as it is: one of {', '.join(tests)}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--area", action="append", help="only this area's mutants")
    args = parser.parse_args(argv)
    listed = [m for m in mutants() if not args.area or m.area in args.area]
    with tempfile.TemporaryDirectory(prefix="mutants-by-hand-") as tmp:
        _copy(Path(tmp))
        wrong = check(listed, Path(tmp))
    for line in wrong:
        print(line, file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
