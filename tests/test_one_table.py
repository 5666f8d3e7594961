"""One table for four games (issue 25): the game protocol (`core/table.py`) and its registry
(`adjudicator/tables.py`), and the command line's loops over it, in the same shape for
every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.table import Table
from adjudicator.tables import TABLES, table, table_of_record

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: A record of each game (a seed, the players), a move out of turn and its rule's code.
OUT_OF_TURN = {
    "old-town": ("bob: 3", "T1"),
    "gads-hill-1874": ("bob: 3", "T1"),
    "dry-gulch": ("bob: draw resources", "DG-PHASE"),
    "black-hills": ("bob: miner", "BH-TURN-ORDER"),
}


def new_record(tmp_path: Path, edition: str) -> Path:
    record = tmp_path / f"{edition}.game"
    args = ["game", "new", str(record), "--edition", edition, "--players", "ann,bob,cid"]
    made = runner.invoke(app, [*args, "--seed", "6"])
    assert made.exit_code == 0, made.output
    return record


def test_every_entry_is_a_table_loaded_by_name() -> None:
    for name in TABLES:
        entry: Table = table(name)  # (a Protocol: mypy holds each entry to it)
        assert entry.name == name
    for example, name in (
        ("old-town-table.game", "deduction"),
        ("dry-gulch-table.game", "dry-gulch"),
        ("black-hills-table.game", "black-hills"),
    ):
        assert table_of_record((EXAMPLES / example).read_text()).name == name
    assert table_of_record("no tag at all\n").name == "deduction"


@pytest.mark.parametrize("edition", list(OUT_OF_TURN))
def test_a_refused_move_is_one_line_with_its_code_in_every_game(
    tmp_path: Path, edition: str
) -> None:
    """Out of turn is T1 / DG-PHASE / BH-TURN-ORDER, said once: one line on stderr,
    nothing on stdout, the record unchanged."""
    record = new_record(tmp_path, edition)
    before = record.read_bytes()
    move, code = OUT_OF_TURN[edition]
    result = runner.invoke(app, ["game", "move", str(record), move])
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert lines == [lines[0]] and lines[0].startswith(
        f"warning: refused, the record is unchanged: {code}: "
    )
    as_json = runner.invoke(app, ["game", "move", str(record), move, "--json"])
    data = json.loads(as_json.stdout)
    assert {k: data[k] for k in ("legal", "code", "player", "move", "score")} == {
        "legal": False,
        "code": code,
        "player": "bob",
        "move": move,
        "score": None,
    }
    assert record.read_bytes() == before


FIRST = {
    "old-town": "ann: 20",
    "dry-gulch": "ann: draw resources",
    "black-hills": "ann: keep explorer gold-digger",
}


@pytest.mark.parametrize("edition", list(FIRST))
def test_game_move_json_has_one_shape_in_every_game(tmp_path: Path, edition: str) -> None:
    record = new_record(tmp_path, edition)
    if edition == "old-town":  # seed 6 deals ann a playable card: the hint's first
        hinted = runner.invoke(app, ["hint", str(record), "--json"])
        move = json.loads(hinted.stdout)["actions"][0]["command"].split("'")[1]
    else:
        move = FIRST[edition]
    result = runner.invoke(app, ["game", "move", str(record), move, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["legal"] is True and data["code"] is None and data["player"] == "ann"
    assert isinstance(data["message"], str) and isinstance(data["score"], int)
    assert record.read_text().splitlines()[-1] == move == data["move"]


def _cut(example: str, lines: int, tmp_path: Path) -> Path:
    record = tmp_path / example
    record.write_text("\n".join((EXAMPLES / example).read_text().splitlines()[:lines]) + "\n")
    return record


def test_hint_on_a_dry_gulch_record_is_the_plan(tmp_path: Path) -> None:
    """`hint dg.game` refused ("is a Dry Gulch record"); it is the acting player's best
    building plan, as `dry-gulch plan` gives it on a state file."""
    record = _cut("dry-gulch-table.game", 24, tmp_path)
    result = runner.invoke(app, ["hint", str(record), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["player"], data["influence"]) == ("bob", 2)
    assert [(b["building"], b["site"]) for b in data["buildings"]] == [("land-office", "ne-2")]
    shown = runner.invoke(app, ["hint", str(record)])
    assert "bob's best building plan: +2 influence" in shown.stdout


def test_hint_on_a_black_hills_record_is_the_best_turn(tmp_path: Path) -> None:
    record = _cut("black-hills-table.game", 22, tmp_path)
    result = runner.invoke(app, ["hint", str(record), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["player"] == "cid" and data["turns"][0]["turn"].startswith("cid: ")
    # each turn the hint gives is one `game move` takes
    moved = runner.invoke(app, ["game", "move", str(record), data["turns"][0]["turn"]])
    assert moved.exit_code == 0, moved.output


@pytest.mark.parametrize(
    ("example", "lines", "problem"),
    [
        ("black-hills-table.game", 1000, "the game is over: ann has won"),
        ("dry-gulch-table.game", 1000, "the game is over"),
    ],
)
def test_hint_says_what_comes_first(tmp_path: Path, example: str, lines: int, problem: str) -> None:
    record = _cut(example, lines, tmp_path)
    result = runner.invoke(app, ["hint", str(record)])
    assert result.exit_code == 1
    assert problem in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_hint_at_the_set_up_ranks_the_keeps(tmp_path: Path) -> None:
    """Issue 35 item 17: at the round's set-up the hint refused ("ann, bob, cid still to
    discard two"); which two to keep is the question it answers now."""
    record = _cut("black-hills-table.game", 13, tmp_path)
    result = runner.invoke(app, ["hint", str(record)])
    assert result.exit_code == 0, result.output
    assert "Which two ann keeps" in result.stdout


@pytest.mark.parametrize(
    ("given", "edition"),
    [("Dry-Gulch", "dry-gulch"), ("Old Town", "old-town"), ("BLACK_HILLS", "black-hills")],
)
def test_game_new_takes_an_edition_in_any_case(tmp_path: Path, given: str, edition: str) -> None:
    record = tmp_path / "t.game"
    players = "ann,bob,cid"
    result = runner.invoke(
        app, ["game", "new", str(record), "--edition", given, "--players", players]
    )
    assert result.exit_code == 0, result.output
    assert record.read_text().startswith(f'[Edition "{edition}"]')


def test_an_unknown_edition_lists_all_four_games_with_a_close_match(tmp_path: Path) -> None:
    args = ["game", "new", str(tmp_path / "t.game"), "--edition", "dry-gulc", "--players", "a,b,c"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "error: --edition: unknown edition or board file 'dry-gulc' (known: black-hills, "
        "dry-gulch, gads-hill-1874, old-town); did you mean 'dry-gulch'?"
    )


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("bob: 44 as Printer's", "bob: 44 as printers"),
        (
            "ann: 23 as Stage Coach Office; 41 as BANK {7}",
            "ann: 23 as stage-coach-office; 41 as bank {7}",
        ),
        ("ann: buy Casino; 23 as hotel", "ann: buy casino; 23 as hotel"),
        ("cid: 7 as stage_coach_office", "cid: 7 as stage-coach-office"),
    ],
)
def test_a_building_is_named_as_printed_in_the_notation(written: str, canonical: str) -> None:
    """`"bob: 44 as Printer's"` and `"as Stage Coach Office"` were refused while `--as
    "Printer's"` worked: a building after `as` or `buy` is its id or its printed name."""
    from adjudicator.deduction.game.record import format_move, parse_move

    assert format_move(parse_move(written)) == canonical


def test_a_move_naming_a_building_as_printed_is_ruled_and_written_as_given(
    tmp_path: Path,
) -> None:
    """Gads Hill, seed 50: ann's `9; 25 as jail` written with the Jail's printed name in
    capitals is ruled as the same turn, and the record keeps the line as written."""
    record = tmp_path / "club.game"
    args = ["game", "new", str(record), "--edition", "gads-hill-1874", "--players", "ann,bob,cid"]
    assert runner.invoke(app, [*args, "--seed", "50"]).exit_code == 0
    line = "ann: 9; 25 as JAIL"
    moved = runner.invoke(app, ["game", "move", str(record), line, "--json"])
    assert moved.exit_code == 0, moved.output
    assert json.loads(moved.stdout)["move"] == "ann: 9; 25 as jail"
    assert record.read_text().splitlines()[-1] == line
    assert runner.invoke(app, ["replay", str(record), "--json"]).exit_code == 0


@pytest.mark.parametrize(
    ("example", "title", "moves", "skipped"),
    [
        ("old-town-table.game", "Old Town", 40, 1),
        ("dry-gulch-table.game", "Dry Gulch", 133, 1),
        ("black-hills-table.game", "Black Hills", 41, 1),
    ],
)
def test_state_check_checks_a_record_of_every_game(
    example: str, title: str, moves: int, skipped: int
) -> None:
    """`state check REC.game` read the record as TOML ("malformed TOML"); it reads it as
    the record it is, replays it, and counts the moves the rules refuse."""
    path = EXAMPLES / example
    result = runner.invoke(app, ["state", "check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["ok"], data["moves"], data["skipped"]) == (True, moves, skipped)
    shown = runner.invoke(app, ["state", "check", str(path)])
    assert shown.stdout.startswith(
        f"ok: {path} is a valid record of {title}: {moves} moves, 1 of them not legal"
    )


@pytest.mark.parametrize(
    ("command", "example", "lines", "shows"),
    [
        (
            ["dry-gulch", "plan"],
            "dry-gulch-table.game",
            24,
            "bob's best building plan: +2 influence",
        ),
        (["dry-gulch", "score"], "dry-gulch-table.game", 24, "Influence"),
        (["black-hills", "best"], "black-hills-table.game", 22, "Best turns for cid"),
        (["state", "check"], "black-hills-table.game", 22, "Jail"),
    ],
)
def test_the_games_own_commands_read_a_record(
    tmp_path: Path, command: list[str], example: str, lines: int, shows: str
) -> None:
    """`dry-gulch plan dg.game` and `black-hills best bh.game` said "malformed TOML": a
    record's current state is read through the game protocol."""
    record = _cut(example, lines, tmp_path)
    result = runner.invoke(app, [*command, str(record)])
    assert result.exit_code == 0, result.output
    assert shows in result.stdout


@pytest.mark.parametrize(
    ("command", "example", "problem"),
    [
        (["dry-gulch", "plan"], "old-town-table.game", "is an Old Town record"),
        (["black-hills", "best"], "dry-gulch-table.game", "is a Dry Gulch record"),
    ],
)
def test_a_record_of_another_game_is_named(command: list[str], example: str, problem: str) -> None:
    result = runner.invoke(app, [*command, str(EXAMPLES / example)])
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and problem in line
