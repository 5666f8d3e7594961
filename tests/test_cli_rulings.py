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


EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
BENCH_NAMES = [
    "stop",
    "startup-python",
    "startup-floor",
    "startup-stop",
    "startup-play-condition",
    "startup-state-check",
    "startup-board",
    "startup-cards",
    "startup-help",
    "startup-help-play",
    "play",
    "play-condition",
    "hint",
    *(f"legal-moves-{edition}" for edition in EDITIONS),
    "simulate-greedy",
    "simulate-random",
    *(f"self-play-greedy-{edition}" for edition in EDITIONS),
    "coach-turn",
    "simulate-workers",
    "audit",
    "black-hills-invest",
    "black-hills-best",
    "dry-gulch-pay",
    "dry-gulch-plan",
    "dry-gulch-plan-worst",
    "puzzle-medium",
    "limit-hint-largest-hand",
    "limit-plan-largest-hand",
    "limit-replay-longest-deduction",
    "limit-replay-longest-dry-gulch",
    "limit-replay-longest-black-hills",
    *(
        f"web-{what}-{edition}"
        for edition in EDITIONS
        for what in ("preview", "commit", "update", "hint", "moves")
    ),
]


def test_the_bench_lists_its_cases() -> None:
    """Every case the benchmark runs, in its order (building them runs nothing)."""
    from adjudicator.bench import bench_cases
    from adjudicator.web.bench import web_cases

    assert [c.name for c in (*bench_cases(), *web_cases())] == BENCH_NAMES


def test_bench_json_shape() -> None:
    """The benchmark reports its cases; no time is asserted (speed is never a test). One
    case of each kind, run once: the whole benchmark is `adjudicator bench`'s own run,
    not the suite's."""
    picked = (
        "stop,startup-stop,startup-help,legal-moves-old-town,limit-replay-longest-dry-gulch,"
        "web-preview-old-town,web-update-old*"
    )
    data = _json(["bench", "--runs", "1", "--twin-runs", "1", "--only", picked])
    names = [r["name"] for r in data["results"]]
    assert names == [
        "stop",
        "startup-stop",
        "startup-help",
        "legal-moves-old-town",
        "limit-replay-longest-dry-gulch",
        "web-preview-old-town",
        "web-update-old-town",
    ]
    for r in data["results"]:
        assert set(r) >= {"name", "median_ms", "p95_ms", "twin_median_ms", "twin_p95_ms", "runs"}
        assert r["runs"] == 1
    by_name = {r["name"]: r for r in data["results"]}
    stop = by_name["stop"]
    assert stop["claims"] > 0 and stop["agrees_with_twin"] is True
    assert stop["twin_runs"] == 1 and stop["twin_median_ms"] > 0
    assert stop["twin_ratio"] > 0 and stop["twin_p95_ms"] >= stop["twin_median_ms"]
    assert by_name["startup-stop"]["times_python"] > 1  # beside a bare Python, same rounds
    legal = by_name["legal-moves-old-town"]  # every position of a seeded game, timed once
    assert legal["positions"] > 1 and legal["timed"] == legal["positions"]
    assert legal["p95_ms"] >= legal["median_ms"] > 0
    limit = by_name["limit-replay-longest-dry-gulch"]  # a whole process on the largest input
    assert limit["output_bytes"] > 0 and limit["wall_ms"] > 0
    startup = by_name["startup-help"]  # a whole process, timed by its CPU
    assert startup["median_ms"] > 0 and startup["wall_ms"] > 0
    assert startup["twin_median_ms"] is None and startup["output_bytes"] > 0
    for name in names:
        if name.startswith("web-"):  # served by a real uvicorn, timed from a client
            assert by_name[name]["p95_ms"] >= by_name[name]["median_ms"] > 0
    web = by_name["web-update-old-town"]
    assert 0 < web["first_page_gzip_bytes"] < web["first_page_bytes"]
    assert web["update_wire_bytes_max"] > 0 and web["update_bytes_max"] > 0


def test_bench_only_names_no_case() -> None:
    result = runner.invoke(app, ["bench", "--only", "stop,nonsense"])
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line.startswith("error: --only: nonsense: names no case (the cases: stop, ")
    assert "\n" not in line and "Traceback" not in result.output
