"""The card-set audit: the flawed fixture triggers every finding once, the shipped sets have
no error, and the audit's decisions equal their brute-force twins."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.deduction.audit import (
    audit_cards,
    contradict,
    contradict_brute_force,
    playable_witness,
)
from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.models.board import RELATIONS
from adjudicator.deduction.models.cards import Card, CardSet
from adjudicator.deduction.models.edition import Edition
from tests.budget import examples
from tests.factories import board

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "flawed-cards.toml"
EVERY_FINDING = {
    "clue-map",
    "map-size",
    "unknown-building",
    "unknown-street",
    "unknown-space",
    "frame-field",
    "relation-impossible",
    "never-playable",
    "duplicate",
    "no-building-card",
    "two-building-cards",
    "disjoint-building-cards",
    "contradiction",
    "make-up",
    "empty-map",
}


def test_flawed_fixture_triggers_every_finding_once() -> None:
    result = runner.invoke(app, ["audit", str(FIXTURE), "--json"])
    assert result.exit_code == 1  # there are errors
    data = json.loads(result.stdout)
    codes = Counter(f["code"] for f in data["findings"])
    assert set(codes) == EVERY_FINDING
    assert all(n == 1 for n in codes.values()), codes
    by_code = {f["code"]: f for f in data["findings"]}
    assert by_code["clue-map"]["cards"] == [23]
    assert (
        "the map has C2, the clue does not; the clue allows F2" in (by_code["clue-map"]["message"])
    )
    assert by_code["never-playable"]["cards"] == [28]
    assert by_code["relation-impossible"]["cards"] == [29]  # reported once, not twice
    assert by_code["disjoint-building-cards"]["cards"] == [1, 22]
    assert by_code["empty-map"]["cards"] == [33]  # not read as "anywhere"
    assert "Theatre" in by_code["no-building-card"]["message"]
    assert {f["severity"] for f in data["findings"]} == {"error", "warning"}


@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
def test_shipped_sets_audit_without_error(edition: str) -> None:
    result = runner.invoke(app, ["audit", edition, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [f for f in data["findings"] if f["severity"] == "error"] == []


def test_audit_with_simulated_games() -> None:
    result = runner.invoke(app, ["audit", "old-town", "--games", "1", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)["stats"]
    assert stats["games"] == 1 and stats["stalled"] == 0
    held = [c for c in stats["cards"] if c["held"]]
    assert held and all(0 <= c["playable_when_held"] <= 1 for c in held)


GH = board("gads-hill-1874")
SPACES = list(GH.building_spaces)


@st.composite
def cards(draw: st.DrawFn, number: int = 1) -> Card:
    kind = draw(st.sampled_from(["building", "district", "condition"]))
    subject = "my" if kind == "district" else draw(st.sampled_from(["bank", "hotel", "jail"]))
    spaces = frozenset(draw(st.sets(st.sampled_from(SPACES), min_size=1, max_size=3)))
    relation = draw(st.sampled_from(RELATIONS)) if kind == "condition" else None
    mine = (
        frozenset(draw(st.sets(st.sampled_from(SPACES), min_size=1, max_size=3)))
        if kind == "condition" and draw(st.booleans())
        else None
    )
    return Card(
        number,
        kind,
        subject,
        "t",
        spaces,
        "spaces(...)",
        relation,  # type: ignore[arg-type]
        mine,
        "spaces(...)" if mine else None,
    )


@settings(max_examples=examples(300), deadline=None)
@given(cards(1), cards(2))
def test_contradiction_equals_its_twin(a: Card, b: Card) -> None:
    assert contradict(GH, a, b) == contradict_brute_force(GH, a, b)


@settings(max_examples=examples(60), deadline=None)
@given(cards(1))
def test_never_playable_equals_the_plain_condition(card: Card) -> None:
    """The engine on the most favourable board finds a card playable exactly when its map
    has a space (and, for a condition card, a related pair of spaces)."""
    edition = Edition("gads-hill-1874", GH, CardSet("t", "t", {1: card}))
    if card.kind == "condition":
        assert card.relation is not None
        mine = card.my_spaces or frozenset(SPACES)
        possible = any(GH.related(card.relation, s, m) for s in card.spaces for m in mine)
    else:
        possible = bool(card.spaces)
    assert playable_witness(edition, card)[0] == possible


def test_static_audit_of_a_60_card_set_is_clean() -> None:
    ed = load_edition("gads-hill-1874")
    assert audit_cards(ed).errors == []


def test_two_buildings_forced_onto_one_space_and_a_set_too_small_to_deal() -> None:
    one = frozenset({"c3"})
    a = Card(1, "building", "bank", "t", one, "spaces(c3)")
    b = Card(2, "building", "hotel", "t", one, "spaces(c3)")
    edition = Edition("gads-hill-1874", GH, CardSet("t", "t", {1: a, 2: b}))
    codes = {f.code: f for f in audit_cards(edition).findings}
    assert "the Bank and the Hotel both on C3" in codes["same-space"].message
    assert codes["cannot-deal"].severity == "error"
    assert "disjoint-building-cards" not in codes


def test_a_board_without_buildings_is_audited_not_crashed() -> None:
    # A fuzz finding: `audit` looked for a building to stand in front of a player and found
    # none (StopIteration). Every card is then unplayable, and the audit says so.
    board = Path(__file__).parent / "fixtures" / "fuzz" / "old-town-board-without-buildings.toml"
    cards = data_dir("cards") / "old-town.toml"
    result = CliRunner().invoke(app, ["audit", str(cards), "--board", str(board), "--json"])
    assert result.exit_code == 1, result.output  # errors found, and reported
    assert "Traceback" not in result.output
    findings = json.loads(result.stdout)["findings"]
    assert any("no building but its subject" in f["message"] for f in findings)
