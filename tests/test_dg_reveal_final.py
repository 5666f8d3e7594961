"""Issue 35, item 7: reveal, undo, reveal. From her seat ann chose the permit stack and saw
its two cards; she undid her own last move, made it again (the same record, the reveal
forgotten) and drew resources instead: she had looked at the stack for free. "A reveal
is final": while a choice made on the page waits for its move, the record is not undone,
by its player, another or the host, and the revealed pair stays the choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.dry_gulch.game.record import DGHeader, header_text
from adjudicator.web import games
from adjudicator.web.records import RecordDir, fingerprint
from adjudicator.web.seats import EVERYONE, HOST, Refused, Viewer

ANN = Viewer(seat="ann")
HEADER = "\n".join(header_text(DGHeader(("ann", "bob", "cid"), 1))) + "\n\n"
# Seed 1 up to ann's second turn: her event phase played, her draw phase next.
MOVES = (
    "ann: draw resources\nann: discard\nbob: draw resources\nbob: discard\n"
    "cid: draw resources\ncid: discard\nann: events discard vandalism\n"
)


@pytest.fixture
def records(tmp_path: Path) -> RecordDir:
    (tmp_path / "dg.game").write_text(HEADER + MOVES, encoding="utf-8")
    return RecordDir(tmp_path)


def test_a_reveal_is_final_no_undo_takes_the_record_back_from_under_it(
    records: RecordDir,
) -> None:
    assert "ann: draw permit stack" in games.legal_moves(records, "dg.game", ANN)["blind"]
    pair = games.reveal(records, "dg.game", "ann: draw permit stack", ANN)["moves"]
    assert len(pair) == 2
    before = records.read("dg.game")
    for who in (ANN, HOST, EVERYONE):  # before: ann's undo was taken, the reveal forgotten
        with pytest.raises(Refused, match="a reveal is final"):
            games.undo(records, "dg.game", None, who)
    assert records.read("dg.game") == before
    # the pair stays the choice: resources instead are refused, one of the two is taken
    with pytest.raises(Refused, match="has chosen 'ann: draw permit stack'"):
        games.commit(records, "dg.game", "ann: draw resources", None, ANN)
    assert games.commit(records, "dg.game", pair[1], None, ANN)["legal"]
    version = fingerprint(records.read("dg.game"))
    assert records.choices.pending("dg.game", version) is None  # its move made


def test_undo_is_as_before_when_nothing_is_revealed(records: RecordDir) -> None:
    assert games.undo(records, "dg.game", None, ANN)[0]["undone"] == "ann: events discard vandalism"
