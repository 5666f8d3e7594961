"""The benchmark, outside the package (`python -m benchmarks`, run from the repository's
root): its cases in order, the shape of its --json, a bad --only as one line, and the
command run as a process. No time is asserted (speed is never a test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from benchmarks.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _json(args: list[str]) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
BENCH_NAMES = [
    "stop",
    "startup-python",
    "startup-rich",
    "startup-typer",
    "startup-floor",
    "startup-typer-command",
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
    "puzzle-hint",
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
    from benchmarks.cases import bench_cases
    from benchmarks.web import web_cases

    assert [c.name for c in (*bench_cases(), *web_cases())] == BENCH_NAMES


def test_bench_json_shape() -> None:
    """The benchmark reports its cases; no time is asserted (speed is never a test). One
    case of each kind, run once: the whole benchmark is `python -m benchmarks`'s own run,
    not the suite's."""
    picked = (
        "stop,startup-stop,startup-help,legal-moves-old-town,limit-replay-longest-dry-gulch,"
        "web-preview-old-town,web-update-old*"
    )
    data = _json(["--runs", "1", "--twin-runs", "1", "--only", picked])
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
    assert "beyond_typer_ms" in by_name["startup-stop"]  # beside a Typer command of its own
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
    result = runner.invoke(app, ["--only", "stop,nonsense"])
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line.startswith("error: --only: nonsense: names no case (the cases: stop, ")
    assert "\n" not in line and "Traceback" not in result.output


def test_python_m_benchmarks_runs_from_the_repository() -> None:
    """`python -m benchmarks` as a reader types it at the repository's root: its options
    are `adjudicator bench`'s were, and a bad --only is one line, exit status 1."""
    helped = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    for option in ("--runs", "--twin-runs", "--scale", "--only", "--json"):
        assert option in helped.stdout
    refused = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--only", "nonsense"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert refused.returncode == 1
    assert refused.stderr.startswith("error: --only: nonsense: names no case")
    assert refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr
