"""Issue 38: no command-line text on the phones. The page's "what comes next" of Dry
Gulch and Black Hills is said in the rulebook's words, never in the record's notation
(the command line keeps its notation: `next_moves`, `next_line`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.web.app import create_app

NOTATION = ("PERMIT", "SITE", "CARD", "ID", "[", "|", "--help", "adjudicator", "A B", "Next:")


@pytest.mark.parametrize(("edition", "seed"), [("dry-gulch", 2), ("black-hills", 4)])
def test_the_next_line_is_words_not_notation(tmp_path: Path, edition: str, seed: int) -> None:
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "t", "edition": edition, "players": "ann, bob, cid", "seed": str(seed)}
    assert client.post("/api/games", json=form).status_code == 201
    api, rng, said = "/api/g/t.game", random.Random(seed), set()
    for _ in range(30):
        view = client.get(api).json()
        for line in view["next"]:
            assert not any(n in line for n in NOTATION), line
            said.add(line.split(":")[1] if ":" in line else line)
        if view["over"]:
            break
        listed = client.get(f"{api}/moves").json()
        move = rng.choice([m for m in listed["moves"] if m not in listed["blind"]])
        assert client.post(f"{api}/move", json={"move": move, "base": view["version"]}).json()[
            "legal"
        ]
    assert len(said) >= 2  # more than one phase was said
