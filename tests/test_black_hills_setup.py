"""A new Black Hills table (`black_hills/setup.py`), from the rulebook's 'Setup': "as many
gunmen as players", "Each player receives 4 character cards", "The remaining character
cards are left face down", "Every player receive 1 event card per round", and the badge
to "the player with more coins in his pockets. He will be the one that will start"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

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
    assert sorted(dealt + s.discarded) == sorted(RULES.characters)  # each card once
    assert all(len(p.events) == 1 for p in s.players)
    events = [e for p in s.players for e in p.events] + s.event_deck
    assert sorted(events) == sorted(RULES.events)
    assert all(p.reputation == p.gold == p.logs == p.fur == p.gunmen == 0 for p in s.players)
    assert new_table(names, seed=5) == s  # the seed replays the deal
    if len(names) == 4:
        assert s.discarded == []  # "If there are 4 players, no cards will be left over."


def test_the_first_turn_keeps_two_and_plays() -> None:
    s = new_table(["ann", "bob", "cid"], seed=2, sheriff="bob")
    assert s.active == "bob"
    bob = s.player("bob")
    keep = bob.characters[:2]
    plain = next(c for c in keep if not RULES.characters[c].shaman)
    card = RULES.characters[plain]
    words = plain
    if len(card.gather) > 1:
        words += f" {card.gather[0][1]}"
    elif card.area == "any":
        words += " at plain"
    elif card.steal:
        words += f" {card.steal[0]} from ann"
    v = referee_text(s, f"bob: keep {' '.join(keep)}; {words}")
    assert v.legal, v.reasons
    assert v.state is not None and len(v.state.discarded) == len(s.discarded) + 2


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
