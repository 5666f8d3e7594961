"""The browser app's JSON API and pages, with Starlette's test client (no browser).

The scripted game (seed 50, logic_to_active=false, so STOP claims stay on the board):
ann 9; 25 as jail, bob 8; 36 as hotel, cid 3; 42 as stage-coach-office leaves two points
of STOP claims; ann calls STOP; ann buys the Bank before her two cards.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from adjudicator.cli.serve_cmd import is_loopback, shown_host
from adjudicator.web import games
from adjudicator.web.app import MAX_BODY, TOKEN_COOKIE, create_app
from tests.budget import examples

NEW = {
    "name": "club",
    "edition": "gads-hill-1874",
    "players": "ann, bob, cid",
    "seed": "50",
    "options": "logic_to_active=false",
}
OPENING = ("ann: 9; 25 as jail", "bob: 8; 36 as hotel", "cid: 3; 42 as stage-coach-office")
BUY_FIRST = "ann: buy bank; 47 as bank; 38 as bank"
API = "/api/g/club.game"
LOCAL = "http://127.0.0.1:8000"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    assert c.post("/api/games", json=NEW).status_code == 201
    return c


def _record(tmp_path: Path) -> str:
    return (tmp_path / "club.game").read_text(encoding="utf-8")


def _moves(tmp_path: Path) -> list[str]:
    return [ln for ln in _record(tmp_path).splitlines() if ln and not ln.startswith("[")]


def _play(client: TestClient, *moves: str) -> None:
    for move in moves:
        r = client.post(f"{API}/move", json={"move": move})
        assert r.status_code == 200, r.json()
        assert r.json()["legal"]


def test_create_writes_the_header_and_refuses_an_existing_record(
    client: TestClient, tmp_path: Path
) -> None:
    text = _record(tmp_path)
    assert '[Seed "50"]' in text and '[Options "logic_to_active=false"]' in text
    assert '[Players "ann, bob, cid"]' in text
    again = client.post("/api/games", json=NEW)
    assert again.status_code == 400
    assert again.json()["error"] == "club.game: exists already"
    bad = client.post("/api/games", json={**NEW, "name": "two", "players": "ann"})
    assert bad.status_code == 400
    assert bad.json()["error"] == "two.game: [Players]: Gads Hill 1874 seats 2 to 5 players, not 1"
    assert not (tmp_path / "two.game").exists()
    for field, value, problem in (
        ("name", "", "record: name: name the record, e.g. club.game"),
        ("seed", "x7", "three.game: seed: 'x7' is not a number"),
        ("options", "logic", "three.game: options: write NAME=VALUE, found 'logic'"),
        (
            "options",
            "end_at=soon",
            "three.game: options: end_at is true, false or a number, not 'soon'",
        ),
        ("players", " , ", "three.game: players: name the players in seat order: ann, bob, cid"),
    ):
        form = {**NEW, "name": "three", field: value}
        r = client.post("/api/games", json=form)
        assert (r.status_code, r.json()["error"]) == (400, problem)
    r = client.post("/api/games", json={**NEW, "name": "three", "options": "no_such=1"})
    assert (
        r.status_code == 400
        and "three.game: [Options]: unknown option 'no_such'" in r.json()["error"]
    )
    assert not (tmp_path / "three.game").exists()


def test_view_shows_turn_scores_hands_and_a_clickable_board(client: TestClient) -> None:
    v = client.get(API).json()
    assert v["to_play"] == "ann" and v["turn"] == 1 and not v["over"]
    assert [p["name"] for p in v["players"]] == ["ann", "bob", "cid"]
    assert all(p["cards"] == 5 and p["points"] == 0 for p in v["players"])
    assert v["locomotive"] == 3 and v["end_at"] == 22
    assert sum(v["piles"].values()) == 60 - 15
    assert 'id="space-b1"' in v["svg"]
    hand = client.get(f"{API}/hand/ann").json()
    assert [c["number"] for c in hand["cards"]] == [16, 9, 12, 25, 47]
    assert client.get(f"{API}/hand/zed").status_code == 400
    page = client.get("/g/club.game")
    assert page.status_code == 200 and 'id="space-b1"' in page.text


def test_preview_rules_without_writing(client: TestClient, tmp_path: Path) -> None:
    before = _record(tmp_path)
    r = client.post(f"{API}/preview", json={"move": OPENING[0]})
    assert r.status_code == 200
    data = r.json()
    assert data["legal"] and data["points"] == 3
    assert data["ruling"]["markers_placed"]
    assert all(re.fullmatch(r"[A-Z]\d", x["code"]) for x in data["ruling"]["reasons"])
    assert _record(tmp_path) == before


def test_commit_appends_and_a_refusal_leaves_the_record_unchanged(
    client: TestClient, tmp_path: Path
) -> None:
    before = _record(tmp_path)
    refused = client.post(f"{API}/move", json={"move": "cid: 3"})
    assert refused.status_code == 422
    assert refused.json()["code"] == "T1"
    assert refused.json()["message"] == "it is ann's turn, not cid's"
    assert _record(tmp_path) == before
    _play(client, OPENING[0])
    assert _moves(tmp_path) == [OPENING[0]]
    assert client.get(API).json()["to_play"] == "bob"


def test_a_stale_page_cannot_commit(client: TestClient, tmp_path: Path) -> None:
    seen = client.get(API).json()["version"]
    _play(client, OPENING[0])
    r = client.post(f"{API}/move", json={"move": OPENING[1], "base": seen})
    assert r.status_code == 409 and r.json()["stale"]
    assert _moves(tmp_path) == [OPENING[0]]


def test_stop_claims_then_a_buy_before_two_cards(client: TestClient, tmp_path: Path) -> None:
    _play(client, *OPENING)
    stop = client.get(API).json()["stop"]
    assert stop["after_turn_of"] == "cid" and stop["points"] == 2
    assert [(c["building"], c["space"]) for c in stop["removable"]] == [("jail", "b3")]
    own = client.post(f"{API}/move", json={"move": "cid: STOP"})
    assert own.status_code == 422 and own.json()["code"] == "T5"
    _play(client, "ann: STOP")
    ann = client.get(API).json()["players"][0]
    assert ann["points"] == 3 + 2
    r = client.post(f"{API}/move", json={"move": BUY_FIRST})
    assert r.status_code == 200, r.json()
    assert r.json()["ruling"]["buy"] == {"building": "bank", "after": 0}
    assert _moves(tmp_path) == [*OPENING, "ann: STOP", BUY_FIRST]


def test_undo_takes_the_last_line_off(client: TestClient, tmp_path: Path) -> None:
    _play(client, *OPENING[:2])
    r = client.post(f"{API}/undo", json={})
    assert r.status_code == 200 and r.json()["undone"] == OPENING[1]
    assert _moves(tmp_path) == [OPENING[0]]
    assert client.get(API).json()["to_play"] == "bob"


def test_the_hint_plays_as_offered(client: TestClient, tmp_path: Path) -> None:
    h = client.get(f"{API}/hint?top=3").json()
    assert h["player"] == "ann" and 1 <= len(h["actions"]) <= 3
    best = h["actions"][0]
    assert best["move"].startswith("ann: ")
    r = client.post(f"{API}/move", json={"move": best["move"]})
    assert r.status_code == 200 and r.json()["points"] == best["points"]
    assert _moves(tmp_path) == [best["move"]]
    assert client.get(f"{API}/hint?top=0").status_code == 400


def test_timeline_and_downloads(client: TestClient, tmp_path: Path) -> None:
    _play(client, *OPENING)
    client.post(f"{API}/move", json={"move": "cid: 3"})  # refused, not written
    t = client.get(f"{API}/replay").json()
    assert [m["move"] for m in t["moves"]] == list(OPENING)
    assert t["overlooked"] and t["overlooked"][0]["points"] == 2
    step = client.get(f"{API}/step/1").json()
    assert step["scores"] == {"ann": 3, "bob": 0, "cid": 0}
    assert client.get(f"{API}/step/9").status_code == 400
    rec = client.get("/g/club.game/record")
    assert rec.text == _record(tmp_path)
    assert "attachment" in rec.headers["content-disposition"]
    svg = client.get("/g/club.game/board.svg")
    assert svg.headers["content-type"] == "image/svg+xml" and svg.text.startswith("<svg")


def test_two_devices_at_once_add_the_move_once(client: TestClient, tmp_path: Path) -> None:
    answers: list[int] = []

    def tap() -> None:
        answers.append(client.post(f"{API}/move", json={"move": OPENING[0]}).status_code)

    threads = [threading.Thread(target=tap) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200] + [422] * 5
    assert _moves(tmp_path) == [OPENING[0]]


@pytest.mark.parametrize(
    "name", ["..%2Fclub.game", "club.txt", ".hidden.game", "a%2Fb.game", "%2Fetc%2Fpasswd"]
)
def test_record_names_stay_in_the_directory(client: TestClient, name: str) -> None:
    r = client.get(f"/api/g/{name}")
    assert r.status_code in (400, 404)
    if r.status_code == 400:
        assert "\n" not in r.json()["error"]


def test_create_cannot_leave_the_directory(client: TestClient, tmp_path: Path) -> None:
    r = client.post("/api/games", json={**NEW, "name": "../escape"})
    assert r.status_code == 400 and "not a record name" in r.json()["error"]
    assert not (tmp_path.parent / "escape.game").exists()


def test_bodies_are_limited_json_objects(client: TestClient, tmp_path: Path) -> None:
    before = _record(tmp_path)
    big = client.post(f"{API}/move", json={"move": "ann: 9", "pad": "x" * MAX_BODY})
    assert big.status_code == 413
    form = client.post(f"{API}/move", data={"move": OPENING[0]})
    assert form.status_code == 415
    broken = client.post(f"{API}/move", content=b"{", headers={"content-type": "application/json"})
    assert broken.status_code == 400
    assert broken.json()["error"].startswith("the request body: line 1: malformed JSON")
    two = client.post(f"{API}/move", json={"move": "ann: 9\nbob: 8"})
    assert two.status_code == 400
    assert _record(tmp_path) == before


def test_bad_input_is_one_line(client: TestClient, tmp_path: Path) -> None:
    r = client.post(f"{API}/move", json={"move": "ann plays 9"})
    assert r.status_code == 400
    assert r.json()["error"] == (
        "club.game: cannot read 'ann plays 9': write a move as 'NAME: ACTION'"
    )
    r = client.post(f"{API}/move", json={"move": "ann: 999"})
    assert r.json()["error"] == "club.game: card 999: no such card in Gads Hill 1874"
    (tmp_path / "broken.game").write_text('[Edition "old-town"]\nann: 3\n', encoding="utf-8")
    r = client.get("/api/g/broken.game")
    assert r.status_code == 400 and r.json()["error"].startswith("broken.game: line ")
    page = client.get("/g/broken.game")
    assert page.status_code == 404 and "Traceback" not in page.text
    assert "broken.game: line " in page.text


def test_an_internal_error_is_one_line_without_traceback(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object) -> None:
        raise RuntimeError("something\nmulti-line")

    monkeypatch.setattr(games, "game_view", boom)
    r = client.get(API)
    assert r.status_code == 500
    assert r.json() == {
        "error": "internal error (RuntimeError); nothing was written",
        "code": "internal",
    }


def test_off_loopback_a_device_needs_the_host_link_or_a_seat(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path, token="s3cret"))
    assert c.post("/api/games", json=NEW).status_code == 403
    assert c.post("/api/games", json=NEW, headers={"x-token": "wrong"}).status_code == 403
    assert c.post("/api/games", json=NEW, headers={"x-token": "s3cret"}).status_code == 201
    assert c.get(API).status_code == 403  # a tokenless device sees nothing of the game
    assert c.post(f"{API}/move", json={"move": OPENING[0]}).status_code == 403
    assert c.post(f"{API}/undo", json={}).status_code == 403
    joined = TestClient(create_app(tmp_path, token="s3cret"))
    page = joined.get("/g/club.game?token=s3cret")  # the host's link, printed once
    assert page.cookies.get(TOKEN_COOKIE) == "s3cret" or joined.cookies.get(TOKEN_COOKIE)
    assert joined.get(API).status_code == 200
    # the host's screen is the table's public view: a move comes from its player's seat
    assert joined.post(f"{API}/move", json={"move": OPENING[0]}).status_code == 403


def test_a_loopback_server_answers_only_to_loopback_names(tmp_path: Path) -> None:
    app = create_app(tmp_path)
    for local in ("http://localhost:8000", "http://[::1]:8000", "http://127.0.0.1"):
        assert TestClient(app, base_url=local).get("/").status_code == 200
    rebound = TestClient(app, base_url="http://evil.example:8000")
    assert rebound.get("/").status_code == 400
    assert rebound.post("/api/games", json=NEW).status_code == 400
    assert not (tmp_path / "club.game").exists()


def test_a_page_may_start_only_a_shipped_edition(client: TestClient, tmp_path: Path) -> None:
    (tmp_path / "board.toml").write_text("x = 1\n", encoding="utf-8")
    for edition in ("board.toml", "../../etc/passwd.toml", "dry gulch"):
        r = client.post("/api/games", json={**NEW, "name": "other", "edition": edition})
        assert r.status_code == 400
        assert r.json()["error"] == (
            "other.game: edition: choose one of black-hills, dry-gulch, gads-hill-1874, old-town"
        )


def test_a_single_record_opens_at_the_front_page(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    c.post("/api/games", json=NEW)
    solo = TestClient(
        create_app(tmp_path, default="club.game"), base_url=LOCAL, follow_redirects=False
    )
    r = solo.get("/")
    assert r.status_code == 303 and r.headers["location"] == "/g/club.game"
    assert "club.game" in solo.get("/?list=1").text


def test_every_asset_ships_in_the_package() -> None:
    web = Path(games.__file__).parent
    assets = [*web.glob("templates/*.html"), *web.glob("static/*")]
    assert {p.name for p in assets} >= {"app.js", "app.css", "game.html", "index.html"}
    for path in assets:
        text = path.read_text(encoding="utf-8")
        external = re.findall(r"""(?:src|href)=["'](?:https?:)?//""", text)
        assert not external, f"{path.name} loads from the network"
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")


def test_loopback() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert not is_loopback("example.org")
    assert shown_host("192.168.1.5") == "192.168.1.5"
    assert shown_host("0.0.0.0") != ""  # this machine's address when it has a route


def test_serve_refuses_what_it_cannot_serve(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("hi", encoding="utf-8")
    for target, problem in (
        (tmp_path / "missing.game", "no such file or directory"),
        (other, "not a game record (*.game) or a directory"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "adjudicator.cli.main", "serve", str(target)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1
        assert done.stderr.strip() == f"error: {target}: {problem}"
        assert "Traceback" not in done.stderr


def test_serve_refuses_a_port_in_use(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        command = ["serve", str(tmp_path), "--port", str(port)]
        done = subprocess.run(
            [sys.executable, "-m", "adjudicator.cli.main", *command],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == (
        f"error: --port {port}: cannot listen on 127.0.0.1:{port} (Address already in use)"
    )


def test_serve_starts_and_prints_its_url(tmp_path: Path) -> None:
    import socket
    import urllib.request

    record = tmp_path / "table.game"
    shipped = Path(games.__file__).parents[2] / "examples" / "old-town-table.game"
    record.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "adjudicator.cli.main", "serve", str(record), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        assert line == f"Serving {record} at http://127.0.0.1:{port}/"
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:
                    body = page.read().decode()
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not answer")
        assert "Old Town: table.game" in body and 'id="space-' in body
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_the_command_line_does_not_load_the_web_stack() -> None:
    probe = (
        "import json, sys\n"
        "from typer.testing import CliRunner\n"
        "from adjudicator.cli.main import app\n"
        "CliRunner().invoke(app, ['--help'])\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert not loaded & {"starlette", "uvicorn", "jinja2", "adjudicator.web"}


def test_the_picture_rings_the_claims_and_shows_turn_and_scores(
    client: TestClient, tmp_path: Path
) -> None:
    import xml.etree.ElementTree as ET

    plain = ET.fromstring(client.get("/g/club.game/board.svg").text)
    assert "claim" not in ET.tostring(plain, encoding="unicode")
    _play(client, *OPENING)
    svg = client.get("/g/club.game/board.svg").text
    root = ET.fromstring(svg)  # well-formed
    ns = "{http://www.w3.org/2000/svg}"
    claimed = [g for g in root.iter(f"{ns}g") if "claim" in (g.get("class") or "").split()]
    assert {g.get("data-building") or g.get("id") for g in claimed} == {"jail", "space-c3"}
    captions = [t.text for t in root.iter(f"{ns}text") if t.get("class") == "caption"]
    assert captions == ["turn 3 · ann to play · locomotive 4/22", "scores: ann 3, bob 5, cid 7"]
    legend = {g.get("data-mark"): "".join(g.itertext()) for g in root.iter(f"{ns}g")}
    assert "a STOP claim (2 points, L4)" in legend["claim"]
    # scaled to the page, never a fixed pixel width (render/svg.py)
    assert root.get("width") == "100%" and len(root.get("viewBox", "").split()) == 4


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.integers(min_value=0, max_value=4),  # the hint's n-th turn
            st.sampled_from(["ann: 99", "bob: pass", "cid: STOP", "ann: discard 1 2 take x@y"]),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_committed_moves_always_replay_legal(steps: list[int | str]) -> None:
    """Whatever a page sends, the record holds only moves the rules allow, each written
    once: a refusal leaves it byte for byte, and `replay` finds nothing illegal."""
    import tempfile

    from adjudicator.deduction.game.record import read_record
    from adjudicator.deduction.game.replay import replay

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        c = TestClient(create_app(root), base_url=LOCAL)
        assert c.post("/api/games", json=NEW).status_code == 201
        written: list[str] = []
        for step in steps:
            if isinstance(step, int):
                actions = c.get(f"{API}/hint").json()["actions"]
                move = actions[step % len(actions)]["move"]
            else:
                move = step
            before = (root / "club.game").read_text(encoding="utf-8")
            r = c.post(f"{API}/move", json={"move": move})
            after = (root / "club.game").read_text(encoding="utf-8")
            if r.status_code == 200:
                written.append(move)
                assert after == before + move + "\n"
            else:
                assert r.status_code in (400, 422) and after == before
        assert _moves(root) == written
        r = replay(read_record(root / "club.game"))
        assert not r.illegal


def test_old_town_asks_for_the_refill_first(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    game = {"name": "ot", "edition": "old-town", "players": "ann, bob, cid", "seed": "4"}
    assert c.post("/api/games", json=game).status_code == 201
    api = "/api/g/ot.game"
    assert c.get(api).json()["refill"] == 0
    for move in ("ann: 8", "bob: 4", "cid: 7", "ann: 3", "bob: 2", "cid: 47 as doc"):
        assert c.post(f"{api}/move", json={"move": move}).status_code == 200
    assert c.post(f"{api}/move", json={"move": "ann: 54 as saloon"}).status_code == 200
    assert c.post(f"{api}/move", json={"move": "bob: 43 as casino"}).status_code == 200
    assert c.post(f"{api}/move", json={"move": "cid: 51 as hotel"}).status_code == 200
    view = c.get(api).json()
    assert view["to_play"] == "ann" and view["refill"] == 1
    # the hint says the refill comes first and ranks the takes (issue 35: it only refused)
    hint = c.get(f"{api}/hint")
    assert hint.status_code == 200
    assert hint.json()["message"] == (
        "ann first takes 1 building from beside the board (A4): the takes, best first"
    )
    take = hint.json()["actions"][0]["move"]
    assert take.startswith("ann: take ")
    assert c.post(f"{api}/move", json={"move": take}).status_code == 200
    assert c.get(api).json()["refill"] == 0
    assert c.get(f"{api}/hint").status_code == 200
