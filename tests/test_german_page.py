"""Issue 39: a page in German shows the things of the game by their German names (what the
German cards print), while the moves it writes keep the ids, so the record reads the same
at an English table. An English page's view stays as it was (the golden files hold it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.web.app import create_app


def _host(root: Path, lang: str) -> TestClient:
    """The page on this computer (pass-and-play: every hand may be opened)."""
    headers = {"accept-language": lang}
    return TestClient(create_app(root), base_url="http://127.0.0.1", headers=headers)


def _new(host: TestClient, edition: str) -> str:
    form = {"name": edition, "edition": edition, "players": "Jürgen, Käthe, Sören", "seed": "3"}
    made = host.post("/api/games", json=form)
    assert made.status_code == 201, made.text
    return str(made.json()["record"])


@pytest.mark.parametrize(
    ("edition", "ident", "german"),
    [
        ("gads-hill-1874", "school", "Schule"),
        ("gads-hill-1874", "stage-coach-office", "Postkutschenstation"),
        ("old-town", "laundry", "Wäscherei"),
        ("dry-gulch", "general-store", "Laden"),
        ("dry-gulch", "sheriffs-office", "Sheriffs Büro"),
        ("dry-gulch", "labor", "Arbeit"),
        ("black-hills", "gold-digger", "Goldgräber"),
    ],
)
def test_a_german_view_names_things_in_german(
    tmp_path: Path, edition: str, ident: str, german: str
) -> None:
    host = _host(tmp_path, "de-DE,de;q=0.9")
    name = _new(host, edition)
    view = host.get(f"/api/g/{name}").json()
    assert view["names"][ident] == german


def test_a_german_deduction_view_keeps_the_ids_beside_the_names(tmp_path: Path) -> None:
    host = _host(tmp_path, "de")
    name = _new(host, "gads-hill-1874")
    view = host.get(f"/api/g/{name}").json()
    ids = {b["id"] for b in view["all_buildings"]}
    assert "school" in ids
    # every building of the edition has its German name, and only the edition's
    assert set(view["names"]) >= ids
    assert {view["names"][b] for b in ("bank", "school", "jail")} == {"Bank", "Schule", "Gefängnis"}
    hand = host.get(f"/api/g/{name}/hand/Jürgen").json()
    assert hand["names"]["school"] == "Schule"


def test_the_menu_choice_beats_the_browser_for_the_names(tmp_path: Path) -> None:
    host = _host(tmp_path, "en")
    name = _new(host, "old-town")
    assert "names" not in host.get(f"/api/g/{name}").json()
    host.get("/?lang=de")  # the language menu: kept in the cookie
    assert host.get(f"/api/g/{name}").json()["names"]["laundry"] == "Wäscherei"


def test_an_english_view_has_no_names_field(tmp_path: Path) -> None:
    host = _host(tmp_path, "en-GB,en;q=0.9")
    for edition in ("gads-hill-1874", "dry-gulch", "black-hills"):
        name = _new(host, edition)
        assert "names" not in host.get(f"/api/g/{name}").json()
        assert "names" not in host.get(f"/api/g/{name}/hand/Jürgen").json()
