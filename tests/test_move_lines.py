"""A move is one line, and what a commit writes is what was ruled on: a move holding a line
break or another control is refused by the command line (four games) and the page, and the
record is left as it was; a score past the limit is not written; the page after a commit
is the record replayed. (From issue 29's hardening campaign, each from its minimal input.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.limits import MAX_INT

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
runner = CliRunner()

#: Every character `str.splitlines` breaks a line at, and a few other controls.
LINE_BREAKS = ["\n", "\r", "\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
OTHER_CONTROLS = ["\t", "\x00", "\x1b", "\u200f", "\u202e"]


def one_line_error(result: object, *, exit_code: int = 1) -> str:
    """The one line a refused command prints on stderr (no traceback, nothing on stdout)."""
    assert result.exit_code == exit_code, result.output  # type: ignore[attr-defined]
    err = result.stderr.strip()  # type: ignore[attr-defined]
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    return err


# ----- 2, 3. a move with a line break, through the CLI (four games) and the web -------------


#: Each game: a seed, and a legal first move of the table it deals to ann, bob and cid.
FIRST_MOVES = {
    "old-town": ("1", "ann: 3"),
    "gads-hill-1874": ("50", "ann: 9; 25 as jail"),
    "dry-gulch": ("38", "ann: draw resources"),
    "black-hills": ("6", "ann: keep explorer gold-digger"),
}


def _new_record(tmp_path: Path, edition: str) -> tuple[Path, str]:
    """A new seeded record of `edition` (`game new`) and a legal first move for it."""
    record = tmp_path / f"{edition}.game"
    seed, first = FIRST_MOVES[edition]
    args = ["game", "new", str(record), "--edition", edition, "--players", "ann,bob,cid"]
    made = runner.invoke(app, [*args, "--seed", seed])
    assert made.exit_code == 0, made.output
    return record, first


EDITIONS = list(FIRST_MOVES)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("odd", LINE_BREAKS + OTHER_CONTROLS, ids=lambda c: f"U+{ord(c):04X}")
def test_a_move_with_a_line_break_is_refused_and_the_record_unchanged(
    tmp_path: Path, edition: str, odd: str
) -> None:
    record, first = _new_record(tmp_path, edition)
    before = record.read_bytes()
    player, rest = first.split(":", 1)
    result = runner.invoke(app, ["game", "move", str(record), f"{player}:{odd}{rest.strip()}"])
    line = one_line_error(result)
    assert f"control character U+{ord(odd):04X}" in line
    assert record.read_bytes() == before
    # the same move without it is legal, written as given, and the record reads on
    moved = runner.invoke(app, ["game", "move", str(record), first])
    assert moved.exit_code == 0, moved.output
    assert record.read_text().splitlines()[-1] == first
    shown = runner.invoke(app, ["replay", str(record), "--json"])
    assert shown.exit_code == 0, shown.output


@pytest.mark.parametrize(
    "move", ["bob: 8\u2028; 36 as hotel", "bob:\r8; 36 as hotel", "bob: 8\n; 36 as hotel"]
)
@pytest.mark.parametrize("path", ["move", "preview"])
def test_the_web_refuses_a_move_with_a_line_break(
    web: TestClient, tmp_path: Path, move: str, path: str
) -> None:
    """The commit ruled on the whole text but wrote its first line: 'bob: 4<U+2028>; 37 as
    church' was scored as two cards and written as 'bob: 4'."""
    before = (tmp_path / "club.game").read_bytes()
    r = web.post(f"/api/g/club.game/{path}", json={"move": move})
    assert r.status_code == 400, r.json()
    assert "control character" in r.json()["error"] and "\n" not in r.json()["error"]
    assert (tmp_path / "club.game").read_bytes() == before
    ok = web.post("/api/g/club.game/move", json={"move": "bob: 8; 36 as hotel"})
    assert ok.json()["legal"]
    assert (tmp_path / "club.game").read_text().splitlines()[-1] == "bob: 8; 36 as hotel"


# ----- 4. a write never produces what the reader refuses -----------------------------------


def test_points_past_the_limit_are_not_written(tmp_path: Path) -> None:
    """`play --write` added the ruling's points without the limit and wrote
    9223372036854775815, which every command then refused."""
    text = (EXAMPLES / "gads-hill-mid.toml").read_text()
    state = tmp_path / "state.toml"
    state.write_text(text.replace("points = 20", f"points = {MAX_INT - 1}"))
    before = state.read_bytes()
    result = runner.invoke(app, ["play", str(state), "43", "--as", "school", "--write"])
    line = one_line_error(result)
    assert "not written: it would not read back" in line and "points" in line
    assert state.read_bytes() == before
    assert runner.invoke(app, ["state", "check", str(state)]).exit_code == 0


def test_the_page_after_a_commit_is_the_record_replayed(web: TestClient, tmp_path: Path) -> None:
    """A commit keeps the game it ruled on for the record's new text (the next request
    does not replay the record again): what the page shows then is what a replay of the
    record from nothing shows."""
    from adjudicator.web import opened

    for move in ("bob: 8; 36 as hotel", "cid: 3; 42 as stage-coach-office"):
        assert web.post("/api/g/club.game/move", json={"move": move}).json()["legal"]
        kept = web.get("/api/g/club.game").json()
        with opened._CACHE_LOCK:
            opened._CACHE.clear()
        assert web.get("/api/g/club.game").json() == kept


@given(st.text(max_size=40))
def test_a_move_line_is_one_line_whatever_the_text(text: str) -> None:
    """Whatever `move_line` lets through is one line to every reader (`str.splitlines`),
    and it lets through every text without a control or format character."""
    import unicodedata

    from adjudicator.core.errors import RulesError
    from adjudicator.core.move_line import move_line

    odd = any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs") for c in text)
    try:
        line = move_line(text)
    except RulesError:
        assert odd or not text.strip()
        return
    assert not odd and line == text.strip() and line.splitlines() == [line]
