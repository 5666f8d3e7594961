"""Shared checks of the Black Hills referee tests: a turn that must be legal, or refused
under a given code with given words."""

from __future__ import annotations

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict


def legal(state: BHState, text: str) -> BHState:
    """The state after a turn the referee must accept."""
    v = referee_text(state, text)
    assert v.legal and v.state is not None, v.reasons
    return v.state


def refused(state: BHState, text: str, code: Code, word: str) -> Verdict:
    """The verdict on a turn the referee must refuse, first under `code`, naming `word`."""
    v = referee_text(state, text)
    assert not v.legal and v.reasons[0].code is code, v.reasons
    assert word in v.reasons[0].message, v.reasons[0].message
    return v
