"""A whole game of Black Hills: the record (`black_hills/game/record.py`), replay that
re-referees every turn, self-play with statistics, and the shared `game ...`, `replay` and
`simulate black-hills` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.black_hills.game.record import (
    BHMove,
    BHRecord,
    parse_move,
    parse_record,
    read_record,
    record_to_text,
)
from adjudicator.black_hills.game.replay import replay
from adjudicator.black_hills.game.simulate import play_game, simulate
from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from tests.budget import examples

runner = CliRunner()
TABLE = data_dir("examples") / "black-hills-table.game"
#: The set-up discards of the example's first round (seed 6): every player's, first.
SETUP = ("ann: keep explorer gold-digger", "bob: keep colonel outlaw", "cid: keep hunter miner")


def test_the_example_record_replays_to_its_winner_and_finds_the_tables_mistakes() -> None:
    """ "If at any time one of the players reached 5 reputation points, the game ends
    immediately": ann's last turn wins; the out-of-turn line and the miscounted reputation
    are reported, everything else is legal."""
    r = replay(read_record(TABLE))
    assert r.state.winner == "ann" and r.state.player("ann").reputation == 5
    assert r.decisive == ("madam", ("stagecoach",))
    wrong = [o for o in r.outcomes if not o.verdict.legal or o.claim_wrong]
    assert [(o.move.line, str(o.verdict.code), o.claim_wrong) for o in wrong] == [
        (22, "BH-TURN-ORDER", False),
        (30, "None", True),
    ]
    assert wrong[1].reputation == 2 and wrong[1].move.claimed == 3
    assert not r.clean


@settings(max_examples=examples(8), deadline=None)
@given(st.integers(1, 10_000), st.integers(2, 4), st.sampled_from(["random", "greedy"]))
def test_a_simulated_game_replays_clean_to_the_same_end(seed: int, n: int, policy: str) -> None:
    """Every turn self-play takes is legal when the record is re-refereed from its header,
    and the record written out reads back the same."""
    names = ["ann", "bob", "cid", "dan"][:n]
    g = play_game(names, seed, "greedy" if policy == "greedy" else "random")
    text = record_to_text(g.record)
    rec = parse_record(text)
    assert rec == BHRecord(g.record.header, tuple(_lined(g.record, text)))
    r = replay(rec)
    assert r.clean and r.state.winner == g.winner
    assert len(r.outcomes) == len(g.record.moves)
    # Every round's set-up discards are lines of their own, not turns.
    setup = [o for o in r.outcomes if o.move.text.split(": ", 1)[1].startswith("keep")]
    assert len(r.outcomes) - len(setup) == g.turns
    assert all(" ; " not in o.move.text and ";" not in o.move.text for o in setup)
    if g.winner is not None:
        assert r.state.player(g.winner).reputation == r.state.rules.goal
        assert r.decisive is not None and r.decisive[0] == g.decisive


def _lined(rec: BHRecord, text: str) -> list[BHMove]:
    """The record's moves with the line numbers the text gives them."""
    first = text.splitlines().index("") + 2
    return [parse_move(f"{m.text} {{{m.claimed}}}", first + i) for i, m in enumerate(rec.moves)]


def test_simulate_counts_what_a_designer_asks_for() -> None:
    stats = simulate(6, 3, "random", seed=1).to_json()
    assert stats["games"] == 6 and stats["finished"] + stats["stalled"] == 6
    assert sum(stats["wins_by_seat"]) == stats["finished"]
    assert sum(stats["decisive_characters"].values()) == stats["finished"]
    assert stats["turns"]["min"] <= stats["turns"]["mean"] <= stats["turns"]["max"]
    again = simulate(6, 3, "random", seed=1).to_json()
    assert again == stats  # the seed decides everything


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ('[Players "ann, bob"]\nann: miner\n', "Edition"),
        ('[Edition "black-hills"]\nann: miner\n', "Players"),
        ('[Edition "black-hills"]\n[Players "ann, bob"]\n[Seed "x"]\n', "Seed"),
        ('[Edition "black-hills"]\n[Players "ann, bob"]\n[Colour "red"]\n', "unknown tag"),
        ('[Edition "black-hills"]\n[Players "ann, bob"]\nann miner\n', "line 3"),
    ],
)
def test_a_bad_record_is_one_line_of_bad_input(text: str, word: str) -> None:
    with pytest.raises(InputError) as err:
        parse_record(text, "r.game")
    assert word in str(err.value) and "\n" not in str(err.value)


def test_the_shared_game_commands_reach_black_hills(tmp_path: Path) -> None:
    """`game new --edition black-hills`, `game move/show/undo` and `replay` take a Black
    Hills record as they take the deduction games' (they replace `black-hills record
    ...`); a deduction ruling given one says which commands apply."""
    rec = tmp_path / "club.game"
    new = ["game", "new", str(rec), "--edition", "black-hills", "--players", "ann,bob,cid"]
    assert runner.invoke(app, [*new, "--seed", "6"]).exit_code == 0
    for setup in SETUP:
        assert runner.invoke(app, ["game", "move", str(rec), setup]).exit_code == 0
    first = "ann: gold-digger"
    r = runner.invoke(app, ["game", "move", str(rec), first, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["legal"] is True
    r = runner.invoke(app, ["game", "move", str(rec), "ann: explorer"])
    assert r.exit_code == 1 and "BH-TURN-ORDER" in r.output
    assert (
        json.loads(runner.invoke(app, ["game", "show", str(rec), "--json"]).stdout)["active"]
        == "bob"
    )
    assert runner.invoke(app, ["game", "undo", str(rec)]).exit_code == 0
    assert len(read_record(rec).moves) == 3
    data = json.loads(runner.invoke(app, ["replay", str(TABLE), "--json"]).stdout)
    assert data["winner"] == "ann" and [w["line"] for w in data["wrong"]] == [22, 30]
    r = runner.invoke(app, ["replay", str(tmp_path / "none.game")])
    assert r.exit_code == 1 and "no such file" in r.output and "Traceback" not in r.output
    r = runner.invoke(app, ["hint", str(TABLE)])  # the best turn, once the game goes on
    assert r.exit_code == 1 and "the game is over: ann has won" in r.output


def test_simulate_on_the_command_line(tmp_path: Path) -> None:
    """`simulate black-hills` (which replaces `black-hills simulate`) plays whole games
    and writes each one's record, which replays clean."""
    out = tmp_path / "records"
    argv = ["simulate", "black-hills", "--games", "2", "--players", "2", "--workers", "1"]
    r = runner.invoke(app, [*argv, "--records", str(out), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["run"]["played_games"] == 2
    written = sorted(out.glob("*.game"))
    assert len(written) == 2 and all(replay(read_record(w)).clean for w in written)
    bad = runner.invoke(app, ["simulate", "black-hills", "--policy", "clever"])
    assert bad.exit_code == 2 and "clever" in bad.output
