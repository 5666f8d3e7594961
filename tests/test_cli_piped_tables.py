"""Off a terminal a table is drawn at the width its cells need (found in review): piped,
`game show` of a Black Hills record broke `reinforcements` and `fire-in-the-city`, ids a
player types, across lines at Rich's assumed 80 columns. A board keeps laying itself out
for 80 columns, as before; COLUMNS still sets the width."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

EXAMPLE = Path(__file__).parents[1] / "examples" / "black-hills-table.game"


def _piped(*args: str, columns: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    if columns:
        env["COLUMNS"] = columns
    done = subprocess.run(
        ["adjudicator", *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_piped_table_keeps_every_id_whole() -> None:
    out = _piped("game", "show", str(EXAMPLE))
    assert "reinforcements, tax-collection" in out
    assert "fire-in-the-city, safeguard" in out
    assert "…" not in out


def test_a_piped_board_is_drawn_for_80_columns_and_columns_still_rules() -> None:
    board = _piped("board", "show", "old-town").splitlines()
    assert max(len(line) for line in board) == 80
    narrow = _piped("game", "show", str(EXAMPLE), columns="60")
    assert max(len(line) for line in narrow.splitlines() if "│" in line) <= 60
