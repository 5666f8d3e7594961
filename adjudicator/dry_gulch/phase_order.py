"""The order of a turn's phases on a state file (RULINGS-dry-gulch `DG-PHASE`): a state
keeps where its turn stands (`phase`), so that a phase ruled on it (`draw_phase`,
`event_phase`, ...) after another is refused as a game's record refuses it: a second draw
in one turn, an event phase after the draw. (The `dry-gulch draw|events|...` commands that
wrote such states are gone, issue 36: `game move` on a record plays each phase.)

"Each turn of a player consists of the following phases: Draw event cards; Either draw a
resource card or draw building permits; Build; Receive rewards; Discard cards." A state
that does not say where its turn stands (`phase` not kept) allows any phase: it may have
been written by hand at any point of a turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.state import DGState

__all__ = ["KEEP", "STEPS", "Step", "after_step", "phase_words", "step_refusal"]

Step = Literal["events", "draw", "misfortune", "play", "reward", "discard"]

_ORDER = ("events", "draw", "build", "discard")

#: Each phase command: the phases of the turn it may come in, and the one it leaves
#: (`KEEP`: the phase it came in).
KEEP = "keep"
STEPS: dict[Step, tuple[tuple[str, ...], str | None]] = {
    "events": (("events",), "draw"),
    "draw": (("events", "draw"), "build"),
    "misfortune": (("build",), "build"),
    # a card without a triangle is also played before the draw ("When exactly he plays
    # them is his choice": before the reward phase)
    "play": (("draw", "build"), KEEP),
    "reward": (("build",), "discard"),
    "discard": (("build", "discard"), None),
}

_WORDS = {
    "events": "event phase",
    "draw": "draw phase",
    "build": "build phase",
    "discard": "discard phase",
    "misfortune": "build phase",
    "play": "build phase",
    "reward": "reward phase",
}


def step_refusal(state: DGState, step: Step) -> Reason | None:
    """Why `step` cannot come now in the state's turn (None: it can)."""
    allowed, _ = STEPS[step]
    if state.phase is None or state.phase in allowed:
        return None
    where = f"the state is in {state.active}'s {_WORDS[state.phase]}"
    if step == "draw":
        return Reason(Code.PHASE, f"{state.active} has drawn this turn ({where}): one draw a turn")
    first = _ORDER.index(allowed[0])
    when = "is over" if _ORDER.index(state.phase) > first else "comes after it"
    return Reason(Code.PHASE, f"{where}: the {_WORDS[step]} {when}")


def after_step(state: DGState, step: Step) -> DGState:
    """The state as the step leaves the turn: the phase that comes next (none kept once
    the discard phase has closed it)."""
    after = STEPS[step][1]
    return replace(state, phase=state.phase if after == KEEP else after)


def phase_words(state: DGState) -> str:
    """Where the state's turn stands, in words."""
    if state.phase is None:
        return f"{state.active}'s turn is over (the discard phase done)"
    return f"next: {state.active}'s {_WORDS[state.phase]}"
