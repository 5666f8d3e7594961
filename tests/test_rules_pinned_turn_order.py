"""Turn order pinned (issue 41, item 2): T3's reshuffle happens only when the rules say,
not whenever a pile is empty. RULINGS T3: "When a player must draw from an empty pile:
... Gads Hill, the played district cards are shuffled into a new district pile, and an
empty building or condition pile stays empty (draw from another)." """

from __future__ import annotations

from adjudicator.deduction.rules.turn_order import must_reshuffle
from tests.factories import state

GADS_HILL = state()  # the board's deal: one pile per kind, played district cards go back
PILES = ("building", "district", "condition")
PLAYED = (40, 41)  # district cards played earlier


def _piles(**cards: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    return {p: cards.get(p, ()) for p in PILES}


def test_no_reshuffle_while_another_pile_holds_a_card() -> None:
    """The district pile empty, the building pile not: a player drawing at their choice
    is not made to draw from the empty pile, so nothing is reshuffled (mutant: any empty
    pile reshuffles)."""
    piles = _piles(building=(5,), condition=(7,))
    assert not must_reshuffle(GADS_HILL, piles, PILES, None, PLAYED)
    only_building = _piles(building=(5,))
    assert not must_reshuffle(GADS_HILL, only_building, PILES, None, PLAYED)


def test_a_reshuffle_when_every_pile_the_player_may_draw_from_is_empty() -> None:
    """Every pile empty: the player must draw from an empty pile, and T3 applies."""
    assert must_reshuffle(GADS_HILL, _piles(), PILES, None, PLAYED)


def test_a_card_named_from_the_played_ones_only_once_the_district_pile_is_empty() -> None:
    """A record names the card drawn (the table shuffles): a played district card may come
    back only through T3, so only when the district pile is empty; a card named off the
    building pile while the district pile is empty reshuffles nothing (mutants: the
    named card's place ignored; the district pile's emptiness ignored)."""
    empty_district = _piles(building=(5,), condition=(7,))
    assert must_reshuffle(GADS_HILL, empty_district, PILES, 40, PLAYED)
    assert not must_reshuffle(GADS_HILL, empty_district, PILES, 5, PLAYED)
    full_district = _piles(building=(5,), district=(42,), condition=(7,))
    assert not must_reshuffle(GADS_HILL, full_district, PILES, 40, PLAYED)
