"""Dry Gulch's draw phase (`DG-DRAW`, `DG-BANK-DRAW`) and the state's stacks, from the
rulebook's words: "A player may draw either resource cards or one building permit: If he
draws from the resource stack, he draws three cards. If the stack is empty, the discarded
cards are reshuffled and used. If a player draws a building permit, he either takes one of
the (face up) discarded permits, or he takes two from the face-down stack and discards one
of them." "Bank: The owner of the bank may, during the resource and building permit draw
phase, draw two resources and the top building permit from the stack. (If the stack of
building permits is empty, this ability no longer applies.)\""""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.draw import draw_choices, draw_phase
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, load_dg_state, write_dg_state
from tests.budget import examples

runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def table(decks: Decks | None, bank: bool = False, damaged: bool = False) -> DGState:
    built = [Built("bank", "ann", "bank-lot", damaged)] if bank else []
    return DGState([DGPlayer("ann"), DGPlayer("bob"), DGPlayer("cid")], "ann", built, decks)


def test_three_resources_from_the_top() -> None:
    s = table(Decks(resources=["lumber", "brick", "food", "mason"]))
    r = draw_phase(s, ["resources"])
    assert r.legal and list(r.resources) == ["lumber", "brick", "food"] and not r.reshuffled
    assert [c.text for c in r.after.player("ann").hand] == ["lumber", "brick", "food"]
    assert r.after.decks is not None and r.after.decks.resources == ("mason",)
    assert s.decks is not None and len(s.decks.resources) == 4  # the state is untouched


def test_an_empty_stack_reshuffles_the_discards() -> None:
    s = table(Decks(resources=["lumber"], resource_discard=["brick", "food", "mason"]))
    r = draw_phase(s, ["resources"], seed=3)
    assert r.legal and r.reshuffled and r.resources[0] == "lumber" and len(r.resources) == 3
    assert r.after.decks is not None
    rest = [*r.after.decks.resources, *r.resources]
    assert Counter(rest) == Counter(["lumber", "brick", "food", "mason"])
    assert r.after.decks.resource_discard == ()
    dry = draw_phase(table(Decks(resources=["lumber"])), ["resources"])
    assert dry.legal and list(dry.resources) == ["lumber"]  # both piles out: what there is


def test_a_permit_from_the_discards_or_one_of_two_from_the_stack() -> None:
    s = table(Decks(permits=["hotel", "bank", "opera"], permit_discard=["saloon"]))
    r = draw_phase(s, ["permit", "discard", "saloon"])
    assert r.legal and r.after.player("ann").permits == ("saloon",)
    r = draw_phase(s, ["permit", "stack", "bank"])
    assert r.legal and r.permit == "bank" and r.discarded_permit == "hotel"
    assert r.after.decks is not None
    assert list(r.after.decks.permits) == ["opera"] and list(r.after.decks.permit_discard) == [
        "saloon",
        "hotel",
    ]
    for bad in (["permit", "stack", "opera"], ["permit", "discard", "hotel"]):
        refused = draw_phase(s, bad)
        assert not refused.legal and refused.reasons[0].code is Code.DRAW and refused.after is s


def test_the_banks_draw() -> None:
    decks = Decks(resources=["lumber", "brick", "food"], permits=["hotel", "opera"])
    r = draw_phase(table(decks, bank=True), ["bank"])
    assert r.legal and list(r.resources) == ["lumber", "brick"] and r.permit == "hotel"
    assert r.after.player("ann").permits == ("hotel",)
    for s in (table(decks), table(decks, bank=True, damaged=True)):
        refused = draw_phase(s, ["bank"])
        assert not refused.legal and refused.reasons[0].code is Code.BANK_DRAW
    empty = draw_phase(table(Decks(resources=["lumber"]), bank=True), ["bank"])
    assert not empty.legal and "no longer applies" in empty.reasons[0].message


def test_no_stacks_and_unknown_words() -> None:
    r = draw_phase(table(None), ["resources"])
    assert not r.legal and r.reasons[0].code is Code.DECKS
    with pytest.raises(InputError, match="permit stack ID"):
        draw_phase(table(Decks()), ["cards"])


def test_a_state_files_draw_is_ruled_and_its_stacks_written(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    path.write_text(
        EXAMPLE.read_text()
        + '\n[decks]\nround = 2\nresources = ["lumber", "brick", "food"]\n'
        + 'permits = ["hotel", "opera"]\n'
    )
    state = load_dg_state(path)
    assert draw_phase(state, ["permit", "stack", "opera"]).to_json()["permit"] == "opera"
    write_dg_state(path, draw_phase(state, ["resources"]).after)
    written = load_dg_state(path)
    assert written.decks is not None and written.decks.resources == () and written.decks.round == 2
    assert [c.text for c in written.player("ann").hand][-3:] == ["lumber", "brick", "food"]
    with pytest.raises(InputError):
        draw_phase(state, ["everything"])
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text() + '\n[decks]\nresources = ["event:iou"]\n')
    r = runner.invoke(app, ["dry-gulch", "score", str(bad)])
    assert r.exit_code == 1 and "not a resource card" in r.stderr


# -- the next-move hint offers only draws that can be legal (issue 16) --------------------

PERMITS = ("hotel", "saloon", "opera")


@settings(max_examples=examples(150), deadline=None)
@given(
    stack=st.lists(st.sampled_from(PERMITS), max_size=3),
    face_up=st.lists(st.sampled_from(PERMITS), max_size=2),
    bank=st.booleans(),
    damaged=st.booleans(),
    closed=st.booleans(),
    extra=st.booleans(),
    open_permits=st.booleans(),
)
def test_the_draws_offered_are_exactly_the_legal_ones(
    stack: list[str],
    face_up: list[str],
    bank: bool,
    damaged: bool,
    closed: bool,
    extra: bool,
    open_permits: bool,
) -> None:
    # Every draw of the notation, tried on the draw phase itself: the hint offers a draw
    # if and only if the draw phase allows it (`permit stack ID` stands for the kept one).
    decks = Decks(resources=["lumber"] * 9, permits=list(stack), permit_discard=list(face_up))
    s = table(decks, bank, damaged)
    s = replace(
        s,
        options=DGOptions(
            bank_draw="extra" if extra else "instead", city_hall=closed, open_permits=open_permits
        ),
        city_hall_closed="bob" if closed else None,
    )
    offered = set(draw_choices(s))
    ordinary = [["resources"], ["permit", "stack", "ID"]]
    ordinary += [["permit", "discard", p] for p in PERMITS]
    tried = [*ordinary, ["bank"], *([*o, "bank"] for o in ordinary)]
    for how in tried:
        real = [stack[0] if w == "ID" and stack else w for w in how]
        legal = draw_phase(s, real, seed=1).legal
        assert (" ".join(how) in offered) == legal, (how, offered)


def test_no_bank_and_no_face_up_permit_offers_neither() -> None:
    s = table(Decks(resources=["lumber"] * 9, permits=["hotel"]))
    assert draw_choices(s) == ["resources", "permit stack ID"]
    s = replace(
        s,
        decks=Decks(resources=("lumber",) * 9, permits=("hotel",), permit_discard=("opera",)),
        buildings=(Built("bank", "ann", "bank-lot"),),
    )
    assert draw_choices(s) == ["resources", "permit discard opera", "permit stack ID", "bank"]
