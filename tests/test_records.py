"""Game records (round trips, errors with line numbers), the table companion, replay and
simulation: every simulated move legal, S2 after every move, replays give the same scores."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.record import (
    Buy,
    Discard,
    Draw,
    Header,
    Pass,
    Play,
    Record,
    RecordError,
    Stop,
    Take,
    read_record,
    record_from_text,
    record_to_text,
)
from adjudicator.deduction.game.replay import replay
from adjudicator.deduction.game.simulate import play_game
from tests.budget import examples
from tests.factories import conservation_total

runner = CliRunner()
EXAMPLES = data_dir("examples")
NAMES = st.sampled_from(["ann", "bob", "cid"])
IDS = st.sampled_from(["hotel", "bank", "stage-coach-office", "c3", "d1"])
CARD = st.integers(1, 60)
CLAIM = st.none() | st.integers(0, 30)

MOVES = st.one_of(
    st.builds(
        lambda p, plays, c: Play(p, tuple(plays), claimed=c),
        NAMES,
        st.lists(st.tuples(CARD, st.none() | IDS), min_size=1, max_size=2),
        CLAIM,
    ),
    st.builds(
        lambda p, a, b, bl, sp, c: Discard(p, (a, b), (bl, sp), claimed=c),
        NAMES,
        CARD,
        CARD,
        IDS,
        IDS,
        CLAIM,
    ),
    st.builds(lambda p, b, c: Buy(p, b, claimed=c), NAMES, IDS, CLAIM),
    st.builds(lambda p, bs: Take(p, tuple(bs)), NAMES, st.lists(IDS, min_size=1, max_size=2)),
    st.builds(lambda p, c: Stop(p, claimed=c), NAMES, CLAIM),
    st.builds(Pass, NAMES),
    st.builds(lambda p, cs: Draw(p, tuple(cs)), NAMES, st.lists(CARD, min_size=1, max_size=2)),
)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(MOVES, max_size=12), st.none() | st.integers(0, 99))
def test_writing_then_reading_gives_the_same_record(moves: list, seed: int | None) -> None:  # type: ignore[type-arg]
    header = Header(
        "gads-hill-1874",
        ("ann", "bob", "cid"),
        frames={"frame-east": "cemetery"},
        buildings={"ann": ("hotel", "bank")},
        seed=seed,
        options={"logic_to_active": False},
        tags={"Event": "club night"},
    )
    record = Record(header, tuple(moves))
    assert record_from_text(record_to_text(record)) == record


def test_reading_collects_every_error_with_its_line() -> None:
    text = '[Edition "old-town"]\n[Players "ann, bob"]\nann: 3\nann: fly away\nzed: pass\n[X y]\n'
    with pytest.raises(RecordError) as info:
        record_from_text(text, "t.game")
    lines = [line for line, _ in info.value.errors]
    assert lines == [4, 5, 6]
    assert "line 4" in str(info.value) and "(and 2 more)" in str(info.value)


@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_simulated_games_are_legal_keep_s2_and_replay_to_the_same_scores(
    edition: str, policy: str
) -> None:
    result = play_game(edition, ("ann", "bob", "cid"), 11, policy)  # type: ignore[arg-type]
    assert result.finished and result.game.over
    # Every move legal, and S2 after every move (buys spend two markers each).
    game = new_game(result.record.header)
    start = conservation_total(game.state)
    for move in result.record.moves:
        game, outcome = game.apply(move)
        assert outcome.legal, (move, outcome.message)
        assert conservation_total(game.state) == start
        if move.claimed is not None:
            assert move.claimed == outcome.points
    # The written record replays to the same scores.
    text = record_to_text(result.record)
    again = replay(record_from_text(text))
    assert again.scores() == result.points
    assert not again.illegal and not again.score_differences and not again.overlooked


def test_example_record_replay_finds_the_three_mistakes() -> None:
    r = replay(read_record(EXAMPLES / "old-town-table.game"))
    assert [a.move.line for a in r.illegal] == [21]
    assert "it is ann's turn" in r.illegal[0].outcome.message
    assert [(who, turn, rep.points) for who, turn, rep in r.overlooked] == [("bob", 8, 1)]
    assert [(a.move.line, a.move.claimed, a.outcome.points) for a in r.score_differences] == [
        (31, 5, 6),
        (37, 4, 5),
    ]
    assert r.scores() == {"ann": 35, "bob": 24, "cid": 21}
    assert r.table_scores() == {"ann": 34, "bob": 23, "cid": 21}
    assert r.game.over and r.game.winners() == ["ann"]


def test_replay_json() -> None:
    result = runner.invoke(app, ["replay", str(EXAMPLES / "old-town-table.game"), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["illegal"] == [21] and data["scores"]["ann"] == 35
    assert {"moves", "overlooked", "score_differences", "table_scores"} <= set(data)


def test_table_companion(tmp_path: Path) -> None:
    """game new / move / undo / show: illegal moves are refused and leave the file as it was."""
    rec = tmp_path / "t.game"
    r = runner.invoke(
        app,
        ["game", "new", str(rec), "--edition", "old-town", "--players", "ann,bob", "--seed", "4"],
    )
    assert r.exit_code == 0, r.output
    header = rec.read_text()
    game = new_game(read_record(rec).header)
    hand = game.state.player("ann").hand
    assert hand is not None
    bad = runner.invoke(app, ["game", "move", str(rec), "bob: pass"])
    assert bad.exit_code == 1 and rec.read_text() == header
    good = next(c for c in hand if game.state.cards[c].kind == "building")
    ok = runner.invoke(app, ["game", "move", str(rec), f"ann: {good}", "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.stdout)["legal"] is True
    assert rec.read_text().endswith(f"ann: {good}\n")
    shown = runner.invoke(app, ["game", "show", str(rec), "--json"])
    assert json.loads(shown.stdout)["state"]["active"] == "bob"
    assert runner.invoke(app, ["game", "undo", str(rec)]).exit_code == 0
    assert rec.read_text() == header
    assert runner.invoke(app, ["game", "undo", str(rec)]).exit_code == 1


def test_simulate_writes_records_and_reports_json(tmp_path: Path) -> None:
    r = runner.invoke(
        app,
        [
            "simulate",
            "old-town",
            "--games",
            "2",
            "--seed",
            "3",
            "--policy",
            "random",
            "--records",
            str(tmp_path),
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["report"]["games"] == 2 and data["run"]["played_games"] == 2
    assert {"finished", "lengths", "scores", "seats", "cards"} <= set(data["report"])
    held = {c["card"] for c in data["report"]["cards"]}
    assert held and held <= set(range(1, 61))
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    for f in files:
        assert replay(read_record(f)).game.over


def test_a_copied_example_record_still_replays(tmp_path: Path) -> None:
    target = tmp_path / "copy.game"
    shutil.copy(EXAMPLES / "old-town-table.game", target)
    assert replay(read_record(target)).scores()["ann"] == 35
