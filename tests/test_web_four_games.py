"""The page's API plays every game (issue 25): a record of each of the four editions made
by `adjudicator game new` opens in the page with its board; a whole seeded game of each is
played to its end through the web API alone, and `adjudicator replay` of the record it
leaves finds no illegal move; a refusal is the same shape with its rule code in every
game, and the moves a page lists are the ones its commit takes.

The moves are chosen as a table using the page would: the hint's first action when it
has one the page lists, else one of the legal moves the page lists, by a seeded coin."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app as cli
from adjudicator.web.app import create_app

EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
#: seeds whose games end well inside a record's 1,000 moves under the policy below
SEEDS = {"old-town": 3, "gads-hill-1874": 3, "dry-gulch": 2, "black-hills": 4}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path), base_url="http://127.0.0.1")


def _new(client: TestClient, edition: str, name: str, seed: int) -> str:
    form = {"name": name, "edition": edition, "players": "ann, bob, cid", "seed": str(seed)}
    r = client.post("/api/games", json=form)
    assert r.status_code == 201, r.json()
    record: str = r.json()["record"]
    return record


def _pick(client: TestClient, api: str, rng: random.Random) -> tuple[str, list[str]]:
    listed = client.get(f"{api}/moves").json()
    moves: list[str] = listed["moves"]
    assert moves, f"no legal move listed, and the game is not over: {listed}"
    hint = client.get(f"{api}/hint?top=1")
    if hint.status_code == 200:
        for action in hint.json()["actions"]:
            if action["move"] in moves and action["move"] not in listed["blind"]:
                return action["move"], moves
    return choose(client, api, listed, rng), moves


def choose(client: TestClient, api: str, listed: dict[str, Any], rng: random.Random) -> str:
    """One of the listed moves, by the seeded coin; a face-down choice (a draw off a
    stack) is made first, then one of the moves it shows."""
    move: str = rng.choice(listed["moves"])
    if move in listed["blind"]:
        shown = client.post(f"{api}/reveal", json={"move": move})
        assert shown.status_code == 200, shown.json()
        move = rng.choice(shown.json()["moves"])
    return move


def _play_to_end(client: TestClient, name: str, seed: int) -> dict[str, Any]:
    api = f"/api/g/{name}"
    rng = random.Random(seed)
    for _ in range(990):
        view = client.get(api).json()
        if view["over"]:
            return view
        move, _listed = _pick(client, api, rng)
        r = client.post(f"{api}/move", json={"move": move, "base": view["version"]})
        assert r.status_code == 200, (move, r.json())
        assert r.json()["legal"] is True
    raise AssertionError(f"{name}: not over after 990 moves")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_seeded_game_is_played_through_the_api(
    client: TestClient, tmp_path: Path, edition: str
) -> None:
    name = _new(client, edition, f"whole-{edition}", SEEDS[edition])
    end = _play_to_end(client, name, SEEDS[edition])
    assert end["winners"], end
    assert all(m["legal"] for m in end["moves"])
    # the record on disk, read by the command line: every move legal, the game over
    done = subprocess.run(
        ["adjudicator", "replay", str(tmp_path / name), "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    # each game's replay keeps its own JSON: the refused moves are `illegal`, or the
    # `wrong` lines that are not legal (Black Hills)
    illegal = report.get("illegal", [w for w in report.get("wrong", []) if not w["legal"]])
    assert illegal == [], illegal
    assert len(end["moves"]) == len((tmp_path / name).read_text().splitlines()) - _header_lines(
        tmp_path / name
    )


def _header_lines(path: Path) -> int:
    return sum(1 for line in path.read_text().splitlines() if not line or line.startswith("["))


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_record_made_by_game_new_opens_with_its_board(tmp_path: Path, edition: str) -> None:
    record = tmp_path / f"{edition}.game"
    made = CliRunner().invoke(
        cli,
        ["game", "new", str(record), "--edition", edition, "--players", "ann,bob,cid", "--seed=5"],
    )
    assert made.exit_code == 0, made.output
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    page = client.get(f"/g/{record.name}")
    assert page.status_code == 200
    assert "<svg" in page.text
    view = client.get(f"/api/g/{record.name}").json()
    assert view["to_play"] in ("ann", "bob", "cid") and not view["over"]
    assert client.get(f"/g/{record.name}/board.svg").text.startswith("<svg")
    # every move the page lists, the page's preview rules legal; a face-down choice is
    # not previewed (that would tell what it draws) but made, and what it shows is legal
    api = f"/api/g/{record.name}"
    listed = client.get(f"{api}/moves").json()
    assert listed["moves"]
    for move in listed["moves"][:25]:
        if move in listed["blind"]:
            assert client.post(f"{api}/preview", json={"move": move}).status_code in (400, 403)
            continue
        r = client.post(f"{api}/preview", json={"move": move})
        assert r.json()["legal"] is True, (move, r.json())
    for choice in listed["blind"][:1]:
        shown = client.post(f"{api}/reveal", json={"move": choice}).json()["moves"]
        for move in shown:
            assert client.post(f"{api}/preview", json={"move": move}).json()["legal"] is True


OUT_OF_TURN = {
    "old-town": ("bob: pass", "T1"),
    "gads-hill-1874": ("bob: pass", "T1"),
    "dry-gulch": ("bob: draw resources", "DG-PHASE"),
    "black-hills": ("bob: keep a b", "BH-TURN-ORDER"),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_refusal_has_one_shape_and_its_code(
    client: TestClient, tmp_path: Path, edition: str
) -> None:
    name = _new(client, edition, f"refused-{edition}", 5)
    before = (tmp_path / name).read_bytes()
    api = f"/api/g/{name}"
    if edition == "black-hills":  # the set-up's keeps come in any order: play them out
        for player in ("ann", "bob", "cid"):
            keeps = [m for m in client.get(f"{api}/moves").json()["moves"] if m.startswith(player)]
            r = client.post(f"{api}/move", json={"move": keeps[0]})
            assert r.status_code == 200, r.json()
        before = (tmp_path / name).read_bytes()
        move, code = "bob: event x", "BH-TURN-ORDER"
    else:
        move, code = OUT_OF_TURN[edition]
    r = client.post(f"{api}/move", json={"move": move})
    assert r.status_code == 422, r.json()
    data = r.json()
    assert {"legal", "message", "code", "move", "version"} <= set(data)
    assert (data["legal"], data["code"]) == (False, code), data
    assert (tmp_path / name).read_bytes() == before


@pytest.mark.parametrize("edition", ("dry-gulch", "black-hills"))
def test_undo_hint_timeline_and_steps(client: TestClient, tmp_path: Path, edition: str) -> None:
    name = _new(client, edition, f"steps-{edition}", 7)
    api = f"/api/g/{name}"
    rng = random.Random(7)
    played = []
    for _ in range(4):
        view = client.get(api).json()
        move, _ = _pick(client, api, rng)
        r = client.post(f"{api}/move", json={"move": move, "base": view["version"]})
        assert r.status_code == 200, r.json()
        played.append(r.json()["move"])
    assert [m["text"] for m in client.get(api).json()["moves"]] == played
    timeline = client.get(f"{api}/replay").json()
    assert [m["move"] for m in timeline["moves"]] == played
    assert all(m["legal"] for m in timeline["moves"])
    first = client.get(f"{api}/step/1").json()
    assert first["step"] == 1 and first["moves"] == 4 and first["svg"].startswith("<svg")
    assert client.get(f"{api}/step/5").status_code == 400
    undone = client.post(f"{api}/undo", json={}).json()
    assert undone["undone"] == played[-1]
    assert [m["text"] for m in client.get(api).json()["moves"]] == played[:-1]


def _secret_keys(data: Any, path: str = "") -> list[str]:
    """Where a JSON value holds a list of cards: a hand, characters, permits held."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("hand", "hands", "characters", "permits", "events") and value:
                found.append(f"{path}.{key}")
            found += _secret_keys(value, f"{path}.{key}")
    elif isinstance(data, list):
        for n, value in enumerate(data):
            found += _secret_keys(value, f"{path}[{n}]")
    return found


@pytest.mark.parametrize("edition", ("dry-gulch", "black-hills"))
def test_the_shared_view_holds_no_hand(client: TestClient, edition: str) -> None:
    """The view every device polls holds counts; a hand is its "my hand" tap's (issue 26
    gives each player a seat of their own)."""
    name = _new(client, edition, f"hand-{edition}", 3)
    view = client.get(f"/api/g/{name}").json()
    assert _secret_keys(view) == []
    assert all(isinstance(p["cards"], int) and p["cards"] > 0 for p in view["players"])
    hand = client.get(f"/api/g/{name}/hand/ann").json()
    assert len(hand["cards"]) == view["players"][0]["cards"]


def test_a_preview_draws_no_chance(client: TestClient) -> None:
    """Found in review: previewing `ann: draw resources` named the three cards the commit
    then drew, so a player could preview every draw and take the best. A preview of a
    game that draws by chance says only that the move is legal."""
    name = _new(client, "dry-gulch", "peek", 4)
    api = f"/api/g/{name}"
    seen = client.post(f"{api}/preview", json={"move": "ann: draw resources"}).json()
    assert seen["legal"] is True and seen["ruling"] is None
    assert "drew" not in json.dumps(seen)
    done = client.post(f"{api}/move", json={"move": "ann: draw resources"}).json()
    assert done["legal"] is True and done["message"].startswith("drew ")
    refused = client.post(f"{api}/preview", json={"move": "bob: draw resources"}).json()
    assert (refused["legal"], refused["code"]) == (False, "DG-PHASE")  # a refusal says why


def test_the_set_up_lists_only_the_asked_players_keeps(client: TestClient) -> None:
    """Found in review: at Black Hills' set-up the moves listed every waiting player's
    keeps, so one tap showed every dealt hand; and said `ann` after ann had kept."""
    name = _new(client, "black-hills", "keeps", 4)
    api = f"/api/g/{name}"
    for player in ("ann", "bob", "cid"):
        listed = client.get(f"{api}/moves").json()
        assert listed["player"] == player == client.get(api).json()["to_play"]
        assert listed["moves"] and all(m.startswith(f"{player}: keep ") for m in listed["moves"])
        assert client.post(f"{api}/move", json={"move": listed["moves"][0]}).status_code == 200


@pytest.mark.parametrize("edition", ("dry-gulch", "black-hills"))
def test_the_hints_moves_are_legal_and_the_timeline_keeps_hands(
    client: TestClient, edition: str
) -> None:
    """Found in review: the Black Hills hint wrote `ann: ann: explorer` (every action
    refused); the shared timeline said what each player drew and kept."""
    name = _new(client, edition, "hinted", 6)
    api = f"/api/g/{name}"
    rng = random.Random(6)
    offered = 0
    for _ in range(12):
        hint = client.get(f"{api}/hint?top=5")
        if hint.status_code == 200:
            for action in hint.json()["actions"]:
                r = client.post(f"{api}/preview", json={"move": action["move"]})
                assert r.json()["legal"] is True, (action, r.json())
                offered += 1
        move, _ = _pick(client, api, rng)
        assert client.post(f"{api}/move", json={"move": move}).status_code == 200
    assert offered
    timeline = json.dumps(client.get(f"{api}/replay").json())
    assert "drew " not in timeline and "keeps " not in timeline
