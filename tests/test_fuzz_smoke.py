"""A short, seeded run of the fuzzer (tests/fuzz.py) over every kind of input, and the
fuzzer's own oracle shown to catch a crash, a hang and an over-long error line."""

from __future__ import annotations

import random
import resource
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.cli.output import handle_errors
from adjudicator.core.errors import InputError
from tests.fuzz import LONG_LINE, fuzz_kind, mutate, run_one, seeds

#: Mutants per kind: about 20 s in all on one core (audit makes card sets the slowest).
SMOKE = {"state": 30, "dry-gulch": 20, "black-hills": 20, "board": 15, "cards": 6, "record": 25}


@contextmanager
def memory_cap(gigabytes: float) -> Iterator[None]:
    """A mutant that asks for gigabytes fails with a MemoryError (a finding) instead of
    taking the machine's memory; the cap is lifted again for the other tests."""
    old = resource.getrlimit(resource.RLIMIT_AS)
    cap = int(gigabytes * 2**30)
    if old[1] != resource.RLIM_INFINITY:
        cap = min(cap, old[1])
    resource.setrlimit(resource.RLIMIT_AS, (cap, old[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, old)


@pytest.mark.parametrize("kind", list(SMOKE))
def test_fuzz_smoke(kind: str, tmp_path: Path) -> None:
    with memory_cap(4):
        stats = fuzz_kind(kind, seeds()[kind], random.Random(19), inputs=SMOKE[kind], out=tmp_path)
    assert stats.inputs == SMOKE[kind]
    assert stats.runs >= stats.inputs
    report = "\n\n".join(f"{f.what}: {' '.join(f.args)}\n{f.detail}" for f in stats.findings)
    assert not stats.findings, report


def test_every_kind_has_seeds() -> None:
    kinds = seeds()
    assert set(kinds) == set(SMOKE)
    assert all(kinds[k] for k in kinds)
    assert {s.name for s in kinds["record"]} >= {"old-town-table.game"}


def test_mutations_are_seeded() -> None:
    seed = seeds()["state"][0]
    others = [seed.text]
    first = [mutate(random.Random(5), seed.text, others) for _ in range(3)]
    again = [mutate(random.Random(5), seed.text, others) for _ in range(3)]
    assert first == again
    many = {mutate(random.Random(i), seed.text, others)[0] for i in range(30)}
    assert len(many) > 20  # the mutants differ from one another
    assert seed.text not in many or len(many) > 20


# ----- the oracle itself ----------------------------------------------------------------------

toy = typer.Typer()


@toy.command()
@handle_errors
def go(what: str) -> None:
    if what == "crash":
        raise KeyError("boom")
    if what == "hang":
        time.sleep(5)
    if what == "long":  # (InputError shortens a long value: print one past it)
        typer.echo("error: " + "x" * LONG_LINE, err=True)
        raise typer.Exit(1)
    if what == "refuse":
        raise InputError("f.toml", "name", "no")


@pytest.mark.parametrize(
    ("what", "finding"),
    [("fine", None), ("refuse", None), ("crash", "crash"), ("hang", "hang"), ("long", "long-line")],
)
def test_the_oracle(what: str, finding: str | None) -> None:
    start = time.perf_counter()
    found = run_one(CliRunner(), toy, "toy", [what], limit=0.5)
    assert (found.what if found else None) == finding
    if finding == "crash":
        assert found is not None and "KeyError" in found.detail
    assert time.perf_counter() - start < 3
