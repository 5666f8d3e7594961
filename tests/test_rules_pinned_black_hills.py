"""Black Hills rules pinned at their edges (issue 41, item 2): each test is written from the
rulebook's words and fails on the one-line change named in its docstring."""

from __future__ import annotations

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.state import BHPlayer, BHState
from tests.black_hills_support import legal, refused


def _investor(reputation: int) -> BHState:
    """ann, with the Preacher (a Settler's investment) and 2 gold, 4 logs, 3 fur."""
    return BHState(
        players=[
            BHPlayer(
                "ann",
                characters=["preacher", "sheriff"],
                gold=2,
                logs=4,
                fur=3,
                reputation=reputation,
            ),
            BHPlayer("bob", characters=["miner", "madam"]),
        ],
        active="ann",
        sheriff="ann",
        supply={"gold": 8, "logs": 6, "fur": 6},
        jail=0,
    )


def test_a_named_payment_that_reaches_the_goal_exactly_is_accepted() -> None:
    """ "The player should pay 3 resources, 1 gold plus 2 log tokens or alternatively 3 fur
    to achieve 1 reputation point"; "If at any time one of the players reached 5 reputation
    points, the game ends immediately". At 4, a named point (1 gold + 2 logs) reaches 5
    exactly: accepted, and ann wins (the Sheriff's point for any 3 resources too); at 3,
    two named points do the same; a payment past 5 is refused under `BH-INVEST` (mutant:
    the goal's boundary moved, `>=` for `>`)."""
    for reputation, text in (
        (4, "ann: preacher; invest gold:1 logs:2"),
        (3, "ann: preacher; invest 2 gold:2 logs:4"),
    ):
        after = legal(_investor(reputation), text)
        assert after.player("ann").reputation == 5 and after.winner == "ann"
    refused(_investor(4), "ann: preacher; invest gold:2 logs:4", Code.INVEST, "needs only 1 point")
    sheriff = legal(_investor(4), "ann: sheriff; invest gold:1 logs:1 fur:1")
    assert sheriff.player("ann").reputation == 5 and sheriff.winner == "ann"


def test_fire_in_the_city_spares_its_own_player() -> None:
    """ "Fire in the city. All other players lose one reputation point." Its player, at 2
    reputation, keeps both; each other player with a point loses one (mutant: the fire
    burns its own player too)."""
    s = BHState(
        players=[
            BHPlayer(
                "ann",
                characters=["miner", "hunter"],
                events=["fire-in-the-city"],
                gold=2,
                reputation=2,
            ),
            BHPlayer("bob", characters=["miner"], reputation=3),
            BHPlayer("cid", characters=["miner"], reputation=1),
        ],
        active="ann",
        sheriff="ann",
        supply={"gold": 10, "logs": 10, "fur": 10},
    )
    after = legal(s, "ann: miner; event fire-in-the-city")
    assert [p.reputation for p in after.players] == [2, 2, 0]
