"""The command line is the game protocol's (issue 36): no module of `cli/` imports a game
package or is named after a game; what a command needs of a game comes through the
registry (`adjudicator/tables.py`) and the views of `render/tables.py`. The import-linter
contract in pyproject.toml says the same of the import graph."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CLI = Path(__file__).parents[1] / "adjudicator" / "cli"

GAME_IMPORT = re.compile(
    r"adjudicator\.(deduction|dry_gulch|black_hills)|from \.\.(deduction|dry_gulch|black_hills)"
)
GAME_WORDS = ("deduction", "dry_gulch", "black_hills", "old_town", "gads_hill")

def _modules() -> list[Path]:
    return sorted(CLI.glob("*.py"))


@pytest.mark.parametrize("module", _modules(), ids=lambda p: p.name)
def test_a_command_module_imports_no_game_package(module: Path) -> None:
    found = [
        f"{module.name}:{n}: {line.strip()}"
        for n, line in enumerate(module.read_text(encoding="utf-8").splitlines(), 1)
        if GAME_IMPORT.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("module", _modules(), ids=lambda p: p.name)
def test_no_command_module_is_named_after_a_game(module: Path) -> None:
    assert not any(word in module.stem for word in GAME_WORDS)


def test_the_command_line_names_no_game_package_anywhere() -> None:
    """The same, as the issue's `grep` says it, of the whole of `cli/`."""
    found = [
        f"{p.name}: {line.strip()}"
        for p in _modules()
        for line in p.read_text(encoding="utf-8").splitlines()
        if re.search(r"adjudicator\.(deduction|dry_gulch|black_hills)", line)
    ]
    assert found == []


def test_each_entrys_referee_group_is_built_from_its_entry() -> None:
    """`adjudicator dry-gulch ...` and `black-hills ...` are the commands their entries
    name, in that order, each answered by the entry's referee module."""
    import typer

    from adjudicator.cli.main import COMMANDS
    from adjudicator.cli.state_file_cmds import KINDS, group
    from adjudicator.tables import GAMES

    offering = {name: e for name, e in GAMES.items() if e.commands}
    assert set(offering) == {"dry-gulch", "black-hills"}
    for name, e in offering.items():
        assert COMMANDS[name] == "state_file_cmds"
        built = typer.main.get_group(group(name))
        assert list(built.commands) == [typed for typed, _ in e.commands]
        referee = e.load("referee")
        for _, kind in e.commands:
            assert kind in KINDS
            assert callable(getattr(referee, kind.split("-")[0]))


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["dry-gulch", "pay"], "A Dry Gulch state file (or, to read, a record)."),
        (["black-hills", "turn"], "A Black Hills state file."),
    ],
)
def test_a_groups_help_names_its_game(words: list[str], said: str) -> None:
    """A kind of command shared by the entries says, in each group, whose state it reads."""
    from typer.testing import CliRunner

    from adjudicator.cli.main import app

    r = CliRunner().invoke(app, [*words, "--help"], env={"COLUMNS": "300"})
    assert r.exit_code == 0 and said in r.stdout
