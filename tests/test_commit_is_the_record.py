"""Whatever a commit answers legal is exactly what the record holds afterwards, move by
move, in all four games, through the command line and the web (issue 29).

Each example plays the moves of a self-played game through `game move` (or the web's
`/move`, for the two games the page serves), each move as it is or mutated: a line break
or another control character put in, its case changed, spaces added, a claim or a
comment after it, or a second move after a line break. After every commit the record is
read as plain text, with nothing of the program's: a move answered legal added exactly
its line, and nothing else; a refused one left every byte. And the record replays.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app
from tests.budget import examples

runner = CliRunner()

LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
OTHER = "\t\x00\x1b\x7f\u200b\u200f\u202e\ufeff"


def _played(game: str, seed: int) -> tuple[str, list[str]]:
    """A self-played game's header (as a record's text) and its moves as written."""
    if game == "dry-gulch":
        from adjudicator.dry_gulch.game.record import format_move, record_to_text
        from adjudicator.dry_gulch.game.simulate import play_game as dg

        rec: Any = dg(seed, 3, "random").record
    elif game == "black-hills":
        from adjudicator.black_hills.game.record import format_move, record_to_text
        from adjudicator.black_hills.game.simulate import play_game as bh

        rec = bh(["ann", "bob", "cid"], seed, "random").record
    else:
        from adjudicator.deduction.game.record import format_move, record_to_text
        from adjudicator.deduction.game.simulate import play_game

        rec = play_game(game, ("ann", "bob", "cid"), seed, "greedy").record
    return record_to_text(replace(rec, moves=())), [format_move(m) for m in rec.moves]


_GAMES: dict[tuple[str, int], tuple[str, list[str]]] = {}


def played(game: str, seed: int) -> tuple[str, list[str]]:
    if (game, seed) not in _GAMES:
        _GAMES[game, seed] = _played(game, seed)
    return _GAMES[game, seed]


@st.composite
def mutated(draw: st.DrawFn, move: str) -> str:
    how = draw(st.sampled_from(["as is", "as is", "break", "control", "case", "space", "tail"]))
    at = draw(st.integers(0, len(move)))
    if how == "break":
        return move[:at] + draw(st.sampled_from(LINE_BREAKS)) + move[at:]
    if how == "control":
        return move[:at] + draw(st.sampled_from(OTHER)) + move[at:]
    if how == "case":
        return move.upper()
    if how == "space":
        return "  " + move.replace(" ", "   ") + " "
    if how == "tail":
        return move + draw(st.sampled_from([" # noted", " {0}", "\n" + move, "\u2028; 1"]))
    return move


def commit_cli(record: Path, text: str) -> bool:
    result = runner.invoke(app, ["game", "move", str(record), text, "--json"])
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    return result.exit_code == 0


def commit_web(client: TestClient, record: Path, text: str) -> bool:
    response = client.post(f"/api/g/{record.name}/move", json={"move": text})
    # 403: a draw named by its card before its pile was chosen (web/face_down.py)
    assert response.status_code in (200, 400, 403, 409), response.text
    data = response.json()
    assert response.status_code != 403 or data["code"] == "seat", data
    return response.status_code == 200 and data.get("legal") is True


GAMES = ["old-town", "gads-hill-1874", "dry-gulch", "black-hills"]


@pytest.mark.parametrize("game", GAMES)
@settings(
    max_examples=examples(8),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), seed=st.integers(1, 3), web=st.booleans())
def test_what_a_commit_answers_legal_is_what_the_record_holds(
    tmp_path_factory: pytest.TempPathFactory, game: str, data: st.DataObject, seed: int, web: bool
) -> None:
    from adjudicator.web.app import create_app

    folder = tmp_path_factory.mktemp("commit")
    header, moves = played(game, seed)
    record = folder / "table.game"
    record.write_text(header, encoding="utf-8")
    web = web and game in ("old-town", "gads-hill-1874")  # the page serves these two
    client = TestClient(create_app(folder), base_url="http://127.0.0.1:8000") if web else None
    held = header
    for move in moves[: data.draw(st.integers(1, 8), label="moves")]:
        text = data.draw(mutated(move), label="move")
        legal = commit_web(client, record, text) if client else commit_cli(record, text)
        now = record.read_text(encoding="utf-8")
        if legal:
            line = text.strip()
            assert not any(c in line for c in LINE_BREAKS + OTHER)
            assert now == held + ("" if held.endswith("\n") else "\n") + line + "\n"
        else:
            assert now == held  # refused: every byte as it was
        held = now
        if not legal and text != move:  # the move as played, so the game goes on
            assert commit_cli(record, move)
            held = record.read_text(encoding="utf-8")
            assert held.endswith(move + "\n")
    replayed = runner.invoke(app, ["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.output
    json.loads(replayed.stdout)
