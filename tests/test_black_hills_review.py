"""Black Hills against the rulebook's words, after a fresh-eyes review (issue 16): the Colonel's
card text, a blocked card's skills, discarding after activating, hidden cards in `show`,
misspelt names, and records written before the set-up's discards had lines of their own."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import load_rules
from adjudicator.black_hills.game.record import parse_record, read_record
from adjudicator.black_hills.game.replay import replay
from adjudicator.black_hills.options import BHOptions
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState, write_bh_state
from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from tests.black_hills_support import legal, refused
from tests.budget import examples

RULES = load_rules()
runner = CliRunner()
TABLE = data_dir("examples") / "black-hills-table.game"
SUPPLY = {"gold": 9, "logs": 8, "fur": 8}  # with bob's, what the game has


def two(ann: list[str], bob: list[str], events: tuple[str, ...] = ()) -> BHState:
    """ann to play, then bob; both have kept two (the set-up is over)."""
    return BHState(
        players=[
            BHPlayer("ann", characters=ann, events=list(events)),
            BHPlayer("bob", characters=bob, fur=2, gold=1, logs=2),
        ],
        active="ann",
        sheriff="ann",
        supply=dict(SUPPLY),
    )


# -- The Colonel: "stops the next player who places their card in that area" -----------------


def test_the_colonels_card_text_is_the_rulebooks() -> None:
    """The card said "the next card another player places there", which the default
    `colonel-block=anyone` (the rulebook's "the next player") contradicts."""
    text = RULES.characters["colonel"].text
    assert "stops the next player who places their card in that area" in text
    assert "another player places" not in text
    assert "unless the player who is playing the Colonel already has 2 event cards" in text


def test_a_blocked_cards_skills_are_refused_naming_the_skill() -> None:
    """ "stops the next player who places their card in that area from carrying out the
    corresponding actions": the Merchant placed after a Colonel in the City is legal, but
    its trade is refused as its investing is (BH-COLONEL), not silently dropped."""
    s = legal(two(["colonel", "hunter"], ["merchant", "gambler"]), "ann: colonel at city")
    refused(s, "bob: merchant fur>logs", Code.COLONEL, "fur>logs")
    refused(s, "bob: merchant; invest", Code.COLONEL, "invest")
    refused(s, "bob: gambler from ann", Code.COLONEL, "from ann")
    after = legal(s, "bob: merchant")
    assert after.player("bob").holding() == s.player("bob").holding()
    assert after.colonel == ()  # the block is spent on the Merchant
    # Unblocked, the same trade is made.
    free = legal(
        legal(two(["hunter", "miner"], ["merchant", "gambler"]), "ann: hunter"),
        "bob: merchant fur>logs",
    )
    assert free.player("bob").fur == 1 and free.player("bob").logs == 4


def test_a_shaman_copying_a_blocked_card_cannot_use_its_skills() -> None:
    # A block still waiting under the Merchant (as after a Safeguard kept it off a card).
    s = two(["hunter", "miner"], ["shaman", "gambler"])
    s = replace(
        s,
        placed=(("ann", "colonel", "city"), ("bob", "merchant", "city")),
        colonel=(("city", "ann"),),
    )
    s = legal(s, "ann: hunter")
    refused(s, "bob: shaman copy merchant fur>logs", Code.COLONEL, "fur>logs")
    assert legal(s, "bob: shaman copy merchant").player("bob").fur == 2


# -- Events: "cannot activate ... if he has discarded any event cards in the same turn" -------


def test_discarding_after_activating_is_allowed_only_by_the_option() -> None:
    """ "A player cannot activate any event cards in his turn if he has discarded any event
    cards in the same turn": that order is always refused. The other (a discard after the
    turn's event) only with the option `event-or-discard=both` (revision 3's reading; the
    default refuses it: tests/test_bh_rulebook_words_win.py)."""
    s = two(["sheriff", "hunter"], ["miner", "madam"], events=("bearskins", "reinforcements"))
    s = replace(s, options=BHOptions(event_or_discard="both"))
    after = legal(s, "ann: sheriff; event bearskins; discard event reinforcements")
    assert after.player("ann").events == () and after.player("ann").fur == 3
    assert after.used_events == ("bearskins", "reinforcements")
    refused(
        s,
        "ann: sheriff; discard event reinforcements; event bearskins",
        Code.EVENT_OR_DISCARD,
        "after discarding",
    )


# -- Names: a close match for a misspelt card ----------------------------------------------------


def test_a_misspelt_card_gets_a_close_match(tmp_path: Path) -> None:
    s = two(["miner", "hunter"], ["merchant", "gambler"], events=("stolen-gold",))
    for text, hint in (
        ("ann: minr", "did you mean 'miner'?"),
        ("ann: miner; event stolen-gld", "did you mean 'stolen-gold'?"),
        ("ann: miner; discard event stolen-gld", "did you mean 'stolen-gold'?"),
    ):
        refused(s, text, Code.NOTATION, hint)
    state = tmp_path / "bh.toml"
    write_bh_state(state, s)
    r = runner.invoke(app, ["black-hills", "turn", str(state), "ann: huntr"])
    assert r.exit_code == 1 and "did you mean 'hunter'?" in r.output
    assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output


def test_the_shaman_draw_names_a_misspelt_card() -> None:
    s = two(["shaman", "hunter"], ["merchant", "gambler"])
    s = replace(s, discarded=("miner", "tracker", "explorer", "preacher", "madam"))
    refused(s, "ann: shaman draw minr", Code.NOTATION, "did you mean 'miner'?")
    unnamed = refused(s, "ann: shaman draw", Code.SHAMAN, "the Shaman is dealt")
    dealt = re.findall(r"dealt ([a-z, -]+):", unnamed.reasons[0].message)[0].split(", ")
    assert len(dealt) == 4 and set(dealt) <= set(s.discarded)
    # The table's own deal, written down, is taken too.
    told = "ann: shaman draw dealt=miner,tracker,explorer,madam"
    refused(s, told, Code.SHAMAN, "dealt explorer, madam, miner, tracker")


# -- Setup 8, on the command line: the repro of the review ---------------------------------------


def test_a_turn_before_every_players_discard_is_refused(tmp_path: Path) -> None:
    """ "Each player takes a look at the cards in his hand and decides to discard 2 of them
    that are placed face down on the deck of character cards that are left over": the
    Shaman's draw "from the discarded character cards" then deals from all of them."""
    rec = tmp_path / "t4.game"
    args = ["game"]
    new = [*args, "new", str(rec), "--edition", "black-hills", "--players", "ann,bob,cid,dan"]
    new += ["--seed", "1"]
    assert runner.invoke(app, new).exit_code == 0
    r = runner.invoke(
        app, [*args, "move", str(rec), "ann: keep shaman merchant; shaman draw preacher"]
    )
    assert r.exit_code == 1 and "BH-KEEP" in r.output and "ann, bob, cid, dan" in r.output
    for line in (
        "bob: keep engineer tracker",
        "ann: keep shaman merchant",
        "cid: keep madam hunter",
    ):
        r = runner.invoke(app, [*args, "move", str(rec), line])
        assert r.exit_code == 0, r.output
    r = runner.invoke(app, [*args, "move", str(rec), "ann: shaman draw preacher"])
    assert r.exit_code == 1 and "dan" in r.output  # dan has not kept yet
    assert runner.invoke(app, [*args, "move", str(rec), "dan: keep sheriff miner"]).exit_code == 0
    r = runner.invoke(app, [*args, "move", str(rec), "ann: shaman draw", "--json"])
    assert r.exit_code == 1
    message = json.loads(r.stdout)["reasons"][0]["message"]
    dealt = message.split("dealt ")[1].split(":")[0].split(", ")
    assert len(dealt) == 4 and not set(dealt) <= {"gold-digger", "preacher"}  # not ann's alone
    r = runner.invoke(app, [*args, "move", str(rec), f"ann: shaman draw {dealt[0]}", "--json"])
    assert f"the Shaman is dealt {', '.join(dealt)}" in json.loads(r.stdout)["log"]


# -- Hidden cards: "The other players should not see which characters have been discarded" ----


def _record(tmp_path: Path) -> tuple[Path, BHState]:
    rec = tmp_path / "club.game"
    rec.write_text(TABLE.read_text().split("ann: gold-digger")[0])  # round 1's set-up only
    return rec, replay(read_record(rec)).state


def test_show_never_names_the_discards(tmp_path: Path) -> None:
    rec, state = _record(tmp_path)
    assert len(state.discarded) == 6 and len(state.leftover) == 4  # 16 - 12 dealt
    for cmd in (["game", "show", str(rec)],):
        r = runner.invoke(app, cmd)
        assert r.exit_code == 0, r.output
        assert "Characters face down: 6 discarded this round, 4 left over" in r.output
        assert not [c for c in (*state.discarded, *state.leftover) if c in r.output]
        data = json.loads(runner.invoke(app, [*cmd, "--json"]).stdout)
        seen = data["state"]
        assert "discarded" not in seen and "leftover" not in seen
        assert seen["discarded_count"] == 6 and seen["leftover_count"] == 4


def test_show_for_a_player_hides_the_other_hands(tmp_path: Path) -> None:
    rec, state = _record(tmp_path)
    others = [c for p in state.players if p.name != "bob" for c in p.characters + p.events]
    for cmd in (["game", "show"],):
        r = runner.invoke(app, [*cmd, str(rec), "--player", "Bob"])
        assert r.exit_code == 0, r.output
        assert not [c for c in others if c in r.output]
        assert "2 cards" in r.output
        data = json.loads(runner.invoke(app, [*cmd, str(rec), "--player", "bob", "--json"]).stdout)
        seen = {p["name"]: p for p in data["state"]["players"]}
        assert seen["bob"]["characters"] == list(state.player("bob").characters)
        assert "characters" not in seen["ann"] and seen["ann"]["characters_count"] == 2
        assert "event_deck" not in data["state"] and data["viewer"] == "bob"
        bad = runner.invoke(app, [*cmd, str(rec), "--player", "bib"])
        assert bad.exit_code == 1 and "did you mean 'bob'?" in bad.output
        assert len(bad.output.strip().splitlines()) == 1


# -- Records of older versions: each player's keep in their first turn --------------------------


def _old_style(text: str) -> str:
    """The record as older versions wrote it: each set-up `keep` moved into that player's
    next turn (`ann: keep A B; gold-digger`)."""
    pending: dict[str, str] = {}
    out = []
    for line in text.splitlines():
        m = re.match(r"^(\w+): (keep [^#]*?)\s*(#.*)?$", line)
        if m:
            pending[m[1]] = m[2]
            continue
        m = re.match(r"^(\w+): ", line)
        if m and m[1] in pending:
            line = f"{m[1]}: {pending.pop(m[1])}; {line[m.end() :]}"
        out.append(line)
    return "\n".join(out) + "\n"


def test_a_record_of_an_older_version_still_replays() -> None:
    """Read so, its keeps were the set-up's discards: the same game, the same end, whether
    the record goes on or ends before some player's first turn of a round."""
    text = TABLE.read_text()
    old = _old_style(text)
    assert "ann: keep explorer gold-digger; gold-digger" in old
    assert not re.search(r"^\w+: keep \w+ [\w-]+\s*(#.*)?$", old, re.M)
    new, was = replay(parse_record(text)), replay(parse_record(old))
    assert was.state.winner == new.state.winner == "ann"
    assert [p.reputation for p in was.state.players] == [p.reputation for p in new.state.players]
    wrong = [
        (o.move.text, o.claim_wrong) for o in was.outcomes if not o.verdict.legal or o.claim_wrong
    ]
    assert wrong == [("ann: explorer", False), ("ann: gold-digger", True)]
    # Ending in round 5 with only ann's turn: bob's and cid's keeps are never written.
    assert old.rstrip().splitlines()[-1].startswith("ann: keep hunter madam; event")


def test_best_and_invest_wait_for_the_set_up(tmp_path: Path) -> None:
    """Best turns are turns: before every set-up discard they are refused in one line."""
    state = tmp_path / "bh.toml"
    assert (
        runner.invoke(app, ["black-hills", "new", str(state), "--players", "ann,bob"]).exit_code
        == 0
    )
    for cmd in ("best", "invest"):
        r = runner.invoke(app, ["black-hills", cmd, str(state)])
        assert r.exit_code == 1 and "set-up: ann, bob still to discard two" in r.output
        assert len(r.output.strip().splitlines()) == 1


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(1, 10_000), st.integers(2, 4), st.randoms(use_true_random=False))
def test_any_order_of_set_up_discards_leaves_every_discard_face_down(
    seed: int, n: int, rnd: random.Random
) -> None:
    """Whatever the order of the discards and the two kept, no turn is legal until the last
    one, the badge holder stays first to play, and the discards are every player's two (the
    leftovers apart: "this deck will not be used during this round")."""
    from adjudicator.black_hills.setup import new_table

    s = new_table(["ann", "bob", "cid", "dan"][:n], seed)
    pile: list[str] = []
    leftover = s.leftover
    order = [p.name for p in s.players]
    rnd.shuffle(order)
    for name in order:
        first = referee_text(s, f"{s.active}: {s.player(s.active).characters[0]} at city")
        assert not first.legal and first.code is Code.KEEP
        hand = s.player(name).characters
        kept = rnd.sample(hand, 2)
        pile += [c for c in hand if c not in kept]
        s = legal(s, f"{name}: keep {' '.join(kept)}")
        assert s.active == s.sheriff and s.turns == {}
    assert sorted(s.discarded) == sorted(pile) and s.leftover == leftover
    assert all(len(p.characters) == 2 for p in s.players)
