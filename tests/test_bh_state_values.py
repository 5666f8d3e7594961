"""Black Hills states as values: a turn is refereed on a draft (`draft.Draft`) whose lists
and mappings are its own (the state holds none), and a state carries the rules it is
played by."""

from __future__ import annotations

import dataclasses
from typing import Any

from adjudicator.black_hills.data import load_rules
from adjudicator.black_hills.draft import Draft
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.setup import new_table
from adjudicator.black_hills.state import BHState, state_data, state_from
from adjudicator.core.data import data_dir
from adjudicator.core.files import read_data

EXAMPLE = data_dir("examples") / "black-hills-round1.toml"


def _containers(x: Any, path: str = "") -> dict[str, Any]:
    """Every list and dict reachable from a state's fields (not the shared frozen rules)."""
    out: dict[str, Any] = {}
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            if f.name != "rules":
                out |= _containers(getattr(x, f.name), f"{path}.{f.name}")
    elif isinstance(x, list | dict):
        out[path] = x
        for i, v in enumerate(x.values() if isinstance(x, dict) else x):
            out |= _containers(v, f"{path}[{i}]")
    return out


def test_a_draft_has_lists_and_mappings_of_its_own_and_freezes_into_the_state() -> None:
    state = state_from(read_data(EXAMPLE), str(EXAMPLE))
    draft = Draft.of(state)
    assert draft.freeze() == state and state_data(draft.freeze()) == state_data(state)
    assert _containers(state) == {}  # tuples and frozen maps only
    mine = _containers(draft)
    assert len(mine) > 10 and {".supply", ".turns", ".players[0].characters"} <= mine.keys()
    assert draft.rules is state.rules  # frozen data: shared, not copied


def test_a_refereed_turn_leaves_the_state_it_was_given_as_it_was() -> None:
    state = state_from(read_data(EXAMPLE), str(EXAMPLE))
    before = state_data(state)
    for text in ("ann: miner", "ann: miner; rob bob", "bob: hunter"):
        referee_text(state, text)
        assert state_data(state) == before


def test_a_state_carries_its_rules() -> None:
    table = new_table(["ann", "bob"], 3)
    assert table.rules is load_rules()
    assert isinstance(table, BHState) and "rules" not in state_data(table)
    assert state_from(state_data(table), "x").rules == table.rules
