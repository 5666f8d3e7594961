"""Seats for every name the record takes, and no 500 on any path or cookie (issue 35,
items 13 and 14).

`zoë` made the host's screen a 500 (the QR code's SVG read as ASCII) and her seat key
was refused; `a+b` (`&`, `#`, `%`) got a seat link that opened "no seat" (the key was not
URL-encoded); a 3,000-letter name gave a 500 (its link no longer fits a QR code: a new
game refuses such a name now, with the limit said). `GET /g/a%20b?seat=none` with no
token was a 500 with a traceback: the seat cookie is named after the record, and a
cookie's name may not hold a space.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app as cli
from adjudicator.core.names import MAX_NAME_CHARS as MAX_NEW_NAME
from adjudicator.web.app import create_app
from adjudicator.web.qr import qr_svg
from adjudicator.web.seats import SeatKeys, record_of_cookie, seat_cookie

TOKEN = "the-host-token"
BASE = "http://192.168.1.20:8000"
runner = CliRunner()


@pytest.fixture
def app(tmp_path: Path) -> object:
    return create_app(tmp_path, token=TOKEN, hosts=("192.168.1.20",), address=BASE)


def _client(app: object, **headers: str) -> TestClient:
    return TestClient(  # type: ignore[arg-type]
        app, base_url=BASE, headers=headers, raise_server_exceptions=False
    )


def _new(app: object, edition: str, players: str, name: str = "t.game") -> str:
    form = {"name": name, "edition": edition, "players": players, "seed": "3"}
    r = _client(app, **{"x-token": TOKEN}).post("/api/games", json=form)
    assert r.status_code == 201, r.text
    return name


def _seat_links(app: object, name: str) -> dict[str, str]:
    page = _client(app, **{"x-token": TOKEN}).get(f"/g/{name}")
    assert page.status_code == 200, page.text[:300]
    found = re.findall(
        r'<strong>([^<]*)</strong><br><a href="([^"]*)" class="seat-link"', page.text
    )
    return {html.unescape(p): html.unescape(u) for p, u in found}


# ----- item 13: seats for every name -------------------------------------------------------


@pytest.mark.parametrize("edition", ["dry-gulch", "black-hills"])
# `+`, `&`, `#` and `%` were in the names; a name is letters, digits, spaces,
# hyphens and apostrophes now (issue 39), so the spaces and apostrophes a link must encode
@pytest.mark.parametrize(
    "players", ["zoë, bob, cid", "Anna Lena, O'Brien, Jürgen", "ünïcødé, i j, Käthe"]
)
def test_every_players_seat_link_opens_their_seat(app: object, edition: str, players: str) -> None:
    """The host's screen draws each link's QR code, and each link, opened on a phone
    with nothing else, is that player's seat (its cookie keeps it for the next request)."""
    name = _new(app, edition, players)
    links = _seat_links(app, name)
    wanted = [p.strip() for p in players.split(",")]
    assert sorted(links) == sorted(wanted)
    for player, url in links.items():
        phone = _client(app)
        page = phone.get(url)
        assert page.status_code == 200, (player, url, page.text[:200])
        me = phone.get(f"/api/g/{name}").json()["me"]  # by the cookie alone now
        assert me["seat"] == player, (url, me)
        hand = phone.get(f"/api/g/{name}/hand/{quote(player, safe='')}")
        assert hand.status_code == 200, (player, hand.text[:200])


def test_a_seat_key_is_ascii_and_opens_only_its_own_name() -> None:
    keys = SeatKeys(TOKEN)
    key = keys.key("t.game", "zoë")
    assert key.isascii() and key.startswith("zo%C3%AB.")
    assert keys.player_of("t.game", key) == "zoë"
    assert keys.player_of("u.game", key) is None  # another game's
    mac = key.rpartition(".")[2]
    assert keys.player_of("t.game", f"zoe.{mac}") is None
    assert keys.player_of("t.game", f"zo%c3%ab.{mac}") is None  # one spelling only
    assert keys.player_of("t.game", f"zo%FF.{mac}") is None  # not UTF-8


def test_the_host_screen_of_a_non_ascii_name_is_drawn(app: object) -> None:
    """Minimal input: a player called zoë. The QR code's SVG (its title `zoë's seat`)
    was decoded as ASCII: the host's screen was a 500."""
    name = _new(app, "black-hills", "zoë, bob")
    page = _client(app, **{"x-token": TOKEN}).get(f"/g/{name}")
    assert page.status_code == 200
    assert page.text.count('class="qr"') == 2


def test_the_longest_name_still_fits_a_qr_code() -> None:
    """The limit is chosen so: the longest record name, a long address, and a name of
    `MAX_NEW_NAME` letters of four UTF-8 bytes each (12 characters each in the link)."""
    record = "r" * 80 + ".game"
    player = "\U0001d4d0" * MAX_NEW_NAME
    url = SeatKeys(TOKEN).link("http://adjudicator-table.example.org:65535", record, player)
    assert qr_svg(url, f"{player}'s seat") is not None


def test_a_link_too_long_for_a_qr_code_is_shown_without_one() -> None:
    assert qr_svg("http://x/" + "a" * 5000) is None


@pytest.mark.parametrize("edition", ["old-town", "dry-gulch", "black-hills"])
def test_a_new_game_refuses_an_over_long_name_on_the_page(app: object, edition: str) -> None:
    """Minimal input: a 3,000-letter name: the game was written, and its host's screen
    was a 500 (the seat link no longer fits a QR code)."""
    form = {"name": "t.game", "edition": edition, "players": "x" * 3000 + ", bob, cid"}
    r = _client(app, **{"x-token": TOKEN}).post("/api/games", json=form)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert f"at most {MAX_NEW_NAME} characters" in error and "\n" not in error
    assert len(error) < 300


@pytest.mark.parametrize("edition", ["old-town", "dry-gulch", "black-hills"])
def test_game_new_refuses_an_over_long_name(tmp_path: Path, edition: str) -> None:
    record = tmp_path / "t.game"
    players = "x" * (MAX_NEW_NAME + 1) + ",bob,cid"
    result = runner.invoke(
        cli, ["game", "new", str(record), "--edition", edition, "--players", players]
    )
    assert result.exit_code == 1, result.output
    err = result.stderr.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert f"at most {MAX_NEW_NAME} characters" in err
    assert not record.exists()


def test_a_name_of_the_limit_is_taken(tmp_path: Path) -> None:
    record = tmp_path / "t.game"
    players = "x" * MAX_NEW_NAME + ",bob,cid"
    result = runner.invoke(
        cli, ["game", "new", str(record), "--edition", "dry-gulch", "--players", players]
    )
    assert result.exit_code == 0, result.output


# ----- item 14: no 500 on any path or cookie ------------------------------------------------

ODD = ["a b", "a;b", "a,b", 'a"b', "a'b", "zoë", "x" * 3000, "a%b", "a=b", "seat.x", "a\\b"]
GETS = [
    "/g/{}",
    "/g/{}?seat=none",
    "/g/{}?seat=zo%25C3%25AB.00",
    "/g/{}/record",
    "/g/{}/board.svg",
    "/p/{}",
    "/p/{}?seat=none",
    "/api/g/{}",
    "/api/g/{}/version",
    "/api/g/{}/events",
    "/api/g/{}/moves",
    "/api/g/{}/hint",
    "/api/g/{}/replay",
    "/api/g/{}/step/1",
    "/api/g/{}/hand/ann",
    "/api/p/{}",
]
POSTS = ["/api/g/{}/preview", "/api/g/{}/move", "/api/g/{}/undo", "/api/g/{}/reveal"]


def _cookie_header(name: str) -> bytes:
    # as a browser sends it: the record's name as is, in UTF-8
    return f"seat.{name}=zo%C3%AB.00; {seat_cookie(name)}=x.y; adjudicator_token=nope".encode()


@pytest.mark.parametrize("token", [TOKEN, None])
@pytest.mark.parametrize("name", ODD)
def test_no_path_or_cookie_is_a_500(tmp_path: Path, token: str | None, name: str) -> None:
    """Every route with an odd record name, with and without cookies and the token:
    a refusal in words (4xx), never a 500."""
    hosts = ("192.168.1.20",) if token else None
    base = BASE if token else "http://127.0.0.1:8000"
    app = create_app(tmp_path, token=token, hosts=hosts, address=base)
    quoted = quote(name, safe="")
    for headers in ({}, {"cookie": _cookie_header(name)}, {"x-token": TOKEN}):
        client = TestClient(app, base_url=base, raise_server_exceptions=False)
        for path in GETS:
            r = client.get(path.format(quoted), headers=headers)  # type: ignore[arg-type]
            assert 400 <= r.status_code < 500, (path, name, headers, r.status_code)
        for path in POSTS:
            body = {"move": "ann: 1", "base": "x"}
            r = client.post(path.format(quoted), json=body, headers=headers)  # type: ignore[arg-type]
            assert 400 <= r.status_code < 500, (path, name, headers, r.status_code)
            if "json" in r.headers.get("content-type", ""):
                assert "\n" not in r.json().get("error", "")


@given(st.text(min_size=1, max_size=60))
def test_a_seat_cookie_name_reads_back(name: str) -> None:
    cookie = seat_cookie(name)
    assert re.fullmatch(r"[A-Za-z0-9!#$%&'*+\-.^_`|~:]+", cookie), cookie
    assert record_of_cookie(cookie) == name
