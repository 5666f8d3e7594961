"""Issue 35, item 8: the timeline's refusal reasons read hands ("the hand cannot pay: it
needs 3 labour points ...", "ann holds no 'hotel' permit"), and every seat was shown
them. Another player's refused move now shows what the table saw: the move as made
public and that it was refused (not even the rule's code: which rule refuses first
can depend on the hand, DG-PAY where it cannot pay and DG-MIDDLE where it can); its
player's own seat (and the pass-and-play screen) keeps the reason. One rule in every
game (`games._refused`): here Dry Gulch and Old Town."""

from __future__ import annotations

from pathlib import Path

from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import EVERYONE, HOST, Viewer

ANN, BOB = Viewer(seat="ann"), Viewer(seat="bob")


def _record(
    tmp: Path, edition: str, players: str, moves: str, seed: str = "1"
) -> tuple[RecordDir, str]:
    """A new seeded game with `moves` written after its header, as a table's record holds
    a refused move (the referee rules it; the record keeps it)."""
    records = RecordDir(tmp)
    form = {"name": edition, "edition": edition, "players": players, "seed": seed}
    name = games.create(records, form)
    path = tmp / name
    path.write_text(path.read_text(encoding="utf-8") + moves, encoding="utf-8")
    return records, name


def _refusals(records: RecordDir, name: str, viewer: Viewer) -> list[tuple[str, str | None]]:
    entries = games.timeline(records, name, viewer)["moves"]
    return [(e["message"], e.get("code")) for e in entries if not e["legal"]]


def test_dry_gulch_another_players_refusal_says_only_refused(tmp_path: Path) -> None:
    moves = (
        "ann: draw resources\n"
        "ann: build bordello at ne-2\n"  # the hand is spent on it
        "ann: build pharmacist at ne-3\n"  # refused: the hand cannot pay
        "ann: build hotel at s12\n"  # refused: ann holds no hotel permit
    )
    records, name = _record(tmp_path, "dry-gulch", "ann, bob, cid", moves)
    own = _refusals(records, name, ANN)
    assert [code for _, code in own] == ["DG-PAY", "DG-PAY"]
    assert own[0][0].startswith("the hand cannot pay: ")
    assert own[1][0] == "ann holds no 'hotel' permit"
    assert _refusals(records, name, EVERYONE) == own  # the pass-and-play screen: as before
    for other in (BOB, HOST):  # before: the reasons above, read off ann's hand
        assert _refusals(records, name, other) == [("refused", None)] * 2
        entries = games.timeline(records, name, other)["moves"]
        assert all("hand" not in str(e) and "hotel'" not in str(e) for e in entries)


def test_old_town_another_players_refusal_says_only_refused(tmp_path: Path) -> None:
    records, name = _record(tmp_path, "old-town", "ann, bob", "ann: 9\nbob: 3\nann: 12\n", "5")
    hand = [c["number"] for c in games.hand(records, name, "bob", BOB)["cards"]]
    assert 3 not in hand  # bob's refusal reads his hand
    assert _refusals(records, name, BOB)[0] == ("P7: card 3 is not in bob's hand", None)
    # before: "P7: card 3 is not in bob's hand" and the ruling, to ann and the host
    assert _refusals(records, name, ANN)[0] == ("refused", None)
    assert _refusals(records, name, HOST)[0] == ("refused", None)
    bobs = games.timeline(records, name, ANN)["moves"][1]
    assert bobs["ruling"] is None and "hand" not in str(bobs)
    # ann's own refused move (out of turn) keeps its reason on her seat, and bob sees
    # only that it was refused: the turn order has no code of its own there
    assert _refusals(records, name, ANN)[1] == ("it is bob's turn, not ann's", None)
    assert _refusals(records, name, BOB)[1] == ("refused", None)
