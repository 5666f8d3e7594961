"""Dry Gulch's residences chosen by the players (DG-SETUP-1, issue 38): with `[Residences
"in turn"]` no residence stands before the first move; each player in seat order from the
starting player places theirs on a free edge site by a move, `NAME: build residence at
SITE`, which the record keeps and `replay` reads back; the first turn follows the last
one. The page's New game form makes such a table when its field is left empty; the
command line and the API keep their default (the first free edge sites) unless told
`--residence "in turn"`."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.dry_gulch.game.flow import DGGame, new_game
from adjudicator.dry_gulch.game.record import (
    DGHeader,
    DGRecord,
    format_move,
    parse_move,
    record_from_text,
    record_to_text,
)
from adjudicator.dry_gulch.game.replay import replay
from adjudicator.dry_gulch.game.simulate import choose
from adjudicator.web import games, versions
from adjudicator.web.records import RecordDir
from adjudicator.web.rematch import rematch

HEADER = DGHeader(("ann", "bob", "cid"), 4, in_turn=True)


def _homes(game: DGGame) -> dict[str, str]:
    return {b.owner: b.site for b in game.state.buildings if b.permit == "residence"}


def test_each_player_in_turn_places_a_residence_on_a_free_edge_site() -> None:
    game = new_game(HEADER)
    assert (game.phase, game.state.active, _homes(game)) == ("residence", "ann", {})
    dealt = new_game(DGHeader(("ann", "bob", "cid"), 4))
    # the deal does not depend on where the residences stand
    assert [p.hand for p in game.state.players] == [p.hand for p in dealt.state.players]

    def ruled(line: str) -> tuple[bool, str | None, str]:
        _after, out = game.apply(parse_move(line))
        return out.legal, out.code, out.message

    assert ruled("bob: build residence at nw-2")[:2] == (False, "DG-PHASE")  # ann first
    assert ruled("ann: draw resources") == (
        False,
        "DG-PHASE",
        "the residences come first: 'build residence at SITE'",
    )
    assert ruled("ann: build residence at nw-6")[:2] == (False, "DG-RESIDENCE-EDGE")
    assert ruled("ann: build residence at ne-1")[:2] == (False, "DG-MIDDLE")  # a corner
    game, out = game.apply(parse_move("ann: build residence at nw-2"))
    assert out.legal and out.message == "placed the residence on nw-2" and out.influence == 1
    assert (game.phase, game.state.active, game.turn) == ("residence", "bob", 1)
    assert ruled("bob: build residence at nw-2")[:2] == (False, "DG-OCCUPIED")
    for line in ("bob: build residence at ne-3", "cid: build residence at sw-6"):
        game, out = game.apply(parse_move(line))
        assert out.legal, out.message
    assert _homes(game) == {"ann": "nw-2", "bob": "ne-3", "cid": "sw-6"}
    assert (game.phase, game.state.active, game.turn, game.round) == ("draw", "ann", 1, 1)
    # after the set-up a residence is no permit anyone holds
    assert not game.apply(parse_move("ann: build residence at se-2"))[1].legal


def test_the_record_keeps_the_choice_and_replays_it() -> None:
    moves = ("ann: build residence at nw-2", "bob: build residence at ne-3")
    rec = DGRecord(HEADER, tuple(parse_move(m) for m in moves))
    text = record_to_text(rec)
    assert '[Residences "in turn"]' in text.splitlines()
    back = record_from_text(text)
    assert back.header.in_turn and back.header.residences == {}
    done = replay(back)
    assert done.illegal == [] and _homes(done.game) == {"ann": "nw-2", "bob": "ne-3"}
    assert (done.game.phase, done.game.state.active) == ("residence", "cid")
    # a record naming the sites in its header places them before the first move, as ever
    named = record_from_text(text.replace("in turn", "ann=nw-2, bob=ne-3, cid=sw-6"))
    assert not named.header.in_turn and new_game(named.header).phase == "draw"


def test_the_page_s_form_chooses_them_the_command_line_when_told(tmp_path: Path) -> None:
    records = RecordDir(tmp_path, versions.versions_key(None))
    form = {"name": "club", "edition": "dry-gulch", "players": "ann, bob, cid", "seed": "4"}
    games.create(records, {**form, "choices": "taps"})  # as the page's form sends it
    assert '[Residences "in turn"]' in (tmp_path / "club.game").read_text("utf-8")
    games.create(records, {**form, "name": "script"})  # the API's default: the CLI's
    assert "[Residences" not in (tmp_path / "script.game").read_text("utf-8")
    games.create(records, {**form, "name": "named", "residences": "ann=nw-2", "choices": "taps"})
    assert '[Residences "ann=nw-2"]' in (tmp_path / "named.game").read_text("utf-8")
    runner = CliRunner()
    for name, extra, tag in (
        ("cli.game", [], None),
        ("turn.game", ["--residence", "in turn"], '[Residences "in turn"]'),
    ):
        path = tmp_path / name
        args = ["game", "new", str(path), "--edition", "dry-gulch", "--players", "ann,bob,cid"]
        done = runner.invoke(app, [*args, *extra])
        assert done.exit_code == 0, done.output
        lines = path.read_text("utf-8").splitlines()
        assert (tag in lines) if tag else not any(ln.startswith("[Residences") for ln in lines)
    path = tmp_path / "turn.game"
    moved = runner.invoke(app, ["game", "move", str(path), "ann: build residence at nw-2"])
    assert moved.exit_code == 0, moved.output
    assert path.read_text("utf-8").splitlines()[-1] == "ann: build residence at nw-2"


def test_play_again_chooses_the_residences_in_turn_again(tmp_path: Path) -> None:
    """A finished game whose residences were chosen in turn: its rematch (the end's "Play
    again") starts with the residences to choose again, dealt from a new seed."""
    game = new_game(HEADER)
    moves = []
    rng = random.Random(1)
    while not game.over:
        move = choose(game, "greedy", rng)
        game, out = game.apply(move)
        assert out.legal, out.message
        moves.append(move)
    assert [format_move(m).split(" at ")[0] for m in moves[:3]] == [
        f"{p}: build residence" for p in HEADER.players
    ]
    (tmp_path / "club.game").write_text(record_to_text(DGRecord(HEADER, tuple(moves))), "utf-8")
    records = RecordDir(tmp_path, versions.versions_key(None))
    after = rematch(records, "club.game")
    again = record_from_text((tmp_path / after).read_text("utf-8"))
    assert again.header.in_turn and again.moves == ()
    assert new_game(again.header).phase == "residence"
