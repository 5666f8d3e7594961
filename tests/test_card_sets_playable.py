"""Every shipped card can be played in some situation reached by play (the issue's 'each
card must be playable in some reachable situation'), found the way a table would: first
the named buildings' own building cards on an empty board, then the card."""

from __future__ import annotations

from functools import cache

import pytest

from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.models.cards import Card
from adjudicator.deduction.models.state import GameState, Player
from adjudicator.deduction.rules.play import rule_play

EDITIONS = ["gads-hill-1874", "old-town"]


def _start(edition: str, buildings: tuple[str, ...]) -> GameState:
    ed = load_edition(edition)
    return GameState(ed, edition, "ann", (Player("ann", buildings), Player("bob")))


@cache
def _building_card(edition: str) -> dict[str, int]:
    return {c.subject: c.number for c in load_edition(edition).cards if c.kind == "building"}


def _after_building_cards(edition: str, mine: str, marked: tuple[str, ...]) -> GameState | None:
    s = _start(edition, (mine,))
    for b in marked:
        r = rule_play(s, _building_card(edition)[b], None, "ann", advance=False)
        if not r.playable:
            return None
        s = r.after
    return s


def _playable_somewhere(edition: str, card: Card) -> bool:
    ed = load_edition(edition)
    if card.kind == "building":
        return rule_play(_start(edition, ()), card.number).playable
    others = [b for b in ed.board.buildings if b != card.subject]
    for mine in others:
        marked = (mine,) if card.kind == "district" else (card.subject, mine)
        for setup in (marked, marked[:1], ()):
            s = _after_building_cards(edition, mine, setup)
            if s is not None and rule_play(s, card.number, mine).playable:
                return True
    return False


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_card_is_playable_in_a_situation_reached_by_play(edition: str) -> None:
    ed = load_edition(edition)
    dead = [c.number for c in ed.cards if not _playable_somewhere(edition, c)]
    assert dead == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_card_set_composition(edition: str) -> None:
    """Gads Hill: 22 building (4 spaces), 16 district (8), 22 condition cards; Old Town:
    18 4s (4 spaces), 24 8s (8 or 7), 18 8+8s; one building card per building."""
    ed = load_edition(edition)
    kinds = {k: [c for c in ed.cards if c.kind == k] for k in ("building", "district", "condition")}
    expected = {"gads-hill-1874": (22, 16, 22), "old-town": (18, 24, 18)}[edition]
    assert tuple(len(v) for v in kinds.values()) == expected
    assert sorted(c.subject for c in kinds["building"]) == sorted(ed.board.buildings)
    for kind, cards in kinds.items():
        sizes = ed.board.card_sizes.get(kind)
        for c in cards:
            assert not sizes or len(c.spaces) in sizes, (c.number, len(c.spaces))
    assert ed.cards.mismatches == ()
