"""Cases found in review, each pinned down: my building, turns, the card tier under
`logic_to_active = false`, K4 explanations, and what the command line refuses."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.rules.actions import rule_discard
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Status, Tier

runner = CliRunner()
EXAMPLES = data_dir("examples")


def _state(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "s.toml"
    path.write_text(text)
    return load_state(path)


def test_condition_card_never_takes_its_own_building_as_mine(tmp_path: Path) -> None:
    """P7: with only the Sheriff in front of her, card 51 (about the Sheriff) has no my
    building; it is not 'contradictory'."""
    s = _state(
        tmp_path,
        'edition = "old-town"\nactive = "ann"\n[markers]\n'
        'sheriff = ["b1", "c1", "b2"]\n[[players]]\nname = "ann"\n'
        'buildings = ["sheriff"]\nhand = [51]\n[[players]]\nname = "bob"\n',
    )
    r = rule_play(s, 51)
    assert r.status is Status.ILLEGAL and r.code == "P7"


def test_old_town_discards_cards_dead_for_every_other_building(tmp_path: Path) -> None:
    """A1: card 43 names the Stage Coach Office; as the Hotel it contradicts the board, so
    it may be discarded although cid also holds the Stage Coach Office."""
    s = _state(
        tmp_path,
        'edition = "old-town"\nactive = "cid"\n[placed]\nbank = "e1"\n'
        '[markers]\nstage-coach-office = ["c3", "c4"]\nhotel = ["b1", "c1"]\n'
        '[[players]]\nname = "ann"\nbuildings = ["sheriff", "church"]\n'
        '[[players]]\nname = "cid"\nbuildings = ["stage-coach-office", "hotel"]\n'
        "hand = [43, 2]\n",
    )
    r = rule_discard(s, (43, 2), ("hotel", "b1"))
    assert r.status is Status.PLAYABLE
    assert r.after.placed["hotel"] == "c1"


def test_only_the_active_player_acts() -> None:
    s = load_state(EXAMPLES / "gads-hill-mid.toml")
    r = rule_play(s, 43, "school", "ann")
    assert r.status is Status.ILLEGAL and "it is cid's turn" in r.reasons[0].message


def test_removals_that_need_the_card_go_with_it_whatever_the_option(tmp_path: Path) -> None:
    """P6, K1: with logic_to_active = false the Laundry marker on C3 still goes, in the card
    tier, because no STOP claim could take it once the card is forgotten."""
    s = _state(
        tmp_path,
        'edition = "old-town"\nactive = "ann"\n[options]\n'
        'logic_to_active = false\n[markers]\nlaundry = ["c1", "c3"]\n'
        'bank = ["b2", "d2", "c3"]\ndoc = ["c3", "c4"]\njudge = ["d2", "c4"]\n'
        '[[players]]\nname = "ann"\nbuildings = ["judge", "laundry"]\nhand = [51]\n'
        '[[players]]\nname = "bob"\n',
    )
    r = rule_play(s, 51, "laundry")
    assert r.status is Status.PLAYABLE
    assert [(x.building, x.space, x.tier) for x in r.removed] == [("laundry", "c3", Tier.CARD)]
    assert r.after.placed["laundry"] == "c1"
    assert r.points == 3


def test_a_conflict_group_explains_the_marker_it_displaces(tmp_path: Path) -> None:
    """L3, K4: the Butcher and the Undertaker cannot both stand on C3, but one of them does."""
    s = _state(
        tmp_path,
        'edition = "gads-hill-1874"\n[markers]\nundertaker = ["c3"]\n'
        'butcher = ["c3"]\nbank = ["c3", "d3"]\n',
    )
    report = stop_report(s)
    (removal,) = report.removable
    assert (removal.building, removal.space) == ("bank", "c3")
    assert "The Butcher and the Undertaker have markers only on C3" in removal.explanation
    assert "stands there" not in removal.explanation


def test_stop_report_of_the_mid_game_example() -> None:
    data = json.loads(
        runner.invoke(app, ["stop", str(EXAMPLES / "gads-hill-mid.toml"), "--json"]).stdout
    )
    assert [(r["building"], r["space"]) for r in data["removable"]] == [
        ("church", "d1"),
        ("church", "e1"),
        ("drugstore", "f2"),
        ("stage-coach-office", "f1"),
    ]
    assert [(d["building"], d["space"]) for d in data["determined"]] == [
        ("church", "f1"),
        ("stage-coach-office", "f2"),
    ]
    assert data["points"] == 6


def test_unknown_names_are_bad_input() -> None:
    mid = str(EXAMPLES / "gads-hill-mid.toml")
    for args, needle in [
        (["play", mid, "43", "--as", "schol"], "did you mean 'school'"),
        (["play", mid, "999"], "no such card"),
        (["stop", mid, "--claim", "nobody"], "unknown player"),
        (["discard", mid, "9", "17", "--take", "hotel@z9"], "unknown building space"),
        (["buy", mid, "bnk"], "did you mean 'bank'"),
        (["hint", mid, "--by", "zed"], "unknown player"),
    ]:
        result = runner.invoke(app, [*args, "--json"])
        assert result.exit_code == 1, args
        assert needle in result.stderr and result.stdout == ""
        assert "Traceback" not in result.stderr


def test_write_keeps_comments_and_permissions(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    target.write_text((EXAMPLES / "old-town-mid.toml").read_text())
    os.chmod(target, 0o644)
    result = runner.invoke(
        app, ["play", str(target), "58", "--as", "stage-coach-office", "--write"]
    )
    assert result.exit_code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert target.read_text().startswith("# Old Town, middle game")
    assert load_state(target).placed["stage-coach-office"] == "c3"


def test_state_check_rejects_more_mistakes(tmp_path: Path) -> None:
    cases = [
        ('edition = "gads-hill-1874"\nretired = ["hotel"]\n[markers]\nhotel = ["c3"]\n', "retired"),
        ('edition = "gads-hill-1874"\n[landmarks]\nframe-east = "cemetery"\n', "landmarks"),
        (
            'edition = "old-town"\nactive = "ann"\n[[players]]\nname = "ann"\nbought = 1\n'
            '[[players]]\nname = "bob"\n',
            "bought",
        ),
        ('edition = "old-town"\n[options]\nend_at = "x"\n', "options.end_at"),
        ('edition = "nothere.toml"\n', "no such board file"),
    ]
    for text, needle in cases:
        path = tmp_path / "bad.toml"
        path.write_text(text)
        result = runner.invoke(app, ["state", "check", str(path)])
        assert result.exit_code == 1, text
        assert needle in result.stderr, (needle, result.stderr)
