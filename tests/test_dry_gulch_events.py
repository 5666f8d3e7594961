"""Dry Gulch's event phase (`DG-EVENT`), from the rulebook's words: "In the first round the
players do not draw event cards. The top three event cards of the stack are turned face up
and placed in front of the active player. The player must immediately discard one of these
three cards. The remaining cards with a red or yellow triangle the player may take into
his hand. All other cards remain face up.\""""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.core.files import write_data
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.events import event_phase
from adjudicator.dry_gulch.setup import new_table
from adjudicator.dry_gulch.state import DGPlayer, DGState, load_dg_state, state_data, write_dg_state

runner = CliRunner()
# fire: red; iou: yellow; silk-lace: violet; land-grant: no triangle
STACK = ["fire", "iou", "silk-lace", "land-grant", "vandalism"]


def table(round_: int = 2, events: list[str] | None = None) -> DGState:
    decks = Decks(round=round_, events=list(STACK if events is None else events))
    return DGState([DGPlayer("ann"), DGPlayer("bob"), DGPlayer("cid")], "ann", [], decks)


def test_none_in_the_first_round() -> None:
    r = event_phase(table(round_=1), None, [])
    assert r.legal and r.turned_up == () and r.after.decks is not None
    assert r.after.decks.events == STACK
    refused = event_phase(table(round_=1), "fire", [])
    assert not refused.legal and refused.reasons[0].code is Code.EVENT


def test_three_up_one_discarded_red_and_yellow_may_go_to_the_hand() -> None:
    r = event_phase(table(), "silk-lace", ["fire"])
    assert r.legal and r.turned_up == ("fire", "iou", "silk-lace")
    assert [c.text for c in r.after.player("ann").hand] == ["event:fire"]
    assert list(r.face_up) == ["iou"]  # not taken: it stays face up, to be played this turn
    decks = r.after.decks
    assert decks is not None and list(decks.events) == STACK[3:]
    assert list(decks.event_discard) == ["silk-lace"] and list(decks.face_up) == ["iou"]
    kept_violet = event_phase(table(), "fire", ["iou"])
    assert kept_violet.legal and list(kept_violet.face_up) == ["silk-lace"]


def test_what_the_phase_refuses() -> None:
    s = table()
    for discard, take in (
        (None, []),  # "must immediately discard one"
        ("vandalism", []),  # not among the three
        ("fire", ["silk-lace"]),  # violet: no red or yellow triangle
        ("fire", ["fire"]),  # already discarded
    ):
        r = event_phase(s, discard, take)
        assert not r.legal and r.reasons[0].code is Code.EVENT and r.after is s, (discard, take)


def test_a_short_stack_takes_in_the_discards() -> None:
    s = table(events=["fire"])
    assert s.decks is not None
    s = replace(s, decks=replace(s.decks, event_discard=("iou", "land-grant")))
    r = event_phase(s, "land-grant", [], seed=1)
    assert r.legal and sorted(r.turned_up) == ["fire", "iou", "land-grant"]


def test_a_new_games_state_file_plays_its_event_phase(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    state = new_table(["ann", "bob", "cid"], 7)
    assert state.decks is not None
    state = replace(state, decks=replace(state.decks, round=2))
    assert state.decks is not None
    write_data(path, state_data(state))
    top = state.decks.events[:3]
    shown = event_phase(load_dg_state(path), top[0], [])
    assert shown.legal and shown.to_json()["turned_up"] == list(top)
    write_dg_state(path, shown.after)
    after = load_dg_state(path).decks
    assert after is not None and after.face_up == top[1:] and after.event_discard == top[:1]
