"""State files: `state check` accepts a valid state and turns every bad one into one clear line."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from adjudicator.cli.main import app
from adjudicator.core.errors import InputError
from adjudicator.deduction.files.state_file import load_state, state_to_data

runner = CliRunner()

VALID_OLD_TOWN = """\
edition = "old-town"
active = "ann"
placed = { bank = "b1" }
retired = ["judge"]

[markers]
saloon = ["c1", "d1"]
hotel = ["c1"]

[[players]]
name = "ann"
buildings = ["doc"]
points = 2
hand = [1, 2]

[[players]]
name = "bob"
buildings = ["school"]
hand = [3]
"""

VALID_GADS_HILL = """\
edition = "gads-hill-1874"
landmarks = { frame-east = "railway-station", frame-west = "cemetery", frame-south = "bison-field" }
placed = { bank = "c2" }
markers = { saloon = ["c3", "d3"] }
"""

PLAYERS = """
[[players]]
name = "ann"
buildings = ["doc"]
hand = [1]

[[players]]
name = "bob"
buildings = ["bank"]
hand = [2]
"""

# (case, edition, body, entry the error must name, a word of the problem)
BAD_STATES = [
    ("malformed TOML", "old-town", "placed = { bank = }\n", "line 2", "malformed TOML"),
    ("unknown edition", None, 'edition = "monopoly"\n', "edition", "unknown edition"),
    ("unknown building", "old-town", 'placed = { bonk = "b1" }\n', "placed.bonk", "bonk"),
    ("unknown space", "old-town", 'placed = { bank = "z9" }\n', "placed.bank", "z9"),
    (
        "unknown card in a hand",
        "old-town",
        'active = "ann"\n[[players]]\nname = "ann"\nhand = [1, 999]\n[[players]]\nname = "bob"\n',
        "players 'ann'.hand",
        "unknown card 999",
    ),
    (
        "marker on a placed building's space",
        "old-town",
        'placed = { bank = "b1" }\nmarkers = { saloon = ["c1", "b1"] }\n',
        "markers.saloon",
        "'bank' is placed",
    ),
    (
        "marker on a frame field",
        "gads-hill-1874",
        'markers = { saloon = ["c2", "frame-east"] }\n',
        "markers.saloon",
        "frame field",
    ),
    (
        "more than 3 markers on a space",
        "old-town",
        "[markers]\nbank = ['b1']\nsaloon = ['b1']\nhotel = ['b1']\ndoc = ['b1', 'c1']\n",
        "markers",
        "4 markers on 'b1'",
    ),
    (
        "more than 5 markers of one building",
        "old-town",
        "markers = { bank = ['b1', 'c1', 'd1', 'e1', 'a2', 'b2'] }\n",
        "markers.bank",
        "6 markers",
    ),
    (
        "two buildings placed on one space",
        "old-town",
        'placed = { bank = "b1", saloon = "b1" }\n',
        "placed.saloon",
        "already holds 'bank'",
    ),
    (
        "a building both placed and marked",
        "old-town",
        'placed = { bank = "b1" }\nmarkers = { bank = ["c1"] }\n',
        "markers.bank",
        "both placed and marked",
    ),
    (
        "a building in two players' hands",
        "old-town",
        'active = "ann"\n' + PLAYERS.replace('"doc"', '"bank"'),
        "players 'bob'.buildings",
        "also in front of 'ann'",
    ),
    (
        "a card in two players' hands",
        "old-town",
        'active = "ann"\n' + PLAYERS.replace("[2]", "[1]"),
        "players 'bob'.hand",
        "card 1 is also in the hand",
    ),
    (
        "a placed building in front of a player",
        "old-town",
        'active = "ann"\nplaced = { doc = "b1" }\n' + PLAYERS,
        "players 'ann'.buildings",
        "placed on the board",
    ),
    (
        "two markers of a building on one space",
        "old-town",
        "markers = { bank = ['b1', 'b1'] }\n",
        "markers.bank",
        "at most one marker",
    ),
    ("an unknown option", "old-town", "options = { turbo = true }\n", "options.turbo", "unknown"),
    (
        "an active player who is not playing",
        "old-town",
        'active = "zed"\n' + PLAYERS,
        "active",
        "not one of the players",
    ),
    (
        "an unknown key",
        "old-town",
        "colour = 'red'\n",
        "colour",
        "unknown key",
    ),
]


def write(tmp_path: Path, edition: str | None, body: str, name: str = "state.toml") -> Path:
    path = tmp_path / name
    head = f'edition = "{edition}"\n' if edition else ""
    path.write_text(head + body, encoding="utf-8")
    return path


def check(*args: str) -> Result:
    return runner.invoke(app, ["state", "check", *args])


# ----- valid states ------------------------------------------------------------------------


@pytest.mark.parametrize("body", [VALID_OLD_TOWN, VALID_GADS_HILL], ids=["old-town", "gads-hill"])
def test_state_check_accepts_a_valid_state(tmp_path: Path, body: str) -> None:
    path = write(tmp_path, None, body)
    result = check(str(path))
    assert result.exit_code == 0, result.output
    assert "ok" in result.stdout and result.stderr == ""


def test_state_check_json(tmp_path: Path) -> None:
    path = write(tmp_path, None, VALID_OLD_TOWN)
    result = check(str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == {"ok": True, "state": state_to_data(load_state(path))}
    state = data["state"]
    assert state["edition"] == "old-town"
    assert state["placed"] == {"bank": "b1"}
    assert state["markers"] == {"saloon": ["c1", "d1"], "hotel": ["c1"]}
    assert [p["name"] for p in state["players"]] == ["ann", "bob"]


def test_state_check_draws_markers_and_landmarks(tmp_path: Path) -> None:
    result = check(str(write(tmp_path, None, VALID_GADS_HILL)))
    assert result.exit_code == 0, result.output
    for word in ("Bank", "Saloon", "Railway", "Bison", "Cemetery", "●1"):
        assert word in result.stdout


def test_state_check_writes_svg(tmp_path: Path) -> None:
    path = write(tmp_path, None, VALID_GADS_HILL)
    out = tmp_path / "state.svg"
    result = check(str(path), "--svg", str(out), "--json")
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")


def test_state_check_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    result = check(str(missing))
    assert result.exit_code == 1
    assert str(missing) in result.stderr and "no such file" in result.stderr


# ----- bad states --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edition", "body", "entry", "problem"),
    [case[1:] for case in BAD_STATES],
    ids=[case[0] for case in BAD_STATES],
)
@pytest.mark.parametrize("as_json", [False, True], ids=["human", "json"])
def test_bad_state_is_one_line(
    tmp_path: Path, edition: str | None, body: str, entry: str, problem: str, as_json: bool
) -> None:
    path = write(tmp_path, edition, body)
    result = check(str(path), *(["--json"] if as_json else []))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert str(path) in lines[0]
    assert entry in lines[0]
    assert problem in lines[0]


@pytest.mark.parametrize(
    ("edition", "body", "entry"),
    [(c[1], c[2], c[3]) for c in BAD_STATES if c[0] != "malformed TOML"],
    ids=[c[0] for c in BAD_STATES if c[0] != "malformed TOML"],
)
def test_bad_state_error_names_the_entry(
    tmp_path: Path, edition: str | None, body: str, entry: str
) -> None:
    path = write(tmp_path, edition, body)
    with pytest.raises(InputError) as caught:
        load_state(path)
    assert caught.value.source == str(path)
    assert caught.value.entry == entry


def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "old-town", 'placed = { bank = "z9" }\n')
    result = runner.invoke(app, ["--debug", "state", "check", str(path)])
    assert result.exit_code != 0
    assert isinstance(result.exception, InputError)
