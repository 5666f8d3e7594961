"""Issue 38, item 4: Black Hills' page in its own words. The hint's turn that chance
decides (a robbery's line, written whole before the die; the Shaman's draw) offers the
moves the page lists for it, each to preview or play (a face-down draw to reveal first);
the set-up's header names every player still to choose, and the move box's example is a
Black Hills move."""

from __future__ import annotations

import random
from pathlib import Path

from starlette.testclient import TestClient

from adjudicator.web.app import create_app

API = "/api/g/t.game"


def _client(tmp_path: Path, seed: int) -> TestClient:
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "t", "edition": "black-hills", "players": "ann, bob, cid", "seed": str(seed)}
    assert client.post("/api/games", json=form).status_code == 201
    return client


def test_a_plan_chance_decides_offers_its_listed_moves(tmp_path: Path) -> None:
    client, rng, offered = _client(tmp_path, 4), random.Random(4), 0
    for _ in range(40):
        hint = client.get(f"{API}/hint?top=5").json()
        listed = client.get(f"{API}/moves").json()
        every = set(listed["moves"])  # every page of them: a robbing line may be far down
        while listed["more"]:
            more = client.get(f"{API}/moves?start={len(every)}").json()
            every |= set(more["moves"])
            listed["more"] = more["more"]
        # a plan up to the Shaman's deal, or a robbing line written whole before the die
        chance = [
            a for a in hint["actions"] if "chance decides" in a["text"] or "die is" in a["text"]
        ]
        for action in chance:
            assert action["move"] in every, action
            assert action["blind"] == (action["move"] in listed["blind"]), action
            if action["blind"]:
                shown = client.post(f"{API}/reveal", json={"move": action["move"]})
            else:
                shown = client.post(f"{API}/preview", json={"move": action["move"]})
            assert shown.status_code == 200 and shown.json().get("legal", True), shown.json()
            offered += 1
        assert not any("..." in line or "'exact'" in line for line in hint["lines"]), hint
        move = rng.choice([m for m in listed["moves"] if m not in listed["blind"]])
        version = client.get(API).json()["version"]
        assert client.post(f"{API}/move", json={"move": move, "base": version}).json()["legal"]
    assert offered, "no plan left to chance was met: the seed tests too little"


def test_the_set_up_names_everyone_choosing_and_the_example_is_black_hills(
    tmp_path: Path,
) -> None:
    client = _client(tmp_path, 4)
    page = client.get("/g/t.game").text
    assert "ann, bob, cid to play" in page
    assert "draw resources" not in page
    assert 'placeholder="ann: keep ' in page
    assert client.get(API).json()["choosing"] == ["ann", "bob", "cid"]
