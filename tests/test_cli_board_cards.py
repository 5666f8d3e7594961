"""`adjudicator board ...` and `adjudicator cards ...`: exit codes, and the shapes of --json."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from typer.testing import CliRunner, Result

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.files.card_file import cards_from_data
from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.models.board import RELATIONS

EDITIONS = ["gads-hill-1874", "old-town"]

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def one_error_line(result: Result) -> str:
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ----- board -----------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_board_export_json(edition: str) -> None:
    data = run_json("board", "export", edition)
    board = load_board(data_dir("boards") / f"{edition}.toml")
    assert set(data) == {"spaces", "relations", "buildings"}
    assert [s["id"] for s in data["spaces"]] == list(board.spaces)
    for entry in data["spaces"]:
        assert set(entry) == {"id", "street", "x", "y", "frame", "facts"}
        assert isinstance(entry["frame"], bool)
        assert entry["facts"] == board.facts(entry["id"])
    assert set(data["relations"]) == set(RELATIONS)
    for name, pairs in data["relations"].items():
        assert {tuple(p) for p in pairs} == board.relation_pairs(name)
        assert len(pairs) == len(board.relation_pairs(name))
    assert data["buildings"] == [{"id": b.id, "name": b.name} for b in board.buildings.values()]


def test_board_export_json_known_values() -> None:
    gads_hill = run_json("board", "export", "gads-hill-1874")
    c2 = next(s for s in gads_hill["spaces"] if s["id"] == "c2")
    assert c2["street"] == "main-st" and (c2["x"], c2["y"]) == (2, 1) and not c2["frame"]
    assert "corner(piedmont-st, main-st)" in c2["facts"]
    frame = next(s for s in gads_hill["spaces"] if s["id"] == "frame-east")
    assert frame["frame"] is True and frame["street"] is None
    old_town = run_json("board", "export", "old-town")
    assert ["c1", "d1"] in old_town["relations"]["next_to"]


def test_board_export_table() -> None:
    result = run("board", "export", "old-town")
    assert result.exit_code == 0
    assert "in_sight(cemetery)" in result.stdout and "Printer's" in result.stdout


@pytest.mark.parametrize("edition", EDITIONS)
def test_board_show_writes_svg(edition: str, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = run("board", "show", edition, "--svg", str(out))
    assert result.exit_code == 0, result.output
    assert "B1" in result.stdout
    ET.fromstring(out.read_text(encoding="utf-8"))
    assert [p.name for p in tmp_path.iterdir()] == ["board.svg"]  # no temporary file left


def test_board_show_a_board_file_without_cards(tmp_path: Path) -> None:
    board_file = tmp_path / "my-board.toml"
    shutil.copy(data_dir("boards") / "old-town.toml", board_file)
    result = run("board", "show", str(board_file))
    assert result.exit_code == 0, result.output
    assert "Cemetery" in result.stdout


def test_board_show_unknown_edition() -> None:
    line = one_error_line(run("board", "show", "monopoly"))
    assert "unknown edition" in line and "monopoly" in line


def test_board_show_svg_into_missing_folder(tmp_path: Path) -> None:
    target = tmp_path / "no-such-dir" / "x.svg"
    result = run("board", "show", "old-town", "--svg", str(target))
    assert result.exit_code == 1
    assert str(target) in result.stderr and "Traceback" not in result.output


def test_board_show_with_a_state_of_another_edition(tmp_path: Path) -> None:
    state = tmp_path / "state.toml"
    state.write_text('edition = "old-town"\n', encoding="utf-8")
    line = one_error_line(run("board", "show", "gads-hill-1874", "--state", str(state)))
    assert str(state) in line and "edition" in line


# ----- cards -----------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_cards_export_json(edition: str) -> None:
    data = run_json("cards", "export", edition)
    cards = load_edition(edition).cards
    assert set(data) == {"cards"}
    assert [c["number"] for c in data["cards"]] == [c.number for c in cards]
    keys = {"number", "kind", "subject", "text", "spaces", "relation", "my_spaces"}
    for entry in data["cards"]:
        card = cards[entry["number"]]
        assert set(entry) == keys
        assert entry["kind"] in ("building", "district", "condition")
        assert set(entry["spaces"]) == card.spaces
        if entry["kind"] == "condition":
            assert entry["relation"] in RELATIONS
            # A condition card's map for my building is optional.
            mine = entry["my_spaces"]
            assert (mine is None and card.my_spaces is None) or set(mine) == card.my_spaces
        else:
            assert entry["relation"] is None and entry["my_spaces"] is None


@pytest.mark.parametrize("edition", EDITIONS)
def test_cards_list(edition: str) -> None:
    result = run("cards", "list", edition)
    assert result.exit_code == 0, result.output
    data = run_json("cards", "list", edition)
    assert len(data["cards"]) == len(load_edition(edition).cards)


def test_cards_list_uses_old_town_kind_labels() -> None:
    labels = {c["label"] for c in run_json("cards", "list", "old-town")["cards"]}
    assert labels <= {"4s", "8s", "8+8s"} and "4s" in labels
    assert "4s" in run("cards", "list", "old-town").stdout


@pytest.mark.parametrize("edition", EDITIONS)
def test_cards_show_every_kind(edition: str, tmp_path: Path) -> None:
    cards = load_edition(edition).cards
    for kind in ("building", "district", "condition"):
        card = next((c for c in cards if c.kind == kind), None)
        if card is None:
            continue
        data = run_json("cards", "show", edition, str(card.number))
        assert data["card"]["number"] == card.number and data["card"]["kind"] == kind
        out = tmp_path / f"card-{card.number}.svg"
        result = run("cards", "show", edition, str(card.number), "--svg", str(out))
        assert result.exit_code == 0, result.output
        assert card.text.split()[0] in result.stdout
        root = ET.fromstring(out.read_text(encoding="utf-8"))
        marked = {
            g.get("id")
            for g in root.iter("{http://www.w3.org/2000/svg}g")
            for t in g.iter("{http://www.w3.org/2000/svg}text")
            if t.get("class") == "highlight"
        }
        assert marked == {f"space-{s}" for s in card.spaces | (card.my_spaces or set())}


@pytest.mark.parametrize("edition", EDITIONS)
def test_cards_show_unknown_number(edition: str) -> None:
    line = one_error_line(run("cards", "show", edition, "999"))
    assert "card 999" in line and "no such card" in line


def test_cards_unknown_edition() -> None:
    line = one_error_line(run("cards", "list", "monopoly", "--json"))
    assert "monopoly" in line


# ----- clue/map mismatches ---------------------------------------------------------------


def _card_set(clue: str, spaces: list[str]) -> dict[str, Any]:
    return {
        "set": {"edition": "old-town", "name": "test"},
        "cards": [
            {
                "number": 1,
                "kind": "building",
                "subject": "bank",
                "text": "The Bank is in sight of the cemetery.",
                "clue": clue,
                "map": spaces,
            }
        ],
    }


def test_a_clue_that_disagrees_with_its_map_is_a_mismatch() -> None:
    board = load_board(data_dir("boards") / "old-town.toml")
    cards = cards_from_data(_card_set("in_sight(cemetery)", ["e1", "e2", "e3", "b1"]), "t", board)
    assert len(cards.mismatches) == 1
    mismatch = cards.mismatches[0]
    assert (mismatch.card, mismatch.part) == (1, "map")
    assert mismatch.only_in_map == {"b1"} and mismatch.only_in_clue == {"f3"}
    message = mismatch.message(board)
    assert "card 1" in message and "B1" in message and "F3" in message


def test_a_clue_that_agrees_is_no_mismatch() -> None:
    board = load_board(data_dir("boards") / "old-town.toml")
    good = _card_set("in_sight(cemetery)", ["e1", "e2", "e3", "f3"])
    assert cards_from_data(good, "t", board).mismatches == ()


def test_cards_commands_warn_about_mismatches(tmp_path: Path) -> None:
    board_file = tmp_path / "town.toml"
    shutil.copy(data_dir("boards") / "old-town.toml", board_file)
    bad = _card_set("in_sight(cemetery)", ["e1", "e2", "e3", "b1"])
    (tmp_path / "town-cards.toml").write_text(tomlkit.dumps(bad), encoding="utf-8")
    result = run("cards", "export", str(board_file), "--json")
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # the warning stays off stdout
    assert "card 1" in result.stderr and "disagree" in result.stderr
