"""The scale benchmark's synthetic boards and the shape of `python -m benchmarks --scale
--json`, and the start-up case. No time is asserted (speed is never a test)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from adjudicator.core.data import data_dir
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.play import rule_play
from benchmarks.cases import SCALE_SIZES, bench_cases, run_case
from benchmarks.cli import app
from benchmarks.synthetic import synthetic_game


def test_bench_scale_json() -> None:
    result = CliRunner().invoke(app, ["--scale", "--runs", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [p["spaces"] for p in data["scale"]] == list(SCALE_SIZES) == [50, 100, 200, 400]
    for p in data["scale"]:
        assert p["stop_ms"] > 0 and p["condition_play_ms"] > 0
        assert p["runs"] == 2 and p["claims"] > 0 and p["points"] > 0
    assert data["twin"] is None


@pytest.mark.parametrize("spaces", [50, 137])
def test_synthetic_game(spaces: int) -> None:
    """A board through the real loader, a consistent mid-game with STOP claims, and a
    playable next_to condition card on a marked building, as an open my building."""
    game = synthetic_game(spaces)
    state, board = game.state, game.state.board
    assert game.spaces == spaces == len(board.buildings)
    assert len(state.markers) == 12
    assert all(2 <= len(ss) <= 4 for ss in state.markers.values())
    assert max(state.marker_counts.values()) <= board.max_markers_per_space
    assert not set(state.marker_counts) & set(state.placed.values())
    card = state.cards[game.condition_card]
    assert card.kind == "condition" and card.relation == "next_to"
    assert card.subject in state.markers and state.is_open(game.my_building)
    report = stop_report(state)
    assert report.removable and report.determined and not report.conflicts
    if spaces == 50:  # the twin enumerates every placement: only the smallest
        assert stop_report(state, "twin") == report
    ruling = rule_play(state, game.condition_card, game.my_building)
    assert ruling.playable and ruling.points > 0


def test_python_m_main_runs_a_command() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "adjudicator.cli.main",
            "stop",
            "--json",
            str(data_dir("examples") / "gads-hill-mid.toml"),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["points"] == 6


def test_startup_case_reports_cpu_and_wall() -> None:
    case = next(c for c in bench_cases() if c.name == "startup-stop")
    r = run_case(case, 1, 0, lambda *_: None).to_json()
    assert r["median_ms"] > 0 and r["wall_ms"] > 0 and r["runs"] == 1
