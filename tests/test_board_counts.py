"""A board's own counts checked against each other (issue 40, item 4): a board copied from
old-town.toml and grown to 17 spaces keeps `end_at = 16`, and its game would end with a
space empty; `audit` says so in a warning."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.models.board_counts import board_count_warnings

runner = CliRunner()
EXTRA_SPACE = '[[spaces]]\nid = "a3"\nx = 0\ny = 2\nentrance = "cemetery-rd"\n'


def _board(tmp_path: Path, end_at: int | None = None, grow: bool = False) -> Path:
    text = (data_dir("boards") / "old-town.toml").read_text(encoding="utf-8")
    if grow:  # a 17th space west of b3, as a table's own board might have it
        text = text.replace("[[spaces]]", EXTRA_SPACE + "[[spaces]]", 1)
    if end_at is not None:
        text = text.replace("end_at = 16 ", f"end_at = {end_at} ", 1)
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    shutil.copy(data_dir("cards") / "old-town.toml", tmp_path / "cards.toml")
    return path


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_the_shipped_boards_counts_agree(edition: str) -> None:
    """Gads Hill's locomotive ends at 22 of 25 on purpose (A5): no warning for it."""
    assert board_count_warnings(load_board(data_dir("boards") / f"{edition}.toml")) == []


def test_a_grown_board_that_kept_end_at_is_warned(tmp_path: Path) -> None:
    (line,) = board_count_warnings(load_board(_board(tmp_path, grow=True)))
    assert line == (
        "end_at = 16 on a board of 17 building spaces: the game ends with 1 space empty "
        "(for a complete town, end_at = 17)"
    )


def test_an_end_the_locomotive_never_reaches_is_warned(tmp_path: Path) -> None:
    (line,) = board_count_warnings(load_board(_board(tmp_path, end_at=20)))
    assert line.startswith("end_at = 20, but the board holds 16 (16 building spaces)")


def test_an_end_beyond_the_buildings_is_warned(tmp_path: Path) -> None:
    text = (data_dir("boards") / "old-town.toml").read_text(encoding="utf-8")
    # Four of the 18 buildings left out: 14 buildings cannot fill 16 spaces.
    gone = r'\[\[buildings\]\]\nid = "(casino|hotel|bank|church)"\nname = "[^"]*"\n'
    text, n = re.subn(gone, "", text)
    assert n == 4
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    lines = board_count_warnings(load_board(path))
    assert any("needs 16 buildings placed, but the board has 14" in x for x in lines), lines


def test_audit_prints_the_warning(tmp_path: Path) -> None:
    board = _board(tmp_path, grow=True)
    result = runner.invoke(
        app, ["audit", str(tmp_path / "cards.toml"), "--board", str(board), "--json"]
    )
    assert "Traceback" not in result.output
    found = [f for f in json.loads(result.stdout)["findings"] if f["code"] == "board-counts"]
    assert [f["severity"] for f in found] == ["warning"]
    assert "ends with 1 space empty" in found[0]["message"]


# ----- the card and board files' own notes name commands that work -------------------------

NOTED = re.compile(r"^#\s{2,}adjudicator ([a-z-]+)(?: ([a-z-]+))?", re.M)  # a command line


@pytest.mark.parametrize("kind", ["cards", "boards"])
@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_the_files_notes_name_commands_and_modules_that_exist(kind: str, edition: str) -> None:
    """cards/old-town.toml told a transcriber to run `python -c "from
    adjudicator.editions import ..."` and named adjudicator/clue.py: neither exists."""
    text = (data_dir(kind) / f"{edition}.toml").read_text(encoding="utf-8")
    notes = "\n".join(x for x in text.splitlines() if x.startswith("#"))
    assert "python -c" not in notes
    root = Path(__file__).parents[1]
    for module in re.findall(r"\badjudicator/[\w/]+\.py\b", notes):
        assert (root / module).is_file(), module
    commands = NOTED.findall(notes)
    assert commands or kind == "boards"
    for command, sub in commands:
        words = [command] + ([sub] if sub and command in ("cards", "board", "game") else [])
        result = runner.invoke(app, [*words, "--help"])
        assert result.exit_code == 0, (words, result.output)


def test_the_old_town_notes_examples_read(tmp_path: Path) -> None:
    """The printed cards the notes show are cards of the notation."""
    from adjudicator.deduction.files.editions import load_edition
    from adjudicator.deduction.models.printed_card import printed_card

    for edition in ("old-town", "gads-hill-1874"):
        text = (data_dir("cards") / f"{edition}.toml").read_text(encoding="utf-8")
        board = load_edition(edition).board
        for written in re.findall(r"play STATE '([^']+)'", text):
            printed_card(written, board)
