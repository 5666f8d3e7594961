"""The page's hint where it used to refuse (issue 35, item 17), through the JSON API.

Old Town before a refill (A4): the hint and the coach rank the takes from the seat of the
player to act, each with its move line (the seat's moves list it; its preview is legal)
and why. Every refusal is one line the page shows in the hint's panel: asked out of turn,
from the host's shared screen, or with the game over, in all four games (the browser's
step is `tests/test_web_browser_seats.py`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.web.app import create_app
from adjudicator.web.seats import SeatKeys

TOKEN = "the-host-token"
BASE = "http://192.168.1.20:8000"
LOCAL = "http://127.0.0.1:8000"
EXAMPLES = Path(__file__).parents[1] / "examples"
#: Old Town, seed 4: after these moves ann owes one building (A4) before her turn.
TO_REFILL = (
    "ann: 8",
    "bob: 4",
    "cid: 7",
    "ann: 3",
    "bob: 2",
    "cid: 47 as doc",
    "ann: 54 as saloon",
    "bob: 43 as casino",
    "cid: 51 as hotel",
)


@pytest.fixture
def seats(tmp_path: Path) -> object:
    return create_app(tmp_path, token=TOKEN, hosts=("192.168.1.20",), address=BASE)


def _device(app: object, name: str, player: str | None) -> TestClient:
    """A player's seat, or (None) the host's shared screen."""
    if player is None:
        headers = {"x-token": TOKEN}
    else:
        headers = {"x-seat": SeatKeys(TOKEN).key(name, player)}
    return TestClient(app, base_url=BASE, headers=headers)  # type: ignore[arg-type]


def _refill_game(app: object) -> str:
    name = "ot.game"
    form = {"name": name, "edition": "old-town", "players": "ann, bob, cid", "seed": "4"}
    assert _device(app, name, None).post("/api/games", json=form).status_code == 201
    for move in TO_REFILL:
        seat = _device(app, name, move.split(":")[0])
        r = seat.post(f"/api/g/{name}/move", json={"move": move})
        assert r.status_code == 200 and r.json()["legal"], r.json()
    return name


@pytest.mark.parametrize("coach", ["0", "1"])
def test_the_seat_to_act_gets_the_takes_ranked(seats: object, coach: str) -> None:
    """The fault: the hint (and the coach) answered 400 "ann first takes 1 building from
    beside the board (A4)" and the page showed nothing."""
    name = _refill_game(seats)
    ann = _device(seats, name, "ann")
    api = f"/api/g/{name}"
    assert ann.get(api).json()["refill"] == 1
    r = ann.get(f"{api}/hint?top=50&coach={coach}")
    assert r.status_code == 200, r.json()
    data = r.json()
    assert data["player"] == "ann" and data["refill"] == 1
    assert data["message"] == (
        "ann first takes 1 building from beside the board (A4): the takes, best first"
    )
    view = ann.get(api).json()
    beside = {b["id"] for b in view["beside"]}
    # every building beside the board, taken alone or alike to one taken (no marker on
    # the board, no card in ann's hand naming it); each take legal as written
    shown = [b for a in data["actions"] for b in a["buildings"] + a["alike"]]
    assert sorted(shown) == sorted(beside)
    for action in data["actions"]:
        assert action["kind"] == "take" and action["move"] == f"ann: take {action['buildings'][0]}"
        assert action["why"].startswith("then the best turn is ")
        preview = ann.post(f"{api}/preview", json={"move": action["move"]}).json()
        assert preview["legal"], preview
    played = ann.post(f"{api}/move", json={"move": data["actions"][0]["move"]}).json()
    assert played["legal"] and ann.get(api).json()["refill"] == 0


def test_the_takes_come_to_the_seat_to_act_only(seats: object) -> None:
    name = _refill_game(seats)
    for player in ("bob", "cid"):
        r = _device(seats, name, player).get(f"/api/g/{name}/hint")
        assert r.status_code == 403
        assert (
            r.json()["error"] == f"{name}: the hint is for the player to act (ann), from their seat"
        )
    r = _device(seats, name, None).get(f"/api/g/{name}/hint")
    assert r.status_code == 403
    assert r.json()["error"] == f"{name}: the shared screen shows no hint: it comes from a hand"


@pytest.mark.parametrize(
    ("example", "said"),
    [
        ("old-town-table.game", "the game is over"),
        ("dry-gulch-table.game", "the game is over"),
        ("black-hills-table.game", "the game is over: ann has won"),
    ],
)
def test_a_finished_game_s_hint_is_refused_in_one_line(
    tmp_path: Path, example: str, said: str
) -> None:
    """On the pass-and-play screen. Old Town's coach said "bob first takes 1 building
    from beside the board (A4)" of the finished example: the game is over."""
    shutil.copy(EXAMPLES / example, tmp_path / example)
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    r = c.get(f"/api/g/{example}/hint")
    assert r.status_code == 400 and r.json()["error"] == f"{example}: {said}"
    coach = c.get(f"/api/g/{example}/hint?coach=1").json()["error"]
    if example.startswith("old-town"):
        assert coach == f"{example}: the game is over"
    else:
        assert coach == f"{example}: the coach looks ahead in Old Town and Gads Hill only"
    for message in (r.json()["error"], coach):
        assert "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874", "dry-gulch", "black-hills"])
def test_a_seat_asking_out_of_turn_is_told_whose_hint_it_is(seats: object, edition: str) -> None:
    name = f"{edition}.game"
    form = {"name": name, "edition": edition, "players": "ann, bob, cid", "seed": "5"}
    assert _device(seats, name, None).post("/api/games", json=form).status_code == 201
    if edition == "black-hills":  # all three keep at once at the set-up: each its own hint
        for p in ("ann", "bob", "cid"):
            seat = _device(seats, name, p)
            keep = seat.get(f"/api/g/{name}/hint").json()["actions"][0]["move"]
            assert seat.post(f"/api/g/{name}/move", json={"move": keep}).json()["legal"]
    answers = {p: _device(seats, name, p).get(f"/api/g/{name}/hint") for p in ("ann", "bob", "cid")}
    refused = {p: r for p, r in answers.items() if r.status_code == 403}
    assert refused, {p: r.json() for p, r in answers.items()}
    for player, r in refused.items():
        error = r.json()["error"]
        assert error.startswith(f"{name}: the hint is for the player to act (")
        assert error.endswith("), from their seat") and player not in error.split("(")[1]


@pytest.mark.parametrize("example", ["old-town-table", "dry-gulch-table", "black-hills-table"])
@pytest.mark.parametrize("coach", ["0", "1"])
def test_a_seat_at_a_finished_game_is_told_it_is_over(
    tmp_path: Path, example: str, coach: str
) -> None:
    """A seat's hint of a finished game said "the hint is for the player to act (None),
    from their seat": the game is over (which every seat sees)."""
    name = f"{example}.game"
    shutil.copy(EXAMPLES / name, tmp_path / name)
    app = create_app(tmp_path, token=TOKEN, hosts=("192.168.1.20",), address=BASE)
    for player in ("ann", "bob"):
        r = _device(app, name, player).get(f"/api/g/{name}/hint?coach={coach}")
        assert r.status_code == 400 and r.json()["error"] == f"{name}: the game is over"
