"""Issue 25: a file of the wrong kind (a record where a state, a board, a card set or a
puzzle is read; a state where a board is) is named for what it is, in one line: "is a
Gads Hill 1874 record", not "unknown tag 'Frames'" or "malformed TOML"."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.file_kinds import file_kind
from adjudicator.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples"


def one_line(args: list[str], *wanted: str) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 1 and result.stdout == "", result.output
    err = result.stderr.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    for word in wanted:
        assert word in err, err
    return err


@pytest.mark.parametrize(
    ("path", "kind", "game"),
    [
        (EX / "old-town-table.game", "record", "Old Town"),
        (EX / "dry-gulch-table.game", "record", "Dry Gulch"),
        (EX / "gads-hill-mid.toml", "state", "Gads Hill 1874"),
        (EX / "black-hills-round1.toml", "state", "Black Hills"),
        (ROOT / "boards" / "old-town.toml", "board", "Old Town"),
        (ROOT / "boards" / "dry-gulch.toml", "board", "Dry Gulch"),
        (ROOT / "cards" / "gads-hill-1874.toml", "cards", "Gads Hill 1874"),
        (ROOT / "cards" / "black-hills.toml", "cards", "Black Hills"),
    ],
)
def test_the_kind_of_every_shipped_file(path: Path, kind: str, game: str) -> None:
    assert file_kind(path) == (kind, game)


def test_a_record_under_another_name_is_still_a_record(tmp_path: Path) -> None:
    record = tmp_path / "club.txt"
    record.write_bytes((EX / "old-town-table.game").read_bytes())
    assert file_kind(record) == ("record", "Old Town")
    result = runner.invoke(app, ["state", "check", str(record)])
    assert result.exit_code == 0 and "is a valid record of Old Town" in result.stdout


G = str(EX / "old-town-table.game")
DG = str(EX / "dry-gulch-table.game")
MID = str(EX / "gads-hill-mid.toml")
BH = str(EX / "black-hills-round1.toml")
BOARD = str(ROOT / "boards" / "old-town.toml")
CARDS = str(ROOT / "cards" / "old-town.toml")


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (["board", "show", "old-town", "--state", G], "is an Old Town record; "),
        (["board", "show", "dry-gulch", "--state", MID], "is a Gads Hill 1874 state, not Dry"),
        (["board", "show", MID], "is a Gads Hill 1874 state; `adjudicator board show` reads a"),
        (["board", "show", CARDS], "is an Old Town card file; "),
        (["cards", "list", MID], "is a Gads Hill 1874 state; `adjudicator cards` reads a board"),
        (["cards", "show", G, "3"], "is an Old Town record; "),
        (["state", "check", BOARD], "is an Old Town board file; `adjudicator state check`"),
        (["state", "check", CARDS], "is an Old Town card file; "),
        (["audit", G], "is an Old Town record; `adjudicator audit` reads a card file"),
        (["audit", MID], "is a Gads Hill 1874 state; "),
        (["puzzle", "solve", G], "is an Old Town record; `adjudicator puzzle` reads a puzzle"),
        (["puzzle", "rate", DG], "is a Dry Gulch record; "),
        (["dry-gulch", "plan", MID], "is a Gads Hill 1874 state; `adjudicator dry-gulch plan`"),
        (["black-hills", "best", MID], "is a Gads Hill 1874 state; "),
        (["dry-gulch", "score", BH], "is a Black Hills state; "),
    ],
)
def test_the_wrong_kind_of_file_is_named_for_what_it_is(args: list[str], wanted: str) -> None:
    err = one_line(args, wanted)
    for wrong in ("malformed TOML", "unknown tag", "unknown key", "missing"):
        assert wrong not in err


def test_a_state_of_its_own_edition_files_is_a_state(tmp_path: Path) -> None:
    state = tmp_path / "state.toml"
    state.write_text('edition = { board = "town.toml", cards = "town-cards.toml" }\n')
    assert file_kind(state) == ("state", "Old Town or Gads Hill 1874")
