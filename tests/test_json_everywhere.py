"""Every command's --json prints exactly one strict JSON object on stdout (nothing else),
and its human output goes through Rich without error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir

runner = CliRunner()
EX = data_dir("examples")


def _commands(tmp: Path) -> list[list[str]]:
    game = tmp / "g.game"
    shutil.copy(EX / "old-town-table.game", game)
    state = tmp / "s.toml"
    shutil.copy(EX / "gads-hill-mid.toml", state)
    bh = tmp / "bh.toml"
    shutil.copy(EX / "black-hills-round1.toml", bh)
    return [
        ["board", "show", "old-town"],
        ["board", "export", "gads-hill-1874"],
        ["cards", "list", "old-town"],
        ["cards", "show", "gads-hill-1874", "43"],
        ["cards", "export", "old-town"],
        ["state", "check", str(state)],
        ["stop", str(state)],
        ["play", str(state), "43", "--as", "school"],
        ["discard", str(state), "9", "17", "--take", "hotel@d1"],
        ["buy", str(state), "bank"],
        ["hint", str(state), "--top", "3"],
        [
            "game",
            "new",
            str(tmp / "n.game"),
            "--edition",
            "old-town",
            "--players",
            "ann,bob",
            "--force",
        ],
        ["game", "show", str(game)],
        ["replay", str(game)],
        ["simulate", "old-town", "--games", "1", "--seed", "2"],
        ["audit", "old-town"],
        ["black-hills", "show", str(bh)],
        ["black-hills", "turn", str(bh), "ann: miner"],
        ["black-hills", "invest", str(bh), "--by", "cid"],
        ["black-hills", "best", str(bh)],
        ["dry-gulch", "pay", str(EX / "dry-gulch-turn.toml"), "pharmacist"],
        ["dry-gulch", "plan", str(EX / "dry-gulch-turn.toml")],
        ["dry-gulch", "place", str(EX / "dry-gulch-turn.toml"), "saloon", "nw-3"],
        ["dry-gulch", "score", str(EX / "dry-gulch-turn.toml")],
    ]


@pytest.mark.parametrize("index", range(24))
def test_json_is_one_strict_object(tmp_path: Path, index: int) -> None:
    args = _commands(tmp_path)[index]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, (args, result.output)
    data = json.loads(result.stdout, parse_constant=lambda c: pytest.fail(f"{c} in JSON"))
    assert isinstance(data, dict) and result.stdout.lstrip().startswith("{")
    human = runner.invoke(app, args)
    assert human.exit_code == 0, (args, human.output)
    assert "Traceback" not in human.output
