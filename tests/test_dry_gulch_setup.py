"""A new Dry Gulch table (`dry_gulch/setup.py`), from the rulebook's 'Setup': residences on
free edge sites "so that the foot path points to a thick black line and to the outside
edge of the board"; "Each stack is shuffled"; "Each player is dealt, face down, 5
resources and 3 building permits"; the first round draws no event cards."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.errors import InputError
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.draw import draw_phase
from adjudicator.dry_gulch.setup import PERMITS_DEALT, RESOURCES_DEALT, new_table
from adjudicator.dry_gulch.state import load_dg_state, state_data, state_from

RULES = load_rules()
runner = CliRunner()


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_a_new_table_deals_every_card_once(n: int) -> None:
    names = [f"p{i}" for i in range(n)]
    s = new_table(names, seed=n)
    assert s.active == "p0" and s.decks is not None and s.decks.round == 1
    homes = [b for b in s.buildings if b.permit == "residence"]
    assert sorted(b.owner for b in homes) == sorted(names)
    assert all(RULES.sites[b.site].edge for b in homes) and len({b.site for b in homes}) == n
    resources = Counter(c.text for p in s.players for c in p.hand) + Counter(s.decks.resources)
    printed = Counter(
        {
            (f"labor:{lab}" if kind == "labor" else kind): count
            for kind, _, lab, count in RULES.resources
        }
    )
    assert resources == printed
    assert all(len(p.hand) == RESOURCES_DEALT for p in s.players)
    assert all(len(p.permits) == PERMITS_DEALT for p in s.players)
    permits = Counter(x for p in s.players for x in p.permits) + Counter(s.decks.permits)
    assert sum(permits.values()) == 33 and "residence" not in permits
    assert len(s.decks.events) == 39
    assert state_from(state_data(s), "new") == s  # a legal state file, read back the same
    assert new_table(names, seed=n) == s  # the seed replays the deal


def test_named_residences_and_bad_tables() -> None:
    s = new_table(["ann", "bob", "cid"], 1, {"bob": "sw-5"})
    assert next(b.site for b in s.buildings if b.owner == "bob") == "sw-5"
    for names, homes in (
        (["ann", "bob"], {}),
        (["ann", "bob", "cid"], {"dan": "sw-5"}),
        (["ann", "bob", "cid"], {"ann": "bank-lot"}),
        (["ann", "bob", "cid"], {"ann": "sw-5", "bob": "sw-5"}),
        (["ann", "bob", "cid"], {"ann": "nowhere"}),
    ):
        with pytest.raises(InputError):
            new_table(names, 1, homes)


def test_a_new_game_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    r = runner.invoke(
        app, ["dry-gulch", "new", str(path), "--players", "ann,bob,cid", "--seed", "4", "--json"]
    )
    assert r.exit_code == 0 and json.loads(r.stdout)["state"]["active"] == "ann"
    s = load_dg_state(path)
    drawn = draw_phase(s, ["resources"])
    assert drawn.legal and len(drawn.after.player("ann").hand) == RESOURCES_DEALT + 3
    r = runner.invoke(app, ["dry-gulch", "new", str(path), "--players", "ann,bob,cid"])
    assert r.exit_code == 1 and "exists already" in r.stderr
    r = runner.invoke(
        app,
        ["dry-gulch", "new", str(tmp_path / "x.toml"), "--players", "a,b,c", "--residence", "a"],
    )
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1
