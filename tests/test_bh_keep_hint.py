"""Black Hills, issue 35 item 17: the hint at a round's set-up. "Each player takes a look at
the cards in his hand and decides to discard 2 of them" (Setup 8): which two to keep is
what a hint is for. `hint` refused there ("ann, bob, cid still to discard two"); now each
keep of the four dealt is ranked, with the reason, on the command line and the page, from
what the asking player knows (the set-up is simultaneous: no other player's cards)."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.black_hills.game.table import TABLE
from adjudicator.black_hills.keep_hint import KeepChoice
from adjudicator.black_hills.state import BHPlayer, BHState
from adjudicator.cli.main import app
from adjudicator.core.errors import RulesError
from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import Viewer

RECORD = '[Edition "black-hills"]\n[Players "ann, bob, cid, dan"]\n[Seed "1"]\n\n'
ANN = ("gold-digger", "merchant", "preacher", "shaman")  # ann's four, seed 1


def _setup(bob: tuple[str, ...], cid: tuple[str, ...]) -> BHState:
    """The set-up of round 1: ann holds `ANN`, bob and cid the four given, cid has kept."""
    return BHState(
        players=(
            BHPlayer("ann", characters=ANN, events=("bank",)),
            BHPlayer("bob", characters=bob, events=("storm",)),
            BHPlayer("cid", characters=cid[:2], events=("plague",)),
        ),
        active="ann",
        sheriff="ann",
        supply={"gold": 10, "logs": 10, "fur": 10},
        jail=3,
        discarded=cid[2:],
        leftover=(),
    )


def test_each_keep_is_ranked_for_a_player_still_to_keep() -> None:
    """The minimal input: `hint` at the set-up refused "still to discard two"."""
    s = _setup(
        ("outlaw", "colonel", "miner", "hunter"), ("madam", "sheriff", "tracker", "explorer")
    )
    ranked = TABLE.hint(s, "ann", "t.game")
    assert all(isinstance(k, KeepChoice) for k in ranked)
    assert sorted(k.cards for k in ranked) == sorted(combinations(ANN, 2))
    keys = [k.key for k in ranked]
    assert keys == sorted(keys, reverse=True)
    assert all(k.reason and k.move.startswith("ann: keep ") for k in ranked)


def test_the_keep_hint_reads_no_other_players_cards() -> None:
    """Two set-ups that differ only in the others' cards (dealt, kept, discarded) and
    event cards give ann the same hint."""
    a = _setup(
        ("outlaw", "colonel", "miner", "hunter"), ("madam", "sheriff", "tracker", "explorer")
    )
    b = _setup(
        ("madam", "tracker", "explorer", "sheriff"), ("hunter", "miner", "colonel", "outlaw")
    )
    said = [json.dumps([k.to_json() for k in TABLE.hint(s, "ann", "t.game")]) for s in (a, b)]
    assert said[0] == said[1]


def test_a_player_who_has_kept_is_told_who_is_still_to_keep() -> None:
    s = _setup(
        ("outlaw", "colonel", "miner", "hunter"), ("madam", "sheriff", "tracker", "explorer")
    )
    with pytest.raises(RulesError) as err:
        TABLE.hint(s, "cid", "t.game")
    assert "cid has kept two; ann, bob still to discard two" in str(err.value)


def test_the_command_line_ranks_the_keeps(tmp_path: Path) -> None:
    path = tmp_path / "k.game"
    path.write_text(RECORD + "bob: keep outlaw tracker\n")
    r = CliRunner().invoke(app, ["hint", str(path), "--player", "ann", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["player"] == "ann" and data["keeps"][0]["move"].startswith("ann: keep ")
    r = CliRunner().invoke(app, ["hint", str(path), "--player", "bob"])
    assert r.exit_code == 1 and "bob has kept two" in r.output


def test_the_page_offers_the_keeps_as_moves(tmp_path: Path) -> None:
    """The page's hint goes to the seat of the first player still to keep."""
    (tmp_path / "k.game").write_text(RECORD)
    got = games.hint_view(RecordDir(tmp_path), "k.game", Viewer(seat="ann"))
    assert got["player"] == "ann" and got["actions"]
    assert all(
        a["move"].startswith("ann: keep ") and "reputation" in a["text"] for a in got["actions"]
    )
