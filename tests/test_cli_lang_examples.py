"""Issue 25: the shipped examples can be named from anywhere (`example:gads-hill-mid`),
so the help's examples run outside a clone; `adjudicator examples` lists them and copies
one to work on; they are read-only; an error names a shipped file as a user does."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import examples as shipped
from adjudicator.cli.help import EXAMPLES
from adjudicator.cli.main import app
from adjudicator.cli.output import error_line
from adjudicator.core.errors import InputError

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent

# Help examples that write, serve, or take long; the rest must run from any folder.
_SKIP = (
    "--write",
    " new ",
    " move ",
    " undo ",
    "--svg",
    "--out",
    "--to",
    "serve",
    "simulate",
    "audit",
    "club.game",
    "table.toml",
    "my-",
    "runs/",
    "game.toml",
)


def _read_only() -> list[str]:
    every = {line for lines in EXAMPLES.values() for line in lines}
    return sorted(e for e in every if not any(s in f" {e} " for s in _SKIP))


def test_pyproject_ships_the_examples_in_the_wheel() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"examples" = "adjudicator/_data/examples"' in text


@pytest.mark.parametrize("line", _read_only())
def test_every_read_only_help_example_runs_outside_the_clone(
    line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "examples/" not in line  # a clone's path: named by example: instead
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, shlex.split(line)[1:])
    assert result.exit_code == 0, (line, result.output)


def test_the_console_script_finds_an_example_from_another_folder(tmp_path: Path) -> None:
    script = shutil.which("adjudicator", path=str(Path(sys.executable).parent))
    assert script is not None
    done = subprocess.run(
        [script, "state", "check", "example:gads-hill-mid"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "is a valid state of Gads Hill 1874" in done.stdout


def test_examples_lists_them_and_copies_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listed = json.loads(runner.invoke(app, ["examples", "--json"]).stdout)["examples"]
    names = [e["name"] for e in listed]
    assert "example:gads-hill-mid" in names and "example:dry-gulch-table" in names
    assert next(e for e in listed if e["name"] == "example:old-town-mid")["shows"]
    monkeypatch.chdir(tmp_path)
    copied = runner.invoke(app, ["examples", "gads-hill-mid"])
    assert copied.exit_code == 0
    assert copied.stdout.strip() == "Wrote gads-hill-mid.toml: a copy of example:gads-hill-mid"
    assert (tmp_path / "gads-hill-mid.toml").read_bytes() == (
        ROOT / "examples" / "gads-hill-mid.toml"
    ).read_bytes()
    again = runner.invoke(app, ["examples", "gads-hill-mid"])
    assert again.exit_code == 1 and "exists already" in again.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["play", "example:gads-hill-mid", "43", "--as", "school", "--write"],
        ["game", "move", "example:old-town-table", "ann: pass"],
        ["game", "undo", "example:old-town-table"],
        ["board", "show", "old-town", "--svg", "example:old-town-mid"],
    ],
)
def test_the_examples_are_read_only(args: list[str]) -> None:
    before = {p: p.read_bytes() for p in (ROOT / "examples").iterdir()}
    result = runner.invoke(app, args)
    assert result.exit_code == 1 and result.stdout == ""
    assert "the shipped examples are read-only: copy it here first with" in result.stderr
    assert {p: p.read_bytes() for p in (ROOT / "examples").iterdir()} == before


def test_an_unknown_example_is_one_line_with_a_close_match() -> None:
    result = runner.invoke(app, ["hint", "example:gads-hil-mid"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: example:gads-hil-mid: no such shipped example (")
    assert result.stderr.strip().endswith("did you mean 'example:gads-hill-mid'?")


def test_an_svg_named_example_colon_is_just_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["board", "show", "old-town", "--svg", "example:mine.svg"])
    assert result.exit_code == 0 and (tmp_path / "example:mine.svg").is_file()


def test_an_error_names_an_installed_file_as_a_user_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In an installed copy the data is `adjudicator/_data/...` in site-packages."""
    data = tmp_path / "site-packages" / "adjudicator" / "_data"
    for kind in ("examples", "boards", "cards"):
        shutil.copytree(ROOT / kind, data / kind)
    for where in ("adjudicator.core.data", "adjudicator.deduction.files.editions"):
        monkeypatch.setattr(f"{where}.data_dir", lambda kind: data / kind)
    mid = data / "examples" / "gads-hill-mid.toml"
    said = f"{mid}: line 3: oops; {data / 'cards' / 'old-town.toml'}: card 99"
    assert shipped.shipped_names(said) == (
        "example:gads-hill-mid: line 3: oops; cards/old-town.toml: card 99"
    )
    assert shipped.resolved("example:gads-hill-mid.toml") == mid
    error_line(InputError(str(data / "boards" / "old-town.toml"), "deal", "unknown key"))
    assert capsys.readouterr().err == "error: boards/old-town.toml: deal: unknown key\n"
