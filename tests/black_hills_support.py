"""Shared checks of the Black Hills referee tests: a turn that must be legal, or refused
under a given code with given words; a state with one player changed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState
from adjudicator.black_hills.verdict import Verdict

#: A supply with plenty of each resource.
FULL = {"gold": 10, "logs": 10, "fur": 10}


def table(*players: BHPlayer, **kw: Any) -> BHState:
    """The first player to play and to be the Sheriff, a full supply (`kw`: any other field)."""
    return BHState(
        players=list(players),
        active=players[0].name,
        sheriff=players[0].name,
        supply=dict(kw.pop("supply", FULL)),
        **kw,
    )


def legal(state: BHState, text: str) -> BHState:
    """The state after a turn the referee must accept."""
    v = referee_text(state, text)
    assert v.legal and v.state is not None, v.reasons
    return v.state


def with_player(state: BHState, name: str, **changes: Any) -> BHState:
    """The state with the named player's fields changed (a state is frozen: a new value)."""
    players = tuple(replace(p, **changes) if p.name == name else p for p in state.players)
    return replace(state, players=players)


def refused(state: BHState, text: str, code: Code, word: str) -> Verdict:
    """The verdict on a turn the referee must refuse, first under `code`, naming `word`."""
    v = referee_text(state, text)
    assert not v.legal and v.reasons[0].code is code, v.reasons
    assert word in v.reasons[0].message, v.reasons[0].message
    return v
