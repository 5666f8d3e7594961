"""Issue 39: a move line may name a thing by its German name of any letters and of several
words, in a record as on the page; it reads as the same move as with the id, and the
record keeps the id (so an English table reads it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adjudicator.black_hills.notation import card_ids
from adjudicator.core.german import german_names
from adjudicator.deduction.game.notation import format_move as ded_format
from adjudicator.deduction.game.notation import parse_marker
from adjudicator.deduction.game.notation import parse_move as ded_parse
from adjudicator.dry_gulch.game.notation import parse_move as dg_parse
from adjudicator.web.app import create_app


@pytest.mark.parametrize(
    ("german", "english"),
    [
        ("ann: 23 as Wäscherei", "ann: 23 as laundry"),
        ("ann: 23 as Gerichtsgebäude; 24", "ann: 23 as courthouse; 24"),
        ("ann: 23 as Postkutschenstation", "ann: 23 as stage-coach-office"),
        ("ann: buy GEFÄNGNIS", "ann: buy jail"),
        ("ann: pass; buy Zeitungsbüro", "ann: pass; buy newspaper-office"),
        ("ann: discard 3 4 take Wäscherei@c3", "ann: discard 3 4 take laundry@c3"),
        (
            "ann: discard 3, 4 take Postkutschenstation @ C3",
            "ann: discard 3 4 take stage-coach-office@c3",
        ),
        ("ann: take Wäscherei Schule", "ann: take laundry school"),
        ("ann: take Stage Coach Office, Schule", "ann: take stage-coach-office school"),
        ("ann: 4:bank@c3,c4,d3,d4 as Bank", "ann: 4:bank@c3,c4,d3,d4 as bank"),
    ],
)
def test_a_deduction_line_reads_german_names(german: str, english: str) -> None:
    assert ded_parse(german) == ded_parse(english)
    assert ded_format(ded_parse(german)) == english


def test_a_marker_reads_a_german_name() -> None:
    assert parse_marker("Wäscherei @ C3") == ("laundry", "c3")


@pytest.mark.parametrize(
    ("german", "english"),
    [
        ("ann: build Sheriffs Büro at ne-1", "ann: build sheriffs-office at ne-1"),
        (
            "ann: build sheriffs  BÜRO at ne-1 paying Maurer Holz",
            "ann: build sheriffs-office at ne-1 paying mason lumber",
        ),
        ("ann: discard Sheriffs Büro Laden", "ann: discard sheriffs-office general-store"),
        ("ann: draw permit stack Sheriffs Büro", "ann: draw permit stack sheriffs-office"),
        (
            "ann: build Laden at ne-1 paying Arbeit:2",
            "ann: build general-store at ne-1 paying labor:2",
        ),
    ],
)
def test_a_dry_gulch_line_reads_german_names_of_several_words(german: str, english: str) -> None:
    assert dg_parse(german) == dg_parse(english)
    assert str(dg_parse(german)) == english


def test_a_black_hills_line_reads_german_names_of_several_words() -> None:
    assert card_ids("play Feuer in der Stadt") == "play fire-in-the-city"
    assert card_ids("keep Jäger Goldgräber") == "keep hunter gold-digger"


def test_the_page_rules_a_move_written_in_german_as_with_the_id(tmp_path: Path) -> None:
    page = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    form = {"name": "g", "edition": "gads-hill-1874", "players": "Jürgen, Käthe", "seed": "3"}
    assert page.post("/api/games", json=form).status_code == 201
    beside = [b["id"] for b in page.get("/api/g/g.game").json()["beside"]]
    german = german_names("boards/gads-hill-1874")
    building = next(b for b in beside if not german[b].isascii())  # e.g. Gefängnis
    listed = page.get("/api/g/g.game/moves").json()["moves"]
    # two cards score the marker the buy costs (A2): `Jürgen: 8; 19; buy bank`
    first = next(m for m in listed if "; buy " in m).rpartition("; buy ")[0]
    ruled = {}
    for name in (building, german[building]):
        answer = page.post("/api/g/g.game/preview", json={"move": f"{first}; buy {name}"})
        assert answer.status_code == 200, answer.text
        ruled[name] = {k: v for k, v in answer.json().items() if k != "version"}
    assert ruled[building]["legal"]
    assert ruled[building] == ruled[german[building]]
    committed = page.post("/api/g/g.game/move", json={"move": f"{first}; buy {german[building]}"})
    assert committed.status_code == 200, committed.text
    # the page writes the line as typed (`test_commit_is_the_record`); it reads as the id's
    written = (tmp_path / "g.game").read_text("utf-8").splitlines()[-1]
    assert ded_format(ded_parse(written)) == f"{first}; buy {building}"
