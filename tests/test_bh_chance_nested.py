"""Black Hills turns that meet more than one chance: the Shaman's deal and the robbery's
die (and a blind Colonel's steal), their expectation nested — for each outcome of the first,
the best continuation, a robbery taken by its own expectation over the die. "Only one
robbery is allowed per player and turn" is the rulebook's only limit: whatever character
the player plays, a gunman may rob (RULINGS-black-hills BH-DRAW-AND-ROB, BH-CHANCE). Each
value by hand, and the independent twin's expectimax agrees."""

from __future__ import annotations

from fractions import Fraction

from adjudicator.black_hills.best import Candidate, best_turns
from adjudicator.black_hills.options import BHOptions
from adjudicator.black_hills.state import BHPlayer, BHState
from tests import black_hills_twin as twin


def _of(ranked: list[Candidate], character: str) -> Candidate:
    return next(c for c in ranked if c.character == character)


def test_the_shaman_may_draw_and_rob_in_one_turn() -> None:
    """The state the twin test found: ann (4 points of 5, 2 gold, a gunman, the Bank) can
    reach the goal with the Bank whatever she does; the worth kept decides. The supply is
    empty, so only cid's 1 fur can be gained: by the Madam (dealt in 2/5 of the deals of
    four from the ten discards) or by a robbery (any face but 0: 5/6). Robbing first, then
    drawing when the die shows 0: 5/6 x 2 + 1/6 x 2/5 x 2 = 9/5. Ranking the draw alone
    (the old limit) gave 4/5."""
    s = BHState(
        players=[
            BHPlayer("ann", 4, 2, 0, 0, 1, ["shaman", "engineer"], ["bank"]),
            BHPlayer("bob", 0, 0, 0, 0, 0, ["explorer", "gambler"], []),
            BHPlayer("cid", 0, 0, 0, 1, 0, ["gold-digger", "hunter"], []),
        ],
        active="ann",
        sheriff="ann",
        supply={"gold": 0, "logs": 0, "fur": 0},
        jail=0,
        discarded=[
            "indian-chief",
            "lumberjack",
            "madam",
            "merchant",
            "miner",
            "outlaw",
            "preacher",
            "colonel",
            "sheriff",
            "tracker",
        ],
        turns={"bob": 1},
    )
    ranked = best_turns(s)
    shaman = _of(ranked, "shaman")
    assert shaman.key == (Fraction(1), Fraction(9, 5))
    assert shaman.distribution == {1: Fraction(1)}
    assert sum(o.probability for o in shaman.outcomes) == 1
    # Two chances met: each outcome names the face and the deal.
    assert all(o.chance.startswith("die ") and "; dealt " in o.chance for o in shaman.outcomes)
    assert _of(ranked, "engineer").key == (Fraction(1), Fraction(5, 3))  # the robbery alone
    assert [(c.character, c.key) for c in ranked] == twin.expected_turns(s, "ann")


def test_the_shaman_draws_the_outlaw_and_robs_with_its_gunman() -> None:
    """ann has no gunman; one waits in the jail. The Outlaw (in 4 of the 5 deals) takes 1
    gold and the gunman, who robs bob's 3 gold: 1 + (0+1+1+2+2+3)/6 gold = 5/2 gold, worth
    10, better than the Miner's 2 gold (8), the best of the deal without the Outlaw:
    4/5 x 10 + 1/5 x 8 = 48/5."""
    s = BHState(
        players=[
            BHPlayer("ann", characters=["shaman", "tracker"]),
            BHPlayer("bob", gold=3, characters=["gambler", "madam"]),
        ],
        active="ann",
        sheriff="ann",
        supply={"gold": 10, "logs": 10, "fur": 10},
        jail=1,
        discarded=["hunter", "lumberjack", "miner", "outlaw", "preacher"],
    )
    ranked = best_turns(s)
    shaman = _of(ranked, "shaman")
    assert shaman.key == (Fraction(0), Fraction(48, 5))
    three = next(o for o in shaman.outcomes if o.chance.endswith("outlaw; die 3"))
    assert three.text.startswith("ann: shaman draw outlaw dealt=")
    assert "; rob bob:gold bob:gold bob:gold die=3" in three.text
    assert [(c.character, c.key) for c in ranked] == twin.expected_turns(s, "ann")


def _blind(gunmen: int) -> BHState:
    """Option `colonel-steal=blind`: ann holds 4 gold and the Shaman; bob the Bank and the
    Storm and 1 fur; the Colonel among five discards."""
    return BHState(
        players=[
            BHPlayer("ann", gold=4, gunmen=gunmen, characters=["shaman", "tracker"]),
            BHPlayer("bob", fur=1, characters=["gambler", "madam"], events=["bank", "storm"]),
        ],
        active="ann",
        sheriff="ann",
        supply={"gold": 10, "logs": 10, "fur": 10},
        jail=0,
        discarded=["colonel", "hunter", "lumberjack", "miner", "preacher"],
        options=BHOptions(colonel_steal="blind"),
    )


def test_a_drawn_colonels_blind_steal_is_a_second_chance() -> None:
    """The Colonel (in 4 of the 5 deals) steals one of bob's two cards unseen: the Bank
    buys 2 points with the 4 gold (worth 0 left), the Storm gives a log (worth 17); without
    the Colonel the Miner's 2 gold (worth 24): reputation 4/5 x 1/2 x 2 =
    4/5, worth 4/5 x 17/2 + 1/5 x 24 = 58/5. With a gunman too, a third chance (the die),
    and the twin agrees."""
    shaman = _of(best_turns(_blind(0)), "shaman")
    assert shaman.key == (Fraction(4, 5), Fraction(58, 5))
    assert any("; drew bank" in o.chance for o in shaman.outcomes)
    s = _blind(1)
    ranked = best_turns(s)
    three = _of(ranked, "shaman")
    assert any(o.chance.count("; ") == 2 for o in three.outcomes)  # die; dealt; drew
    assert [(c.character, c.key) for c in ranked] == twin.expected_turns(s, "ann")
