"""A new Black Hills table (`black_hills/setup.py`), from the rulebook's 'Setup': "as many
gunmen as players", "Each player receives 4 character cards", "The remaining character
cards are left face down", "Every player receive 1 event card per round", and the badge
to "the player with more coins in his pockets. He will be the one that will start"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import load_rules
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.setup import new_table
from adjudicator.black_hills.state import load_bh_state
from adjudicator.cli.main import app
from adjudicator.core.errors import InputError

RULES = load_rules()
runner = CliRunner()


@pytest.mark.parametrize("names", [["ann", "bob"], ["ann", "bob", "cid"], list("abcd")])
def test_a_new_table_deals_what_the_rulebook_says(names: list[str]) -> None:
    s = new_table(names, seed=5)
    assert s.jail == len(names) and s.supply == RULES.supply and s.round == 1
    assert s.sheriff == s.active == names[0]
    dealt = [c for p in s.players for c in p.characters]
    assert all(len(p.characters) == 4 for p in s.players)
    assert sorted([*dealt, *s.leftover]) == sorted(RULES.characters)  # each card once
    assert s.discarded == ()  # Setup 7: the leftovers are not the Shaman's discards
    assert all(len(p.events) == 1 for p in s.players)
    events = [*(e for p in s.players for e in p.events), *s.event_deck]
    assert sorted(events) == sorted(RULES.events)
    assert all(p.reputation == p.gold == p.logs == p.fur == p.gunmen == 0 for p in s.players)
    assert new_table(names, seed=5) == s  # the seed replays the deal
    if len(names) == 4:
        assert s.leftover == ()  # "If there are 4 players, no cards will be left over."


def _first_turn(card_id: str, victim: str) -> str:
    """The words placing a card with the choices it needs."""
    card = RULES.characters[card_id]
    words = card_id
    if len(card.gather) > 1:
        words += f" {card.gather[0][1]}"
    elif card.area == "any":
        words += " at plain"
    elif card.steal:
        words += f" {card.steal[0]} from {victim}"
    return words


def test_every_player_discards_two_at_the_set_up_before_the_first_turn() -> None:
    """Setup 8: "Each player takes a look at the cards in his hand and decides to discard 2
    of them that are placed face down on the deck of character cards that are left over."
    Every player's discard comes before the first turn, in any order, and is not a turn."""
    s = new_table(["ann", "bob", "cid"], seed=2, sheriff="bob")
    assert s.active == "bob"
    bob = s.player("bob")
    keep = bob.characters[:2]
    plain = next(c for c in keep if not RULES.characters[c].shaman)
    # No turn before the set-up is done: not even with a keep in front.
    early = referee_text(s, f"bob: keep {' '.join(keep)}; {_first_turn(plain, 'ann')}")
    assert (
        not early.legal and early.code is Code.KEEP and "ann, bob, cid" in early.reasons[0].message
    )
    for name in ("cid", "ann", "bob"):  # any order, the sheriff's turn does not move
        v = referee_text(s, f"{name}: keep {' '.join(s.player(name).characters[:2])}")
        assert v.legal and v.state is not None, v.reasons
        s = v.state
        assert s.active == "bob" and s.turns == {}
    assert len(s.discarded) == 6 and s.leftover == new_table(["a", "b", "c"], 2).leftover
    again = referee_text(s, f"ann: keep {' '.join(s.player('ann').characters)}")
    assert not again.legal and again.code is Code.KEEP  # the set-up is over
    v = referee_text(s, f"bob: {_first_turn(plain, 'ann')}")
    assert v.legal, v.reasons


def test_the_shamans_draw_finds_every_players_discards() -> None:
    """ "The discarded character cards are shuffled, four cards are dealt": with four
    players there are no leftovers ("If there are 4 players, no cards will be left over"),
    so the pool is the eight the players discarded at the set-up, before ann's first
    turn; `shaman draw` naming no card deals the four and names them."""
    s = new_table(["ann", "bob", "cid", "dan"], seed=1)
    assert s.discarded == () and "shaman" in s.player("ann").characters
    gone: list[str] = []
    gone_by: dict[str, list[str]] = {}
    for p in s.players:
        kept = sorted(p.characters, key=lambda c: c != "shaman")[:2]  # ann keeps the Shaman
        gone_by[p.name] = [c for c in p.characters if c not in kept]
        gone += gone_by[p.name]
        v = referee_text(s, f"{p.name}: keep {' '.join(kept)}")
        assert v.legal and v.state is not None
        s = v.state
    assert sorted(s.discarded) == sorted(gone) and len(gone) == 8
    unnamed = referee_text(s, "ann: shaman draw")
    assert not unnamed.legal and unnamed.code is Code.SHAMAN
    dealt = unnamed.reasons[0].message.split("dealt ")[1].split(":")[0].split(", ")
    assert len(dealt) == 4 and set(dealt) <= set(gone)
    assert set(dealt) - set(gone_by["ann"])  # not only ann's own, as before the fix
    # The same deal when the card is named: the table's, not the turn's words.
    v = referee_text(s, f"ann: shaman draw {_first_turn(dealt[0], 'bob')}")
    assert v.legal, v.reasons
    assert f"the Shaman is dealt {', '.join(dealt)}" in v.log
    off = next(c for c in gone if c not in dealt)
    refused = referee_text(s, f"ann: shaman draw {_first_turn(off, 'bob')}")
    assert not refused.legal and ", ".join(dealt) in refused.reasons[0].message


def test_bad_tables_are_bad_input(tmp_path: Path) -> None:
    for names, sheriff in ((["ann"], None), (list("abcde"), None), (["ann", "bob"], "cid")):
        with pytest.raises(InputError):
            new_table(names, 1, sheriff)
    path = tmp_path / "bh.toml"
    r = runner.invoke(app, ["black-hills", "new", str(path), "--players", "ann,bob", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["state"]["active"] == "ann"
    assert load_bh_state(path).jail == 2
    r = runner.invoke(app, ["black-hills", "new", str(path), "--players", "ann,bob"])
    assert r.exit_code == 1 and "exists already" in r.stderr
    r = runner.invoke(app, ["black-hills", "new", str(tmp_path / "x.toml"), "--players", "ann"])
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1
