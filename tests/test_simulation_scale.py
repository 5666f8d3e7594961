"""Simulations at scale (`adjudicator.simulation`, `simulate` / `simulate report`): on a
local Dask cluster of worker processes (loopback only), the same seeds give the same
store with 1 worker and with 2; a stopped run resumes without repeating or losing a game;
a worker killed mid-run loses nothing and doubles nothing; the report draws PNG, SVG and
one HTML page. The report's figures and the Wilson interval are held equal to twins
written here, sharing no code with `simulation/stats.py`.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.core.errors import InputError
from adjudicator.simulation.batch import TIMING_COLUMNS, play_batch
from adjudicator.simulation.report import PLOTS, write_report
from adjudicator.simulation.run import run_store
from adjudicator.simulation.spec import RunSpec
from adjudicator.simulation.stats import Report, read_report, wilson
from adjudicator.simulation.store import Store
from tests.budget import examples
from tests.simulation_support import simulate_app

pytest.importorskip("distributed")

# 8 short games (random policy, 3 seats), 4 batches: enough for two workers to share
SPEC = RunSpec("gads-hill-1874", "random", 3, seed=11, games=8, batch_size=2)

app = simulate_app()


runner = CliRunner()


def _rows(store: Store) -> list[dict[str, Any]]:
    """The store's rows without the timing columns, in seed order."""
    table = store.read_all().drop_columns(list(TIMING_COLUMNS))
    return sorted(table.to_pylist(), key=lambda r: r["seed"])


@pytest.fixture(scope="module")
def two_worker_store(cluster: Any, tmp_path_factory: pytest.TempPathFactory) -> Store:
    store = Store.create_or_resume(tmp_path_factory.mktemp("two") / "run", SPEC)
    outcome = run_store(store, scheduler=cluster.scheduler_address)
    assert (outcome.played, outcome.games, outcome.workers) == (4, 8, 2)
    return store


def test_one_worker_and_two_give_the_same_store(two_worker_store: Store, tmp_path: Path) -> None:
    one = Store.create_or_resume(tmp_path / "one", SPEC)
    outcome = run_store(one, workers=1)  # a cluster of its own, one worker process
    assert (outcome.played, outcome.games, outcome.workers) == (4, 8, 1)
    rows = _rows(one)
    assert [r["seed"] for r in rows] == list(range(11, 19))
    assert rows == _rows(two_worker_store)
    # ... and equal to the same batch played in this process (another hash seed)
    _, table, _ = play_batch(SPEC, 1)
    here = table.drop_columns(list(TIMING_COLUMNS)).to_pylist()
    assert here == rows[2:4]
    timed = one.read_all().to_pylist()  # a wall time per turn, a CPU time per game
    assert all(len(r["turn_ms"]) == r["turns"] and r["cpu_seconds"] > 0 for r in timed)


def test_a_stopped_run_resumes_without_repeating_or_losing_games(
    cluster: Any, two_worker_store: Store, tmp_path: Path
) -> None:
    store = Store.create_or_resume(tmp_path / "run", SPEC)
    seen: list[int] = []

    def stop_after_two(games: int) -> None:
        seen.append(games)
        if len(seen) == 2:
            raise KeyboardInterrupt  # Ctrl-C after the second batch is written

    with pytest.raises(KeyboardInterrupt):
        run_store(store, scheduler=cluster.scheduler_address, on_batch=stop_after_two)
    first = store.finished()
    assert len(first) == 2
    kept = {b: store.path(b).stat().st_mtime_ns for b in first}
    resumed = Store.create_or_resume(tmp_path / "run", SPEC)
    outcome = run_store(resumed, scheduler=cluster.scheduler_address)
    assert (outcome.already, outcome.played, outcome.games) == (2, 2, 4)
    assert {b: store.path(b).stat().st_mtime_ns for b in first} == kept  # not played again
    assert _rows(resumed) == _rows(two_worker_store)
    again = run_store(resumed, scheduler=cluster.scheduler_address)
    assert (again.played, again.games) == (0, 0)


def test_another_run_is_not_mixed_into_a_store(tmp_path: Path) -> None:
    Store.create_or_resume(tmp_path / "run", SPEC)
    other = RunSpec("gads-hill-1874", "random", 3, seed=11, games=9, batch_size=2)
    with pytest.raises(InputError, match=r"run\.json: holds another run"):
        Store.create_or_resume(tmp_path / "run", other)


def test_a_worker_killed_mid_run_loses_no_game_and_counts_none_twice(
    cluster: Any, two_worker_store: Store, tmp_path: Path
) -> None:
    from dask.distributed import Client

    spec = RunSpec("gads-hill-1874", "random", 3, seed=11, games=8, batch_size=1)
    store = Store.create_or_resume(tmp_path / "run", spec)
    killed: list[tuple[int, list[str]]] = []
    with Client(cluster.scheduler_address) as client:
        pids: dict[str, int] = client.run(os.getpid)

        def kill_a_busy_worker() -> None:
            """Watch the scheduler; kill the first worker seen playing a batch."""
            for _ in range(3000):
                busy = {a: keys for a, keys in client.processing().items() if keys}
                if busy:
                    address = sorted(busy)[0]
                    os.kill(pids[address], signal.SIGKILL)
                    killed.append((pids[address], list(busy[address])))
                    return
                time.sleep(0.005)

        watcher = threading.Thread(target=kill_a_busy_worker)
        watcher.start()
        outcome = run_store(store, scheduler=cluster.scheduler_address)
        watcher.join()
    assert killed and killed[0][1]  # a batch was lost with the worker ...
    assert outcome.games == 8  # ... and played again elsewhere
    rows = _rows(store)
    assert [r["seed"] for r in rows] == list(range(11, 19))  # each game exactly once
    for row in rows:
        row["batch"] = 0  # batches of 1 here, of 2 in the reference
    reference = _rows(two_worker_store)
    for row in reference:
        row["batch"] = 0
    assert rows == reference


def test_audit_games_on_the_cluster_equal_the_audits_own_simulation(cluster: Any) -> None:
    from adjudicator.deduction.audit import simulation_stats
    from adjudicator.deduction.files.editions import load_edition
    from adjudicator.simulation.audit_games import audit_games

    edition = load_edition("old-town")  # sent to the workers as it was read here
    ticks: list[int] = []
    on_cluster = audit_games(
        edition, 4, 5, ticks.append, scheduler=cluster.scheduler_address, batch_size=2
    )
    assert on_cluster == simulation_stats(edition, 4, 5)
    assert sum(ticks) == 4 and on_cluster["games"] == 4


def test_the_report_draws_png_svg_and_one_html_page(two_worker_store: Store) -> None:
    report = read_report(two_worker_store)
    written = write_report(report, two_worker_store.root / "report")
    names = {p.name for p in written}
    assert names == {f"{n}.{e}" for n in PLOTS for e in ("png", "svg")} | {"report.html"}
    for name in PLOTS:
        assert (two_worker_store.root / "report" / f"{name}.png").read_bytes()[:8] == (
            b"\x89PNG\r\n\x1a\n"
        )
        assert "<svg" in (two_worker_store.root / "report" / f"{name}.svg").read_text()
    page = (two_worker_store.root / "report" / "report.html").read_text()
    assert page.count("<svg") == len(PLOTS)  # inlined: one page, nothing to fetch
    assert "src=" not in page and "<?xml" not in page
    assert f"{report.games} games" in page


def test_the_command_runs_resumes_and_reports(cluster: Any, tmp_path: Path) -> None:
    out = tmp_path / "runs"
    args = ["simulate", "gads-hill-1874", "--games", "4", "--batch-size", "2"]
    args += ["--policy", "random", "--seed", "11", "--out", str(out)]
    args += ["--scheduler", cluster.scheduler_address]
    first = runner.invoke(app, [*args, "--json", "--records", str(tmp_path / "records")])
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["run"]["played_games"] == 4 and data["report"]["games"] == 4
    assert data["store"] == str(out)
    written = sorted(p.name for p in (tmp_path / "records").iterdir())
    assert written == [f"gads-hill-1874-random-3p-{seed}.game" for seed in range(11, 15)]
    again = runner.invoke(app, [*args, "--json"])  # finished: nothing to play again
    assert json.loads(again.output)["run"]["played_games"] == 0
    shown = runner.invoke(app, ["simulate", "report", str(out), "--json"])
    assert shown.exit_code == 0, shown.output
    report = json.loads(shown.output)
    assert report["report"] == data["report"]
    assert all(Path(p).is_file() for p in report["files"])
    table = runner.invoke(app, ["simulate", "report", str(out)])
    assert "Simulation: gads-hill-1874, random policy" in table.output


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["gads-hill-1874", "--scheduler", "localhost"], "--scheduler: localhost: expected"),
        (["monopoly"], "EDITION: unknown edition"),
        (
            ["gads-hill-1874", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
            "--workers: 2: give --workers or --scheduler, not both",
        ),
        (["report", "{tmp}"], "not a simulation store (no run.json)"),
    ],
)
def test_bad_input_is_one_line(args: list[str], line: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", *(a.format(tmp=tmp_path) for a in args)])
    assert result.exit_code == 1
    assert line in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_command_loads_no_cluster_store_or_plots_to_start() -> None:
    probe = (
        "import sys, typer\n"
        "from typer.testing import CliRunner\n"
        "from adjudicator.cli import simulate_cmd\n"
        "app = typer.Typer(); simulate_cmd.register(app)\n"
        "def other() -> None: pass\n"
        "app.command()(other)\n"
        "assert CliRunner().invoke(app, ['simulate', '--help']).exit_code == 0\n"
        "heavy = ('dask', 'distributed', 'pyarrow', 'matplotlib', 'numpy', 'ortools')\n"
        "print([m for m in sys.modules if m.split('.')[0] in heavy])\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# ----- the figures against twins --------------------------------------------------------


def _wilson_by_bisection(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson interval from its definition: the proportions p0 with
    |wins/n - p0| <= z * sqrt(p0 (1 - p0) / n), found by bisection on each side."""
    p = wins / n

    def inside(p0: float) -> bool:
        return abs(p - p0) <= z * math.sqrt(p0 * (1 - p0) / n)

    def edge(outside: float) -> float:
        lo, hi = outside, p  # `outside` is not in the interval (or is its end), p is
        for _ in range(100):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if inside(mid) else (mid, hi)
        return hi

    return (0.0 if inside(0.0) else edge(0.0)), (1.0 if inside(1.0) else edge(1.0))


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
@settings(max_examples=examples(200), deadline=None)
def test_the_wilson_interval_is_its_definition(case: tuple[int, int]) -> None:
    wins, n = case
    low, high = wilson(wins, n)
    twin_low, twin_high = _wilson_by_bisection(wins, n)
    assert low == pytest.approx(twin_low, abs=1e-9)
    assert high == pytest.approx(twin_high, abs=1e-9)
    assert low <= wins / n <= high


SEATS = ("ann", "bob", "cid")


@st.composite
def _games(draw: st.DrawFn) -> list[dict[str, Any]]:
    rows = []
    for _ in range(draw(st.integers(1, 12))):
        scores = draw(st.lists(st.integers(0, 40), min_size=3, max_size=3))
        best = max(scores)
        held = sorted(draw(st.sets(st.integers(1, 8), max_size=8)))
        dead = sorted(draw(st.sets(st.sampled_from(held)))) if held else []
        plays = draw(
            st.lists(
                st.tuples(st.integers(1, 8), st.sampled_from(SEATS), st.integers(-2, 6)),
                max_size=10,
            )
        )
        rows.append(
            {
                "seats": list(SEATS),
                "scores": scores,
                "winners": [s for s, p in zip(SEATS, scores, strict=True) if p == best],
                "turns": draw(st.integers(5, 60)),
                "finished": draw(st.booleans()),
                "held": held,
                "dead": dead,
                "played": sorted(c for c, _, _ in plays),
                "discarded": sorted(draw(st.lists(st.integers(1, 8), max_size=3))),
                "play_cards": [c for c, _, _ in plays],
                "play_players": [p for _, p, _ in plays],
                "play_points": [float(x) for _, _, x in plays],
                "seconds": 0.5,
                "turn_ms": [1.0],
            }
        )
    return rows


def _twin(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures counted row by row, card by card, from the definitions."""
    games = len(rows)
    seat_wins = [sum(r["seats"][k] in r["winners"] for r in rows) for k in range(3)]
    cards = sorted({c for r in rows for c in r["held"] + r["play_cards"] + r["discarded"]})
    winner_total = sum(
        p for r in rows for s, p in zip(r["seats"], r["scores"], strict=True) if s in r["winners"]
    )
    out: dict[int, tuple[float, ...]] = {}
    for c in cards:
        held = sum(c in r["held"] for r in rows)
        dead = sum(c in r["dead"] for r in rows)
        in_play = [r for r in rows if c in r["play_cards"]]
        won = [
            r
            for r in in_play
            if any(
                card == c and player in r["winners"]
                for card, player in zip(r["play_cards"], r["play_players"], strict=True)
            )
        ]
        points = sum(
            x
            for r in rows
            for card, player, x in zip(
                r["play_cards"], r["play_players"], r["play_points"], strict=True
            )
            if card == c and player in r["winners"]
        )
        out[c] = (
            dead / held if held else 0.0,
            len(won) / len(in_play) if in_play else 0.0,
            points / winner_total if winner_total else 0.0,
        )
    return {"games": games, "seat_wins": seat_wins, "cards": out}


@given(_games(), st.integers(1, 4))
@settings(max_examples=examples(150), deadline=None)
def test_the_report_figures_equal_their_twin(rows: list[dict[str, Any]], cut: int) -> None:
    report = Report(RunSpec("gads-hill-1874", "random", 3, 1, len(rows), 4))
    for start in range(0, len(rows), cut):  # batch by batch, as the store is read
        part = rows[start : start + cut]
        report.add_rows({k: [r[k] for r in part] for k in rows[0]})
    twin = _twin(rows)
    assert report.games == twin["games"]
    assert [s.wins for s in report.seats] == twin["seat_wins"]
    for card, (dead_rate, decisive, share) in twin["cards"].items():
        figures = report.cards[card]
        assert figures.dead_rate == pytest.approx(dead_rate)
        assert figures.decisive == pytest.approx(decisive)
        assert report.win_share(figures) == pytest.approx(share)
