"""A game's identity has one place, the registry (`adjudicator/tables.py`): the game of a
record by its `[Edition "..."]` tag, of a board or state file by its data, and the titles
the command line names them by."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.tables import (
    EDITION_TITLES,
    TABLES,
    TITLES,
    edition_tag,
    editions,
    name_of_data,
    name_of_record,
)

runner = CliRunner()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('[Edition "dry-gulch"]\n', "dry-gulch"),
        ('  [ Edition  " Black-Hills " ]\n', "black-hills"),
        ('[Edition "old-town"]\n', "deduction"),
        ('[Edition "my-board.toml"]\n', "deduction"),
        ('# [Edition "dry-gulch"] in a comment is no tag\n', "deduction"),
        ("no tag at all", "deduction"),
        # the readers want the tag spelt `Edition`: the deduction reader says it is missing
        ('[edition "dry-gulch"]\n', "deduction"),
    ],
)
def test_a_records_game_is_its_edition_tags(text: str, name: str) -> None:
    assert name_of_record(text) == name


def test_the_tag_is_read_as_written() -> None:
    assert edition_tag('[Edition "Gads Hill 1874"]') == "Gads Hill 1874"
    assert edition_tag("[Players \"ann\"]") is None


def test_a_files_game_is_its_datas() -> None:
    assert name_of_data({"game": {"id": "dry-gulch"}}) == "dry-gulch"
    assert name_of_data({"game": "black-hills"}) == "black-hills"
    assert name_of_data({"game": "monopoly"}) == "deduction"
    assert name_of_data({"edition": "old-town"}) == "deduction"


def test_every_game_and_shipped_edition_has_its_title() -> None:
    assert set(TITLES) == set(TABLES)
    assert set(EDITION_TITLES) == set(editions())


def test_a_lower_case_tag_is_refused_in_one_line(tmp_path: Path) -> None:
    """Before the registry held the tag, `cli/games.py` read it in any case and
    `tables.py` only as `Edition`: one reading now, the readers'."""
    text = (data_dir("examples") / "dry-gulch-table.game").read_text(encoding="utf-8")
    record = tmp_path / "lower.game"
    record.write_text(text.replace('[Edition "dry-gulch"]', '[edition "dry-gulch"]'))
    for command in (["game", "show"], ["state", "check"], ["stop"]):
        r = runner.invoke(app, [*command, str(record)])
        assert r.exit_code == 1, (command, r.output)
        assert "[Edition]" in r.stderr and len(r.stderr.strip().splitlines()) == 1
