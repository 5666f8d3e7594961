"""Revision 4 of the Dry Gulch rulings (issue 27, "The rulebooks' words, round four"): where
the rulebook's words (`../shared/seeds/003_*`) win over our earlier reading, each change
with the words it rests on, and the option that keeps the earlier reading."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.place import rule_placement
from adjudicator.dry_gulch.state import DGPlayer, DGState

RULES = load_rules()
runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def run(*args: str) -> Any:
    r = runner.invoke(app, ["dry-gulch", *args, "--json"])
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.stdout)


def table(options: DGOptions | None = None) -> DGState:
    return DGState(
        [DGPlayer("ann"), DGPlayer("bob"), DGPlayer("cid")],
        "ann",
        options=options or DGOptions(),
    )


def test_a_corner_building_may_stand_at_the_end_of_a_street() -> None:
    """ "A corner building may not be built in the middle of a block, and a building
    without a corner may only be played in the middle of a block or at the end of a
    street." Nothing forbids a corner building at the end of a street: the Saloon (a
    corner building) stands on ne-5 (the end of North Road), not in the middle of a block
    (DG-CORNER); `corner=corner-only` keeps the earlier reading, corners alone."""
    assert RULES.permits["saloon"].corner and RULES.sites["ne-5"].position == "end"
    middle = next(s.id for s in RULES.sites.values() if s.position == "middle" and s.sidewalk)
    s = table()
    assert rule_placement(s, "saloon", "ne-5").legal
    refused = rule_placement(s, "saloon", middle)
    assert not refused.legal and [r.code for r in refused.reasons] == [Code.CORNER]
    assert "middle of a block" in refused.reasons[0].message
    old = table(DGOptions(corner="corner-only"))
    end = rule_placement(old, "saloon", "ne-5")
    assert not end.legal and [r.code for r in end.reasons] == [Code.CORNER]
    assert not rule_placement(old, "saloon", middle).legal


def test_place_at_the_command_line_accepts_a_corner_building_at_a_streets_end(
    tmp_path: Path,
) -> None:
    """ "A corner building may not be built in the middle of a block": `dry-gulch place
    STATE saloon ne-5` is legal; with `corner = "corner-only"` in the state's options it is
    refused with DG-CORNER."""
    assert run("place", str(EXAMPLE), "saloon", "ne-5")["legal"] is True
    old = tmp_path / "old.toml"
    text = EXAMPLE.read_text()
    assert "[options]" not in text
    old.write_text(text + '\n[options]\ncorner = "corner-only"\n')
    refused = run("place", str(old), "saloon", "ne-5")
    assert refused["legal"] is False and refused["reasons"][0]["code"] == "DG-CORNER"
