"""Issue 25: `hint` on a record of a real table (no seed: nobody's cards written down)
takes the acting player's hand (`--hand 12,40`) and ranks its turns, instead of offering
only "pass"; each turn it gives is one `game move` takes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli.main import app

runner = CliRunner()


def real_table(tmp_path: Path) -> Path:
    record = tmp_path / "real.game"
    args = ["game", "new", str(record), "--edition", "gads-hill-1874", "--players", "ann,bob,cy"]
    buildings = "ann=hotel doc; bob=courthouse bank; cy=butcher casino"
    assert runner.invoke(app, [*args, "--buildings", buildings]).exit_code == 0
    return record


def test_without_a_hand_the_hint_says_how_to_give_one(tmp_path: Path) -> None:
    record = real_table(tmp_path)
    shown = runner.invoke(app, ["hint", str(record)])
    assert shown.exit_code == 0
    assert f"adjudicator hint {record} --hand 12,40" in shown.stdout
    data = json.loads(runner.invoke(app, ["hint", str(record), "--json"]).stdout)
    assert [a["kind"] for a in data["actions"]] == ["pass"]


def test_with_the_hand_the_hint_ranks_its_turns_and_game_move_takes_them(
    tmp_path: Path,
) -> None:
    record = real_table(tmp_path)
    result = runner.invoke(app, ["hint", str(record), "--hand", "8, 19 30", "--json"])
    assert result.exit_code == 0, result.output
    actions = json.loads(result.stdout)["actions"]
    assert len(actions) > 1 and actions[0]["kind"] != "pass"
    assert {c for a in actions for c in a.get("cards", [])} <= {8, 19, 30}
    move = re.search(r"'(.*)'", actions[0]["command"])
    assert move is not None
    done = runner.invoke(app, ["game", "move", str(record), move.group(1)])
    assert done.exit_code == 0, done.output


def test_a_bad_hand_is_one_line(tmp_path: Path) -> None:
    record = real_table(tmp_path)
    for hand, said in (("8,99", "--hand '99': no such card"), ("8 8", "--hand 8: named twice")):
        result = runner.invoke(app, ["hint", str(record), "--hand", hand])
        assert result.exit_code == 1 and result.stdout == ""
        assert result.stderr.strip() == f"error: {record}: {said}"


def test_a_record_that_deals_from_a_seed_knows_the_hand(tmp_path: Path) -> None:
    record = tmp_path / "seeded.game"
    args = ["game", "new", str(record), "--edition", "old-town", "--players", "ann,bob,cy"]
    assert runner.invoke(app, [*args, "--seed", "3"]).exit_code == 0
    result = runner.invoke(app, ["hint", str(record), "--hand", "8"])
    assert result.exit_code == 1
    assert "--hand: the record already knows ann's cards" in result.stderr
    plain = runner.invoke(app, ["hint", str(record)])
    assert plain.exit_code == 0 and "--hand" not in plain.stdout
