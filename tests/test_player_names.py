"""Players are people (issue 39, item 1): a name is letters of any script, digits, spaces,
hyphens and apostrophes, kept as written (`Jürgen`, `Anna Lena`) in records, views and
seats, and one player under Unicode normalisation and case folding: `jürgen: ...` is
Jürgen's move, and two players differing only in case are refused in one line. Each of
the four editions is played from the command line (`game new`, `game move`, `hint`) and
from the page's seats; records written with lower-case names still read."""

from __future__ import annotations

import contextlib
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app as cli
from adjudicator.core.base_folder import Base
from adjudicator.core.errors import RulesError
from adjudicator.core.names import (
    MAX_NAME_CHARS,
    player_key,
    player_name_problem,
    players_problem,
    seated,
)
from adjudicator.tables import table_of_record
from adjudicator.web import games
from adjudicator.web.app import create_app
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import Refused, Viewer

runner = CliRunner()
EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
GERMAN = ("Jürgen", "Käthe", "Sören")
TOKEN = "the-host-token"
BASE = "http://192.168.1.20:8000"


def _new(path: Path, edition: str, players: str, seed: int = 2) -> Any:
    args = ["game", "new", str(path), "--edition", edition, "--players", players]
    return runner.invoke(cli, [*args, "--seed", str(seed)], terminal_width=200)


def _first_legal(path: Path) -> str:
    """The first legal move of the record's game, as the record writes it."""
    body = path.read_text()
    table = table_of_record(body)
    game = table.replay(table.read(body, str(path), Base(path.parent))).game
    return str(table.format_move(next(iter(table.legal_moves(game)))))


def _players(path: Path) -> list[str]:
    body = path.read_text()
    table = table_of_record(body)
    return list(
        table.seats(table.replay(table.read(body, str(path), Base(path.parent))).game).names()
    )


def _lower_head(line: str) -> str:
    """The move line with its player written in lower case (`jürgen: ...`)."""
    player, colon, rest = line.partition(":")
    return f"{player.lower()}{colon}{rest}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_german_names_play_on_the_command_line(tmp_path: Path, edition: str) -> None:
    path = tmp_path / "de.game"
    made = _new(path, edition, ", ".join(GERMAN))
    assert made.exit_code == 0, made.output
    assert '[Players "Jürgen, Käthe, Sören"]' in path.read_text()
    assert "Jürgen" in made.output  # shown as written
    for _ in range(4):  # each move written with its player in lower case
        line = _first_legal(path)
        moved = runner.invoke(cli, ["game", "move", str(path), _lower_head(line)])
        assert moved.exit_code == 0, (line, moved.output)
    # after Black Hills' set-up (each player keeps two first): a turn to suggest
    hint = runner.invoke(cli, ["hint", str(path)], terminal_width=200)
    assert hint.exit_code == 0, hint.output
    assert any(n in hint.output for n in GERMAN)
    assert _players(path) == list(GERMAN)
    replay = runner.invoke(cli, ["replay", str(path)], terminal_width=200)
    assert replay.exit_code == 0, replay.output
    shown = runner.invoke(cli, ["game", "show", str(path), "--player", "KÄTHE"])
    assert shown.exit_code == 0, shown.output
    assert "Käthe" in shown.output


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_name_of_two_words_plays(tmp_path: Path, edition: str) -> None:
    path = tmp_path / "two.game"
    assert _new(path, edition, "Anna Lena, Bob, Cid").exit_code == 0
    assert _players(path) == ["Anna Lena", "Bob", "Cid"]
    line = _first_legal(path)
    moved = runner.invoke(cli, ["game", "move", str(path), _lower_head(line)])
    assert moved.exit_code == 0, (line, moved.output)
    assert runner.invoke(cli, ["replay", str(path)]).exit_code == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_two_players_differing_only_in_case_are_refused(tmp_path: Path, edition: str) -> None:
    path = tmp_path / "case.game"
    made = _new(path, edition, "Jürgen, jürgen, Sören")
    assert made.exit_code == 1
    lines = made.stderr.strip().splitlines()
    assert len(lines) == 1 and "differ only in case" in lines[0], made.stderr
    assert "Traceback" not in made.output
    assert not path.exists()


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_old_record_with_lower_case_names_still_reads(tmp_path: Path, edition: str) -> None:
    """Records of the old rule held lower-case ids; a line naming `Ann` was ann's move."""
    path = tmp_path / "old.game"
    assert _new(path, edition, "ann,bob,cid").exit_code == 0
    assert _players(path) == ["ann", "bob", "cid"]
    line = _first_legal(path)
    player, _, rest = line.partition(":")
    written = f"{player.title()}:{rest}"
    moved = runner.invoke(cli, ["game", "move", str(path), written])
    assert moved.exit_code == 0, (written, moved.output)
    assert _players(path) == ["ann", "bob", "cid"]
    assert runner.invoke(cli, ["replay", str(path)]).exit_code == 0


# ----- the page --------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> object:
    return create_app(tmp_path, token=TOKEN, hosts=("192.168.1.20",), address=BASE)


def _client(app: object, headers: dict[str, str]) -> TestClient:
    return TestClient(app, base_url=BASE, headers=headers)  # type: ignore[arg-type]


@pytest.mark.parametrize("edition", EDITIONS)
def test_german_names_play_from_the_page_seats(tmp_path: Path, edition: str) -> None:
    """Each seat is its player as written; the seat's move names them in lower case.
    (Through `web/games.py`: an HTTP header cannot carry `ü` until seat keys are
    percent-encoded, which is another branch's.)"""
    records = RecordDir(tmp_path)
    form = {"name": "de.game", "edition": edition, "players": "Jürgen, Käthe, Sören", "seed": "5"}
    name = games.create(records, form)
    seats = {p: Viewer(seat=p) for p in GERMAN}
    view = games.game_view(records, name, seats["Jürgen"])
    assert GERMAN[0] in str(view) and "jürgen" not in str(view)
    moved = 0
    hinted: list[str] = []
    for _round in range(3):
        for player, seat in seats.items():  # each seat with a move makes one, in lower case
            listed = games.legal_moves(records, name, seat)
            plain = [m for m in listed["moves"] if m not in listed["blind"]]
            if not plain and listed["blind"]:  # a draw face down: chosen, then shown
                plain = games.reveal(records, name, listed["blind"][0], seat)["moves"]
            if not plain:
                continue
            # its own hint, as the page asks it (none in Black Hills' set-up, nor to a
            # seat not to act)
            with contextlib.suppress(RulesError, Refused):
                hinted.append(str(games.hint_view(records, name, seat, top=1)))
            version = games.game_view(records, name, seat)["version"]
            done = games.commit(records, name, _lower_head(plain[0]), version, seat)
            assert done["legal"], (player, plain[0], done)
            moved += 1
    assert moved >= 3
    assert any(p in h for h in hinted for p in GERMAN), hinted
    assert _players(tmp_path / name) == list(GERMAN)
    assert (tmp_path / name).read_text().count("\n") > 5


def test_the_page_form_refuses_names_differing_only_in_case(app: object) -> None:
    host = _client(app, {"x-token": TOKEN})
    form = {"name": "x.game", "edition": "old-town", "players": "Ann, ann, Bob"}
    r = host.post("/api/games", json=form)
    assert r.status_code == 400, r.text
    assert "differ only in case" in r.json()["error"]


def test_the_page_form_keeps_names_as_written(app: object, tmp_path: Path) -> None:
    """The old form lower-cased every name: `Ann, Bob, Cid` was stored as `ann, bob, cid`."""
    host = _client(app, {"x-token": TOKEN})
    form = {"name": "y.game", "edition": "old-town", "players": "Ann, Bob, Cid"}
    assert host.post("/api/games", json=form).status_code == 201
    assert '[Players "Ann, Bob, Cid"]' in (tmp_path / "y.game").read_text()


# ----- the rule itself -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Jürgen", "Anna Lena", "O'Brien", "Jean-Luc", "Zoë", "Ольга", "李雷", "ann_2", "r2d2"]
)
def test_a_name_of_letters_digits_spaces_hyphens_apostrophes_is_a_name(name: str) -> None:
    assert player_name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("ann:bob", "':'"),
        ("ann\u200f", "U+200F"),
        ("a" * (MAX_NAME_CHARS + 1), f"at most {MAX_NAME_CHARS}"),
        ("ann!", "'!'"),
        ("Anna  Lena", "one space"),
        (" ann", "start or end"),
    ],
)
def test_a_name_otherwise_is_refused_saying_why(name: str, problem: str) -> None:
    said = player_name_problem(name)
    assert said is not None and problem in said


def test_names_differing_in_case_or_encoding_are_one_player() -> None:
    composed, decomposed = "J\u00fcrgen", "Ju\u0308rgen"
    assert player_key(composed) == player_key(decomposed) == player_key("JÜRGEN")
    assert seated("jürgen", GERMAN) == "Jürgen"
    assert seated(decomposed, GERMAN) == "Jürgen"
    problem = players_problem(["Ann", "ANN"])
    assert problem is not None and "differ only in case" in problem


LETTERS = st.characters(categories=("Lu", "Ll", "Lo", "Nd"))


@given(st.text(alphabet=LETTERS, min_size=1, max_size=20))
def test_a_key_is_stable_under_case_and_normal_form(name: str) -> None:
    """Case and normal form never split one player in two."""
    nfd = unicodedata.normalize("NFD", name)
    assert player_key(nfd) == player_key(name)
    assert player_key(name.casefold()) == player_key(name)
    assert player_key(player_key(name)) == player_key(name)


def test_black_hills_turns_name_their_victims_in_any_case() -> None:
    """`from NAME`, `steal NAME`, Reinforcements' and Tax Collection's players are read
    as the table spells them, a name of two words too; card words stay as they are."""
    from adjudicator.black_hills.notation import parse_turn, seat_actions

    names = ["Jürgen", "Anna Lena", "Miner"]
    player, actions = parse_turn(
        "jürgen: outlaw from anna lena; steal JÜRGEN; event reinforcements anna lena; "
        "event tax-collection miner:gold; miner"
    )
    seated_player, seated_actions = seat_actions(player, actions, names)
    assert seated_player == "Jürgen"
    assert seated_actions == [
        ["outlaw", "from", "Anna Lena"],
        ["steal", "Jürgen"],
        ["event", "reinforcements", "Anna Lena"],
        ["event", "tax-collection", "Miner:gold"],
        ["miner"],  # the character, not the player named Miner
    ]
