"""The frozen models: `evolve` copies one as `dataclasses.replace` does, slotted or not (the
models are `@dataclass(frozen=True, slots=True)`, save those with cached properties)."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from adjudicator.core.data import data_dir
from adjudicator.core.evolve import evolve
from adjudicator.deduction.files.state_file import load_state


def test_a_slotted_model_is_copied_as_replace_copies_it() -> None:
    state = load_state(data_dir("examples") / "gads-hill-mid.toml")
    player = state.players[0]
    assert not hasattr(player, "__dict__")  # slotted
    copied = evolve(player, points=player.points + 3)
    assert copied == dataclasses.replace(player, points=player.points + 3)
    assert copied.name == player.name and copied.points == player.points + 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.points = 0  # type: ignore[misc]
    with pytest.raises(TypeError, match="no field 'nope'"):
        evolve(player, nope=1)


def test_the_models_pickle_and_stay_frozen() -> None:
    state = load_state(data_dir("examples") / "gads-hill-mid.toml")
    assert pickle.loads(pickle.dumps(state)) == state
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.players[0].name = "x"  # type: ignore[misc]


def test_a_reason_is_built_through_each_game_s_alias() -> None:
    from adjudicator.black_hills.codes import Code
    from adjudicator.black_hills.verdict import Reason

    reason = Reason(Code.TURN_ORDER, "it is bob's turn")
    assert reason.message == "it is bob's turn"
    with pytest.raises(dataclasses.FrozenInstanceError):
        reason.message = "x"  # type: ignore[misc]
