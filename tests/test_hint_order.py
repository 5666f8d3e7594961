"""The hint's documented order, pinned on small states worked out by hand.

The order (README, `hint --json`; the docstring of `adjudicator/deduction/hint.py`): most
points net of a buy's price; then fewest points left on the board for the other players'
STOP claims; then fewest cards spent; then plays before discards before passing; then
without a buy before with one; then by card numbers.

Each case names a state, and the first three actions with the points and the STOP claims
each leaves, worked out from RULINGS.md (P1: an open building named by a card is marked on
each free space the card allows, its unneeded markers scoring at once; P4: a card that
alters nothing is a confirmation, played for nothing in Gads Hill; P6: with the option
`logic_to_active` off, the removals the board alone implies stay as STOP claims; L2/S1: a
building left with one marker is built, its last marker scoring 1; A1: a discard scores
the marker taken and what follows from it; A3: two cards a turn in Gads Hill, one in Old
Town; T4: Old Town passes only when stuck).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pytest

from adjudicator.deduction.hint import hint
from adjudicator.deduction.models.state import GameState, Player
from tests.factories import card, state

# (kind, cards, take, points, stop_left)
Expected = tuple[str, tuple[int, ...], tuple[str, str] | None, int, int]


class Case(NamedTuple):
    why: str
    make: Callable[[], GameState]
    first_three: tuple[Expected, Expected, Expected]


def _stop_left_breaks_a_tie() -> GameState:
    """Old Town, one card a turn, `logic_to_active` off. The Casino has markers on C1 and D1,
    the Barber on C1, D1 and E1.
    - Card 1, the Bank on C1 or D1: the Bank is open, so it is marked on both (3 unneeded
      markers: 3 points). The Bank and the Casino now fill C1 and D1, so the Barber's C1
      and D1 markers go and the Barber is built on E1: the board's own conclusion (the
      `logic` tier), left for the others' STOP claims: 2 removed + 1 built = 3.
    - Card 2, the Doc on E3 or E4: 3 points, nothing left for STOP.
    - Card 3, the Drugstore on A2, B1, B2 or B3: 1 unneeded marker, 1 point.
    No card is a confirmation or a contradiction, so no discard (A1, Old Town) and no pass
    (T4). Card 2 and card 1 tie on points: card 2 leaves less for STOP, so it comes first."""
    return state(
        [
            card(1, "building", "bank", "spaces(c1, d1)", edition="old-town"),
            card(2, "building", "doc", "spaces(e3, e4)", edition="old-town"),
            card(3, "building", "drugstore", "spaces(a2, b1, b2, b3)", edition="old-town"),
        ],
        edition="old-town",
        markers={"casino": ["c1", "d1"], "barber": ["c1", "d1", "e1"]},
        players=[Player("ann", (), 0, (1, 2, 3)), Player("bob")],
        options={"logic_to_active": False},
    )


def _one_card_before_two() -> GameState:
    """Gads Hill. The Bank has markers on C1 and D1.
    - Card 1, the Doc on E3 or E4: 3 points.
    - Card 2, the Bank on C1 or D1: it places, removes and builds nothing, a confirmation
      (P4), played in Gads Hill for 0 points.
    Card 1 alone, card 1 then card 2, and card 2 then card 1 all score 3 and leave nothing
    for STOP: one card comes before two, and then the pairs by card numbers. (A discard of
    the two takes a Bank marker and builds the Bank on the other: 2 points.)"""
    return state(
        [
            card(1, "building", "doc", "spaces(e3, e4)"),
            card(2, "building", "bank", "spaces(c1, d1)"),
        ],
        markers={"bank": ["c1", "d1"]},
        players=[Player("ann", (), 0, (1, 2)), Player("bob")],
    )


def _plays_before_discards() -> GameState:
    """Gads Hill. The Bank has markers on C1 and D1.
    - Card 1, the Doc on E1 to E4; card 2, the Church on A2, B1, B2 or B3: 1 point each, so
      both cards, in either order, score 2.
    - Discarding the two and taking the Bank's C1 marker (1) leaves the Bank one marker, on
      D1, where it is built (1): 2 points too, nothing left for STOP; taking D1 likewise.
    Plays, discards: both spend two cards; the plays come first, then the discard that
    takes C1 before the one that takes D1."""
    return state(
        [
            card(1, "building", "doc", "spaces(e1, e2, e3, e4)"),
            card(2, "building", "church", "spaces(a2, b1, b2, b3)"),
        ],
        markers={"bank": ["c1", "d1"]},
        players=[Player("ann", (), 0, (1, 2)), Player("bob")],
    )


def _most_points_first() -> GameState:
    """Gads Hill, `logic_to_active` off. The Casino has markers on C1 and D1, the Barber on
    C1, D1 and E1 (as in the first case, on the Gads Hill board).
    - Card 1, the Bank on C1 or D1: 3 points; it leaves the Barber's C1 and D1 markers and
      the Barber's building on E1 for STOP: 3.
    - Card 2, the Doc on E3 or E4: 3 points, nothing left.
    Both cards score 6: card 1 then card 2, and card 2 then card 1 (the same board, 3 left
    for STOP), above card 2 alone (3, none left). A discard scores at most 3: taking a
    Casino marker (1) builds the Casino on its other space (1) and takes the Barber's
    marker there (1); card 2 alone comes before it (one card, not two), and both before
    card 1 alone (3, but 3 left for STOP)."""
    return state(
        [
            card(1, "building", "bank", "spaces(c1, d1)"),
            card(2, "building", "doc", "spaces(e3, e4)"),
        ],
        markers={"casino": ["c1", "d1"], "barber": ["c1", "d1", "e1"]},
        players=[Player("ann", (), 0, (1, 2)), Player("bob")],
        options={"logic_to_active": False},
    )


CASES = [
    Case(
        "fewer points left for STOP first",
        _stop_left_breaks_a_tie,
        (("play", (2,), None, 3, 0), ("play", (1,), None, 3, 3), ("play", (3,), None, 1, 0)),
    ),
    Case(
        "one card before two",
        _one_card_before_two,
        (("play", (1,), None, 3, 0), ("play", (1, 2), None, 3, 0), ("play", (2, 1), None, 3, 0)),
    ),
    Case(
        "plays before discards",
        _plays_before_discards,
        (
            ("play", (1, 2), None, 2, 0),
            ("play", (2, 1), None, 2, 0),
            ("discard", (1, 2), ("bank", "c1"), 2, 0),
        ),
    ),
    Case(
        "most points first, then fewer left for STOP",
        _most_points_first,
        (("play", (1, 2), None, 6, 3), ("play", (2, 1), None, 6, 3), ("play", (2,), None, 3, 0)),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.why for c in CASES])
def test_the_hint_lists_the_first_three_in_the_documented_order(case: Case) -> None:
    h = hint(case.make())
    got = [(a.kind, a.cards, a.take, a.points, a.stop_left) for a in h.actions[:3]]
    assert got == list(case.first_three)
    assert all(a.buy is None for a in h.actions[:3])
