"""Black Hills states as values: a turn is refereed on a working copy that shares nothing
changeable with the state it came from, and a state carries the rules it is played by."""

from __future__ import annotations

import dataclasses
from typing import Any

from adjudicator.black_hills.data import load_rules
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.setup import new_table
from adjudicator.black_hills.state import BHState, state_data, state_from, working_copy
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


def test_a_working_copy_shares_no_list_or_mapping_and_equals_the_state() -> None:
    state = state_from(read_data(EXAMPLE), str(EXAMPLE))
    copy = working_copy(state)
    assert copy == state and state_data(copy) == state_data(state)
    mine, theirs = _containers(copy), _containers(state)
    assert mine.keys() == theirs.keys() and len(mine) > 10
    assert all(mine[k] is not theirs[k] for k in mine)
    assert copy.rules is state.rules  # frozen data: shared, not copied


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
