"""Play again opens the rematch only (issue 35's secrets, found by a probe of issue 38's
features): before, "play again" handed a seat at one table a seat at another.

`GET /g/NAME/next` (web/rematch.py) redirects a seat of `NAME.game` to its own seat link
in `NAME.2.game` whenever that record exists: it does not ask whether `NAME.2.game` is a
rematch of `NAME.game` (the old game over, the same players), only whether the file is
there. A host who names two tables of one evening `friday` and `friday.2` (or any
record that happens to end in `.2`) thus gives every seat of `friday` a seat key of
`friday.2`, with the old game still going: a player of `friday` who is not at `friday.2`
watches that table, and one of the same name opens that seat's hand. `next` now opens
only a rematch (`rematch.is_rematch`: the old game over, the same players).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.web.app import create_app
from adjudicator.web.seats import SeatKeys

TOKEN = "the-host-token"
BASE = "http://192.168.1.20:8000"


def _table(tmp_path: Path) -> TestClient:
    """Two unrelated games, neither over: `friday` (ann, bob) and `friday.2` (ann, cid)."""
    app = create_app(tmp_path, token=TOKEN, hosts=("192.168.1.20",), address=BASE)
    host = TestClient(app, base_url=BASE, headers={"x-token": TOKEN})
    for name, players in (("friday", "ann, bob"), ("friday.2", "ann, cid")):
        form = {"name": name, "edition": "old-town", "players": players, "seed": "3"}
        assert host.post("/api/games", json=form).status_code == 201
    return host


def _seated(host: TestClient, name: str, player: str) -> TestClient:
    phone = TestClient(host.app, base_url=BASE, follow_redirects=False)
    key = SeatKeys(TOKEN).key(name, player)
    assert phone.get(f"/g/{name}?seat={key}").status_code == 200
    return phone


def test_a_seat_gets_no_seat_at_another_table_that_is_no_rematch(tmp_path: Path) -> None:
    host = _table(tmp_path)
    bob = _seated(host, "friday.game", "bob")
    # friday.game is not over and friday.2.game is not its rematch: nothing to open
    r = bob.get("/g/friday.game/next")
    assert r.status_code != 303, f"redirected to {r.headers.get('location')}"
    # bob is no player of friday.2, and his friday seat lets him see nothing of it
    assert bob.get("/api/g/friday.2.game").status_code == 403


def test_a_seat_of_one_table_never_opens_a_hand_at_another(tmp_path: Path) -> None:
    host = _table(tmp_path)
    ann = _seated(host, "friday.game", "ann")
    r = ann.get("/g/friday.game/next")
    if r.status_code == 303:
        ann.get(r.headers["location"])
    # friday.2's ann is another player at another table: her hand is hers only
    assert ann.get("/api/g/friday.2.game/hand/ann").status_code == 403


def test_play_again_lets_the_players_choose_their_buildings_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table that chose its buildings at the set-up (T7, `[Buildings "chosen"]`) chooses
    them again in its rematch, as Dry Gulch's residences in turn are chosen again."""
    from types import SimpleNamespace

    from adjudicator.web import rematch as rematch_module
    from adjudicator.web import versions
    from adjudicator.web.records import RecordDir

    host = TestClient(
        create_app(tmp_path, token=TOKEN, hosts=("192.168.1.20",), address=BASE),
        base_url=BASE,
        headers={"x-token": TOKEN},
    )
    form = {
        "name": "club",
        "edition": "gads-hill-1874",
        "players": "ann, bob, cid",
        "seed": "3",
        "choose_buildings": True,
    }
    assert host.post("/api/games", json=form).status_code == 201
    assert '[Buildings "chosen"]' in (tmp_path / "club.game").read_text("utf-8")
    # the game's end is the rules' (tests/test_web_end.py); here only what is carried over
    over = SimpleNamespace(page=SimpleNamespace(end=lambda *_: {"winners": ["ann"]}))
    over.table = over.game = over.rec = None
    monkeypatch.setattr(rematch_module, "open_record", lambda *_: over)
    after = rematch_module.rematch(RecordDir(tmp_path, versions.versions_key(None)), "club.game")
    again = (tmp_path / after).read_text("utf-8")
    assert '[Buildings "chosen"]' in again
