"""Issue 25: one flag for the player everywhere, `--player`; `--by`, its old name, is
still taken by every command that takes `--player`, and shown by none of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.aliases import aliased
from adjudicator.cli.main import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MID = str(EXAMPLES / "gads-hill-mid.toml")
DRY = str(EXAMPLES / "dry-gulch-turn.toml")

COMMANDS = [
    ("hint", MID, "--top", "1", "--json"),
    ("play", MID, "43", "--as", "school", "--json"),
    ("discard", MID, "9", "17", "--take", "hotel@d1", "--json"),
    ("buy", MID, "bank", "--json"),
    ("dry-gulch", "plan", DRY, "--json"),
    ("dry-gulch", "pay", DRY, "pharmacist", "--json"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_player_is_the_flag_and_by_its_hidden_old_name(command: tuple[str, ...]) -> None:
    shown = runner.invoke(app, [*command[:2], "--help"]).stdout
    assert "--player" in shown and "--by" not in shown
    as_player = runner.invoke(app, [*command, "--player", "CID"])
    as_by = runner.invoke(app, [*command, "--by", "cid"])
    as_by_eq = runner.invoke(app, [*command, "--by=cid"])
    assert as_player.exit_code == as_by.exit_code == as_by_eq.exit_code
    assert json.loads(as_player.stdout) == json.loads(as_by.stdout) == json.loads(as_by_eq.stdout)


def test_an_unknown_player_is_named_with_the_flag_as_typed_now() -> None:
    result = runner.invoke(app, ["hint", MID, "--player", "zed"])
    assert result.exit_code == 1 and "--player" in result.stderr and "zed" in result.stderr


def test_the_hint_prints_commands_with_player() -> None:
    out = runner.invoke(app, ["hint", MID, "--top", "1", "--player", "cid"]).stdout
    assert "--player cid --write" in out and "--by" not in out


def test_aliased_rewrites_only_options_the_command_lacks() -> None:
    assert aliased(["--player"], ["--by", "ann", "--by=bob", "--", "--by"]) == [
        "--player",
        "ann",
        "--player=bob",
        "--",
        "--by",
    ]
    assert aliased(["--by", "--player"], ["--by", "ann"]) == ["--by", "ann"]  # its own
    assert aliased(["--json"], ["--by", "ann"]) == ["--by", "ann"]  # Click says: no such
