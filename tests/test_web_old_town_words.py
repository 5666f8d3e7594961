"""Old Town in its own words on the page (issue 38): its cards read 4s, 8s and 8+8s as
`game show` and the rulebook say, one card a turn (the view says how many the edition
allows now), and a card that needs "my building" refused with the buildings as printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app as cli
from adjudicator.web.app import create_app

RECORD = """[Edition "old-town"]
[Players "ann, bob, cid"]
[Buildings "ann=undertaker stable; bob=printers doc; cid=church bank"]
[Seed "7"]

ann: 11
"""


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    (tmp_path / "club.game").write_text(RECORD, encoding="utf-8")
    return TestClient(create_app(tmp_path), base_url="http://127.0.0.1")


def test_the_hand_reads_as_game_show_reads_it(client: TestClient, tmp_path: Path) -> None:
    hand = client.get("/api/g/club.game/hand/bob").json()
    shown = (
        CliRunner()
        .invoke(
            cli,
            ["game", "show", str(tmp_path / "club.game"), "--player", "bob"],
            env={"COLUMNS": "300"},
        )
        .stdout
    )
    kinds = [c["kind"] for c in hand["cards"]]
    assert kinds == ["4s", "4s", "8+8s", "8+8s"]
    for card in hand["cards"]:
        assert f"│ {card['number']:<4} │ {card['kind']:<4} │" in shown
    # a 4s card names its building as printed, not by its id
    assert [c["building"] for c in hand["cards"][:2]] == ["Printer's", "Doc"]


def test_old_town_plays_one_card_a_turn_and_gads_hill_two(client: TestClient) -> None:
    assert client.get("/api/g/club.game").json()["cards_a_turn"] == 1
    form = {"name": "gh", "edition": "gads-hill-1874", "players": "ann, bob, cid", "seed": "3"}
    assert client.post("/api/games", json=form).status_code == 201
    assert client.get("/api/g/gh.game").json()["cards_a_turn"] == 2


def test_my_building_is_asked_for_as_printed(client: TestClient) -> None:
    r = client.post("/api/g/club.game/preview", json={"move": "bob: 44"})
    assert r.json()["legal"] is False
    assert r.json()["message"] == (
        "P7: say which building is 'my building': the Printer's (printers) or the Doc (doc)"
    )
