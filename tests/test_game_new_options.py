"""`game new --options`: the table's options go into the record's Options tag, for all four
games, and a bad one is refused with one line before anything is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("edition", "players", "options", "tag"),
    [
        ("dry-gulch", "ann,bob,cid", "half=up, open-permits=true", "half=up, open-permits=true"),
        ("black-hills", "ann,bob", "safeguard=holder", "safeguard=holder"),
        ("gads-hill-1874", "ann,bob", "two_cards_until=12", "two_cards_until=12"),
        ("old-town", "ann,bob", "buying=false", "buying=false"),
    ],
)
def test_options_are_written_in_the_record_and_read_back(
    tmp_path: Path, edition: str, players: str, options: str, tag: str
) -> None:
    record = tmp_path / "club.game"
    args = ["game", "new", str(record), "--edition", edition, "--players", players]
    made = runner.invoke(app, [*args, "--options", options])
    assert made.exit_code == 0, made.output
    assert f'[Options "{tag}"]' in record.read_text()
    shown = runner.invoke(app, ["game", "show", str(record), "--json"])
    assert shown.exit_code == 0, shown.output  # the record reads back with its options


@pytest.mark.parametrize(
    ("edition", "players", "options", "words"),
    [
        ("dry-gulch", "ann,bob,cid", "half=sideways", "half: is 'down' or 'up'"),
        ("black-hills", "ann,bob", "nope=1", "unknown option 'nope'"),
        ("gads-hill-1874", "ann,bob", "nope=1", "unknown option 'nope'"),
        ("old-town", "ann,bob", "buying", "write NAME=VALUE"),
        ("old-town", "ann,bob", "buying=maybe", "true, false or a number"),
    ],
)
def test_a_bad_option_is_one_line_and_writes_nothing(
    tmp_path: Path, edition: str, players: str, options: str, words: str
) -> None:
    record = tmp_path / "club.game"
    args = ["game", "new", str(record), "--edition", edition, "--players", players]
    refused = runner.invoke(app, [*args, "--options", options])
    assert refused.exit_code == 1
    assert len(refused.stderr.strip().splitlines()) == 1 and words in refused.stderr
    assert not record.exists()
