"""STOP at a real table (issue 38): the New game form's choice of who takes the markers
logic removes (P6, L4: the active player, the editions' default, or the table, where
another player may call STOP), the page saying which the table plays, and a seat's STOP
previewed (what it claims, its points) and refused in words.

The scripted game (Gads Hill, seed 50): ann 9; 25 as jail, bob 8; 36 as hotel, cid 3;
42 as stage-coach-office. At a STOP table it leaves 2 points of claims after cid's turn
(the Jail marker on B3 goes by L1, the Jail is built on C3 by L2); at a default table cid
takes them with his turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.web.app import create_app
from adjudicator.web.seats import SeatKeys

OPENING = ("ann: 9; 25 as jail", "bob: 8; 36 as hotel", "cid: 3; 42 as stage-coach-office")
FORM = {"edition": "gads-hill-1874", "players": "ann, bob, cid", "seed": "50"}
LOCAL = "http://127.0.0.1:8000"
TOKEN = "stop-token"
BASE = "http://192.168.1.20:8000"


def _header(root: Path, name: str) -> list[str]:
    return [ln for ln in (root / name).read_text("utf-8").splitlines() if ln.startswith("[")]


def _claims(window: dict[str, list[object]] | None) -> int:
    """The markers a STOP would claim now (the page shows the STOP card only for some)."""
    return 0 if window is None else len(window["removable"]) + len(window["determined"])


def _new(c: TestClient, name: str, **fields: str) -> tuple[int, dict[str, str]]:
    r = c.post("/api/games", json={**FORM, "name": name, **fields})
    return r.status_code, r.json()


def test_the_choice_writes_the_option_and_the_page_says_which_rule(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    assert _new(c, "table", stop="table")[0] == 201
    assert '[Options "logic_to_active=false"]' in _header(tmp_path, "table.game")
    assert _new(c, "active", stop="active")[0] == 201
    assert _new(c, "plain")[0] == 201
    # the editions' default writes no option: the record is the one `game new` writes
    assert not any(h.startswith("[Options") for h in _header(tmp_path, "active.game"))
    assert _header(tmp_path, "active.game")[1:] == _header(tmp_path, "plain.game")[1:]
    # typed options stay, with the choice beside them
    assert _new(c, "both", stop="table", options="end_at=20")[0] == 201
    assert '[Options "end_at=20, logic_to_active=false"]' in _header(tmp_path, "both.game")
    for name, rule in (("table", "table"), ("active", "active")):
        assert c.get(f"/api/g/{name}.game").json()["stop_rule"] == rule
    page = c.get("/g/table.game").text
    assert 'id="stop-rule"' in page and "This table plays STOP" in page
    assert "This table plays without STOP" in c.get("/g/active.game").text


def test_a_choice_the_form_cannot_make_is_refused_in_one_line(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    status, body = _new(c, "odd", stop="sometimes")
    assert (status, body["error"]) == (400, "odd.game: stop: choose one of active, table")
    status, body = _new(c, "twice", stop="table", options="logic_to_active=true")
    assert (status, body["error"]) == (
        400,
        "twice.game: stop: the options name logic_to_active too: set it once",
    )
    assert not (tmp_path / "odd.game").exists() and not (tmp_path / "twice.game").exists()
    # a game without the choice takes no such field: the form sends none for it
    form = {"name": "dg", "edition": "dry-gulch", "players": "ann, bob, cid", "seed": "5"}
    assert c.post("/api/games", json=form).status_code == 201


def test_the_index_offers_the_choice_for_the_deduction_editions_only(tmp_path: Path) -> None:
    page = TestClient(create_app(tmp_path), base_url=LOCAL).get("/?list=1").text
    offered = page.split('id="stop-choice"')[1].split('data-editions="')[1].split('"')[0]
    assert offered.split() == ["gads-hill-1874", "old-town"]
    assert 'name="stop" value="active" checked' in page and 'name="stop" value="table"' in page
    assert "Victory points overseen" in page


@pytest.mark.parametrize(("stop", "left"), [("table", 2), ("active", 0)])
def test_a_seat_calls_stop_only_where_logic_left_markers(
    tmp_path: Path, stop: str, left: int
) -> None:
    app = create_app(tmp_path, token=TOKEN, hosts=("192.168.1.20",), address=BASE)
    host = TestClient(app, base_url=BASE, headers={"x-token": TOKEN})
    assert _new(host, "club", stop=stop)[0] == 201
    api = "/api/g/club.game"
    seats = {
        p: TestClient(app, base_url=BASE, headers={"x-seat": SeatKeys(TOKEN).key("club.game", p)})
        for p in ("ann", "bob", "cid")
    }
    for move in OPENING:
        player = move.split(":")[0]
        r = seats[player].post(f"{api}/move", json={"move": move})
        assert r.status_code == 200 and r.json()["legal"], r.json()
    seen_by_bob = seats["bob"].get(api).json()
    window = seen_by_bob["stop"]
    bob = next(p for p in seen_by_bob["players"] if p["name"] == "bob")["points"]
    if not left:
        # the default table: cid took what logic removes with his turn; nothing to call
        assert not _claims(window)
        refused = seats["ann"].post(f"{api}/preview", json={"move": "ann: STOP"}).json()
        assert not refused["legal"] and refused["code"] == "L4"
        return
    assert window["after_turn_of"] == "cid" and window["points"] == left
    # the preview says what the call claims and its points, and writes nothing
    before = (tmp_path / "club.game").read_text("utf-8")
    seen = seats["bob"].post(f"{api}/preview", json={"move": "bob: STOP"}).json()
    assert seen["legal"] and seen["points"] == left
    assert [(m["building"], m["space"]) for m in seen["ruling"]["removed"]] == [("jail", "b3")]
    assert [(b["building"], b["space"]) for b in seen["ruling"]["built"]] == [("jail", "c3")]
    assert (tmp_path / "club.game").read_text("utf-8") == before
    # the turn that left them may not call it, and says why in words
    own = seats["cid"].post(f"{api}/preview", json={"move": "cid: STOP"}).json()
    assert (own["legal"], own["code"]) == (False, "T5")
    assert own["message"] == "cid cannot call STOP on their own turn"
    # a seat calls for itself only
    other = seats["bob"].post(f"{api}/move", json={"move": "ann: STOP"})
    assert other.status_code == 403
    done = seats["bob"].post(f"{api}/move", json={"move": "bob: STOP"}).json()
    assert done["legal"] and done["points"] == left
    after = seats["ann"].get(api).json()
    assert not _claims(after["stop"])
    assert next(p for p in after["players"] if p["name"] == "bob")["points"] == bob + left
