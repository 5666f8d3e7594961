"""Seats (issue 26, item 1): off loopback the host's link and each player's seat link are
the only ways in. A seat sees its own hand and moves as its own player only; the host's
shared screen sees what lies face up, lists the seat links and alone gets the record (with
its seed); a device with neither sees nothing. In all four games, no answer to a device
holds another player's face-down cards: not their hand, not the cards their draw or keep
took (the record's own text of such a move), not the seed.

Each game is played for a while as a table would: each move from the seat of its player,
picked from the moves the page lists to that seat."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.core.base_folder import Base
from adjudicator.tables import table_of_record
from adjudicator.web.app import TOKEN_COOKIE, create_app
from adjudicator.web.seats import SeatKeys, seat_cookie
from tests.test_web_four_games import choose

TOKEN = "the-host-token"
PLAYERS = ("ann", "bob", "cid")
EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
BASE = "http://192.168.1.20:8000"


@pytest.fixture
def app(tmp_path: Path) -> object:
    return create_app(tmp_path, token=TOKEN, hosts=("192.168.1.20",), address=BASE)


def _host(app: object) -> TestClient:
    return TestClient(app, base_url=BASE, headers={"x-token": TOKEN})  # type: ignore[arg-type]


def _seat(app: object, name: str, player: str) -> TestClient:
    key = SeatKeys(TOKEN).key(name, player)
    return TestClient(app, base_url=BASE, headers={"x-seat": key})  # type: ignore[arg-type]


def _nobody(app: object) -> TestClient:
    return TestClient(app, base_url=BASE)  # type: ignore[arg-type]


def _played(app: object, edition: str, moves: int = 14) -> str:
    """A new seeded game of `edition`, played `moves` moves from the seats."""
    name = f"{edition}.game"
    form = {"name": name, "edition": edition, "players": ", ".join(PLAYERS), "seed": "5"}
    assert _host(app).post("/api/games", json=form).status_code == 201
    seats = {p: _seat(app, name, p) for p in PLAYERS}
    rng = random.Random(edition)
    for _ in range(moves):
        view = seats["ann"].get(f"/api/g/{name}").json()
        if view["over"]:
            break
        # the seat with moves now (Black Hills' set-up: every player still to keep)
        for player, seat in seats.items():
            listed = seat.get(f"/api/g/{name}/moves").json()
            if listed["moves"]:
                move = choose(seat, f"/api/g/{name}", listed, rng)
                # the version this seat's page saw: each viewer has its own (issue 35)
                base = seat.get(f"/api/g/{name}/version").json()["version"]
                r = seat.post(f"/api/g/{name}/move", json={"move": move, "base": base})
                assert r.status_code == 200 and r.json()["legal"], (player, move, r.json())
                break
        else:
            raise AssertionError(f"{name}: no seat has a move: {view['to_play']}")
    return name


def _hidden_texts(app: object, tmp: Path, name: str, player: str) -> list[str]:
    """The record's text of every move of another player that is face down in part."""
    body = (tmp / name).read_text(encoding="utf-8")
    table = table_of_record(body)
    rec = table.read(body, name, Base(tmp))
    return [
        table.format_move(m)
        for m in rec.moves
        if m.player != player and table.public_move(m) != table.format_move(m)
    ]


def _every_answer(client: TestClient, name: str, player: str | None) -> dict[str, str]:
    api = f"/api/g/{name}"
    paths = [f"/g/{name}", api, f"{api}/replay", f"{api}/step/3", f"/g/{name}/board.svg"]
    if player is not None:
        paths += [f"{api}/hand/{player}", f"{api}/moves", f"{api}/hint"]
    return {p: client.get(p).text for p in paths}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_seat_sees_its_own_hand_and_no_other(app: object, tmp_path: Path, edition: str) -> None:
    name = _played(app, edition)
    seed = re.search(r'\[Seed "(\d+)"\]', (tmp_path / name).read_text(encoding="utf-8"))
    assert seed is not None
    for player in PLAYERS:
        seat = _seat(app, name, player)
        assert seat.get(f"/api/g/{name}/hand/{player}").status_code == 200
        for other in PLAYERS:
            if other != player:
                r = seat.get(f"/api/g/{name}/hand/{other}")
                assert r.status_code == 403 and other in r.json()["error"]
        assert seat.get(f"/g/{name}/record").status_code == 403
        hidden = _hidden_texts(app, tmp_path, name, player)
        for path, text in _every_answer(seat, name, player).items():
            assert "[Seed" not in text and '"seed"' not in text, path
            leaked = [h for h in hidden if h in text]
            assert not leaked, (player, path, leaked)
    # the game had something face down to hide from somebody
    assert any(_hidden_texts(app, tmp_path, name, p) for p in PLAYERS)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_host_sees_the_public_table_and_the_record(
    app: object, tmp_path: Path, edition: str
) -> None:
    name = _played(app, edition, moves=6)
    host = _host(app)
    api = f"/api/g/{name}"
    assert host.get(api).status_code == 200
    for player in PLAYERS:
        assert host.get(f"{api}/hand/{player}").status_code == 403
    assert host.get(f"{api}/moves").status_code == 403
    assert host.get(f"{api}/hint").status_code == 403
    assert host.get(f"{api}/hint?coach=1").status_code == 403  # the coach reads the hand too
    listed = [m for p in PLAYERS for m in _seat(app, name, p).get(f"{api}/moves").json()["moves"]]
    for path in ("preview", "move"):
        r = host.post(f"{api}/{path}", json={"move": listed[0]})
        assert r.status_code == 403 and "own seat" in r.json()["error"]
    record = host.get(f"/g/{name}/record")
    assert record.status_code == 200 and "[Seed" in record.text
    hidden = [t for p in PLAYERS for t in _hidden_texts(app, tmp_path, name, p)]
    for path, text in _every_answer(host, name, None).items():
        assert not [h for h in hidden if h in text], path
    # the host's page lists every seat's link, each with its QR code
    page = host.get(f"/g/{name}").text
    for player in PLAYERS:
        assert f"{BASE}/g/{name}?seat={SeatKeys(TOKEN).key(name, player)}" in page
    assert page.count('class="segno qr"') == len(PLAYERS) or page.count("<svg") > len(PLAYERS)
    seat_page = _seat(app, name, "ann").get(f"/g/{name}").text
    assert "?seat=" not in seat_page  # a seat never sees another seat's link


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_device_with_no_seat_sees_nothing(app: object, tmp_path: Path, edition: str) -> None:
    name = _played(app, edition, moves=3)
    nobody = _nobody(app)
    api = f"/api/g/{name}"
    for path in [
        "/",
        "/?list=1",
        "/api/games",
        f"/g/{name}/record",
        f"/api/g/{name}/version",
        *_every_answer(nobody, name, "ann"),
    ]:
        r = nobody.get(path)
        assert r.status_code == 403, path
        assert "[Seed" not in r.text and "ann:" not in r.text, path
    assert nobody.post(f"{api}/move", json={"move": "ann: pass"}).status_code == 403
    assert nobody.post(f"{api}/undo", json={}).status_code == 403
    # a forged key, another game's key, and a key for someone not at the table
    forged = SeatKeys("not-the-token").key(name, "ann")
    other = SeatKeys(TOKEN).key("other.game", "ann")
    for key in (forged, other, "ann.", "ann", "." * 40, "ann.0" * 10):
        r = TestClient(app, base_url=BASE, headers={"x-seat": key}).get(api)  # type: ignore[arg-type]
        assert r.status_code == 403, key


def test_a_seat_moves_and_undoes_as_itself_only(app: object) -> None:
    name = _played(app, "old-town", moves=0)
    api = f"/api/g/{name}"
    ann, bob = _seat(app, name, "ann"), _seat(app, name, "bob")
    move = ann.get(f"{api}/moves").json()["moves"][0]
    assert move.startswith("ann")
    r = bob.post(f"{api}/move", json={"move": move})
    assert r.status_code == 403 and r.json()["error"].endswith("it moves as bob only")
    assert bob.post(f"{api}/preview", json={"move": move}).status_code == 403
    assert bob.get(f"{api}/moves").json()["moves"] == []  # not bob's turn
    assert ann.post(f"{api}/move", json={"move": move}).status_code == 200
    r = bob.post(f"{api}/undo", json={})
    assert r.status_code == 403 and "only ann or the host" in r.json()["error"]
    r = ann.post(f"{api}/undo", json={})
    assert r.status_code == 200 and (r.json()["player"], r.json()["by"]) == ("ann", "ann")
    assert ann.post(f"{api}/move", json={"move": move}).status_code == 200
    r = _host(app).post(f"{api}/undo", json={})
    assert r.status_code == 200 and r.json()["by"] == "the host"


def test_a_seat_link_sets_its_cookie_and_the_host_link_its_own(app: object) -> None:
    name = _played(app, "dry-gulch", moves=0)
    key = SeatKeys(TOKEN).key(name, "bob")
    phone = _nobody(app)
    assert phone.get(f"/g/{name}?seat={key}").status_code == 200
    assert phone.cookies.get(seat_cookie(name)) == key
    assert phone.get(f"/api/g/{name}").json()["me"] == {
        "host": False,
        "seat": "bob",
        "pass_and_play": False,
    }
    assert phone.get(f"/api/g/{name}/hand/bob").status_code == 200
    assert phone.get(f"/api/g/{name}/hand/ann").status_code == 403
    laptop = _nobody(app)
    assert laptop.get(f"/g/{name}?token={TOKEN}").status_code == 200
    assert laptop.cookies.get(TOKEN_COOKIE) == TOKEN
    assert laptop.get(f"/api/g/{name}").json()["me"]["host"] is True


def test_on_loopback_one_screen_is_passed_round(tmp_path: Path) -> None:
    """Pass-and-play: no token, one screen; every hand opens there, as before seats."""
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "p.game", "edition": "old-town", "players": "ann, bob", "seed": "2"}
    assert client.post("/api/games", json=form).status_code == 201
    assert client.get("/api/g/p.game").json()["me"]["pass_and_play"] is True
    for player in ("ann", "bob"):
        assert client.get(f"/api/g/p.game/hand/{player}").status_code == 200
    assert client.get("/g/p.game/record").status_code == 200


def test_a_draw_off_the_stack_shows_its_cards_only_once_chosen(app: object) -> None:
    """Dry Gulch: 'draw permit stack' is listed, not the two permits on top of the
    face-down stack; previewing one by name is refused (it would tell the stack's order);
    once chosen, its player sees the two and keeps one, and may not go back."""
    name = _played(app, "dry-gulch", moves=0)
    api = f"/api/g/{name}"
    ann = _seat(app, name, "ann")
    listed = ann.get(f"{api}/moves").json()
    assert listed["blind"] == ["ann: draw permit stack"]
    assert not [m for m in listed["moves"] if m.startswith("ann: draw permit stack ")]
    shown = ann.post(f"{api}/reveal", json={"move": "ann: draw permit stack"}).json()["moves"]
    assert len(shown) == 2 and all(m.startswith("ann: draw permit stack ") for m in shown)
    other = _played(app, "gads-hill-1874", moves=0)  # a fresh game: nothing chosen there
    assert _seat(app, other, "ann").get(f"/api/g/{other}/moves").status_code == 200
    r = ann.post(f"{api}/preview", json={"move": "ann: draw resources"})
    assert r.status_code == 403 and "has chosen 'ann: draw permit stack'" in r.json()["error"]
    assert ann.get(f"{api}/moves").json()["moves"] == shown
    assert ann.post(f"{api}/move", json={"move": shown[1]}).json()["legal"] is True


def test_a_stack_permit_named_before_the_choice_is_refused(app: object, tmp_path: Path) -> None:
    """Asking by name for each permit the stack could give would tell its order: the
    moves the engine knows to be legal are refused as face down, like any other name."""
    name = _played(app, "dry-gulch", moves=0)
    body = (tmp_path / name).read_text(encoding="utf-8")
    table = table_of_record(body)
    game = table.replay(table.read(body, name, Base(tmp_path))).game
    on_top = [t for m in table.legal_moves(game) if (t := table.format_move(m)).count(" ") == 4]
    assert len(on_top) == 2 and all(t.startswith("ann: draw permit stack ") for t in on_top)
    ann = _seat(app, name, "ann")
    for move in [*on_top, "ann: draw permit stack bank"]:
        for path in ("preview", "move"):
            r = ann.post(f"/api/g/{name}/{path}", json={"move": move})
            assert r.status_code == 403 and "lies face down" in r.json()["error"], move


def test_no_listed_draw_names_the_card_on_top_of_a_pile(app: object) -> None:
    """Gads Hill: a draw is the choice of one of three face-down piles, a move of its own
    (issue 35: the server deals the card at the commit, so there is no reveal first)."""
    name = _played(app, "gads-hill-1874", moves=0)
    api = f"/api/g/{name}"
    ann = _seat(app, name, "ann")
    first = ann.get(f"{api}/moves").json()["moves"][0]
    assert ann.post(f"{api}/move", json={"move": first}).status_code == 200
    listed = ann.get(f"{api}/moves").json()
    draws = [m for m in listed["moves"] if " draws " in m]
    assert draws and all(re.fullmatch(r"ann draws from the [\w' -]+ pile", m) for m in draws)
    assert not set(draws) & set(listed["blind"])
