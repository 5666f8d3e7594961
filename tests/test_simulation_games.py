"""Dry Gulch and Black Hills through the simulation path (`simulate dry-gulch|black-hills`,
`simulation/games/`): seeded batches on a local Dask cluster (loopback only), the same
store with 1 worker and with 2, holding the very games the games' own self-play plays; a
stopped run resumes; the report has each game's figures (length, scores, winner by seat,
what decided the game) and not the deduction games' per-card ones. The report's figures
are held equal to the games' own self-play figures and, on random rows, to a twin
written here that shares no code with `simulation/stats.py`.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.core.errors import InputError
from adjudicator.simulation.batch import TIMING_COLUMNS, play_batch, schema
from adjudicator.simulation.report import plots, write_report
from adjudicator.simulation.run import run_store
from adjudicator.simulation.spec import GAMES, RunSpec
from adjudicator.simulation.stats import NO_CARD, Report, read_report
from adjudicator.simulation.store import Store
from tests.budget import examples
from tests.simulation_support import simulate_app

pytest.importorskip("distributed")

# short random games, 3 seats, batches of 2: enough for two workers to share
SPECS = {
    "dry-gulch": RunSpec("dry-gulch", "random", 3, seed=5, games=6, batch_size=2),
    "black-hills": RunSpec("black-hills", "random", 3, seed=5, games=4, batch_size=2),
}
GAME_NAMES = sorted(SPECS)

app = simulate_app()


runner = CliRunner()


@pytest.fixture(scope="module")
def two_worker_stores(cluster: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Store]:
    stores = {}
    for game, spec in SPECS.items():
        store = Store.create_or_resume(tmp_path_factory.mktemp(game) / "run", spec)
        outcome = run_store(store, scheduler=cluster.scheduler_address)
        assert (outcome.played, outcome.games, outcome.workers) == (spec.batches, spec.games, 2)
        stores[game] = store
    return stores


def _rows(store: Store) -> list[dict[str, Any]]:
    """The store's rows without the timing columns, in seed order."""
    table = store.read_all()
    table = table.drop_columns([c for c in TIMING_COLUMNS if c in table.column_names])
    return sorted(table.to_pylist(), key=lambda r: r["seed"])


def _own_games(game: str) -> list[dict[str, Any]]:
    """The games of SPECS[game] as the game's own `simulate` plays them, one by one here."""
    spec = SPECS[game]
    if game == "dry-gulch":
        from adjudicator.dry_gulch.game.simulate import simulate as dg

        return [
            {
                "seed": r.seed,
                "winners": [r.winner] if r.winner else [],
                "turns": r.turns,
                "rounds": r.rounds,
                "scores": [r.influence[s] for s in r.record.header.players],
                "decisive": r.decisive if r.winner else None,
            }
            for r in dg(spec.games, spec.players, spec.policy, spec.seed).results
        ]
    from adjudicator.black_hills.game.simulate import simulate as bh

    return [
        {
            "seed": g.seed,
            "winners": [g.winner] if g.winner else [],
            "turns": g.turns,
            "rounds": g.rounds,
            "decisive": g.decisive if g.winner else None,
            "decisive_events": list(g.decisive_events),
        }
        for g in bh(spec.games, spec.players, spec.policy, spec.seed).games
    ]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_one_worker_and_two_give_the_same_store_of_the_games_own_games(
    game: str, two_worker_stores: dict[str, Store], tmp_path: Path
) -> None:
    spec = SPECS[game]
    one = Store.create_or_resume(tmp_path / "one", spec)
    outcome = run_store(one, workers=1)  # a cluster of its own, one worker process
    assert (outcome.played, outcome.games, outcome.workers) == (spec.batches, spec.games, 1)
    rows = _rows(one)
    assert [r["seed"] for r in rows] == list(range(spec.seed, spec.seed + spec.games))
    assert rows == _rows(two_worker_stores[game])
    assert set(one.read_all().column_names) == set(schema(spec.game).names)
    own = _own_games(game)
    assert [{k: r[k] for k in mine} for r, mine in zip(rows, own, strict=True)] == own
    assert all(r["seats"] == list(spec.seats) for r in rows)
    timed = one.read_all().to_pylist()
    assert all(r["cpu_seconds"] > 0 and r["seconds"] > 0 for r in timed)


def test_the_seats_are_those_the_games_own_self_play_names() -> None:
    from adjudicator.black_hills.game.simulate import simulate as bh
    from adjudicator.dry_gulch.game.simulate import NAMES

    assert GAMES["dry-gulch"].names == NAMES
    four = bh(1, 4, "random", 3).games[0].record.header.players
    assert GAMES["black-hills"].names == tuple(four)


def test_a_stopped_dry_gulch_run_resumes_without_repeating_or_losing_games(
    cluster: Any, two_worker_stores: dict[str, Store], tmp_path: Path
) -> None:
    spec = SPECS["dry-gulch"]
    store = Store.create_or_resume(tmp_path / "run", spec)

    def stop(games: int) -> None:
        raise KeyboardInterrupt  # Ctrl-C once the first batch is written

    with pytest.raises(KeyboardInterrupt):
        run_store(store, scheduler=cluster.scheduler_address, on_batch=stop)
    first = store.finished()
    assert len(first) == 1
    kept = {b: store.path(b).stat().st_mtime_ns for b in first}
    outcome = run_store(
        Store.create_or_resume(tmp_path / "run", spec), scheduler=cluster.scheduler_address
    )
    assert (outcome.already, outcome.played, outcome.games) == (1, 2, 4)
    assert {b: store.path(b).stat().st_mtime_ns for b in first} == kept  # not played again
    assert _rows(store) == _rows(two_worker_stores["dry-gulch"])


def test_a_store_of_one_game_refuses_a_run_of_another(tmp_path: Path) -> None:
    Store.create_or_resume(tmp_path / "run", SPECS["dry-gulch"])
    other = RunSpec("black-hills", "random", 3, seed=5, games=6, batch_size=2)
    with pytest.raises(InputError, match=r"run\.json: holds another run \(dry-gulch, random"):
        Store.create_or_resume(tmp_path / "run", other)
    with pytest.raises(InputError, match=r"holds another run \(dry-gulch"):
        Store.create_or_resume(tmp_path / "run", RunSpec("dry-gulch", "greedy", 3, 5, 6, 2))


def _own_figures(game: str) -> dict[str, Any]:
    """Wins by seat and what decided the games, from the game's own `simulate` figures."""
    spec = SPECS[game]
    if game == "dry-gulch":
        from adjudicator.dry_gulch.game.simulate import simulate as dg

        data = dg(spec.games, spec.players, spec.policy, spec.seed).to_json()
        wins = [data["wins_by_seat"][str(s + 1)]["wins"] for s in range(spec.players)]
        decisive = {
            NO_CARD if d["card"].startswith("(none") else d["card"]: d["games"]
            for d in data["decisive"]
        }
        return {"wins": wins, "finished": data["won"], "decisive": decisive}
    from adjudicator.black_hills.game.simulate import simulate as bh

    data = bh(spec.games, spec.players, spec.policy, spec.seed).to_json()
    decisive = {NO_CARD if k == "-" else k: v for k, v in data["decisive_characters"].items()}
    return {
        "wins": data["wins_by_seat"],
        "finished": data["finished"],
        "decisive": decisive,
        "decisive_events": data["decisive_events"],
    }


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_report_has_the_games_figures_and_no_card_table(
    game: str, two_worker_stores: dict[str, Store]
) -> None:
    store = two_worker_stores[game]
    report = read_report(store)
    data = json.loads(json.dumps(report.to_json(), allow_nan=False))
    assert "cards" not in data  # the per-card columns are the deduction games' only
    assert ("decisive_events" in data) == (game == "black-hills")
    own = _own_figures(game)
    assert [s["wins"] for s in data["seats"]] == own["wins"]
    assert data["finished"] == own["finished"] and data["games"] == SPECS[game].games
    assert {d["name"]: d["games"] for d in data["decisive"]} == own["decisive"]
    if game == "black-hills":
        assert {d["name"]: d["games"] for d in data["decisive_events"]} == own["decisive_events"]
    assert sum(int(k) * v for k, v in data["lengths"].items()) == sum(
        r["turns"] for r in _rows(store)
    )
    written = write_report(report, store.root / "report")
    names = {p.name for p in written}
    drawn = ("scores", "lengths", "seats", "decisive")
    assert plots(report) == drawn
    assert names == {f"{n}.{e}" for n in drawn for e in ("png", "svg")} | {"report.html"}
    assert (store.root / "report" / "decisive.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = (store.root / "report" / "report.html").read_text()
    assert page.count("<svg") == len(drawn) and "<h2>Cards</h2>" not in page
    title = "The character of the winning turn" if game == "black-hills" else "The card whose"
    assert title in page


@pytest.mark.parametrize(
    ("game", "players", "title"),
    [("dry-gulch", 3, "The card whose move won"), ("black-hills", 2, "The character of the")],
)
def test_the_command_runs_resumes_and_reports(
    game: str, players: int, title: str, cluster: Any, tmp_path: Path
) -> None:
    from adjudicator.black_hills.game.record import parse_record
    from adjudicator.dry_gulch.game.record import record_from_text

    out = tmp_path / "runs"
    args = ["simulate", game, "--games", "4", "--batch-size", "2", "--players", str(players)]
    args += ["--policy", "random", "--seed", "5", "--out", str(out)]
    args += ["--scheduler", cluster.scheduler_address]
    first = runner.invoke(app, [*args, "--json", "--records", str(tmp_path / "records")])
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["run"]["played_games"] == 4 and data["report"]["games"] == 4
    assert "cards" not in data["report"] and data["report"]["decisive"]
    written = sorted((tmp_path / "records").iterdir())
    assert [p.name for p in written] == [f"{game}-random-{players}p-{s}.game" for s in range(5, 9)]
    text = written[0].read_text()
    read = record_from_text(text) if game == "dry-gulch" else parse_record(text)
    assert (read.header.seed, len(read.header.players)) == (5, players)
    again = runner.invoke(app, [*args, "--json"])  # finished: nothing to play again
    assert json.loads(again.output)["run"]["played_games"] == 0
    shown = runner.invoke(app, ["simulate", "report", str(out), "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["report"] == data["report"]
    table = runner.invoke(app, ["simulate", "report", str(out)])
    assert f"Simulation: {game}, random policy, {players} players" in table.output
    assert title in table.output and "dead rate" not in table.output


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["dry-gulch", "--players", "7"], "--players: 7: dry-gulch seats 3 to 6"),
        (["dry-gulch", "--players", "2"], "--players: 2: dry-gulch seats 3 to 6"),
        (["black-hills", "--players", "5"], "--players: 5: black-hills seats 2 to 4"),
        (["gads-hill-1874", "--players", "6"], "--players: 6: gads-hill-1874 seats 2 to 5"),
    ],
)
def test_bad_input_is_one_line(args: list[str], line: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 1
    assert line in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


# ----- the figures against a twin -------------------------------------------------------


@st.composite
def _rows_of(draw: st.DrawFn, game: str) -> tuple[RunSpec, list[dict[str, Any]]]:
    players = draw(st.integers(GAMES[game].fewest, len(GAMES[game].names)))
    spec = RunSpec(game, "random", players, 1, 40, 8)
    seats = list(spec.seats)
    rows = []
    for _ in range(draw(st.integers(1, 12))):
        finished = draw(st.booleans())
        row: dict[str, Any] = {
            "seats": seats,
            "scores": draw(st.lists(st.integers(0, 25), min_size=players, max_size=players)),
            "winners": [draw(st.sampled_from(seats))] if finished else [],
            "turns": draw(st.integers(1, 90)),
            "rounds": draw(st.integers(1, 30)),
            "finished": finished,
            "decisive": draw(st.sampled_from(["hotel", "bank", "sheriff", None])),
            "seconds": 0.5,
            "cpu_seconds": 0.4,
        }
        if game == "black-hills":
            row["decisive_events"] = draw(st.lists(st.sampled_from(["bank", "flood"]), max_size=2))
        rows.append(row)
    return spec, rows


def _twin(spec: RunSpec, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures by their definitions, game by game."""
    won = [r for r in rows if r["winners"]]
    wins = [sum(r["winners"] == [s] for r in rows) for s in spec.seats]
    decisive = Counter("(none)" if r["decisive"] is None else r["decisive"] for r in won)
    events = Counter(e for r in won for e in r.get("decisive_events", []))
    interval = []
    for w in wins:  # the Wilson interval's closed form
        n, z = len(rows), 1.959963984540054
        p = w / n
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        interval.append((centre - half, centre + half))
    return {
        "wins": wins,
        "interval": interval,
        "finished": len(won),
        "mean_length": sum(r["turns"] for r in rows) / len(rows),
        "winner_points": sum(r["scores"][spec.seats.index(r["winners"][0])] for r in won),
        "decisive": {k: (v, v / len(won)) for k, v in decisive.items()},
        "events": {k: (v, v / len(won)) for k, v in events.items()},
    }


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data(), game=st.sampled_from(GAME_NAMES), cut=st.integers(0, 12))
def test_the_report_figures_equal_their_twin(data: st.DataObject, game: str, cut: int) -> None:
    spec, rows = data.draw(_rows_of(game))
    report = Report(spec)
    for part in (rows[:cut], rows[cut:]):  # read in two batches, as a store is
        if part:
            report.add_rows({k: [r[k] for r in part] for k in rows[0]})
    twin = _twin(spec, rows)
    out = report.to_json()
    assert [s["wins"] for s in out["seats"]] == twin["wins"]
    for seat, (low, high) in zip(report.seats, twin["interval"], strict=True):
        assert seat.interval == pytest.approx((max(low, 0.0), min(high, 1.0)), abs=1e-9)
    assert out["finished"] == twin["finished"]
    assert out["mean_length"] == pytest.approx(twin["mean_length"], abs=1e-3)
    assert report.winner_points == twin["winner_points"]
    assert {d["name"]: (d["games"], d["rate"]) for d in out["decisive"]} == {
        k: (v, pytest.approx(r, abs=1e-4)) for k, (v, r) in twin["decisive"].items()
    }
    assert ("decisive_events" in out) == (game == "black-hills")
    if game == "black-hills":
        assert {d["name"]: d["games"] for d in out["decisive_events"]} == {
            k: v for k, (v, _) in twin["events"].items()
        }
    assert "cards" not in out
    # the same rows, played nowhere: one batch's table holds them under the game's schema
    assert set(rows[0]) | {"batch", "seed"} == set(schema(spec.game).names)


def test_a_batch_played_here_equals_the_same_batch_on_the_cluster(
    two_worker_stores: dict[str, Store],
) -> None:
    _, table, texts = play_batch(SPECS["dry-gulch"], 1, records=True)
    here = table.drop_columns(["seconds", "cpu_seconds"]).to_pylist()
    assert here == _rows(two_worker_stores["dry-gulch"])[2:4]
    assert [seed for seed, _ in texts] == [7, 8]
