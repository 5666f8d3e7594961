"""Issue 38, item 2: a Dry Gulch hand shows each permit as its card (cost, labor,
influence, reward, corner) from the cards' data file, not as a bare id."""

from __future__ import annotations

import tomllib
from pathlib import Path

from starlette.testclient import TestClient

from adjudicator.web.app import create_app

CARDS = Path(__file__).parents[1] / "cards" / "dry-gulch.toml"


def test_each_permit_in_a_hand_is_shown_as_its_card(tmp_path: Path) -> None:
    data = {p["id"]: p for p in tomllib.loads(CARDS.read_text("utf-8"))["permits"]}
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "t", "edition": "dry-gulch", "players": "ann, bob, cid", "seed": "2"}
    assert client.post("/api/games", json=form).status_code == 201
    for player in ("ann", "bob", "cid"):
        hand = client.get(f"/api/g/t.game/hand/{player}").json()
        assert len(hand["permits"]) == 3  # the rulebook deals three
        for card in hand["permits"]:
            printed = data[card["id"]]
            assert card["name"] == printed["name"]
            for field in ("cost", "labor", "influence", "reward", "corner"):
                assert card[field] == printed[field], (card["id"], field)
            cost, gains = card["lines"]
            for kind, n in printed["cost"].items():
                assert f"{n} {kind}" in cost
            assert f"labor {printed['labor']}" in cost
            assert f"influence {printed['influence']} · reward {printed['reward']}" in gains
            assert ("corner" in gains) == printed["corner"]
        assert not any("permits:" in line for line in hand["lines"])
