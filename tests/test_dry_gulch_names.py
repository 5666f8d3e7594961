"""Dry Gulch commands take permits, sites and events by id or printed name in any case
(`General Store`, `NW-3`, `Fire`, `I.O.U.`), as the deduction commands do; a name that is
none of them is bad input: one line, exit status 1, a close match, no rule cited."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir

runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def run_json(*args: str) -> Any:
    r = runner.invoke(app, ["dry-gulch", *args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def bad_input(*args: str) -> str:
    """The one-line error of a command refused as bad input."""
    r = runner.invoke(app, ["dry-gulch", *args])
    assert r.exit_code == 1, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.output, r.output
    return lines[0]


def new_table(tmp_path: Path, round_: int = 1) -> Path:
    path = tmp_path / "table.toml"
    r = runner.invoke(
        app, ["dry-gulch", "new", str(path), "--players", "ann,bob,cid", "--seed", "3"]
    )
    assert r.exit_code == 0, r.output
    if round_ != 1:
        path.write_text(path.read_text().replace("round = 1", f"round = {round_}", 1))
    return path


def test_pay_takes_the_printed_name_in_any_case() -> None:
    by_id = run_json("pay", str(EXAMPLE), "pharmacist")
    assert by_id["payable"] is True
    assert run_json("pay", str(EXAMPLE), "Pharmacist") == by_id
    assert run_json("pay", str(EXAMPLE), "PHARMACIST") == by_id


def test_place_takes_printed_building_and_site_names() -> None:
    # The General Store is a corner building, nw-3 is not a corner: refused either way.
    by_id = run_json("place", str(EXAMPLE), "general-store", "nw-3")
    assert by_id["legal"] is False and by_id["reasons"][0]["code"] == "DG-CORNER"
    assert run_json("place", str(EXAMPLE), "General Store", "NW-3") == by_id
    printed = run_json("place", str(EXAMPLE), "Sheriff's Office", "Nw-3")
    assert printed == run_json("place", str(EXAMPLE), "sheriffs-office", "nw-3")
    assert printed["building"] == "sheriffs-office" and printed["site"] == "nw-3"


def test_an_unknown_name_is_one_line_bad_input_with_a_close_match() -> None:
    assert "did you mean 'pharmacist'" in bad_input("pay", str(EXAMPLE), "Pharmacis")
    assert "unknown site; did you mean 'nw-3'" in bad_input(
        "place", str(EXAMPLE), "saloon", "NW-33"
    )
    line = bad_input("misfortune", str(EXAMPLE), "Firee", "nw-2")
    assert "EVENT 'Firee': unknown event; did you mean 'fire'" in line
    assert "DG-" not in line  # bad input, not a ruling


def test_misfortune_takes_the_events_printed_name(tmp_path: Path) -> None:
    state = tmp_path / "fire.toml"
    state.write_text(EXAMPLE.read_text().replace('"event:iou"', '"event:fire"', 1))
    by_id = run_json("misfortune", str(state), "fire", "ne-2", "--seed", "1")
    assert by_id["legal"] is True, by_id
    assert run_json("misfortune", str(state), "FIRE", "NE-2", "--seed", "1") == by_id


def test_discard_takes_cards_in_any_case_and_events_by_printed_name() -> None:
    by_id = run_json("discard", str(EXAMPLE), "lumber", "labor:2", "event:iou", "--seed", "1")
    assert by_id["legal"] is True, by_id
    printed = run_json("discard", str(EXAMPLE), "LUMBER", "Labor:2", "Event:I.O.U.", "--seed", "1")
    assert printed == by_id
    assert "did you mean 'iou'" in bad_input("discard", str(EXAMPLE), "event:IOUX")


def test_draw_keeps_a_permit_named_as_printed(tmp_path: Path) -> None:
    path = new_table(tmp_path)
    top = tomllib.loads(path.read_text())["decks"]["permits"][:2]
    assert top[1] == "sheriffs-office"  # seed 3: the second of the two turned up
    got = run_json("draw", str(path), "PERMIT", "Stack", "Sheriff's Office")
    assert got["legal"] is True and got["permit"] == "sheriffs-office", got
    assert "unknown building" in bad_input("draw", str(path), "permit", "stack", "Sherif")


def test_event_phase_takes_printed_event_names(tmp_path: Path) -> None:
    path = new_table(tmp_path, round_=2)
    shown = tomllib.loads(path.read_text())["decks"]["events"][:3]
    assert shown == ["gunfight-in-the-saloon", "fire", "vandalism"]  # seed 3
    by_id = run_json("events", str(path), "--discard", "gunfight-in-the-saloon", "--take", "fire")
    assert by_id["legal"] is True, by_id
    printed = run_json("events", str(path), "--discard", "Gunfight in the Saloon", "--take", "FIRE")
    assert printed == by_id


def test_reward_takes_sites_in_any_case(tmp_path: Path) -> None:
    path = new_table(tmp_path)  # ann's Residence stands on nw-1
    by_id = run_json("reward", str(path), "--built", "nw-1", "--seed", "1")
    assert run_json("reward", str(path), "--built", "NW-1", "--seed", "1") == by_id
    assert "--violet 'Gold Strik': unknown event" in bad_input(
        "reward", str(path), "--violet", "Gold Strik"
    )


def test_new_takes_a_residence_site_in_any_case(tmp_path: Path) -> None:
    path = tmp_path / "homes.toml"
    r = runner.invoke(
        app,
        ["dry-gulch", "new", str(path), "--players", "ann,bob,cid", "--residence", "bob=SE-10"],
    )
    assert r.exit_code == 0, r.output
    homes = {b["owner"]: b["site"] for b in tomllib.loads(path.read_text())["buildings"]}
    assert homes["bob"] == "se-10"
    assert "unknown site" in bad_input(
        "new", str(tmp_path / "x.toml"), "--players", "ann,bob,cid", "--residence", "bob=SE-99"
    )
