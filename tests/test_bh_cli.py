"""The Black Hills command line at a table of three: `game move` shows the mover's hand
and no one else's, cards may be named as printed in any case, and `--player` names the
player everywhere (`--by` still read, no longer shown)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.black_hills.game.record import read_record
from adjudicator.cli.main import app
from adjudicator.core.data import data_dir

runner = CliRunner()
EXAMPLE = data_dir("examples") / "black-hills-round1.toml"
#: Seed 1 deals ann gold-digger, merchant, shaman, preacher; bob engineer, tracker, outlaw,
#: lumberjack; cid madam, gambler, hunter, indian-chief.
HANDS = {
    "ann": ["gold-digger", "merchant", "shaman", "preacher"],
    "bob": ["engineer", "tracker", "outlaw", "lumberjack"],
    "cid": ["madam", "gambler", "hunter", "indian-chief"],
}


def _new(tmp_path: Path) -> Path:
    rec = tmp_path / "club.game"
    # seed 1 deals HANDS (a game with no seed draws its own from `secrets`)
    args = ["--edition", "black-hills", "--players", "ann,bob,cid", "--seed", "1"]
    r = runner.invoke(app, ["game", "new", str(rec), *args])
    assert r.exit_code == 0, r.output
    return rec


def _move(rec: Path, line: str) -> str:
    r = runner.invoke(app, ["game", "move", str(rec), line], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    return r.stdout


def _shown(out: str, cards: list[str]) -> list[str]:
    return [c for c in cards if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", out)]


def test_game_move_prints_no_other_players_characters(tmp_path: Path) -> None:
    rec = _new(tmp_path)
    out = _move(rec, "ann: keep gold-digger merchant")
    assert _shown(out, HANDS["ann"]) == ["gold-digger", "merchant"]
    assert _shown(out, HANDS["bob"] + HANDS["cid"]) == []
    out = _move(rec, "bob: keep engineer outlaw")
    assert _shown(out, HANDS["ann"] + HANDS["cid"]) == []
    out = _move(rec, "cid: keep madam hunter")
    # The set-up is over: ann is on, but the screen after cid's move is the table's.
    assert _shown(out, HANDS["ann"] + HANDS["bob"]) == []
    assert "ann to play" in out
    out = _move(rec, "ann: gold-digger")
    assert "merchant" in out and _shown(out, HANDS["bob"] + HANDS["cid"]) == []


def test_cards_are_named_as_printed_in_any_case(tmp_path: Path) -> None:
    rec = _new(tmp_path)
    _move(rec, 'ann: keep "Gold Digger" Merchant')
    _move(rec, "bob: KEEP Engineer outlaw")
    _move(rec, "cid: keep indian chief madam")
    out = _move(rec, "ann: gold digger")
    assert "places the Gold Digger in the Mine" in out
    # The record holds the lines as written and reads the cards in them as their ids.
    assert [m.text for m in read_record(rec).moves] == [
        "ann: keep gold-digger merchant",
        "bob: KEEP engineer outlaw",
        "cid: keep indian-chief madam",
        "ann: gold-digger",
    ]
    assert 'ann: keep "Gold Digger" Merchant' in rec.read_text()
    r = runner.invoke(app, ["replay", str(rec), "--json"])
    assert r.exit_code == 0, r.output


def test_player_is_the_flag_everywhere_and_by_is_hidden() -> None:
    for command in ("invest", "best"):
        r = runner.invoke(app, ["black-hills", command, "--help"], env={"COLUMNS": "200"})
        assert "--player" in r.stdout and "--by" not in r.stdout
    by = runner.invoke(app, ["black-hills", "invest", str(EXAMPLE), "--by", "cid", "--json"])
    player = runner.invoke(
        app, ["black-hills", "invest", str(EXAMPLE), "--player", "cid", "--json"]
    )
    assert by.exit_code == player.exit_code == 0
    assert json.loads(by.stdout) == json.loads(player.stdout)
    assert json.loads(player.stdout)["player"] == "cid"
