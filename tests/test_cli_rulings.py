"""The rulings commands: exit codes, the documented --json shapes, atomic --write."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.deduction.files.state_file import load_state

runner = CliRunner()
EXAMPLES = data_dir("examples")
RULING_KEYS = {
    "playable",
    "status",
    "reasons",
    "markers_placed",
    "removed",
    "built",
    "points",
    "state",
}


def _json(args: list[str]) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_stop_json_shape() -> None:
    data = _json(["stop", str(EXAMPLES / "old-town-mid.toml")])
    assert data == {"removable": [], "determined": [], "conflicts": [], "points": 0}


def test_play_json_shape_and_tiers() -> None:
    data = _json(["play", str(EXAMPLES / "old-town-mid.toml"), "58", "--as", "stage-coach-office"])
    assert set(data) >= RULING_KEYS
    assert data["playable"] is True and data["status"] == "playable"
    assert {r["tier"] for r in data["removed"]} <= {"card", "cascade", "logic"}
    assert all(set(r) >= {"building", "space", "tier", "reason"} for r in data["removed"])
    assert data["built"] == [{"building": "stage-coach-office", "space": "c3", "tier": "cascade"}]
    assert data["points"] == 6
    assert data["state"]["active"] == "ann"
    assert data["state"]["placed"]["stage-coach-office"] == "c3"


def test_confirmation_is_reported_with_its_code() -> None:
    data = _json(["play", str(EXAMPLES / "old-town-mid.toml"), "23", "--as", "stage-coach-office"])
    assert data["playable"] is False and data["status"] == "confirmation"
    assert data["reasons"][0]["code"] == "P4"


def test_write_applies_a_legal_play(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    shutil.copy(EXAMPLES / "old-town-mid.toml", target)
    result = runner.invoke(
        app, ["play", str(target), "58", "--as", "stage-coach-office", "--write"]
    )
    assert result.exit_code == 0, result.output
    after = load_state(target)
    assert after.placed["stage-coach-office"] == "c3"
    assert after.active == "ann"
    assert 58 not in (after.player("cid").hand or ())
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]  # no temporary left


def test_write_refuses_an_unplayable_play_and_keeps_the_file(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    shutil.copy(EXAMPLES / "old-town-mid.toml", target)
    before = target.read_bytes()
    result = runner.invoke(
        app, ["play", str(target), "22", "--as", "stage-coach-office", "--write"]
    )
    assert result.exit_code == 1
    assert target.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "{mid}", "58", "--as", "bank"], "not a building in front of cid"),
        (["play", "{mid}", "54"], "not in cid's hand"),
    ],
)
def test_illegal_requests_say_why(args: list[str], needle: str) -> None:
    args = [a.format(mid=EXAMPLES / "old-town-mid.toml") for a in args]
    data = _json(args)
    assert data["status"] == "illegal"
    assert needle in data["reasons"][0]["message"]


def test_bad_take_is_one_clear_line() -> None:
    result = runner.invoke(
        app, ["discard", str(EXAMPLES / "old-town-mid.toml"), "19", "22", "--take", "casino"]
    )
    assert result.exit_code == 1
    assert "BUILDING@SPACE" in result.stderr
    assert "Traceback" not in result.output


def test_buy_is_gads_hill_only() -> None:
    data = _json(["buy", str(EXAMPLES / "old-town-mid.toml"), "doc"])
    assert data["status"] == "illegal" and data["reasons"][0]["code"] == "A2"
