"""`game new` takes every game's own set-up, and refuses another game's (issue 25): Dry
Gulch's residences (`--residence`, the page's Residences field), the deduction games'
buildings and frames; a mistyped player or site is one line with the closest match."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.base_folder import Base
from adjudicator.tables import table
from adjudicator.web.app import create_app

runner = CliRunner()
NEW = ["game", "new", "--players", "ann,bob,cid", "--seed", "2"]


def _new(path: Path, *more: str) -> tuple[int, str]:
    done = runner.invoke(app, [*NEW, str(path), *more])
    return done.exit_code, done.output


def test_dry_gulch_residences_stand_where_the_table_put_them(tmp_path: Path) -> None:
    record = tmp_path / "dg.game"
    code, out = _new(record, "--edition", "dry-gulch", "--residence", "ann=NW-3, bob=se-7")
    assert code == 0, out
    assert '[Residences "ann=nw-3, bob=se-7"]' in record.read_text(encoding="utf-8")
    entry = table("dry-gulch")
    game = entry.replay(entry.read(record.read_text(encoding="utf-8"), "dg", Base(tmp_path))).game
    homes = {b.owner: b.site for b in game.state.buildings}
    assert homes["ann"] == "nw-3" and homes["bob"] == "se-7"
    assert homes["cid"] not in ("nw-3", "se-7")


@pytest.mark.parametrize(
    ("edition", "more", "said"),
    [
        (
            "dry-gulch",
            ["--residence", "ann=nw-44"],
            "--residence: ann: unknown site 'nw-44'; did you mean 'nw-4'?",
        ),
        (
            "dry-gulch",
            ["--residence", "anne=nw-4"],
            "--residence: anne: unknown player 'anne'; did you mean 'ann'?",
        ),
        (
            "dry-gulch",
            ["--residence", "ann=ne-6"],
            "--residence: ann: a residence stands at the outside edge",
        ),
        ("dry-gulch", ["--frames", "frame-east=bank"], "--frames: Dry Gulch takes no --frames"),
        (
            "old-town",
            ["--residence", "ann=nw-1"],
            "--residence: Old Town and Gads Hill 1874 takes no --residence",
        ),
        (
            "black-hills",
            ["--residence", "ann=nw-1"],
            "--residence: Black Hills takes no --residence",
        ),
    ],
)
def test_another_games_set_up_is_refused_in_one_line(
    tmp_path: Path, edition: str, more: list[str], said: str
) -> None:
    record = tmp_path / "x.game"
    code, out = _new(record, "--edition", edition, *more)
    assert code == 1
    assert out.strip().startswith(f"error: {said}"), out
    assert len(out.strip().splitlines()) == 1
    assert not record.exists()


def test_the_page_sets_residences_too(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "dg", "edition": "dry-gulch", "players": "ann, bob, cid", "seed": "2"}
    r = client.post("/api/games", json={**form, "residences": "cid=ne-5"})
    assert r.status_code == 201, r.json()
    assert '[Residences "cid=ne-5"]' in (tmp_path / "dg.game").read_text(encoding="utf-8")
    r = client.post("/api/games", json={**form, "name": "dg2", "residences": "cid=ne-55"})
    assert (r.status_code, r.json()["error"]) == (
        400,
        "dg2.game: residences: cid: unknown site 'ne-55'; did you mean 'ne-5'?",
    )


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_the_players_may_choose_their_buildings_at_the_table(tmp_path: Path, edition: str) -> None:
    """T7: `--buildings chosen` and the page's checkbox write `[Buildings "chosen"]`: no
    building is dealt, the first move is ann's take; listing them too is refused."""
    code, out = _new(tmp_path / "cli.game", "--edition", edition, "--buildings", "chosen")
    assert code == 0, out
    text = (tmp_path / "cli.game").read_text(encoding="utf-8")
    assert '[Buildings "chosen"]' in text and "ann=" not in text
    assert "take a building (T7):" in out and "'ann: take BUILDING'" in out
    assert "set-up: ann chooses a building" in out
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "page", "edition": edition, "players": "ann, bob, cid", "seed": "2"}
    r = client.post("/api/games", json={**form, "choose_buildings": "on"})
    assert r.status_code == 201, r.json()
    page = (tmp_path / "page.game").read_text(encoding="utf-8")
    assert '[Buildings "chosen"]' in page
    view = client.get("/api/g/page.game").json()
    assert (view["setup"], view["to_play"]) == (True, "ann")
    assert all(p["buildings"] == [] for p in view["players"])
    # the hint and the coach rank turns: at the set-up they say it comes first, in words
    for ask in ("top=5", "top=5&coach=1"):
        said = client.get(f"/api/g/page.game/hint?{ask}").json()["error"]
        assert said == (
            "page.game: the set-up first: ann chooses a building beside the board (T7); "
            "the hint and the coach rank the turns that follow"
        )
    r = client.post(
        "/api/games",
        json={**form, "name": "both", "choose_buildings": "on", "buildings": "ann=hotel bank"},
    )
    assert (r.status_code, r.json()["error"]) == (
        400,
        "both.game: buildings: list the buildings or let the players choose them, not both",
    )
