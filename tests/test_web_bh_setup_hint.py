"""Black Hills' set-up on the page (issue 38): all players keep at once (BH-KEEP), so every
seat still choosing gets its own hint — its own four characters ranked, from its own view
— and a seat that has kept is told who is still choosing. Through `web/games.py` with a
seat's `Viewer`, as the page asks."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.black_hills.game.table import TABLE
from adjudicator.core.base_folder import Base
from adjudicator.render.pages import page
from adjudicator.web import games
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import Refused, Viewer

RECORD = '[Edition "black-hills"]\n[Players "ann, bob, cid"]\n[Seed "2"]\n\n'
PLAYERS = ("ann", "bob", "cid")


def _records(tmp_path: Path, moves: str = "") -> RecordDir:
    (tmp_path / "k.game").write_text(RECORD + moves)
    return RecordDir(tmp_path)


def _hand(records: RecordDir, seat: str) -> list[str]:
    return [c["id"] for c in games.hand(records, "k.game", seat, Viewer(seat=seat))["cards"]]


def test_every_seat_still_to_keep_gets_its_own_keep_hint(tmp_path: Path) -> None:
    """The fault: only ann (the first still choosing) got a hint; bob and cid were refused
    "the hint is for the player to act (ann)" while choosing at the same time."""
    records = _records(tmp_path)
    for seat in PLAYERS:
        got = games.hint_view(records, "k.game", Viewer(seat=seat), top=6)
        assert got["player"] == seat
        hand = _hand(records, seat)
        kept = [a["move"].removeprefix(f"{seat}: keep ").split() for a in got["actions"]]
        assert len(kept) == 6 and all(set(k) <= set(hand) and len(k) == 2 for k in kept), got
        listed = games.legal_moves(records, "k.game", Viewer(seat=seat))["moves"]
        assert all(a["move"] in listed for a in got["actions"])


def test_a_seat_that_has_kept_is_told_who_still_chooses(tmp_path: Path) -> None:
    records = _records(tmp_path)
    keep = games.hint_view(records, "k.game", Viewer(seat="bob"))["actions"][0]["move"]
    assert games.commit(records, "k.game", keep, None, Viewer(seat="bob"))["legal"]
    with pytest.raises(Refused) as err:
        games.hint_view(records, "k.game", Viewer(seat="bob"))
    assert str(err.value) == "k.game: the hint is for the player to act (ann, cid), from their seat"
    for seat in ("ann", "cid"):
        assert games.hint_view(records, "k.game", Viewer(seat=seat))["player"] == seat
    # the shared pass-and-play screen: the first still choosing
    assert games.hint_view(records, "k.game", Viewer(everyone=True))["player"] == "ann"


def test_a_seats_keep_hint_reads_no_other_hand(tmp_path: Path) -> None:
    """Two set-ups that differ only in bob's and cid's four cards give ann the same hint
    on the page (and bob's differs: it is his own)."""
    game = TABLE.replay(TABLE.read(RECORD, "k.game", Base(tmp_path))).game
    bob, cid = game.player("bob"), game.player("cid")
    swapped = replace(
        game,
        players=(
            game.player("ann"),
            replace(bob, characters=cid.characters),
            replace(cid, characters=bob.characters),
        ),
    )
    bh = page("black-hills")

    def said(state: object, player: str) -> str:
        return json.dumps(bh.hint(TABLE, state, "k.game", 10, player))

    assert said(game, "ann") == said(swapped, "ann")
    assert said(game, "bob") != said(swapped, "bob")


def test_the_move_boxs_example_follows_the_phase(tmp_path: Path) -> None:
    """The fault: the example was set at load ("keep ...") and stayed after the set-up."""
    records = _records(tmp_path)
    host = Viewer(host=True)
    assert games.game_view(records, "k.game", host)["example"] == "keep gambler outlaw"
    for seat in PLAYERS:
        keep = games.hint_view(records, "k.game", Viewer(seat=seat))["actions"][0]["move"]
        assert games.commit(records, "k.game", keep, None, Viewer(seat=seat))["legal"]
    view = games.game_view(records, "k.game", host)
    assert view["phase"] == "turn" and view["example"] == "lumberjack"
