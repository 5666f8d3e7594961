"""Turn order pinned (issue 41, item 2), each rule from RULINGS' words (T1-T6, A4): T3's
reshuffle happens only when the rules say, not whenever a pile is empty. RULINGS T3:
"When a player must draw from an empty pile: ... Gads Hill, the played district cards are
shuffled into a new district pile, and an empty building or condition pile stays empty
(draw from another)." """

from __future__ import annotations

import pytest

from adjudicator.deduction.models.state import GameState, Player
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.turn_order import (
    draws_after,
    must_reshuffle,
    refill_due,
    stalled,
    stop_call_refusal,
    turn_refusal,
)
from tests.factories import board, state

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


OLD_TOWN_BUILDINGS = tuple(board("old-town").buildings)  # 18 beside the board at first


def _old_town(mine: tuple[str, ...] = (), left: int = 18) -> GameState:
    """ann and bob in Old Town; ann holds `mine`; `left` buildings not yet out of the game
    (the rest retired), hers among them."""
    gone = [b for b in OLD_TOWN_BUILDINGS if b not in mine][: len(OLD_TOWN_BUILDINGS) - left]
    players = [Player("ann", buildings=mine), Player("bob")]
    return state(edition="old-town", players=players, retired=gone)


@pytest.mark.parametrize(
    ("mine", "left", "due"),
    [
        ((), 18, 2),  # none in front: up to two
        (("bank",), 18, 1),  # one in front: one more
        (("bank", "casino"), 18, 0),  # two: none
        ((), 3, 2),  # three beside the board, more than the two players: two
        ((), 2, 1),  # no more beside the board than players: only one...
        (("bank",), 3, 0),  # ...and only with none in front (bank + 2 beside)
        ((), 1, 1),
        ((), 0, 0),  # nothing beside the board: nothing to take
    ],
)
def test_old_towns_refill_before_a_turn(mine: tuple[str, ...], left: int, due: int) -> None:
    """A4 (RULINGS): "before a turn, a player with fewer than two buildings takes
    buildings up to two; when no more buildings lie beside the board than there are
    players, only one, and only with none in front." """
    assert refill_due(_old_town(mine, left), "ann") == due


def test_the_refill_is_the_named_players_not_the_active_ones() -> None:
    """A4 is asked of the player about to act while the state's active player may still be
    the one before: ann (active) has two in front, bob none; bob takes two."""
    s = state(
        edition="old-town",
        players=[Player("ann", buildings=("bank", "casino")), Player("bob")],
        active="ann",
    )
    assert (refill_due(s, "ann"), refill_due(s, "bob")) == (0, 2)


def test_gads_hill_has_no_refill_and_a_retired_building_is_not_in_front() -> None:
    """Gads Hill buys buildings instead (A2): no refill. A retired building is out of the
    game, so it does not count among the two in front."""
    assert refill_due(state(players=[Player("ann"), Player("bob")]), "ann") == 0
    retired = state(
        edition="old-town",
        players=[Player("ann", buildings=("bank", "casino")), Player("bob")],
        retired=["casino"],
    )
    assert refill_due(retired, "ann") == 1


def test_the_cards_drawn_at_the_end_of_a_turn() -> None:
    """T2: "Old Town: one after a play or a pass, two after a discard"; Gads Hill: one card
    at the end of every turn, whatever was done."""
    old_town = state(edition="old-town")
    assert [draws_after(old_town, a) for a in ("play", "pass", "discard")] == [1, 1, 2]
    assert [draws_after(GADS_HILL, a) for a in ("play", "pass", "discard", "buy")] == [1] * 4


def test_only_the_active_player_acts() -> None:
    """T1: "Only the active player plays, discards, buys or passes"; a refusal for acting
    out of turn cites T1."""
    s = state(players=[Player("ann"), Player("bob")], active="ann")
    assert turn_refusal(s, "ann") is None
    out_of_turn = turn_refusal(s, "bob")
    assert out_of_turn is not None and out_of_turn.code is Code.T1
    assert out_of_turn.message == "it is ann's turn, not bob's"
    stranger = turn_refusal(s, "dan")
    assert stranger is not None and stranger.code is Code.T1
    assert stranger.message == "there is no player 'dan' (players: ann, bob)"


def test_stop_is_called_in_its_window_and_not_by_the_player_whose_turn_it_was() -> None:
    """T5: "From the active player's action until the next player acts, the draw
    included. The player whose turn it was cannot call STOP on it." """
    assert stop_call_refusal(True, "bob", "ann") is None
    closed = stop_call_refusal(False, "bob", "ann")
    assert closed is not None and closed.code is Code.T5
    assert closed.message == "STOP is called between two turns, before the next player acts"
    own = stop_call_refusal(True, "ann", "ann")
    assert own is not None and own.code is Code.T5
    assert own.message == "ann cannot call STOP on their own turn"


def test_a_game_stalls_when_every_player_has_passed_in_turn() -> None:
    """T6: "a game in which every player passes in turn with nothing left to draw is over
    as *stalled*": two players, two passes in a row; one is not enough."""
    s = state(players=[Player("ann"), Player("bob")])
    assert stalled(s, 2) and stalled(s, 3)
    assert not stalled(s, 1)
