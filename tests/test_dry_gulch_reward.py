"""Dry Gulch's reward phase (`DG-REWARD`), from the rulebook's words: "Each property has a
reward value (Reward). The corresponding number of resource cards is drawn from the stack
in the reward phase." An influence card: "During the reward phase, the players who own the
buildings belonging to the card may draw three additional resource cards." "All influence
points, special abilities, rewards and penalties resulting from a building are suspended
while that building is damaged.\""""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from adjudicator.core.data import data_dir
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.reward import VIOLET_REWARD, reward_phase
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, load_dg_state, write_dg_state

RULES = load_rules()
runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"
STACK = ["lumber", "brick", "food", "mason", "whiskey", "carpenter"] * 4


# The earlier reading of the rewards, kept as the option `rewards=built` (revision 4's
# default is `every-turn`): only the buildings built this turn pay, once, to the builder.
BUILT = DGOptions(rewards="built")


def table(
    buildings: list[Built], played: list[str] | None = None, options: DGOptions = BUILT
) -> DGState:
    return DGState(
        [DGPlayer("ann", played=played or []), DGPlayer("bob"), DGPlayer("cid")],
        "ann",
        buildings,
        Decks(resources=list(STACK)),
        options,
    )


def test_the_buildings_built_this_turn_pay_their_reward_once() -> None:
    """Option `rewards=built` (the earlier reading): "Each property has a reward value
    (Reward). The corresponding number of resource cards is drawn from the stack in the
    reward phase", read as the turn's new buildings paying once."""
    saloon, hatmaker = RULES.permits["saloon"].reward, RULES.permits["hatmaker"].reward
    s = table([Built("saloon", "ann", "nw-1"), Built("hatmaker", "ann", "nw-3")])
    r = reward_phase(s, ["nw-1"], [])
    assert r.legal and r.owed == {"ann": saloon}
    assert [c.text for c in r.after.player("ann").hand] == STACK[:saloon]
    every = reward_phase(s, [], [], every_turn=True)  # the option: every building, every turn
    assert every.owed == {"ann": saloon + hatmaker}
    broken = table([Built("saloon", "ann", "nw-1", damaged=True)])
    assert reward_phase(broken, ["nw-1"], []).owed == {}


def test_a_violet_card_pays_three_to_each_owner_of_its_buildings() -> None:
    """ "The Bank and the Blacksmith each receive 3 reward cards" (with `rewards=built`,
    so that only the violet card's cards are drawn)."""
    s = table(
        [Built("bank", "bob", "bank-lot"), Built("blacksmith", "cid", "sw-2")],
        played=["two-ton-safe"],
    )
    r = reward_phase(s, [], ["two-ton-safe"])
    assert r.legal and r.owed == {"bob": VIOLET_REWARD, "cid": VIOLET_REWARD}
    assert list(r.drawn["bob"]) == STACK[:3] and list(r.drawn["cid"]) == STACK[3:6]  # in seat order
    damaged = table(
        [Built("bank", "bob", "bank-lot", damaged=True), Built("blacksmith", "cid", "sw-2")],
        played=["two-ton-safe"],
    )
    assert reward_phase(damaged, [], ["two-ton-safe"]).owed == {"cid": VIOLET_REWARD}


def test_what_was_not_built_or_played_is_refused() -> None:
    s = table([Built("saloon", "bob", "nw-1")])
    for built, violet in ((["nw-1"], []), (["nw-9"], []), ([], ["silk-lace"])):
        r = reward_phase(s, built, violet)
        assert not r.legal and r.reasons[0].code is Code.REWARD and r.after is s
    no_stacks = DGState([DGPlayer("ann"), DGPlayer("bob"), DGPlayer("cid")], "ann")
    assert reward_phase(no_stacks, [], []).reasons[0].code is Code.DECKS


def test_a_state_files_reward_is_ruled_and_written(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    path.write_text(EXAMPLE.read_text() + '\n[decks]\nresources = ["lumber", "brick", "food"]\n')
    state = load_dg_state(path)
    paid = reward_phase(state, ["se-1"], [])
    assert paid.legal and paid.to_json()["owed"] == {"ann": RULES.permits["general-store"].reward}
    refused = reward_phase(state, ["ne-2"], [])
    assert not refused.legal and refused.reasons[0].code is Code.REWARD
    write_dg_state(path, paid.after)
    after = load_dg_state(path)
    assert after.decks is not None and len(after.decks.resources) == 3 - 2
