"""The hint on an ordinary record (no state file): a record whose best turn is a discard, and
one before Old Town's refill (issue 29).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app

FIXTURES = Path(__file__).resolve().parent / "fixtures"
runner = CliRunner()


# ----- 1. the hint on an ordinary record whose best turn is a discard ------------------------


@pytest.mark.parametrize("as_json", [False, True])
def test_the_hint_of_a_record_whose_best_turn_is_a_discard(tmp_path: Path, as_json: bool) -> None:
    """Old Town, seed 1, 20 moves (a greedy game's, ann's refill the last): the best turn
    is a discard, whose two cards have no `as`; building its command raised `zip()
    argument 2 is shorter than argument 1`."""
    record = tmp_path / "table.game"
    shutil.copy(FIXTURES / "old-town-best-is-discard.game", record)
    result = runner.invoke(app, ["hint", str(record), "--json"])
    assert result.exit_code == 0, result.output
    best = json.loads(result.stdout)["actions"][0]
    assert best["kind"] == "discard"
    assert best["command"] == (
        f"adjudicator game move {record} 'ann: discard 43 24 take prison@a2'"
    )
    if not as_json:
        shown = runner.invoke(app, ["hint", str(record)])
        assert shown.exit_code == 0, shown.output
        assert "'ann: discard 43 24 take prison@a2'" in shown.stdout
    # the command the hint prints carries the turn out
    moved = runner.invoke(app, ["game", "move", str(record), "ann: discard 43 24 take prison@a2"])
    assert moved.exit_code == 0, moved.output
    assert record.read_text().splitlines()[-1] == "ann: discard 43 24 take prison@a2"


def test_the_hint_of_a_record_names_the_refill_first(tmp_path: Path) -> None:
    """Before ann's refill (A4) the record refuses every other move of hers: the hint says
    so instead of suggesting a turn `game move` would refuse, and (issue 35, item 17: it
    used to stop there, exit 1) ranks the takes, each with the command that writes it
    (`tests/test_hint_refill.py`)."""
    record = tmp_path / "table.game"
    lines = (FIXTURES / "old-town-best-is-discard.game").read_text().splitlines()
    record.write_text("\n".join(lines[:-1]) + "\n")
    result = runner.invoke(app, ["hint", str(record), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["message"] == (
        "ann first takes 1 building from beside the board (A4): the takes, best first"
    )
    assert data["takes"] and all(t["move"].startswith("ann: take ") for t in data["takes"])
    assert "actions" not in data
