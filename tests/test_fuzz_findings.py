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
def _hang_guard(seconds: int = 120) -> Iterator[None]:
    """A finding that hangs again fails instead of stopping the suite; its speed is not
    judged here (the slowest took seconds to minutes before its fix, a moment now)."""

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
    black-hills-5000-digit-claim: a `{N}` too long for int() was a traceback;
    dry-gulch-play-a-building: `play stables at nw-7` (no event card of that name) fell
    through the Dry Gulch flow to an AssertionError; now refused as DG-EVENT."""
    with _hang_guard():
        result = CliRunner().invoke(app, ["replay", str(record)])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert max(len(line) for line in result.output.splitlines()) <= 2_000


FIXTURES = Path(__file__).parent / "fixtures" / "fuzz"
ROOT = Path(__file__).parent.parent


def test_a_long_word_on_a_line_of_dots_is_refused_quickly(tmp_path: Path) -> None:
    """old-town-cards-100kb-word-on-a-dotted-line: a card set written as one line with 59
    dots and a run of 100,000 x's took `cards list` 8 s to refuse (the dotted-key check
    tried its search again at every x); now a moment, and one line."""
    (tmp_path / "e1.toml").write_bytes((ROOT / "boards" / "old-town.toml").read_bytes())
    (tmp_path / "e1-cards.toml").write_bytes(
        (FIXTURES / "old-town-cards-100kb-word-on-a-dotted-line.toml").read_bytes()
    )
    with _hang_guard():
        result = CliRunner().invoke(app, ["cards", "list", str(tmp_path / "e1.toml")])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.strip().endswith("malformed TOML: Invalid statement")
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "body", ["web-5000-digit-body.json", "web-16000-deep-body.json"], ids=lambda n: n[4:-5]
)
def test_a_request_body_beyond_the_limits_is_a_400(body: str, tmp_path: Path) -> None:
    """web-5000-digit-body: an integer too long for int() in a puzzle's markers, and
    web-16000-deep-body: arrays nested past the JSON parser's recursion, were a 500
    (ValueError, RecursionError); now a 400 with one line."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import create_app

    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8000")
    response = client.post(
        "/api/p/x.puzzle.toml/board",
        content=(FIXTURES / body).read_bytes(),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 400
    error = response.json()["error"]  # the files' own limits, as one line
    assert error.startswith("the request body: ") and ("deep" in error or "digits" in error)
    assert "\n" not in error and len(error) < 300


@pytest.mark.parametrize("path", ["/api/p/", "/api/g/"])
def test_a_name_of_3000_line_breaks_is_a_bounded_line(tmp_path: Path, path: str) -> None:
    """web-bad-error: a puzzle or record named by 3,000 line breaks was echoed as 6,000
    characters (escaped after the cut); the error is one bounded line."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import create_app

    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8000")
    response = client.get(path + "%0A" * 3000)
    assert response.status_code == 400
    error = response.json()["error"]
    assert "\n" not in error and len(error) <= 1100


def test_a_content_length_of_5000_digits_is_a_413(tmp_path: Path) -> None:
    """int() of a 5,000-digit Content-Length raised a ValueError (a 500); it is refused as
    over the size limit, before anything is read."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import create_app

    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8000")
    headers = {"content-type": "application/json", "content-length": "9" * 5000}
    response = client.post("/api/p/x.puzzle.toml/board", content=b"{}", headers=headers)
    assert response.status_code == 413
    assert response.json()["error"].startswith("request body over")
