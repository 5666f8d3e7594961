"""Issue 38: Black Hills' players in their colours, and the set-up's keep by taps. Each
seat has its own colour, the same on the track, in the areas, beside the resources and in
the page's players table, always with the initial and the name; every colour reads 4.5:1
with a white initial on it and on each ground it is drawn on (WCAG's ratio, computed
here from the colours, not copied). The hand tells the page when its player has two
characters to keep, and no longer once kept."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

from starlette.testclient import TestClient

from adjudicator.render.black_hills_board import CARD, PLAYER_COLOURS
from adjudicator.web.app import create_app

API = "/api/g/t.game"
NS = "{http://www.w3.org/2000/svg}"
#: The grounds a disc lies on: the areas' card, a shut area, the track's goal step, paper.
GROUNDS = (CARD, "#e9e1cf", "#f3d98b", "#f4efe1", "#ffffff")


def _luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    low, high = sorted((_luminance(a), _luminance(b)))
    return (high + 0.05) / (low + 0.05)


def test_every_colour_reads_on_every_ground_and_under_a_white_initial() -> None:
    assert len(set(PLAYER_COLOURS)) == 4  # the rulebook's 2 to 4 players, each its own
    for colour in PLAYER_COLOURS:
        for ground in GROUNDS:
            assert _contrast(colour, ground) >= 4.5, (colour, ground)


def _client(tmp_path: Path) -> TestClient:
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "t", "edition": "black-hills", "players": "ann, bob, cid", "seed": "12"}
    assert client.post("/api/games", json=form).status_code == 201
    return client


def test_each_seat_has_one_colour_on_the_track_in_the_table_and_beside_its_resources(
    tmp_path: Path,
) -> None:
    client = _client(tmp_path)
    for move in ("ann: keep tracker gold-digger", "bob: keep shaman hunter"):
        version = client.get(API).json()["version"]
        assert client.post(f"{API}/move", json={"move": move, "base": version}).json()["legal"]
    view = client.get(API).json()
    colours = {p["name"]: p["colour"] for p in view["players"]}
    assert list(colours.values()) == list(PLAYER_COLOURS[:3])
    svg = ET.fromstring(view["svg"])
    # each disc: its player's colour with that player's initial on it
    discs = []
    for group in [svg, *svg.iter(f"{NS}g")]:
        kids = list(group)
        for disc, initial in pairwise(kids):
            if disc.tag == f"{NS}circle" and initial.tag == f"{NS}text":
                discs.append((disc.get("fill"), initial.text))
    track = svg.find(f".//{NS}g[@id='reputation-track']")
    assert track is not None
    on_track = [c.get("fill") for c in track.iter(f"{NS}circle")]
    assert on_track == list(colours.values())  # everyone at 0, in seat order
    for fill, initial in discs:
        who = next(name for name, c in colours.items() if c == fill)
        assert initial == who[0].upper()
    # the track, the resources: one disc each per player, and the names beside them
    assert sorted(discs) == sorted([(c, n[0].upper()) for n, c in colours.items()] * 2)
    assert all(re.search(rf"\b{name} 0\b", view["svg"]) for name in colours)
    # the set-up's header names the one still to keep, not the badge holder
    assert "round 1 · set-up: cid to keep two" in view["svg"]


def test_the_hand_asks_the_keep_until_its_player_has_kept(tmp_path: Path) -> None:
    client = _client(tmp_path)
    hand = client.get(f"{API}/hand/ann").json()
    assert hand["keep"] is True
    assert [c["id"] for c in hand["cards"]] == ["tracker", "gold-digger", "miner", "madam"]
    assert hand["cards"][1]["name"] == "Gold Digger"
    version = client.get(API).json()["version"]
    move = "ann: keep tracker gold-digger"
    assert client.post(f"{API}/move", json={"move": move, "base": version}).json()["legal"]
    assert client.get(f"{API}/hand/ann").json()["keep"] is False
    assert client.get(f"{API}/hand/bob").json()["keep"] is True
