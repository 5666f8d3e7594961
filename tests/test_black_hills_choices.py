"""Black Hills: the player's choices written in the notation, with the automatic choice as
the default when they are not: which resources go back at the round's end (`return`), and
which resources pay for an investment (`invest N gold:1 logs:2 fur:3`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState
from adjudicator.black_hills.verdict import Verdict


def _last_turn(**ann: Any) -> BHState:
    """ann's second turn ends round 1 (bob has had both of his)."""
    s = BHState(
        players=[
            BHPlayer("ann", **ann),
            BHPlayer("bob", characters=["hunter"], gold=2, logs=2, fur=3),
        ],
        active="ann",
        sheriff="bob",
        supply={"gold": 2, "logs": 3, "fur": 5},
        jail=0,
        seed=3,
        turns={"ann": 1, "bob": 2},
    )
    return s


def _after(v: Verdict) -> BHState:
    assert v.legal and v.state is not None, v.reasons
    return v.state


def test_the_round_end_default_returns_the_least_valuable() -> None:
    """Unwritten: logs first (worth 1), then fur (2), then gold (4)."""
    after = _after(referee_text(_last_turn(characters=["sheriff"], gold=4, logs=3), "ann: sheriff"))
    assert after.round == 2
    assert (after.player("ann").gold, after.player("ann").logs) == (4, 1)
    bob = after.player("bob")  # 7 resources: two logs go back
    assert (bob.gold, bob.logs, bob.fur) == (2, 0, 3)


def test_each_player_decides_which_resources_to_return() -> None:
    """ "Players with more than 5 resource tokens have to return all those above that number
    to the resources pile. Each player can decide which type of resources they wish to
    return.\""""
    s = _last_turn(characters=["sheriff"], gold=4, logs=3)
    v = referee_text(s, "ann: sheriff; return ann:gold,gold bob:fur,gold")
    after = _after(v)
    ann, bob = after.player("ann"), after.player("bob")
    assert (ann.gold, ann.logs) == (2, 3)
    assert (bob.gold, bob.logs, bob.fur) == (1, 2, 2)
    assert after.supply == {"gold": 5, "logs": 3, "fur": 6}
    assert "ann returns 2 gold" in v.log and "bob returns 1 gold, 1 fur" in v.log
    # Named in part: the rest goes back by the default (bob: one fur, then one log).
    part = _after(referee_text(s, "ann: sheriff; return bob:fur"))
    assert (part.player("bob").logs, part.player("bob").fur) == (1, 2)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("ann: sheriff; return ann:gold,gold,gold", "only the resources above 5: 2, not 3"),
        ("ann: sheriff; return ann:fur", "no fur"),
        ("ann: sheriff; return ann:gold ann:logs", "written once"),
    ],
)
def test_a_return_that_is_not_the_players_to_make_is_refused(text: str, word: str) -> None:
    """Only the tokens above five, and only those the player holds then."""
    v = referee_text(_last_turn(characters=["sheriff"], gold=4, logs=3), text)
    assert not v.legal and v.code is Code.ROUND_END and word in v.reasons[0].message


def test_a_return_is_written_in_the_turn_that_ends_the_round() -> None:
    s = _last_turn(characters=["sheriff", "miner"], gold=4, logs=3)
    s = replace(s, turns={"ann": 0, "bob": 2})
    v = referee_text(s, "ann: sheriff; return ann:gold,gold")
    assert not v.legal and v.code is Code.ROUND_END
    bad = referee_text(
        _last_turn(characters=["sheriff"], gold=4, logs=3), "ann: sheriff; return ann:silver"
    )
    assert not bad.legal and bad.code is Code.NOTATION


def _settler(**ann: Any) -> BHState:
    return BHState(
        players=[BHPlayer("ann", **ann), BHPlayer("bob", characters=["miner", "madam"])],
        active="ann",
        sheriff="ann",
        supply={"gold": 8, "logs": 6, "fur": 6},
        jail=0,
    )


def test_the_investor_names_the_payment() -> None:
    """ "The player should pay 3 resources, 1 gold plus 2 log tokens or alternatively 3 fur
    to achieve 1 reputation point ... (eg. If a player pays 2 gold and 4 log he would get 2
    reputation points)". The Preacher brings the fur to 4."""
    s = _settler(characters=["preacher", "hunter"], gold=2, logs=4, fur=3)
    default = _after(referee_text(s, "ann: preacher; invest"))
    assert default.player("ann").reputation == 3  # unnamed: the most, keeping the most worth
    v = referee_text(s, "ann: preacher; invest 2 gold:2 logs:4")
    ann = _after(v).player("ann")
    assert (ann.reputation, ann.gold, ann.logs, ann.fur) == (2, 0, 0, 4)
    assert v.payments[0].paid() == {"gold": 2, "logs": 4, "fur": 0}
    mixed = _after(referee_text(s, "ann: preacher; invest gold:1 logs:2 fur:3")).player("ann")
    assert (mixed.reputation, mixed.gold, mixed.logs, mixed.fur) == (2, 1, 2, 1)


@pytest.mark.parametrize(
    ("text", "code", "word"),
    [
        ("ann: preacher; invest gold:1 logs:1", Code.INVEST, "neither"),
        ("ann: preacher; invest fur:2", Code.INVEST, "neither"),
        ("ann: preacher; invest 3 gold:2 logs:4", Code.INVEST, "buys 2 points, not 3"),
        ("ann: preacher; invest fur:6", Code.INVEST, "only 4 fur"),
        ("ann: sheriff; invest gold:2", Code.SHERIFF, "3 resources"),
        ("ann: preacher; invest gold:x", Code.NOTATION, "not a whole number"),
        ("ann: preacher; invest gold:1 gold:1 logs:2", Code.NOTATION, "named twice"),
    ],
)
def test_a_payment_the_card_does_not_take_is_refused(text: str, code: Code, word: str) -> None:
    s = _settler(characters=["preacher", "sheriff"], gold=2, logs=4, fur=3)
    v = referee_text(s, text)
    assert not v.legal and v.code is code and word in v.reasons[0].message, v.reasons


def test_the_sheriff_takes_any_three_and_the_goal_caps_a_named_payment() -> None:
    """ "Sheriff ... Can invest in the city 3 resources of any type in order to obtain a
    reputation point"; "If at any time one of the players reached 5 reputation points,
    the game ends immediately" (so no payment buys beyond it)."""
    s = _settler(characters=["sheriff", "preacher"], gold=2, logs=4, fur=3)
    ann = _after(referee_text(s, "ann: sheriff; invest gold:1 logs:1 fur:1")).player("ann")
    assert (ann.reputation, ann.gold, ann.logs, ann.fur) == (1, 1, 3, 2)
    near = _settler(characters=["preacher", "sheriff"], gold=2, logs=4, fur=3, reputation=4)
    v = referee_text(near, "ann: preacher; invest gold:2 logs:4")
    assert not v.legal and v.code is Code.INVEST and "needs only 1 point" in v.reasons[0].message
