"""The light install (issue 36): `pip install .` is the table, without Dask, pyarrow or
matplotlib; `pip install ".[scale]"` adds them (and pandas) for simulations at scale.
Without them (made missing here: `sys.modules[name] = None` makes an import fail), a run
that asks for a cluster, a store or plots refuses in one line naming the extra, exit
status 1, and a plain `simulate` plays in this process, the report the same as the
store's. pandas stays importable here: OR-Tools requires it (its CP-SAT model imports it),
so every install has it, though our dependencies do not name it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.simulation.batch import play_batch, schema
from adjudicator.simulation.in_process import run_here
from adjudicator.simulation.spec import RunSpec
from adjudicator.simulation.stats import Report

ROOT = Path(__file__).resolve().parents[1]
SCALE = ("dask", "distributed", "pyarrow", "matplotlib")
INSTALL = 'pip install "adjudicator[scale]"'
runner = CliRunner()


def _project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        project: dict[str, Any] = tomllib.load(f)["project"]
    return project


def _name(requirement: str) -> str:
    """A requirement's distribution name: `dask[distributed]>=2024.1` is `dask`."""
    for stop in "[<>=!~; ":
        requirement = requirement.split(stop)[0]
    return requirement.strip().lower()


def test_the_core_dependencies_name_none_of_the_scale_libraries() -> None:
    project = _project()
    core = {_name(r) for r in project["dependencies"]}
    assert not core & {*SCALE, "pandas"}, core & {*SCALE, "pandas"}
    extras = project["optional-dependencies"]
    assert {_name(r) for r in extras["scale"]} == {"dask", "pyarrow", "pandas", "matplotlib"}
    assert any("distributed" in r for r in extras["scale"])  # Dask's cluster, `dask[...]`
    # the README's set-up (`pip install -e ".[test]"`) still brings everything
    assert "adjudicator[scale]" in extras["test"]


@pytest.fixture
def without_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    """An install without the `scale` extra: each of its libraries fails to import."""
    for name in (*SCALE, "dask.distributed", "pyarrow.parquet", "matplotlib.figure"):
        monkeypatch.setitem(__import__("sys").modules, name, None)


def _refused(args: list[str], what: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    line = result.stderr.strip()
    assert line.startswith(f"error: {what} needs "), line
    assert line.endswith(INSTALL) and "\n" not in line, line
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)


@pytest.mark.usefixtures("without_scale")
def test_a_cluster_a_store_or_plots_without_the_extra_is_one_line(tmp_path: Path) -> None:
    run = ["simulate", "gads-hill-1874", "--games", "2"]
    _refused([*run, "--workers", "2"], "simulate --workers")
    _refused([*run, "--out", str(tmp_path / "runs")], "simulate --out")
    _refused([*run, "--scheduler", "tcp://127.0.0.1:1"], "simulate --scheduler")
    _refused(["simulate", "report", str(tmp_path)], "simulate report")
    _refused(["audit", "old-town", "--games", "2", "--workers", "1"], "audit --workers/--scheduler")
    assert not (tmp_path / "runs").exists()


@pytest.mark.usefixtures("without_scale")
@pytest.mark.parametrize("edition", ["gads-hill-1874", "dry-gulch", "black-hills"])
def test_a_plain_simulate_without_the_extra_plays_here(edition: str, tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            *("simulate", edition, "--games", "3", "--batch-size", "2", "--json"),
            *("--records", str(tmp_path / "records")),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["store"] is None
    assert data["run"]["played_games"] == data["report"]["games"] == 3
    assert data["run"]["workers"] == 1
    assert len(list((tmp_path / "records").glob("*.game"))) == 3


@pytest.mark.usefixtures("without_scale")
def test_audit_games_without_the_extra_plays_here() -> None:
    result = runner.invoke(app, ["audit", "old-town", "--games", "2", "--json"])
    assert result.exit_code in (0, 1), result.output  # 1: the audit's own errors
    assert json.loads(result.stdout)["stats"]["games"] == 2


@pytest.mark.parametrize("edition", ["gads-hill-1874", "dry-gulch", "black-hills"])
def test_a_run_played_here_reports_what_the_store_would(edition: str) -> None:
    """The same seeds counted from plain rows (here) and from the Arrow tables a store
    holds: the same report, but for the game time; and the same columns."""
    players = 4 if edition == "black-hills" else 3
    spec = RunSpec(edition, "random", players, 7, 5, 2)
    here, outcome = run_here(spec)
    stored = Report(spec)
    for batch in range(spec.batches):
        stored.add_rows(play_batch(spec, batch)[1].to_pydict())
    assert here.columns == stored.columns == frozenset(schema(spec.game).names)
    assert outcome.games == 5 and outcome.played == spec.batches == 3
    mine, theirs = here.to_json(), stored.to_json()
    del mine["game_seconds"], theirs["game_seconds"]
    assert mine == theirs


_BLOCKED = f"""
import runpy, sys
for name in {SCALE!r}:
    sys.modules[name] = None  # an install without the extra: each import fails
sys.argv = ["adjudicator", *sys.argv[1:]]
runpy.run_module("adjudicator.cli.main", run_name="__main__")
"""


@pytest.mark.parametrize(
    "args",
    [
        ["play", "examples/gads-hill-mid.toml", "43", "--as", "school"],
        ["simulate", "old-town", "--games", "2", "--json"],
    ],
)
def test_the_table_runs_as_a_process_without_the_extra(args: list[str]) -> None:
    """The README's first command, and a plain simulation, as whole processes in which
    none of the extra's libraries can be imported."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _BLOCKED, *args], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
