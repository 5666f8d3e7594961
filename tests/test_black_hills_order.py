"""Black Hills: placing a character and using its skills is one action, finished before the
next begins; an event the Colonel has just stolen may be activated; a turn not written in
the notation is bad input."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from adjudicator.black_hills.best import best_turns, most_reputation
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState
from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from tests import black_hills_support as support

runner = CliRunner()
EXAMPLE = data_dir("examples") / "black-hills-round1.toml"


def table(
    ann: BHPlayer, bob: BHPlayer | None = None, placed: list[tuple[str, str, str]] | None = None
) -> BHState:
    """ann to play, with bob (a miner and a madam unless given), a full supply."""
    return support.table(
        ann, bob or BHPlayer("bob", characters=["miner", "madam"]), placed=placed or []
    )


# "In each of their two turns, each player can carry out at least one of following actions
# in any order, but he cannot start one without having finished the previous one: - Place a
# character card on its place on the board and carry out the corresponding skills
# (mandatory action). - Activate an event card ... or discard one or two of the event cards
# of his hand (optional action). - Carry out a robbery (optional action)". Investing is a
# skill of the placed card, so it belongs to the placing action and cannot follow an event,
# a discard or a robbery.
INTERRUPTED = [
    (
        BHPlayer("ann", fur=3, characters=["preacher", "hunter"], events=["stagecoach"]),
        "ann: preacher; event stagecoach fur>gold; invest",
    ),
    (
        BHPlayer("ann", gold=2, logs=2, characters=["merchant", "hunter"], events=["safeguard"]),
        "ann: merchant; event safeguard; invest",
    ),
    (
        BHPlayer("ann", gold=3, characters=["shaman", "hunter"], events=["stolen-gold"]),
        "ann: shaman copy sheriff; discard event stolen-gold; invest 1",
    ),
    (
        BHPlayer("ann", gold=1, logs=2, gunmen=1, characters=["preacher", "hunter"]),
        "ann: preacher; rob bob die=1; invest",
    ),
]


@pytest.mark.parametrize(("ann", "turn"), INTERRUPTED)
def test_a_skill_after_another_action_is_refused(ann: BHPlayer, turn: str) -> None:
    bob = BHPlayer("bob", gold=2, characters=["miner", "madam"])
    s = table(ann, bob, placed=[("bob", "sheriff", "city")])
    v = referee_text(s, turn)
    assert not v.legal and v.code is Code.ORDER, v.reasons
    # The same actions with the skill finished first, or the other action first, are legal.
    place, other, skill = (a.strip() for a in turn.split(":", 1)[1].split(";"))
    for order in (f"{place}; {skill}; {other}", f"{other}; {place}; {skill}"):
        assert referee_text(s, f"ann: {order}").legal, order


def test_the_colonels_steal_is_refused_after_an_event() -> None:
    ann = BHPlayer("ann", characters=["colonel", "hunter"], events=["stolen-gold"])
    bob = BHPlayer("bob", characters=["miner", "madam"], events=["bank"])
    s = table(ann, bob)
    v = referee_text(s, "ann: colonel at plain; event stolen-gold; steal bob")
    assert not v.legal and v.code is Code.ORDER
    assert referee_text(s, "ann: colonel at plain; steal bob; event stolen-gold").legal


def test_the_best_turns_never_put_an_event_between_a_card_and_its_investing() -> None:
    ann = BHPlayer(
        "ann", gold=1, logs=2, fur=1, characters=["merchant", "preacher"], events=["stagecoach"]
    )
    for c in best_turns(table(ann)):
        actions = [a.split()[0] for a in c.text.split(":", 1)[1].split(";")]
        if "invest" in actions and "event" in actions:
            assert actions.index("event") < actions.index(c.character) or (
                actions.index("event") > actions.index("invest")
            )


def colonel_table() -> BHState:
    # "Colonel. ... Additionally this card allows a player to steal an event card from any
    # player he chooses"; "Bank. Receive one reputation point for each 2 gold tokens
    # returned to the pile". Activating what was just stolen is allowed (one event a turn).
    bob = BHPlayer("bob", gold=4, characters=["colonel", "hunter"])
    ann = BHPlayer("ann", characters=["miner", "madam"], events=["bank"])
    return support.table(bob, ann)  # a full supply, no gunman in the jail


def test_invest_activates_an_event_the_colonel_has_just_stolen() -> None:
    s = colonel_table()
    v = referee_text(s, "bob: colonel at plain steal ann; event bank 2")
    assert v.legal and v.reputation_gained == 2
    best = most_reputation(s, "bob")
    assert best is not None and best.verdict.reputation_gained == 2
    # The steal is blind (the default) but ann holds one card: the Bank, for certain.
    assert "steal ann drew=bank" in best.text and best.text.endswith("event bank")
    r = runner.invoke(app, ["black-hills", "invest", "--help"])
    assert r.exit_code == 0


def test_an_unknown_word_is_bad_input_not_a_refused_turn() -> None:
    for text in ("ann: minor", "ann: miner; invset", "no colon at all"):
        r = runner.invoke(app, ["black-hills", "turn", str(EXAMPLE), text])
        assert r.exit_code == 1, (text, r.output)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and "TURN" in lines[0] and "Traceback" not in r.output
        r = runner.invoke(app, ["black-hills", "turn", str(EXAMPLE), text, "--json"])
        assert r.exit_code == 1 and r.stdout.strip() == ""
    # A turn the rules refuse is still a verdict (exit 0), not bad input.
    r = runner.invoke(app, ["black-hills", "turn", str(EXAMPLE), "ann: hunter"])
    assert r.exit_code == 0 and "BH-HAND" in r.stdout
