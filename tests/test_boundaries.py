"""The command line's and the records' boundaries (issue 35, items 2, 15 and 16): a game
started without a seed gets one no one can guess, a seed outside what the store holds
and a file name the system refuses are each one line and exit status 1, never a
traceback.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app

runner = CliRunner()


def one_line_error(result: object) -> str:
    """The one line a refused command prints on stderr (no traceback, nothing more)."""
    assert result.exit_code == 1, result.output  # type: ignore[attr-defined]
    err = result.stderr.strip()  # type: ignore[attr-defined]
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    return err


def _seed_of(record: Path) -> int:
    found = re.search(r'\[Seed "(\d+)"\]', record.read_text(encoding="utf-8"))
    assert found is not None, record.read_text(encoding="utf-8")
    return int(found.group(1))


# ----- item 2: a game started without a seed ------------------------------------------------


@pytest.mark.parametrize("edition", ["dry-gulch", "black-hills"])
def test_a_game_started_without_a_seed_draws_one(tmp_path: Path, edition: str) -> None:
    """`game new` with no `--seed` wrote `[Seed "1"]`: every such game dealt the same
    hands. Now each draws its seed from `secrets`: two games, two seeds, neither 1 (the
    chance of a clash is 2**-63)."""
    seeds = []
    for n in range(2):
        record = tmp_path / f"t{n}.game"
        args = ["game", "new", str(record), "--edition", edition, "--players", "ann,bob,cid"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        seeds.append(_seed_of(record))
    assert seeds[0] != seeds[1]
    assert 1 not in seeds
    assert all(0 <= s < 2**63 for s in seeds)


@pytest.mark.parametrize("edition", ["dry-gulch", "black-hills"])
def test_a_given_seed_is_kept(tmp_path: Path, edition: str) -> None:
    record = tmp_path / "t.game"
    args = [
        "game",
        "new",
        str(record),
        "--edition",
        edition,
        "--players",
        "ann,bob,cid",
        "--seed",
        "7",
    ]
    assert runner.invoke(app, args).exit_code == 0
    assert _seed_of(record) == 7
