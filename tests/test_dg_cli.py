"""The `dry-gulch` commands as a new user at a table of three meets them: drawing from
the permit stack offers the two before one is kept; a state keeps where its turn stands
(a second draw is refused, DG-PHASE); `plan` says
why a building the hand pays for alone waits; a mistyped site or permit in a record's move
is one line with the closest id; `--player` names the player (`--by` still read)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.dry_gulch.discard import discard_phase
from adjudicator.dry_gulch.draw import draw_phase, stack_offer
from adjudicator.dry_gulch.phase_order import after_step, phase_words, step_refusal
from adjudicator.dry_gulch.state import load_dg_state
from tests.dry_gulch_support import game_new

runner = CliRunner()

TABLE = """\
game = "dry-gulch"
active = "ann"
[[players]]
name = "ann"
hand = {hand}
permits = {permits}
[[players]]
name = "bob"
[[players]]
name = "cid"
[[buildings]]
permit = "residence"
owner = "ann"
site = "nw-2"
[[buildings]]
permit = "residence"
owner = "bob"
site = "ne-2"
[[buildings]]
permit = "residence"
owner = "cid"
site = "sw-6"
"""


def _state(tmp_path: Path, hand: list[str], permits: list[str], decks: str = "") -> Path:
    path = tmp_path / "dg.toml"
    path.write_text(TABLE.format(hand=json.dumps(hand), permits=json.dumps(permits)) + decks)
    return path


DECKS = '[decks]\nround = 2\nresources = ["lumber", "brick", "food", "mason"]\n'
DECKS += 'permits = ["hotel", "opera", "saloon"]\n'


def test_drawing_from_the_permit_stack_offers_the_two_and_keeps_the_one_named(
    tmp_path: Path,
) -> None:
    state = load_dg_state(_state(tmp_path, ["lumber"], [], DECKS))
    assert list(dict.fromkeys(stack_offer(state))) == ["hotel", "opera"]
    kept = draw_phase(state, ["permit", "stack", "opera"]).to_json()
    assert kept["legal"] and kept["permit"] == "opera"
    assert draw_phase(state, ["permit", "stack", "hotel"]).to_json()["permit"] == "hotel"


def test_a_turns_phases_come_in_order_and_a_state_keeps_where_its_turn_stands(
    tmp_path: Path,
) -> None:
    # What the phase commands on a state file held: the turn's order, now the rules'
    # own (`phase_order.py`), as a record's flow plays it.
    state = load_dg_state(_state(tmp_path, ["lumber"], [], DECKS))
    drawn = draw_phase(state, ["resources"])
    assert drawn.legal
    after = after_step(drawn.after, "draw")
    assert after.phase == "build" and phase_words(after) == "next: ann's build phase"
    again = step_refusal(after, "draw")
    assert again is not None and str(again.code) == "DG-PHASE"
    assert "one draw a turn" in again.message
    late = step_refusal(after, "events")
    assert late is not None and str(late.code) == "DG-PHASE"
    assert "event phase is over" in late.message
    assert step_refusal(after, "discard") is None
    done = after_step(discard_phase(after, [], None, {}).after, "discard")
    assert done.phase is None and phase_words(done) == "ann's turn is over (the discard phase done)"
    # a state that does not say where its turn stands (written by hand) allows any phase
    assert state.phase is None and step_refusal(state, "draw") is None


def test_plan_says_why_a_building_the_hand_pays_for_alone_waits(tmp_path: Path) -> None:
    # The Hatmaker and the Barber both need labour, and the hand holds one Labor card.
    hand = ["carpenter", "carpenter", "lumber", "lumber", "entertainment", "labor:3"]
    path = _state(tmp_path, hand, ["hatmaker", "barber"])
    r = runner.invoke(app, ["dry-gulch", "plan", str(path), "--json"])
    assert r.exit_code == 0, r.output
    answer = json.loads(r.stdout)
    assert [b["building"] for b in answer["buildings"]] == ["hatmaker"]
    waiting = answer["waiting"]
    assert [w["building"] for w in waiting] == ["barber"] and waiting[0]["why"] == "competes"
    assert "both need the one labor:3 card" in waiting[0]["words"]
    r = runner.invoke(app, ["dry-gulch", "plan", str(path)])
    assert "not with the Hatmaker: both need the one labor:3 card" in " ".join(r.stdout.split())
    # one the hand cannot pay for even alone is short, as before
    short = _state(tmp_path, ["lumber"], ["hatmaker"])
    r = runner.invoke(app, ["dry-gulch", "plan", str(short), "--json"])
    assert json.loads(r.stdout)["waiting"][0]["why"] == "hand_short"


def test_a_mistyped_site_or_permit_in_a_move_is_one_line_with_the_closest_id(
    tmp_path: Path,
) -> None:
    rec = tmp_path / "g.game"
    r = runner.invoke(
        app,
        game_new(rec, 7),
    )
    assert r.exit_code == 0, r.output
    assert runner.invoke(app, ["game", "move", str(rec), "ann: draw resources"]).exit_code == 0
    for move, line in (
        ("ann: build hotell at nw-1", "unknown permit 'hotell'; did you mean 'hotel'?"),
        ("ann: build hotel at nw-9", "unknown site 'nw-9'; did you mean 'nw-8'?"),
        ("ann: fire nw-9", "unknown site 'nw-9'; did you mean 'nw-8'?"),
        ("ann: play silk-lac", "unknown event 'silk-lac'; did you mean 'silk-lace'?"),
    ):
        r = runner.invoke(app, ["game", "move", str(rec), move])
        assert r.exit_code == 1 and line in r.stderr, r.output
        assert "DG-PAY" not in r.output and len(r.stderr.strip().splitlines()) == 1
    # a known permit the player does not hold is still the rules' refusal
    r = runner.invoke(app, ["game", "move", str(rec), "ann: build hotel at nw-1"])
    assert r.exit_code == 1 and "DG-PAY" in r.stderr


def test_the_player_is_named_with_player_and_by_is_still_read(tmp_path: Path) -> None:
    path = _state(tmp_path, ["lumber"], [])
    for flag in ("--player", "--by"):
        r = runner.invoke(app, ["dry-gulch", "pay", str(path), "hatmaker", flag, "bob", "--json"])
        assert r.exit_code == 0 and json.loads(r.stdout)["player"] == "bob", r.output
        r = runner.invoke(app, ["dry-gulch", "plan", str(path), flag, "cid", "--json"])
        assert r.exit_code == 0 and json.loads(r.stdout)["player"] == "cid"
    r = runner.invoke(app, ["dry-gulch", "plan", "--help"])
    assert "--player" in r.stdout and "--by" not in r.stdout
    r = runner.invoke(app, ["dry-gulch", "plan", str(path), "--player", "dan"])
    assert r.exit_code == 1 and "--player" in r.stderr
