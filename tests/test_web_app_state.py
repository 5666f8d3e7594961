"""Each served app keeps its own state (issue 36): what a player has seen of a face-down
choice was a module-global keyed by the records' directory, so two apps in one process
over one directory (two tables, two tests) shared a reveal."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from adjudicator.dry_gulch.game.record import DGHeader, header_text
from adjudicator.web.app import create_app

HEADER = "\n".join(header_text(DGHeader(("ann", "bob", "cid"), 1))) + "\n\n"
# Seed 1 up to ann's second turn: her draw phase next, the permit stack a face-down choice.
MOVES = (
    "ann: draw resources\nann: discard\nbob: draw resources\nbob: discard\n"
    "cid: draw resources\ncid: discard\nann: events discard vandalism\n"
)
API = "/api/g/dg.game"
LOCAL = "http://127.0.0.1:8000"
STACK = "ann: draw permit stack"


def test_a_reveal_in_one_app_is_not_seen_by_another(tmp_path: Path) -> None:
    (tmp_path / "dg.game").write_text(HEADER + MOVES, encoding="utf-8")
    first = TestClient(create_app(tmp_path), base_url=LOCAL)
    second = TestClient(create_app(tmp_path), base_url=LOCAL)
    listed = second.get(f"{API}/moves").json()
    assert STACK in listed["blind"]
    r = first.post(f"{API}/reveal", json={"move": STACK})
    assert r.status_code == 200, r.json()
    pair = r.json()["moves"]
    assert len(pair) == 2
    # the app that showed the pair holds ann to it; the other never showed it
    assert first.get(f"{API}/moves").json()["moves"] == pair
    assert second.get(f"{API}/moves").json() == listed
    assert first.post(f"{API}/preview", json={"move": "ann: draw resources"}).status_code == 403
    assert second.post(f"{API}/preview", json={"move": "ann: draw resources"}).json()["legal"]
