"""Black Hills states are frozen values: a state and its players refuse any change, their
sequences are tuples and their tables frozen maps, and refereeing a turn (legal, refused or
a set-up's discard) leaves the state it was given as it was, through a whole self-play."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from typing import Any

import pytest

from adjudicator.black_hills.draft import Draft
from adjudicator.black_hills.frozen_map import FrozenMap
from adjudicator.black_hills.legal import legal_moves
from adjudicator.black_hills.notation import format_turn_move
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.round import must_keep
from adjudicator.black_hills.setup import new_table
from adjudicator.black_hills.state import BHPlayer, BHState, load_bh_state, state_data
from adjudicator.core.data import data_dir

EXAMPLE = data_dir("examples") / "black-hills-round1.toml"


def _changeable(x: Any, path: str) -> list[str]:
    """Every list, dict or set reachable from a value (not the shared rules)."""
    if isinstance(x, list | dict | set):
        return [path]
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return [
            found
            for f in dataclasses.fields(x)
            if f.name != "rules"
            for found in _changeable(getattr(x, f.name), f"{path}.{f.name}")
        ]
    if isinstance(x, tuple):
        return [found for i, v in enumerate(x) for found in _changeable(v, f"{path}[{i}]")]
    if isinstance(x, FrozenMap):
        return [found for k, v in x.items() for found in _changeable(v, f"{path}.{k}")]
    return []


def test_a_state_and_its_players_refuse_any_change() -> None:
    state = load_bh_state(EXAMPLE)
    before = copy.deepcopy(state)
    for value in (state, *state.players):
        for f in dataclasses.fields(value):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(value, f.name, getattr(value, f.name))
            with pytest.raises(dataclasses.FrozenInstanceError):
                delattr(value, f.name)
        # A slotted frozen dataclass has no room for another attribute; Python 3.11 refuses
        # it with a TypeError from the frozen __setattr__ (the class was remade for its slots)
        with pytest.raises((dataclasses.FrozenInstanceError, TypeError, AttributeError)):
            value.extra = 1  # type: ignore[attr-defined]
    for table in (state.supply, state.closed, state.turns):
        with pytest.raises(TypeError):
            table["gold"] = 0  # type: ignore[index]
        with pytest.raises(AttributeError):
            table._items = {}  # type: ignore[misc]
    assert _changeable(state, "state") == []
    assert state == before and state_data(state) == state_data(before)


def test_a_state_given_lists_and_dicts_holds_tuples_and_frozen_maps() -> None:
    """A test writes lists and dicts; the state keeps none of them."""
    hand = ["miner", "hunter"]
    supply = {"gold": 9, "logs": 10, "fur": 10}
    s = BHState(
        players=[BHPlayer("ann", characters=hand), BHPlayer("bob")],  # type: ignore[arg-type]
        active="ann",
        sheriff="ann",
        supply=supply,  # type: ignore[arg-type]
        placed=[["ann", "miner", "mine"]],  # type: ignore[list-item]
        turns={"ann": 1},  # type: ignore[arg-type]
    )
    assert _changeable(s, "s") == []
    hand.append("madam")
    supply["gold"] = 0
    assert s.player("ann").characters == ("miner", "hunter") and s.supply["gold"] == 9
    assert s.placed == (("ann", "miner", "mine"),) and s.supply == supply | {"gold": 9}
    assert hash(s) == hash(copy.deepcopy(s)) and pickle.loads(pickle.dumps(s)) == s
    # A change is a new value; the first is as it was.
    t = dataclasses.replace(s, turns={"ann": 2}, supply={**s.supply, "gold": 8})
    assert t.turns == {"ann": 2} and s.turns == {"ann": 1} and isinstance(t.turns, FrozenMap)
    assert s.supply["gold"] == 9 and t.supply["gold"] == 8


def test_a_frozen_map_keeps_its_order_and_compares_as_a_mapping() -> None:
    m = FrozenMap({"logs": 1, "gold": 2})
    assert list(m) == ["logs", "gold"] and m == {"gold": 2, "logs": 1}
    assert m == FrozenMap({"gold": 2, "logs": 1}) and hash(m) == hash(FrozenMap(m))
    assert m != {"gold": 2} and m != [("logs", 1), ("gold", 2)]


def test_refereeing_a_turn_leaves_the_state_it_was_given_as_it_was() -> None:
    state = load_bh_state(EXAMPLE)
    before = copy.deepcopy(state)
    texts = [
        "ann: miner",
        "ann: miner; event stolen-gold",
        "ann: miner; rob bob die=3",
        "ann: minr",  # refused: the notation
        "bob: hunter",  # refused: not bob's turn
        "ann: merchant fur>logs; invest",
    ]
    for text in texts:
        referee_text(state, text)
        assert state == before and state_data(state) == state_data(before), text
    draft = Draft.of(state)
    draft.players[0].gold += 5
    draft.supply["gold"] -= 5
    draft.turns["ann"] = 2
    assert state == before and draft.freeze() != state


def test_a_hundred_moves_of_self_play_leave_every_earlier_state_unchanged() -> None:
    """Random legal turns (robberies with the die written in, the Shaman's draws, the set-up
    discards, refused turns too) through whole games: every state passed through is, at the
    end, what it was when it was made."""
    rng = random.Random(25)
    kept: list[tuple[BHState, BHState, dict[str, Any]]] = []
    moves = 0
    seed = 0
    while moves < 120:
        seed += 1
        state = new_table(["ann", "bob", "cid"][: 2 + seed % 2], seed)
        for _ in range(200):
            kept.append((state, copy.deepcopy(state), state_data(state)))
            if state.winner is not None:
                break
            waiting = must_keep(state)
            if waiting:
                hand = sorted(state.player(waiting[0]).characters)
                text = f"{waiting[0]}: keep {' '.join(rng.sample(hand, 2))}"
            else:
                options = list(legal_moves(state, robberies=rng.random() < 0.2))
                if not options:
                    break
                text = format_turn_move(rng.choice(options))
                # A refused turn changes nothing either.
                assert not referee_text(state, f"{state.active}: nobody").legal
            v = referee_text(state, text)
            assert v.legal and v.state is not None, (text, v.reasons)
            assert v.state is not state
            state = v.state
            moves += 1
    assert moves >= 120 and len(kept) > moves
    for state, copied, data in kept:
        assert state == copied and state_data(state) == data
