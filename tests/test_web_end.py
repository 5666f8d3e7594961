"""The end of a game in the page (issue 38): the view's `end` names the winner by the
rulebook's rule, the final scores and what `adjudicator replay` finds the table missed, the
moment the last move is committed (the live update carries it, no reload); and "play
again" starts a new game of the same players and options from a new seed, for all four
games."""

from __future__ import annotations

import random
import re
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from adjudicator.core.table import Setup
from adjudicator.tables import table_of_edition
from adjudicator.web.app import create_app
from adjudicator.web.updates import apply_update, build_update
from tests.browser import replayed

EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
#: seeds whose random games end well inside the moves played
SEED = 3


def finished(
    edition: str, root: Path, seed: int = SEED, options: str | None = None, stops: bool = True
) -> list[str]:
    """A seeded game of `edition` played to its end by random legal moves (passes last;
    with `stops` false, no one calls STOP): the record's header, then each move's line."""
    table = table_of_edition(edition)
    head, game = table.new_record(
        edition, ("ann", "bob", "cid"), seed, Setup("g.game", root, options=options)
    )
    rng = random.Random(seed)
    lines = [head.rstrip("\n") + "\n\n"]
    for _ in range(2000):
        moves = sorted(islice(table.legal_moves(game), 30), key=table.format_move)
        if not moves:
            break
        if not stops:
            moves = [m for m in moves if not table.format_move(m).endswith("STOP")]
        unpassed = [m for m in moves if not table.format_move(m).endswith("pass")] or moves
        move = rng.choice(unpassed)
        game, ruled = table.apply(game, move)
        assert ruled.legal
        lines.append(table.format_move(move) + "\n")
    return lines


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path), base_url="http://127.0.0.1")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_last_move_names_the_winner_live(
    client: TestClient, tmp_path: Path, edition: str
) -> None:
    lines = finished(edition, tmp_path)
    record = tmp_path / "club.game"
    last = len(lines)
    while True:  # the move that ends the game (in Old Town a draw may follow it)
        last -= 1
        record.write_text("".join(lines[:last]), encoding="utf-8")
        before = client.get("/api/g/club.game").json()
        if not before["over"]:
            break
    assert before["end"] is None
    r = client.post("/api/g/club.game/move", json={"move": lines[last].strip()})
    assert r.status_code == 200, r.json()
    after = client.get("/api/g/club.game").json()
    # what a page open at the last move is sent: the end comes with the update
    update = build_update(before, after)
    assert update["set"]["end"] == after["end"]
    patched = apply_update(before, update)
    assert patched is not None
    assert {k: v for k, v in patched.items() if k != "svg"} == {
        k: v for k, v in after.items() if k != "svg"
    }
    end = after["end"]
    report = replayed(record)
    winners = report.get("winners") or [report["winner"]]
    scores = report.get("scores") or report.get("influence") or report.get("reputation")
    assert end["winners"] == winners
    assert {s["name"]: s["score"] for s in end["scores"]} == scores
    assert re.match(r"^[A-Z0-9-]+: ", end["rule"]), end["rule"]  # the rule's code first
    overlooked = [o["points"] for o in report.get("overlooked", [])]
    assert [m["points"] for m in end["missed"]] == overlooked or not overlooked


def test_overlooked_stop_points_are_the_replays(client: TestClient, tmp_path: Path) -> None:
    """A table that never calls STOP (logic left on the board) leaves points lying: the
    end lists each window replay reports, with its points."""
    lines = finished("old-town", tmp_path, options="logic_to_active=false", stops=False)
    record = tmp_path / "club.game"
    record.write_text("".join(lines), encoding="utf-8")
    end = client.get("/api/g/club.game").json()["end"]
    report = replayed(record)
    assert report["overlooked"], "this seed's game overlooks a STOP claim"
    assert [m["points"] for m in end["missed"]] == [o["points"] for o in report["overlooked"]]
    assert all(m["line"].startswith("STOP overlooked") for m in end["missed"])


def test_no_end_before_the_game_is_over_and_no_rematch(client: TestClient) -> None:
    form = {"name": "club", "edition": "old-town", "players": "ann, bob, cid", "seed": "7"}
    assert client.post("/api/games", json=form).status_code == 201
    assert client.get("/api/g/club.game").json()["end"] is None
    r = client.post("/api/g/club.game/rematch", json={})
    assert r.status_code == 400
    assert r.json()["error"] == "club.game: the game is not over: play again once it has a winner"


def _tags(text: str) -> dict[str, str]:
    return dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, re.M))


@pytest.mark.parametrize("edition", EDITIONS)
def test_play_again_is_a_new_deal_of_the_same_table(
    client: TestClient, tmp_path: Path, edition: str
) -> None:
    options = {"gads-hill-1874": "logic_to_active=false", "dry-gulch": "half=up"}.get(edition)
    lines = finished(edition, tmp_path, options=options)
    (tmp_path / "club.game").write_text("".join(lines), encoding="utf-8")
    r = client.post("/api/g/club.game/rematch", json={})
    assert r.status_code == 201, r.json()
    assert r.json() == {"record": "club.2.game", "url": "/g/club.game/next"}
    old, new = _tags(lines[0]), _tags((tmp_path / "club.2.game").read_text(encoding="utf-8"))
    for tag in ("Edition", "Players", "Options"):
        assert new.get(tag) == old.get(tag), tag
    assert new["Seed"] != old["Seed"]
    view: dict[str, Any] = client.get("/api/g/club.2.game").json()
    assert view["end"] is None and view["moves"] == []
    # a second screen's tap finds the same new game, not a third
    assert client.post("/api/g/club.game/rematch", json={}).json()["record"] == "club.2.game"
    opened = client.get("/g/club.game/next", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/g/club.2.game"


def test_a_seat_plays_again_at_its_own_seat(tmp_path: Path) -> None:
    from adjudicator.web.seats import SeatKeys, seat_cookie

    lines = finished("old-town", tmp_path)
    (tmp_path / "club.game").write_text("".join(lines), encoding="utf-8")
    token = "t" * 32
    app = create_app(tmp_path, token=token, hosts=("127.0.0.1",))
    keys = SeatKeys(token)
    seat = TestClient(app, base_url="http://127.0.0.1")
    seat.cookies.set(seat_cookie("club.game"), keys.key("club.game", "bob"))
    assert seat.post("/api/g/club.game/rematch", json={}).status_code == 201
    opened = seat.get("/g/club.game/next", follow_redirects=False)
    assert opened.headers["location"] == keys.link("", "club.2.game", "bob")
    stranger = TestClient(app, base_url="http://127.0.0.1")
    assert stranger.post("/api/g/club.game/rematch", json={}).status_code == 403
    assert stranger.get("/g/club.game/next", follow_redirects=False).status_code == 403


@pytest.mark.parametrize(
    ("name", "after"),
    [
        ("club.game", "club.2.game"),
        ("club.2.game", "club.3.game"),
        ("gads-hill-1874.game", "gads-hill-1874.2.game"),
    ],
)
def test_the_rematch_is_named_after_its_game(name: str, after: str) -> None:
    from adjudicator.web.rematch import next_name

    assert next_name(name) == after
