"""One resolver for every EDITION|BOARD argument (`resolve_edition`), used by every
command that takes one; and the command modules share options through `cli/options.py`,
never by importing each other."""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.deduction.files.editions import load_edition, resolve_edition

runner = CliRunner()
CLI = Path(__file__).parents[1] / "adjudicator" / "cli"


@pytest.fixture
def own_town(tmp_path: Path) -> Path:
    """Old Town copied as a board of one's own, its card set under ../cards."""
    (tmp_path / "boards").mkdir()
    (tmp_path / "cards").mkdir()
    shutil.copy(data_dir("boards") / "old-town.toml", tmp_path / "boards" / "my-town.toml")
    shutil.copy(data_dir("cards") / "old-town.toml", tmp_path / "cards" / "my-town.toml")
    return tmp_path / "boards" / "my-town.toml"


def test_a_shipped_edition() -> None:
    files = resolve_edition("old-town")
    assert files.shipped and files.board_file.is_file()
    assert files.cards_file is not None and files.cards_file.is_file()
    assert files.edition() is load_edition("old-town")
    assert files.board().id == "old-town"


def test_a_board_file_with_its_cards_beside(own_town: Path, tmp_path: Path) -> None:
    files = resolve_edition(str(own_town))
    assert not files.shipped and files.cards_file == tmp_path / "cards" / "my-town.toml"
    assert files.edition() is load_edition(str(own_town))
    beside = tmp_path / "lone.toml"
    shutil.copy(own_town, beside)
    shutil.copy(files.cards_file, tmp_path / "lone-cards.toml")
    assert resolve_edition(str(beside)).cards_file == tmp_path / "lone-cards.toml"


def test_a_board_file_without_cards_is_a_board_only(own_town: Path, tmp_path: Path) -> None:
    lonely = tmp_path / "lonely.toml"
    shutil.copy(own_town, lonely)
    files = resolve_edition(str(lonely))
    assert files.cards_file is None and files.board().id == "old-town"
    with pytest.raises(InputError, match="no card set found beside this board file"):
        files.edition()


@pytest.mark.parametrize("name", ["monopoly", "nothere.toml", "boards"])
def test_anything_else_names_the_argument(name: str) -> None:
    with pytest.raises(InputError) as err:
        resolve_edition(name, "--edition")
    assert str(err.value).startswith(f"--edition: unknown edition or board file {name!r}")
    assert "old-town" in str(err.value)


def _every_edition_argument(edition: str, tmp_path: Path) -> list[list[str]]:
    return [
        ["board", "show", edition],
        ["board", "export", edition],
        ["cards", "list", edition],
        ["cards", "show", edition, "3"],
        ["cards", "export", edition],
        ["simulate", edition, "--games", "1"],
        ["game", "new", str(tmp_path / "t.game"), "--edition", edition, "--players", "ann,bob"],
    ]


def test_every_edition_argument_takes_a_board_file(own_town: Path, tmp_path: Path) -> None:
    for args in _every_edition_argument(str(own_town), tmp_path):
        result = runner.invoke(app, [*args, "--json"])
        assert result.exit_code == 0, (args, result.output)
        json.loads(result.stdout)


def test_every_edition_argument_refuses_alike(tmp_path: Path) -> None:
    for args in _every_edition_argument("monopoly", tmp_path):
        result = runner.invoke(app, [*args, "--json"])
        assert result.exit_code == 1, args
        assert "unknown edition or board file 'monopoly'" in result.stderr, args
        assert result.stdout == ""


def test_command_modules_do_not_import_each_other() -> None:
    for path in sorted(CLI.glob("*_cmd.py")):
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("adjudicator"):
                imported |= {node.module or ""} | {f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                imported |= {a.name for a in node.names}
        commands = {m for m in imported if m.startswith("adjudicator.cli.") and m.endswith("_cmd")}
        assert not commands, (path.name, commands)
