"""A Dry Gulch state is a frozen value: its parts are records and tuples, a move makes a
new state and leaves the one it was made from as it was, and the state file it writes is
the one it was read from."""

from __future__ import annotations

import dataclasses
import random

import pytest

from adjudicator.core.data import data_dir
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.game.flow import new_game
from adjudicator.dry_gulch.game.record import DGHeader
from adjudicator.dry_gulch.game.simulate import choose
from adjudicator.dry_gulch.pay import pay
from adjudicator.dry_gulch.state import load_dg_state, state_data, state_from

EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def test_a_state_and_its_parts_refuse_any_change() -> None:
    s = load_dg_state(EXAMPLE)
    assert isinstance(s.players, tuple) and isinstance(s.buildings, tuple)
    assert all(isinstance(p.hand, tuple) and isinstance(p.permits, tuple) for p in s.players)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.active = "bob"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.players[0].hand = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.buildings[0].damaged = True  # type: ignore[misc]
    assert hash(s) == hash(load_dg_state(EXAMPLE)) and s == load_dg_state(EXAMPLE)
    assert s.rules is load_dg_state(EXAMPLE).rules  # carried, the same cards


def test_a_draft_changes_only_itself_and_freezes_into_a_new_state() -> None:
    s = load_dg_state(EXAMPLE)
    draft = Draft.of(s)
    draft.player("ann").hand.clear()
    draft.buildings[0].damaged = True
    after = draft.freeze()
    assert after != s and after.player("ann").hand == () and after.buildings[0].damaged
    assert s == load_dg_state(EXAMPLE)  # untouched
    assert Draft.of(s).freeze() == s


def test_a_payment_is_built_whole_and_never_changed() -> None:
    paid = pay(load_dg_state(EXAMPLE), "pharmacist")
    assert paid is not None and isinstance(paid.direct, tuple)
    assert all(isinstance(g, tuple) for _, g in paid.substitute)
    with pytest.raises(AttributeError):
        paid.direct.append(("lumber", 0))  # type: ignore[attr-defined]


def test_moves_leave_the_states_they_were_made_from_as_they_were() -> None:
    game = new_game(DGHeader(("ann", "bob", "cid"), 11))
    rng = random.Random(11)
    seen = []
    for _ in range(120):
        if game.over:
            break
        seen.append((game.state, state_data(game.state)))
        game, out = game.apply(choose(game, "random", rng))
        assert out.legal
    for state, data in seen:
        assert state_data(state) == data
    # and a state file reads back as the same value it was written from
    for state, data in seen[::10]:
        assert state_from(data, "x") == state
