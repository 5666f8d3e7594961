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
