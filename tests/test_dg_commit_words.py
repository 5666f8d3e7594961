"""Issue 35, item 1 (Dry Gulch's commit answer): the words a commit sends its mover were
the referee's, naming every card the move dealt into any hand: `cid: discard` answered
cid "rewards: cid draws carpenter whiskey, ann draws labor:2, bob draws whiskey", and
Doctor's New Medicament told bob the two cards the stack dealt ann. The rewards are
"drawn from the stack" into their owners' hands, face down: the mover reads their own
cards and how many each other player drew (`dry_gulch/game/seen.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import Viewer
from tests.test_dg_seat_chance import HEADER, _prefix

# (moves before it, the move, its words to the mover; the seeded game of test_dg_seat_chance)
CASES = [
    (
        8,
        "cid: discard",
        "rewards: cid draws carpenter whiskey, ann draws 1 card, bob draws 1 card",
    ),
    (57, "bob: play doctor-new-medicament", "the resource stack -> ann: 2 cards"),
    # onto the discards: seen by all, named
    (61, "cid: play banker-new-pipe", "ann -> the discards: labor:1 labor:2"),
]


@pytest.mark.parametrize(("at", "move", "words"), CASES, ids=[c[1] for c in CASES])
def test_a_commit_tells_its_mover_only_the_cards_they_see(
    tmp_path: Path, at: int, move: str, words: str
) -> None:
    (tmp_path / "dg.game").write_text(HEADER + _prefix(at), encoding="utf-8")
    records = RecordDir(tmp_path)
    mover = Viewer(seat=move.split(":")[0])
    done = games.commit(records, "dg.game", move, None, mover)
    assert done["legal"] and words in done["message"], done["message"]
    assert records.read("dg.game").endswith(f"{move}\n")  # the choice alone, as before
