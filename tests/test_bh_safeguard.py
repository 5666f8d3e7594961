"""Black Hills, issue 35 item 18: the Safeguard's words. "Safeguard. The Colonel block will
not affect you. The Colonel cannot act against any other player during the round." On
every event card "other players" are the players other than the card's holder, so while a
Safeguard is in force no Colonel blocks anyone: its holder by the first sentence, every
other player by the second, the Colonel's own player included. That is the default
(`safeguard=everyone`); `others` keeps the earlier reading as an option."""

from __future__ import annotations

from typing import Any

from adjudicator.black_hills.options import CHOICES, BHOptions, parse_options_text
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState

FULL = {"gold": 10, "logs": 10, "fur": 10}


def _at_mine(**options: Any) -> BHState:
    """ann's own Colonel waits in the Mine; bob's Safeguard is in force; ann is to play."""
    return BHState(
        players=[
            BHPlayer("ann", characters=["miner", "colonel"]),
            BHPlayer("bob", characters=["engineer"]),
            BHPlayer("cid", characters=["gold-digger"]),
        ],
        active="ann",
        sheriff="ann",
        supply=FULL,
        jail=3,
        placed=[("ann", "colonel", "mine")],
        colonel=[("mine", "ann")],
        safeguard=["bob"],
        options=BHOptions(**options),
    )


def _gold_after(s: BHState, text: str) -> int:
    v = referee_text(s, text)
    assert v.legal and v.state is not None, v.reasons
    return v.state.player(text.split(":")[0]).gold


def test_by_default_a_safeguard_keeps_the_colonels_own_player_unblocked() -> None:
    """The minimal input of item 18: bob's Safeguard in force, ann's own Colonel in the
    Mine, `ann: miner` under the default options: the Miner gathers (the Colonel cannot
    act during the round), where the old default (`others`) blocked it (0 gold)."""
    assert BHOptions().safeguard == "everyone"
    assert CHOICES["safeguard"][0] == "everyone"
    assert _gold_after(_at_mine(), "ann: miner") == 1


def test_the_option_others_keeps_the_earlier_reading() -> None:
    """`safeguard=others`: the Colonel's block of its own player is no act against another
    player, so it stands for a player holding no Safeguard."""
    assert _gold_after(_at_mine(safeguard="others"), "ann: miner") == 0
    assert parse_options_text("safeguard=others", "x").safeguard == "others"
    assert BHOptions(safeguard="others").text() == "safeguard=others"
    assert BHOptions(safeguard="everyone").text() == ""
