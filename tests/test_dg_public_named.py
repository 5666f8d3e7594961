"""Issue 35 (Dry Gulch, what a seat reads of another's move): a real table's record (no
seed) names the cards each draw put into a hand, and the other seats read them: `ann: draw
resources lumber brick food` as written in bob's list of moves and timeline, as were the
Bank's cards, the cards a Fire's fellow players draw from the owner and those an event
takes from hands. What goes into a hand face down is now a count to the other seats;
what lies face up (a Vandalism's discarded card) is named to all."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator.dry_gulch.game.public_move import public_move
from adjudicator.dry_gulch.game.record import DGHeader, header_text, parse_move
from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import HOST, Viewer

UNSEEDED = "\n".join(header_text(DGHeader(("ann", "bob", "cid"), 1, seeded=False))) + "\n\n"


def test_another_seat_reads_a_named_draw_as_a_count(tmp_path: Path) -> None:
    (tmp_path / "dg.game").write_text(
        UNSEEDED + "ann: draw resources lumber brick whiskey\n", encoding="utf-8"
    )
    records = RecordDir(tmp_path)
    for who in (Viewer(seat="bob"), HOST):  # before: the three cards, named
        seen = games.game_view(records, "dg.game", who)["moves"][0]
        assert seen == {"line": 4, "text": "ann: draw resources (3 cards drawn)", "legal": True}
        timeline = games.timeline(records, "dg.game", who)
        assert "lumber" not in json.dumps(timeline)
    own = games.game_view(records, "dg.game", Viewer(seat="ann"))["moves"][0]
    assert own["text"] == "ann: draw resources lumber brick whiskey"


def test_each_named_form_into_a_hand_is_a_count_and_face_up_ones_stay_named() -> None:
    seen = {
        "ann: draw bank lumber brick permit hotel": "ann: draw bank (2 cards, 1 permit drawn)",
        "ann: draw resources food lumber brick bank mason food permit bank": (
            "ann: draw resources bank (5 cards, 1 permit drawn)"
        ),
        "ann: fire s07 losing brick event:iou": "ann: fire s07 (2 cards drawn)",
        "ann: fire s07 losing ace brick food": "ann: fire s07 (2 cards drawn)",
        "ann: play doctor-close-shave losing brick food": (
            "ann: play doctor-close-shave (2 cards lost)"
        ),
        # face up: the Vandalism's card is discarded, as are those over the hand limit
        "ann: vandalism s07 losing brick": "ann: vandalism s07 losing brick",
        "ann: discard lumber over bob: food": "ann: discard lumber over bob: food",
        "ann: draw resources": "ann: draw resources",
    }
    for written, public in seen.items():
        assert public_move(parse_move(written)) == public, written
