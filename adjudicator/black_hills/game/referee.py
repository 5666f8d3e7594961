"""Black Hills' referee commands on a state file (`adjudicator black-hills turn|invest|
best|new`), the registry entry's `referee` part (`core/referee.py`): each answers with the
game's own verdict, for the view it names to draw."""

from __future__ import annotations

from pathlib import Path

from adjudicator.black_hills.state import BHState, load_bh_state, state_data, write_bh_state
from adjudicator.core.errors import InputError, RulesError
from adjudicator.core.names import players_of, seated
from adjudicator.core.referee import Answer

__all__ = ["best", "invest", "load", "new", "turn", "write"]


def load(path: Path) -> BHState:
    """A Black Hills state file."""
    return load_bh_state(path)


def write(path: Path, state: BHState) -> None:
    write_bh_state(path, state)


def _set_up_done(state: BHState, source: Path) -> None:
    """Best turns and investing are for turns: none before every set-up discard is made."""
    from adjudicator.black_hills.round import must_keep

    waiting = must_keep(state)
    if waiting:
        raise RulesError(
            f"{source}: the round's set-up: {', '.join(waiting)} still to discard two "
            f"before the first turn (black-hills turn {source} '{waiting[0]}: keep A B' --write)"
        )


def turn(state: BHState, text: str) -> Answer:
    """Referee one turn: legal or not and why, and the state it leaves."""
    from adjudicator.black_hills.codes import Code
    from adjudicator.black_hills.referee import referee_text

    v = referee_text(state, text)
    notation = next((r for r in v.reasons if r.code is Code.NOTATION), None)
    if notation is not None:
        # A turn not written in the notation is bad input, not a turn the rules refuse.
        raise InputError("TURN", repr(text), notation.message)
    return Answer("verdict_view", (v,), v.to_json(), legal=v.legal, after=v.after)


def invest(state: BHState, who: str, source: Path) -> Answer:
    """The most reputation a player can buy now, and the exact payment (CP-SAT)."""
    from adjudicator.black_hills.best import most_reputation

    _set_up_done(state, source)
    best = most_reputation(state, who)
    if best is None or best.verdict.reputation_gained == 0:
        data = {"player": who, "reputation": 0, "turn": best.text if best else None, "payments": []}
    else:
        data = {
            "player": who,
            "reputation": best.verdict.reputation_gained,
            "turn": best.text,
            "payments": [p.to_json() for p in best.verdict.payments],
            "kept_worth": best.kept,
            "log": list(best.verdict.log),
        }
    return Answer("invest_view", (who, best), data)


def best(state: BHState, who: str, source: Path) -> Answer:
    """For each character in hand, the best turn, ranked by reputation then resources kept."""
    from adjudicator.black_hills.best import best_turns

    if who != state.active:
        raise RulesError(
            f"{source}: it is {state.active}'s turn; best turns are found for the player on turn"
        )
    _set_up_done(state, source)
    ranked = best_turns(state, who)
    data = {"player": who, "turns": [c.to_json() for c in ranked]}
    return Answer("best_table", (who, ranked, state.rules), data)


def new(players: str, seed: int, sheriff: str | None) -> Answer:
    """A new table (supply, jail, four characters and one event card each), the state to
    write in `after`."""
    from adjudicator.black_hills.setup import new_table

    names = list(players_of(players))  # as written: `Jürgen, Anna Lena`
    state = new_table(names, seed, seated(sheriff, names) if sheriff else None)
    return Answer("state_view", (state,), {"ok": True, "state": state_data(state)}, after=state)
