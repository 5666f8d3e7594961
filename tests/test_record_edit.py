"""Editing a record's text (`record.py`): taking the last move back keeps the header, the
comments and every other line; a marker BUILDING@SPACE is read as a discard reads it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.deduction.game.record import (
    Discard,
    RecordError,
    parse_marker,
    parse_move,
    record_from_text,
    remove_last_move,
)

TABLE = data_dir("examples") / "old-town-table.game"


def test_taking_back_every_move_of_a_written_record() -> None:
    text = TABLE.read_text(encoding="utf-8")
    comments = [line for line in text.splitlines() if line.lstrip().startswith("#")]
    header = record_from_text(text).header
    moves = record_from_text(text).moves
    while moves:
        removed = remove_last_move(text, "table.game")
        line = moves[-1].line
        assert line is not None and removed.move == moves[-1] and removed.move.line == line
        before, after = text.splitlines(), removed.text.splitlines()
        assert removed.written == before[line - 1].strip()
        assert after == before[: line - 1] + before[line:]
        assert [x for x in after if x.lstrip().startswith("#")] == comments
        text = removed.text
        assert record_from_text(text).moves == moves[:-1]
        moves = moves[:-1]
    with pytest.raises(InputError, match="has no move to undo"):
        remove_last_move(text, "table.game")
    assert record_from_text(text).header == header


def test_a_comment_after_the_last_move_stays() -> None:
    text = '[Edition "old-town"]\n[Players "ann, bob"]\n\nann: 3 {1}  # well played\n# the end\n'
    removed = remove_last_move(text)
    assert removed.written == "ann: 3 {1}  # well played" and removed.move.claimed == 1
    assert removed.text == '[Edition "old-town"]\n[Players "ann, bob"]\n\n# the end\n'


def test_an_unreadable_record_is_not_edited() -> None:
    with pytest.raises(RecordError, match="line 3"):
        remove_last_move('[Edition "old-town"]\n[Players "ann"]\nann 3 as\n', "x.game")


@pytest.mark.parametrize(
    ("text", "marker"),
    [
        ("hotel@c3", ("hotel", "c3")),
        (" Hotel @ C3 ", ("hotel", "c3")),
        ("city-hall@b2", ("city-hall", "b2")),
    ],
)
def test_markers(text: str, marker: tuple[str, str]) -> None:
    assert parse_marker(text) == marker


@pytest.mark.parametrize("text", ["hotel", "@c3", "hotel@", "hotel@c3@d4", "ho tel@c3", ""])
def test_not_markers(text: str) -> None:
    with pytest.raises(ValueError, match="BUILDING@SPACE"):
        parse_marker(text)


@given(st.text(alphabet="abc-3@ ", max_size=12))
def test_a_marker_reads_as_a_discard_takes_it(text: str) -> None:
    try:
        discard = parse_move(f"ann: discard 1 2 take {text.strip()}")
    except ValueError:
        discard = None
    try:
        marker: tuple[str, str] | None = parse_marker(text)
    except ValueError:
        marker = None
    assert marker == (discard.take if isinstance(discard, Discard) else None)
