"""Black Hills where the code used to depart from the rulebook's words (docs/RULES-COVERAGE.md
D7-D12) and what was left out: each test quotes the words it rests on, with the turns the
referee accepts and those it refuses (by their rule code), and the table's options
(`black_hills/options.py`) that keep the other reading."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.black_hills.best import best_turns
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.game.record import parse_record, record_to_text
from adjudicator.black_hills.game.replay import replay
from adjudicator.black_hills.options import BHOptions
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState, load_bh_state, state_data
from adjudicator.cli.main import app
from adjudicator.core.errors import InputError
from tests import black_hills_twin as twin
from tests.black_hills_support import legal, refused, table, with_player
from tests.budget import examples

runner = CliRunner()


# -- D9: "from just one player or two players" -------------------------------------------------


def robbers() -> BHState:
    return table(
        BHPlayer("ann", characters=["miner", "hunter"], gunmen=1),
        BHPlayer("bob", gold=2),
        BHPlayer("cid", gold=1, fur=1),
        BHPlayer("dan", logs=2),
    )


def test_a_robbery_takes_from_just_one_player_or_two_players() -> None:
    """ "If the result of the die indicates that the player could steal two resources, the
    attacker could decide to take the resources from just one player or two players.\""""
    two = legal(robbers(), "ann: miner; rob bob cid die=3")
    assert (two.player("bob").gold, two.player("cid").resources) == (0, 1)
    one = legal(robbers(), "ann: miner; rob cid:fur cid:gold die=2")  # one player, named twice
    assert one.player("cid").resources == 0 and one.player("ann").fur == 1
    v = refused(robbers(), "ann: miner; rob bob cid dan die=3", Code.TWO_VICTIMS, "two players")
    assert v.after is not None and v.after.player("bob").gold == 2  # nothing taken
    refused(robbers(), "ann: miner; rob bob cid dan:logs die=1", Code.TWO_VICTIMS, "not 3")


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(
        st.sampled_from(["bob", "cid", "dan", "bob:gold", "cid:fur", "dan:logs"]),
        min_size=1,
        max_size=5,
    ),
    st.sampled_from([0, 1, 2, 3]),
)
def test_a_robbery_naming_three_players_is_always_refused(targets: list[str], die: int) -> None:
    """Any list of targets and any face: legal exactly when one or two players are named,
    refused under BH-TWO-VICTIMS otherwise; a legal one takes as much as the die says and
    the named players hold, from them only."""
    named = {t.split(":")[0] for t in targets}
    v = referee_text(robbers(), f"ann: miner; rob {' '.join(targets)} die={die}")
    if len(named) > 2:
        assert not v.legal and v.reasons[0].code is Code.TWO_VICTIMS
        return
    assert v.legal and v.state is not None
    before = {p.name: p.resources for p in robbers().players}
    after = {p.name: p.resources for p in v.state.players}
    taken = {n: before[n] - after[n] for n in ("bob", "cid", "dan")}
    assert sum(taken.values()) == min(die, sum(before[n] for n in named))
    assert all(taken[n] == 0 for n in taken if n not in named)


def test_the_best_robbery_takes_from_two_players_at_most() -> None:
    """Three players holding a gold each, a 3 on the die: two golds, not three (the twin's
    expectimax, its own code, agrees)."""
    s = table(
        BHPlayer("ann", characters=["miner", "hunter"], gunmen=1),
        BHPlayer("bob", gold=1),
        BHPlayer("cid", gold=1),
        BHPlayer("dan", gold=1),
        supply={"gold": 0, "logs": 10, "fur": 10},
    )
    miner = next(c for c in best_turns(s) if c.character == "miner")
    three = next(o for o in miner.outcomes if o.chance == "die 3")
    assert three.verdict.after is not None and three.verdict.after.player("ann").gold == 2
    assert [(c.character, c.key) for c in best_turns(s)] == twin.expected_turns(s, "ann")


# -- D7: Safeguard ---------------------------------------------------------------------------


def safeguarded(**options: str) -> BHState:
    """ann's Colonel waits in the Mine; bob has activated Safeguard; cid is to play."""
    s = table(
        BHPlayer("cid", characters=["miner", "colonel"], events=[]),
        BHPlayer("ann", events=["bank"]),
        BHPlayer("bob", events=["storm"]),
        placed=[("ann", "colonel", "mine")],
        colonel=[("mine", "ann")],
        safeguard=["bob"],
        options=BHOptions(**options),
    )
    return s


def test_a_safeguard_keeps_every_colonel_off_for_the_round() -> None:
    """ "Safeguard. The Colonel block will not affect you. The Colonel cannot act against any
    other player during the round." cid holds no Safeguard, yet ann's Colonel does not stop
    cid's Miner (it takes 1: ann's Colonel was the first card in the Mine), and cid's own
    Colonel steals from nobody."""
    s = safeguarded()
    miner = referee_text(s, "cid: miner")
    assert miner.legal and miner.state is not None and miner.state.player("cid").gold == 1
    assert any("Safeguard keeps it off" in line for line in miner.log)
    refused(s, "cid: colonel at plain steal ann", Code.SAFEGUARD, "cannot act against ann")
    refused(s, "cid: colonel at plain steal bob", Code.SAFEGUARD, "cannot act against bob")
    assert referee_text(s, "cid: colonel at plain").legal  # placing it is no act against


def test_the_option_safeguard_holder_keeps_only_the_holder_safe() -> None:
    """Option `safeguard=holder` (the earlier reading): only bob is safe."""
    s = safeguarded(safeguard="holder")
    miner = referee_text(s, "cid: miner")
    assert miner.state is not None and miner.state.player("cid").gold == 0
    assert any("blocks it" in line for line in miner.log)
    stole = legal(s, "cid: colonel at plain steal ann drew=bank")
    assert stole.player("cid").events == ("bank",)
    refused(s, "cid: colonel at plain steal bob", Code.SAFEGUARD, "against bob")


def test_a_safeguard_activated_this_turn_stops_the_players_own_colonel() -> None:
    """The words stop "the Colonel", whoever's: activating Safeguard, then the Colonel, steals
    nothing; the other way round the steal comes first and stands."""
    s = table(
        BHPlayer("ann", characters=["colonel", "miner"], events=["safeguard"], gold=1),
        BHPlayer("bob", events=["bank"]),
    )
    refused(s, "ann: event safeguard; colonel at mine steal bob", Code.SAFEGUARD, "bob")
    done = legal(s, "ann: colonel at mine steal bob drew=bank; event safeguard")
    assert done.player("ann").events == ("bank",) and done.safeguard == ("ann",)


def test_the_colonel_stops_the_next_card_its_own_players_too() -> None:
    """ "Colonel. Can be placed in any area and stops the next player who places their card
    in that area": the next player, whoever it is. ann's own Miner after her Colonel is
    stopped; option `colonel-block=others` lets her through (1 gold: the Colonel's was the
    first placement there) and the block waits for bob."""
    s = table(
        BHPlayer("ann", characters=["miner"]),
        BHPlayer("bob", characters=["engineer"]),
        placed=[("ann", "colonel", "mine")],
        colonel=[("mine", "ann")],
    )
    stopped = referee_text(s, "ann: miner")
    assert stopped.state is not None and stopped.state.player("ann").gold == 0
    assert stopped.state.colonel == () and any("blocks it" in x for x in stopped.log)
    s = replace(s, options=BHOptions(colonel_block="others"))
    through = legal(s, "ann: miner")
    assert through.player("ann").gold == 1 and through.colonel == (("mine", "ann"),)
    assert legal(through, "bob: engineer").player("bob").gold == 0


# -- D8: the first card in an area -------------------------------------------------------------


def test_the_first_placement_in_an_area_takes_two_not_each_card_of_its_player() -> None:
    """ "The player who first places a character card on a specific area takes 2 resources
    tokens, whereas other players who place a character card in the same area during the
    same round can only take 1 resource token. The resources obtained by the placement of a
    character card can only be taken once during a round, at the same moment when the card
    is placed in the area." (revision 4) The 2 go with the first placement: ann opened the
    Mine with her Miner, her Engineer there takes 1, as bob's Gold digger does. Option
    `first-bonus=player` (revision 3): ann's second card there takes 2 again."""
    s = table(
        BHPlayer("ann", characters=["engineer"]),
        BHPlayer("bob", characters=["gold-digger"]),
        placed=[("ann", "miner", "mine")],
    )
    assert legal(s, "ann: engineer").player("ann").gold == 1
    assert legal(replace(s, placed=()), "ann: engineer").player("ann").gold == 2  # the first
    bob = replace(s, active="bob")
    assert legal(bob, "bob: gold-digger").player("bob").gold == 1
    old = replace(s, options=BHOptions(first_bonus="player"))
    assert legal(old, "ann: engineer").player("ann").gold == 2
    assert legal(replace(old, active="bob"), "bob: gold-digger").player("bob").gold == 1


def test_any_character_card_opens_the_area_a_colonel_too() -> None:
    """ "a character card": the Colonel is one. After ann's Colonel in the Mine, bob's Miner
    is blocked and cid's takes 1; ann, who opened the Mine, takes 1 with her Miner too (the
    Colonel's placement was the first; option `first-bonus=player`: ann's takes 2)."""
    s = table(
        BHPlayer("ann", characters=["colonel", "miner"]),
        BHPlayer("bob", characters=["miner"]),
        BHPlayer("cid", characters=["engineer"]),
    )
    s = legal(s, "ann: colonel at mine")
    s = legal(s, "bob: miner")
    assert s.player("bob").gold == 0  # blocked
    s = legal(s, "cid: engineer")
    assert s.player("cid").gold == 1
    assert legal(s, "ann: miner").player("ann").gold == 1
    old = replace(s, options=BHOptions(first_bonus="player"))
    assert legal(old, "ann: miner").player("ann").gold == 2


def test_the_twin_reads_the_first_card_the_same_way() -> None:
    s = table(
        BHPlayer("ann", characters=["engineer", "tracker"]),
        BHPlayer("bob", characters=["hunter"]),
        placed=[("ann", "colonel", "mine"), ("bob", "lumberjack", "forest")],
    )
    # The Colonel's placement was the first in the Mine: the Engineer takes 1 gold (worth
    # 4); with `first-bonus=player` ann, who placed it, takes 2 (worth 8).
    old = replace(s, options=BHOptions(first_bonus="player"))
    for x, worth in ((s, 4), (old, 8)):
        assert dict(twin.best_turns(x, "ann"))["engineer"] == (0, worth)
        assert [(c.character, c.key) for c in best_turns(x, chance=False)] == [
            (c, (Fraction(k[0]), Fraction(k[1]))) for c, k in twin.best_turns(x, "ann")
        ]


# -- D12: the Preacher --------------------------------------------------------------------------


def test_the_preacher_is_placed_in_the_city_and_takes_fur_from_the_plain() -> None:
    """ "The Settlers are placed in the City."; "Preacher. Take 1 fur on the Plain. Can invest
    in the city." The Preacher stands in the City and takes 1 fur (not the first-placer's 2,
    the Plain being empty); it opens no area, so a Hunter after it is still first."""
    s = table(BHPlayer("ann", characters=["preacher"]), BHPlayer("bob", characters=["hunter"]))
    refused(s, "ann: preacher at plain", Code.AREA, "not placed in the Plain")
    after = legal(s, "ann: preacher")
    assert after.player("ann").fur == 1 and after.placed == (("ann", "preacher", "city"),)
    assert legal(after, "bob: hunter").player("bob").fur == 2


# -- Left out until now: the blind steal, the used events, drawing and robbing ---------------


def blind_table(blind: bool = True) -> BHState:
    return table(
        BHPlayer("ann", characters=["colonel", "hunter"], gold=4),
        BHPlayer("bob", events=["bank", "storm"]),
        supply={"gold": 6, "logs": 10, "fur": 10},
        seed=3,
        options=BHOptions(colonel_steal="blind" if blind else "chosen"),
    )


def test_the_blind_steal_draws_a_card_unseen() -> None:
    """ "steal an event card from any player he chooses": the player is chosen, the card is
    drawn unseen, at random (`colonel-steal=blind`, the default since revision 4). Naming
    it is refused; the table writes the card it drew as `drew=ID` (as the die's `die=N`).
    Option `colonel-steal=chosen` (the earlier reading): the card is named."""
    assert BHOptions().colonel_steal == "blind"
    s = blind_table()
    refused(s, "ann: colonel at mine steal bob bank", Code.COLONEL, "drew=bank")
    drew = legal(s, "ann: colonel at mine steal bob drew=storm; event storm")
    assert drew.player("bob").events == ("bank",) and drew.player("ann").logs == 1
    seeded = legal(s, "ann: colonel at mine; steal bob")
    assert len(seeded.player("ann").events) == 1 and len(seeded.player("bob").events) == 1
    chosen = referee_text(blind_table(False), "ann: colonel at mine steal bob drew=bank")
    assert not chosen.legal and chosen.reasons[0].code is Code.NOTATION
    named = legal(blind_table(False), "ann: colonel at mine steal bob bank")
    assert named.player("ann").events == ("bank",)


def test_best_ranks_a_blind_steal_by_its_expectation() -> None:
    """Chosen, the Colonel takes the Bank and buys 2 points with 4 gold. Blind, the Bank is
    one card of two: 1/2 x 2 points, expected 1; the worth kept is 0 after the Bank, 4 gold
    and a log (17) after the Storm: expected 17/2. The twin's own expectimax agrees."""
    chosen = next(c for c in best_turns(blind_table(False)) if c.character == "colonel")
    assert chosen.key == (Fraction(2), Fraction(0))
    s = blind_table()
    colonel = next(c for c in best_turns(s) if c.character == "colonel")
    assert colonel.text.startswith("ann: colonel at ") and colonel.text.endswith(" steal bob ...")
    assert colonel.distribution == {0: Fraction(1, 2), 2: Fraction(1, 2)}
    assert colonel.key == (Fraction(1), Fraction(17, 2))  # worth 16 + 1 log, or 0 after the Bank
    assert colonel.to_json()["chance"]["kind"] == "steal"
    assert [(c.character, c.key) for c in best_turns(s)] == twin.expected_turns(s, "ann")


def test_used_events_are_reshuffled_when_the_deck_runs_out() -> None:
    """ "All events cards used during the round are placed face up at the side of the deck of
    events cards not yet played."; "Every player receive 1 event card per round." The
    rulebook does not say what happens when the deck is empty; by default (`reshuffle=used`)
    the used and discarded cards become the new deck; `reshuffle=never` deals none."""
    s = table(
        BHPlayer("ann", characters=["miner", "hunter"], events=["stolen-gold", "storm"]),
        BHPlayer("bob", characters=["hunter"], events=["bank"]),
        seed=5,
        turns={"ann": 0, "bob": 2},
        used_events=["plague"],
    )
    discarded = legal(s, "ann: discard event storm; miner")  # not the round's end: no deal
    assert discarded.used_events == ("plague", "storm") and discarded.round == 1
    s = with_player(s, "ann", events=("stolen-gold",))
    s = replace(s, used_events=(*s.used_events, "storm"), turns={"ann": 1, "bob": 2})
    end = legal(s, "ann: miner; event stolen-gold")
    assert end.round == 2
    # ann (none left) and bob (one) each get one of plague, storm, stolen-gold.
    dealt = end.player("ann").events + end.player("bob").events[1:]
    assert len(dealt) == 2 and set(dealt) < {"plague", "storm", "stolen-gold"}
    assert sorted(dealt + end.event_deck) == ["plague", "stolen-gold", "storm"]
    assert end.used_events == ()
    s = replace(s, options=BHOptions(reshuffle="never"))
    never = legal(s, "ann: miner; event stolen-gold")
    assert never.player("ann").events == () and never.player("bob").events == ("bank",)
    assert sorted(never.used_events) == ["plague", "stolen-gold", "storm"]


def test_a_turn_may_draw_the_outlaw_and_rob_with_its_gunman() -> None:
    """ "Outlaw. ... recover 1 gunman from the jail"; "Only one robbery is allowed per player
    and turn". Nothing forbids the Shaman's draw of the Outlaw and a robbery in one turn."""
    s = table(
        BHPlayer("ann", characters=["shaman", "hunter"]),
        BHPlayer("bob", gold=2),
        jail=2,
        discarded=["outlaw", "miner", "tracker", "explorer"],
    )
    done = legal(s, "ann: shaman draw outlaw dealt=outlaw,miner,tracker,explorer; rob bob die=2")
    assert done.player("ann").gold == 3 and done.jail == 2


# -- Options in files, records and on the command line ------------------------------------------


def test_options_are_kept_in_state_files_and_records(tmp_path: Path) -> None:
    s = replace(blind_table(), used_events=("plague",))
    data = state_data(s)
    assert "options" not in data and data["used_events"] == ["plague"]  # defaults: unwritten
    s = replace(blind_table(False), used_events=("plague",))
    data = state_data(s)
    assert data["options"] == {"colonel-steal": "chosen"}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    again = load_bh_state(path)
    assert again.options == s.options and again.used_events == ("plague",)
    data["used_events"] = ["bank"]  # bob holds it too
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match="'bank' is both in bob's hand and in the used events"):
        load_bh_state(path)
    rec = parse_record(
        '[Edition "black-hills"]\n[Players "ann, bob"]\n'
        '[Options "safeguard=holder, first-bonus=player"]\n',
        "r.game",
    )
    assert rec.header.options == BHOptions(safeguard="holder", first_bonus="player")
    assert '[Options "safeguard=holder, first-bonus=player"]' in record_to_text(rec)
    assert replay(rec).state.options == rec.header.options


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ('[Options "safeguard=nobody"]', "one of everyone, others, holder"),
        ('[Options "speed=fast"]', "unknown option"),
        ('[Options "safeguard"]', "NAME=VALUE"),
    ],
)
def test_a_bad_option_is_one_line_of_bad_input(text: str, word: str) -> None:
    with pytest.raises(InputError) as err:
        parse_record(f'[Edition "black-hills"]\n[Players "ann, bob"]\n{text}\n', "r.game")
    assert word in str(err.value) and "\n" not in str(err.value)


def test_the_command_line_reads_the_options(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state_data(blind_table())))
    r = runner.invoke(
        app, ["black-hills", "turn", str(path), "ann: colonel at mine steal bob bank", "--json"]
    )
    data = json.loads(r.stdout)
    assert r.exit_code == 0 and data["reasons"][0]["code"] == "BH-COLONEL"
    bad = state_data(blind_table())
    bad["options"] = {"colonel-steal": "peek"}
    path.write_text(json.dumps(bad))
    r = runner.invoke(app, ["state", "check", str(path)])
    assert r.exit_code == 1 and "options.colonel-steal" in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["others", "everyone", "holder"]),
    st.lists(st.sampled_from(["ann", "bob", "cid"]), max_size=2, unique=True),
    st.sampled_from(["bob", "cid"]),
)
def test_the_colonels_steal_follows_the_safeguard_option(
    reading: str, holders: list[str], victim: str
) -> None:
    """Every Safeguard in force and every reading: the steal is refused under BH-SAFEGUARD
    exactly when the reading keeps the Colonel off the victim (a steal is always against
    another player: `others` and `everyone` agree on it)."""
    s = table(
        BHPlayer("ann", characters=["colonel"]),
        BHPlayer("bob", events=["bank"]),
        BHPlayer("cid", events=["storm"]),
        safeguard=holders,
        options=BHOptions(safeguard=reading),
    )
    kept_off = victim in holders if reading == "holder" else bool(holders)
    v = referee_text(s, f"ann: colonel at city steal {victim}")
    assert v.legal is not kept_off
    if kept_off:
        assert v.reasons[0].code is Code.SAFEGUARD
