"""The page's counts and turn numbers are the command line's (issue 38): after every move of
a seeded game, the view every screen draws says the same turn, player to play, hand sizes
and pile counts as `adjudicator game show --json` of the record."""

from __future__ import annotations

import random
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.base_folder import Base
from adjudicator.core.table import Setup
from adjudicator.tables import table_of_edition, table_of_record
from adjudicator.web import games, versions
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import HOST

MOVES = 24


def game_show_json(record: Path) -> dict[str, Any]:
    """`game show RECORD --json` (`cli/table_cmds.show`) as the shared screen asks it."""
    text = record.read_text(encoding="utf-8")
    table = table_of_record(text)
    game = table.replay(table.read(text, str(record), Base(record.parent))).game
    data: dict[str, Any] = table.view(game, None)
    return data


def _played(edition: str, root: Path) -> list[str]:
    """The record's header, then MOVES random legal moves, as lines, seeded."""
    table = table_of_edition(edition)
    head, game = table.new_record(edition, ["ann", "bob", "cid"], 5, Setup("g.game", root))
    rng = random.Random(5)
    lines = []
    for _ in range(MOVES):
        moves = sorted(islice(table.legal_moves(game), 30), key=table.format_move)
        if not moves:
            break
        move = rng.choice(moves)
        game, ruled = table.apply(game, move)
        assert ruled.legal
        lines.append(table.format_move(move))
    return [head.rstrip("\n") + "\n\n", *(line + "\n" for line in lines)]


def _same(edition: str, view: dict[str, Any], cli: dict[str, Any], after: str) -> None:
    where = f"{edition}, after {after!r}"
    if edition == "black-hills":
        assert view["round"] == cli["round"], where
        assert {p["name"]: p["score"] for p in view["players"]} == cli["reputation"], where
        return
    assert view["turn"] == cli["turn"], where
    assert view["over"] == cli["over"], where
    if not cli["over"]:
        assert view["to_play"] == cli["active"], where
    cards = {p["name"]: p["cards"] for p in view["players"]}
    assert cards == {p: len(hand) for p, hand in cli["hands"].items()}, where
    if "piles" in cli:
        assert view["piles"] == cli["piles"], where


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874", "dry-gulch", "black-hills"])
def test_counts_and_turn_are_game_shows_after_every_move(edition: str, tmp_path: Path) -> None:
    lines = _played(edition, tmp_path)
    records = RecordDir(tmp_path, versions.versions_key(None))
    record = tmp_path / "g.game"
    for n in range(1, len(lines) + 1):
        record.write_text("".join(lines[:n]), encoding="utf-8")
        view = games.game_view(records, "g.game", HOST)
        _same(edition, view, game_show_json(record), lines[n - 1].strip())
