"""The page's legal moves are all there (issue 37: the list was cut at 8,000 of 9,028
moves, and the page said only "the first 400"): `/moves` lists `MAX_LISTED_MOVES` of them
from `?from=` and says whether more follow, so the page lists the next ones on a tap; it
counts them (`count`) when they all fit, or when asked (`?count=1`). Here with 40 a page,
at the opening of a seeded Gads Hill game (135 moves): the pages put together are every
move the generator gives, in its order."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.core.base_folder import Base
from adjudicator.tables import table
from adjudicator.web import games
from adjudicator.web.app import create_app

NEW = {"name": "club", "edition": "gads-hill-1874", "players": "ann, bob, cid", "seed": "50"}
API = "/api/g/club.game"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.setattr(games, "MAX_LISTED_MOVES", 40)
    c = TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8000")
    assert c.post("/api/games", json=NEW).status_code == 201
    return c


def test_the_pages_hold_every_move_and_the_count_says_how_many(
    client: TestClient, tmp_path: Path
) -> None:
    entry = table("deduction")
    text = (tmp_path / "club.game").read_text(encoding="utf-8")
    game = entry.replay(entry.read(text, "club.game", Base(tmp_path))).game
    every = [entry.format_move(m) for m in entry.legal_moves(game)]
    assert len(every) > 80
    first = client.get(f"{API}/moves").json()
    assert len(first["moves"]) == 40 and first["more"] and first["count"] is None
    counted = client.get(f"{API}/moves", params={"count": 1}).json()
    assert counted["count"] == len(every) and counted["moves"] == first["moves"]
    listed = list(first["moves"])
    while True:
        page = client.get(f"{API}/moves", params={"from": len(listed)}).json()
        assert page["start"] == len(listed)
        listed += page["moves"]
        if not page["more"]:
            break
    assert listed == every
    assert page["count"] == len(every)  # the last page reaches the end: counted


def test_moves_that_fit_on_a_page_are_counted(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games, "MAX_LISTED_MOVES", 400)
    listed = client.get(f"{API}/moves").json()
    assert not listed["more"] and listed["count"] == len(listed["moves"]) > 80


@pytest.mark.parametrize("start", ["x", "-1", "1.5", "²"])
def test_a_from_that_is_no_whole_number_is_refused_in_one_line(
    client: TestClient, start: str
) -> None:
    r = client.get(f"{API}/moves", params={"from": start})
    assert r.status_code == 400
    assert r.json()["error"] == "from: the number of moves already listed, a whole number"


def test_a_from_past_the_end_lists_nothing_more(client: TestClient) -> None:
    page = client.get(f"{API}/moves", params={"from": 100_000}).json()
    assert page["moves"] == [] and not page["more"] and page["count"] > 0
