"""Issue 38, item 3: a preview shows everything certain before the commit. In Dry Gulch a
build pays from its player's own hand and draws nothing, so its preview names the
payment, the site and the influence after it, as the commit then records them; in Black
Hills every turn but a die roll or a stolen card (dealt face down, said only as the
choice) is certain: the placement, the gathering, the payment and the reputation. What
chance decides stays hidden: a Dry Gulch draw, discard or event still says only that the
move is legal. (The secrets differential, `tests/test_seat_secrets.py`, holds that no
preview changes between worlds that differ only in hidden cards.)"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from adjudicator.web.app import create_app

#: the fields of a commit's answer that a preview of a certain move repeats word for word
SAID = ("move", "legal", "message", "code", "points", "ruling")


def _play(tmp_path: Path, edition: str, seed: int, moves: int) -> list[tuple[str, Any, Any]]:
    """(move, its preview, its commit) for the first `moves` moves of a seeded game, each
    chosen by a seeded coin among the listed moves a preview can name (no face-down draw)."""
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "t", "edition": edition, "players": "ann, bob, cid", "seed": str(seed)}
    assert client.post("/api/games", json=form).status_code == 201
    api, rng, seen = "/api/g/t.game", random.Random(seed), []
    for _ in range(moves):
        view = client.get(api).json()
        if view["over"]:
            break
        listed = client.get(f"{api}/moves").json()
        open_ = [m for m in listed["moves"] if m not in listed["blind"]]
        builds = [m for m in open_ if " build " in m]
        move = rng.choice(builds or open_)  # every build the game lists is tried
        shown = client.post(f"{api}/preview", json={"move": move}).json()
        done = client.post(f"{api}/move", json={"move": move, "base": view["version"]}).json()
        assert done["legal"] is True, done
        seen.append((move, shown, done))
    return seen


def test_a_dry_gulch_build_previews_its_payment_site_and_influence(tmp_path: Path) -> None:
    played = _play(tmp_path, "dry-gulch", 2, 60)
    builds = [(m, p, c) for m, p, c in played if " build " in m]
    assert len(builds) >= 5
    for move, shown, done in builds:
        assert {k: shown.get(k) for k in SAID} == {k: done.get(k) for k in SAID}, move
        site = move.rsplit(" at ", 1)[1]
        assert f"on {site}, paying " in shown["message"]
        assert shown["points"] == shown["ruling"]["influence"]


def test_a_dry_gulch_draw_stays_hidden_until_committed(tmp_path: Path) -> None:
    played = _play(tmp_path, "dry-gulch", 2, 12)
    chance = [(m, p) for m, p, _ in played if m.endswith(("draw resources", ": discard"))]
    assert chance
    for move, shown in chance:
        assert shown["points"] is None and shown["ruling"] is None, move
        assert shown["message"] == "legal: commit it to see what it does"


@pytest.mark.parametrize("seed", [4, 5])
def test_a_black_hills_turn_previews_what_its_commit_records(tmp_path: Path, seed: int) -> None:
    played = _play(tmp_path, "black-hills", seed, 40)
    certain = [
        (m, p, c) for m, p, c in played if "dealt when the move is committed" not in p["message"]
    ]
    assert len(certain) >= 30
    for move, shown, done in certain:
        assert {k: shown.get(k) for k in SAID} == {k: done.get(k) for k in SAID}, move
    gained = [p for _, p, _ in certain if p["ruling"]["reputation_gained"]]
    assert gained, "no turn gained reputation: the seed tests too little"
    for shown in gained:
        assert "reputation" in shown["message"]
