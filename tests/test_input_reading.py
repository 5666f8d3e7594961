"""Every input is read once, through one bounded reader, and refused in one line: a record
that is not UTF-8 or is a folder, a device or a pipe, a byte order mark, a number from the
web that is not ASCII digits, a hand or a record past its limit, a long word echoed back.
(From issue 29's hardening campaign, each from its minimal input.)
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.limits import MAX_HAND, MAX_MOVES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
runner = CliRunner()


def one_line_error(result: object, *, exit_code: int = 1) -> str:
    """The one line a refused command prints on stderr (no traceback, nothing on stdout)."""
    assert result.exit_code == exit_code, result.output  # type: ignore[attr-defined]
    err = result.stderr.strip()  # type: ignore[attr-defined]
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    return err


# ----- 5, 9. one clean line for every kind of path -----------------------------------------


@pytest.mark.parametrize("command", [["game", "undo"], ["game", "show"], ["replay"], ["hint"]])
def test_a_record_that_is_not_utf8_or_a_folder(tmp_path: Path, command: list[str]) -> None:
    bad = tmp_path / "bad.game"
    bad.write_bytes(b'[Edition "old-town"]\n\xff\n')
    assert "not UTF-8 text" in one_line_error(runner.invoke(app, [*command, str(bad)]))
    folder = tmp_path / "folder.game"
    folder.mkdir()
    line = one_line_error(runner.invoke(app, [*command, str(folder)]))
    assert line.endswith(f"{folder}: is a folder, not a file")


@pytest.mark.parametrize(
    "command",
    [["game", "move", "/", "ann: 3"], ["game", "undo", "/"], ["play", "/", "3", "--write"]],
)
def test_the_root_folder_is_one_line(command: list[str]) -> None:
    """The lock's name from `Path.with_name` raised a traceback for `/`."""
    assert "/: is a folder" in one_line_error(runner.invoke(app, command))


def test_the_web_serves_no_500_for_an_unreadable_record(tmp_path: Path) -> None:
    from adjudicator.web.app import create_app

    (tmp_path / "bad.game").write_bytes(b"\xff\xfe")
    (tmp_path / "x.game").mkdir()
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8000")
    for name, problem in (("bad.game", "not UTF-8"), ("x.game", "is a folder")):
        for url in (f"/api/g/{name}", f"/api/g/{name}/replay", f"/api/g/{name}/hint"):
            r = client.get(url)
            assert r.status_code == 400, (url, r.text)
            assert problem in r.json()["error"]


# ----- 6. devices and pipes: read once, bounded, never waiting -----------------------------


@pytest.mark.parametrize("command", [["replay"], ["game", "show"], ["hint"], ["state", "check"]])
def test_a_device_is_refused_unread(tmp_path: Path, command: list[str]) -> None:
    """`rec.game -> /dev/zero` passed the size check (stat says 0 bytes) and was read whole:
    6.5 GB in 30 s."""
    link = tmp_path / "rec.game"
    link.symlink_to("/dev/zero")
    line = one_line_error(runner.invoke(app, [*command, str(link)]))
    assert line.endswith(f"{link}: is a device, not a file")


#: One hash seed for the processes compared: a ruling's JSON lists some sets in their order.
SAME_HASHES = {**os.environ, "PYTHONHASHSEED": "0"}


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "adjudicator.cli.main", *args],
        capture_output=True,
        timeout=timeout,
        env=SAME_HASHES,
    )


@pytest.mark.parametrize(
    ("command", "example"),
    [
        ("replay", "old-town-table.game"),
        ("replay", "dry-gulch-table.game"),
        ("replay", "black-hills-table.game"),
        ("state check", "dry-gulch-turn.toml"),
        ("state check", "black-hills-round1.toml"),
        ("hint", "gads-hill-mid.toml"),
    ],
)
def test_an_input_given_as_a_pipe_is_read_once(command: str, example: str) -> None:
    """`replay <(cat rec.game)` read 4 kB to find the game, then found the pipe empty
    ("[Edition]: missing"); a Dry Gulch state given so went to the deduction reader."""
    path = EXAMPLES / example
    whole = _cli(*command.split(), str(path), "--json")
    piped = subprocess.run(
        [
            "bash",
            "-c",
            f'{sys.executable} -m adjudicator.cli.main {command} <(cat "$0") --json',
            path,
        ],
        capture_output=True,
        timeout=120,
        env=SAME_HASHES,
    )
    assert piped.returncode == whole.returncode == 0, piped.stderr
    # the same answer, but for the name the record was given by
    named = re.sub(rb"/dev/fd/\d+", str(path).encode(), piped.stdout)
    assert named == whole.stdout


def test_a_named_pipe_without_a_writer_never_hangs(tmp_path: Path) -> None:
    """A finished named pipe hung `replay` for ever: it is read as the empty file it is."""
    fifo = tmp_path / "rec.game"
    os.mkfifo(fifo)
    done = _cli("replay", str(fifo), timeout=60)
    assert done.returncode == 1
    assert b"[Edition]: missing" in done.stderr and b"Traceback" not in done.stderr


# ----- 7. numbers from the web are ASCII digits ----------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/api/g/club.game/hint?top=³",
        "/api/g/club.game/hint?top=" + "9" * 4301,
        "/api/g/club.game/step/" + "9" * 4301,
        "/api/g/club.game/step/²",
        "/api/g/club.game/step/-1",
    ],
    ids=["top-superscript", "top-4301-digits", "step-4301-digits", "step-superscript", "step-neg"],
)
def test_a_number_that_is_no_number_is_a_400(web: TestClient, url: str) -> None:
    r = web.get(url)
    assert r.status_code == 400, r.text
    assert "\n" not in r.json()["error"]


@pytest.mark.parametrize("seed", ["²", "9" * 4301, "٣"])
def test_a_puzzle_or_game_seed_that_is_no_number_is_a_400(tmp_path: Path, seed: str) -> None:
    from adjudicator.web.app import create_app

    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8000")
    puzzle = client.post("/api/puzzles", json={"edition": "old-town", "seed": seed})
    assert puzzle.status_code == 400, puzzle.text
    game = client.post(
        "/api/games", json={"name": "g", "edition": "old-town", "players": "ann,bob", "seed": seed}
    )
    assert game.status_code == 400, game.text
    assert "is not a number" in game.json()["error"]


# ----- 8. the loaders refuse, by the rule, what no table reaches ---------------------------


def test_a_deduction_hand_over_the_limit_is_refused_by_the_rule(tmp_path: Path) -> None:
    """A hand of 47 cards took `hint` 21 CPU-s: a hand grows only by passing, and no table
    holds more than the deal and a dozen passes' draws."""
    import tomlkit

    doc = tomlkit.parse((EXAMPLES / "gads-hill-mid.toml").read_text())
    held = {c for p in doc["players"] for c in p["hand"]}
    cid = doc["players"][2]
    free = [n for n in range(1, 61) if n not in held]
    state = tmp_path / "state.toml"
    cid["hand"] = [*cid["hand"], *free][:MAX_HAND]
    state.write_text(tomlkit.dumps(doc))
    assert runner.invoke(app, ["hint", str(state), "--json"]).exit_code == 0
    cid["hand"] = [*cid["hand"], *free][: MAX_HAND + 1]
    state.write_text(tomlkit.dumps(doc))
    line = one_line_error(runner.invoke(app, ["hint", str(state)]))
    assert f"players 'cid'.hand: {MAX_HAND + 1} cards; a hand holds at most {MAX_HAND}" in line
    assert "T2" in line


def test_a_dry_gulch_hand_over_the_limit_is_refused_by_the_rule(tmp_path: Path) -> None:
    """`dry-gulch plan` with 40 cards was not done after 200 s."""
    import tomlkit

    from adjudicator.dry_gulch.data import load_rules
    from adjudicator.dry_gulch.state import TURN_GAIN
    from benchmarks.limits import WORST_PLAN_HAND

    most = load_rules().hand_limit + TURN_GAIN
    doc = tomlkit.parse((EXAMPLES / "dry-gulch-turn.toml").read_text())
    ann = doc["players"][0]
    ann["hand"] = list(WORST_PLAN_HAND)  # the bench's worst hand at the limit
    assert len(ann["hand"]) == most
    state = tmp_path / "state.toml"
    state.write_text(tomlkit.dumps(doc))
    assert runner.invoke(app, ["dry-gulch", "plan", str(state), "--json"]).exit_code == 0
    ann["hand"] = [*ann["hand"], "lumber"]
    state.write_text(tomlkit.dumps(doc))
    line = one_line_error(runner.invoke(app, ["dry-gulch", "plan", str(state)]))
    assert f"{most + 1} cards; a hand holds at most {most}" in line
    assert "All players with more than 15 cards" in line


def test_a_record_longer_than_the_limit_is_refused(tmp_path: Path) -> None:
    head = '[Edition "old-town"]\n[Players "ann, bob"]\n\n'
    record = tmp_path / "long.game"
    record.write_text(head + "ann: STOP\n" * MAX_MOVES)
    assert runner.invoke(app, ["replay", str(record), "--json"]).exit_code == 0
    record.write_text(head + "ann: STOP\n" * (MAX_MOVES + 1))
    line = one_line_error(runner.invoke(app, ["replay", str(record)]))
    assert f"more than {MAX_MOVES} moves (the limit)" in line


# ----- 9. the smaller ones -------------------------------------------------------------------


def test_a_state_file_with_a_byte_order_mark_keeps_its_comments(tmp_path: Path) -> None:
    """tomlkit's merge failed on the mark, and the file was written afresh without them."""
    text = (EXAMPLES / "gads-hill-mid.toml").read_text()
    state = tmp_path / "state.toml"
    state.write_bytes(b"\xef\xbb\xbf" + text.encode())
    result = runner.invoke(app, ["play", str(state), "43", "--as", "school", "--write"])
    assert result.exit_code == 0, result.output
    after = state.read_text(encoding="utf-8")
    comments = [ln for ln in text.splitlines() if ln.startswith("#")]
    assert comments and all(c in after for c in comments)


@pytest.mark.parametrize(
    "example", ["old-town-table.game", "dry-gulch-table.game", "black-hills-table.game"]
)
def test_a_record_with_a_byte_order_mark_reads_as_its_game(tmp_path: Path, example: str) -> None:
    """A record starting with a mark was refused ("[Edition]: missing"), and a Dry Gulch or
    Black Hills one went to the deduction reader."""
    record = tmp_path / example
    record.write_bytes(b"\xef\xbb\xbf" + (EXAMPLES / example).read_bytes())
    with_mark = runner.invoke(app, ["replay", str(record), "--json"])
    plain = runner.invoke(app, ["replay", str(EXAMPLES / example), "--json"])
    assert with_mark.exit_code == plain.exit_code == 0, with_mark.output
    assert json.loads(with_mark.stdout) == json.loads(plain.stdout)


def test_cards_show_of_a_missing_card_is_one_line(tmp_path: Path) -> None:
    """A card set with a map warning printed the warning, then the error."""
    shutil.copy(ROOT / "boards" / "old-town.toml", tmp_path / "town.toml")
    cards = (ROOT / "cards" / "old-town.toml").read_text()
    (tmp_path / "town-cards.toml").write_text(cards.replace('map = ["b1"', 'map = ["c4"', 1))
    listed = runner.invoke(app, ["cards", "list", str(tmp_path / "town.toml")])
    assert "warning" in listed.stderr  # the set does have a map warning
    line = one_line_error(runner.invoke(app, ["cards", "show", str(tmp_path / "town.toml"), "999"]))
    assert "card 999: no such card" in line


@pytest.mark.parametrize(
    "command", [["game", "undo"], ["game", "move", "{F}", "ann: discard 43 24 take prison@a2"]]
)
def test_a_record_given_as_a_pipe_is_not_rewritten(command: list[str]) -> None:
    """`game undo <(cat rec.game)` wrote the new record into the pipe, and waited for ever
    for a reader once the shell's had gone (the fuzzer's `special` kind found it)."""
    path = FIXTURES / "old-town-best-is-discard.game"
    script = (
        f'{sys.executable} -m adjudicator.cli.main {command[0]} {command[1]} <(cat "$0") '
        + " ".join(f"'{w}'" for w in command[3:])
    )
    done = subprocess.run(["bash", "-c", script, path], capture_output=True, timeout=120)
    assert done.returncode == 1, done.stderr
    err = done.stderr.decode().strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.endswith("is a pipe or a device, not a file that can be rewritten")


@given(st.text(alphabet="0123456789²³٣x-", max_size=8), st.integers(1, 6))
def test_a_whole_number_is_ascii_digits_and_few(text: str, most: int) -> None:
    from adjudicator.core.limits import whole_number

    expected = int(text) if re.fullmatch(rf"[0-9]{{1,{most}}}", text) else None
    assert whole_number(text, most) == expected


@pytest.mark.parametrize("length", [1_000 - 22, 100_000])
def test_a_refused_black_hills_turn_echoes_a_long_word_cut(tmp_path: Path, length: int) -> None:
    """The fuzzer's `move` kind: a 100,000-letter event name came back whole in the
    refusal's reason (a line of 100,109 characters; Dry Gulch's the same); a move is at
    most 1,000 characters, and a reason one bounded line."""
    record = tmp_path / "bh.game"
    shutil.copy(EXAMPLES / "black-hills-table.game", record)
    before = record.read_bytes()
    word = "stolen-gol" + "x" * length
    for extra in ([], ["--json"]):
        result = runner.invoke(
            app, ["game", "move", str(record), f"cid: merchant; event {word}", *extra]
        )
        assert result.exit_code == 1
        assert max(len(line) for line in result.output.splitlines()) <= 2_000
    assert record.read_bytes() == before
