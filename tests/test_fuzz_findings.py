"""Inputs the fuzzer (`python -m tests.fuzz`) once broke the program with, kept so that they
stay fixed: each gives a clean answer or one clean error, quickly and in bounded lines."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app

FINDINGS = sorted((Path(__file__).parent / "fixtures" / "fuzz").glob("*.game"))


@contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    def late(signum: int, frame: object) -> None:
        raise TimeoutError(f"no answer after {seconds} s")

    old = signal.signal(signal.SIGALRM, late)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("record", FINDINGS, ids=lambda p: p.stem)
def test_a_fuzz_finding_stays_fixed(record: Path) -> None:
    """black-hills-100kb-word: Rich's repr highlighter took a minute over one long word
    echoed back (now no automatic highlighting, and the echo is clipped);
    black-hills-5000-digit-claim: a `{N}` too long for int() was a traceback."""
    with _deadline(10):
        result = CliRunner().invoke(app, ["replay", str(record)])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert max(len(line) for line in result.output.splitlines()) <= 2_000
