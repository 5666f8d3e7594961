"""Names a user typed on the command line, checked against the state before any ruling.

An unknown card, building, space or player is bad input (one line, exit status 1),
not a ruling: the error names the file, the option and a close match.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.core.errors import InputError, RulesError
from adjudicator.core.names import canonical, seated

if TYPE_CHECKING:
    from adjudicator.core.seats import Seats

# A state here is the deduction games' `GameState` (`tables.files("deduction")`'s), typed
# `Any`: the command line names no game package.
GameState = Any

__all__ = [
    "SEEDS",
    "acting_player",
    "canonical",
    "check_card",
    "check_known",
    "check_player",
    "check_seeds",
    "check_space",
    "resolve_building",
    "resolve_player",
]


#: The seeds every command takes: a 64-bit signed integer, what a simulation's store
#: (Parquet, int64) holds for a game's seed. A seed beyond was a pyarrow OverflowError
#: once the games were played, and a store with no results.
SEEDS = (-(2**63), 2**63 - 1)


def check_seeds(seed: int | None, games: int = 1, option: str = "--seed") -> None:
    """`seed` and the seeds of the `games` games that follow it (seed, seed+1, ...) lie
    in `SEEDS`, or one line naming the option and the range."""
    if seed is None:
        return
    low, high = SEEDS
    last = seed + max(games, 1) - 1
    if low <= seed and last <= high:
        return
    shown = str(seed) if len(str(abs(seed))) <= 30 else f"a number of {len(str(abs(seed)))} digits"
    runs = f" (with --games {games}, the last game's seed is {last})" if seed <= high < last else ""
    raise InputError(option, "", f"{shown}{runs}: a seed lies from {low} to {high}")


def _unknown(source: Path, option: str, value: str, what: str, known: Iterable[str]) -> RulesError:
    close = difflib.get_close_matches(value, list(known), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return RulesError(f"{source}: {option} {value!r}: unknown {what}{hint}")


def _match(value: str, names: dict[str, str]) -> str | None:
    """The id among `names` (id -> printed name) that `value` names, by id or printed name."""
    wanted = canonical(value)
    for ident, printed in names.items():
        if wanted in (canonical(ident), canonical(printed)):
            return ident
    return None


def resolve_building(state: GameState, source: Path, building: str, option: str) -> str:
    """The building's id, from its id, printed name or German name in any case; else bad
    input with a close match in either language."""
    from adjudicator.core.german import german_names
    from adjudicator.tables import files

    names = {b.id: b.name for b in state.board.buildings.values()}
    german_files = files("deduction").german_files
    german = {k: v for k, v in german_names(*german_files).items() if k in names}
    found = _match(building, names)
    if found is None:
        wanted = canonical(building)
        found = next((k for k, v in german.items() if canonical(v) == wanted), None)
    if found is None:
        known = [*names, *(canonical(v) for v in german.values())]
        raise _unknown(source, option, canonical(building), "building", known)
    return found


def resolve_player(state: Seats[Any], source: Path, name: str, option: str) -> str:
    """The player's name as the state spells it, in any case; else bad input listing them."""
    names = state.names()
    found: str | None = seated(name, names)  # `jürgen` is Jürgen; `anna-lena` Anna Lena
    if found not in names:
        found = _match(name, {n: n for n in names})
    if found is None:
        close = difflib.get_close_matches(canonical(name), names, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise RulesError(
            f"{source}: {option} {name!r}: unknown player (players: {', '.join(names)}){hint}"
        )
    return found


def check_known(source: Path, option: str, value: str, what: str, known: Iterable[str]) -> str:
    """`value` (any case) if it is one of `known`; else bad input with a close match."""
    names = list(known)
    if value.lower() in names:
        return value.lower()
    raise _unknown(source, option, value.lower(), what, names)


def check_card(state: GameState, source: Path, number: int, option: str = "CARD") -> None:
    if number not in state.cards:
        numbers = sorted(state.cards.cards)
        span = f"{numbers[0]}-{numbers[-1]}" if numbers else "none"
        raise RulesError(
            f"{source}: {option} {number}: no such card in {state.board.name} (cards {span})"
        )


def check_space(state: GameState, source: Path, space: str, option: str) -> None:
    if space not in state.board.building_spaces:
        raise _unknown(source, option, space, "building space", state.board.building_spaces)


def acting_player(
    state: Seats[Any], source: Path, name: str | None, option: str = "--player"
) -> str:
    """The player a command acts for: the named one (checked, any case) or the active one."""
    check_player(state, source, None, option)
    if name is not None:
        return resolve_player(state, source, name, option)
    assert state.active is not None  # a state names its active player when it has players
    return state.active


def check_player(state: Seats[Any], source: Path, name: str | None, option: str) -> None:
    names = state.names()
    if not names:
        raise RulesError(f"{source}: the state has no players")
    if name is not None and name not in names:
        raise _unknown(source, option, name, "player", names)
