"""Ruleset options (RULINGS.md): the readings a table may choose, with each edition's defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from adjudicator.core.limits import MAX_BOARD_ITEMS, clip

__all__ = ["BadOption", "OptionError", "Ruleset", "UnknownOption"]


class OptionError(Exception):
    """An option a ruleset does not have, or a value it cannot take: `key` names it,
    `problem` says what is wrong (a loader turns both into its one-line error)."""

    def __init__(self, key: str, problem: str, *args: object) -> None:
        super().__init__(*args)
        self.key = key
        self.problem = problem


class UnknownOption(OptionError, KeyError):
    """No such option. A KeyError whose argument is the key, as callers have long read it."""

    def __init__(self, key: str) -> None:
        known = ", ".join(Ruleset.names())
        super().__init__(key, f"unknown option (known: {known})", key)

    def __str__(self) -> str:
        return f"unknown option {clip(self.key)} (known: {', '.join(Ruleset.names())})"


class BadOption(OptionError, TypeError):
    """A value of the wrong kind or out of range; the message names the option."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(key, problem, f"option {key} {problem}")


# The range of each whole-number option: far beyond any table's choice, never absurd.
_RANGES: dict[str, tuple[int, int]] = {
    "max_bought": (0, MAX_BOARD_ITEMS),
    "two_cards_until": (0, MAX_BOARD_ITEMS),
    "end_at": (1, MAX_BOARD_ITEMS),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every option a state's `[options]` may set. Defaults come from the board file."""

    confirmation_playable: bool = False  # P4: may a confirmation card be played?
    logic_to_active: bool = True  # P6: does the active player score the `logic` tier?
    discard_needs_dead_cards: bool = False  # A1 (Old Town): only confirmations/contradictions
    buying: bool = False  # A2 (Gads Hill)
    max_bought: int = 3  # A2
    two_cards_until: int = 0  # A3: two cards a turn while the locomotive is below this
    end_at: int = 22  # A5: the count of placed buildings (with landmarks) that ends the game
    pass_only_when_stuck: bool = False  # Old Town: a pass only for a player who cannot play

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    def with_options(self, options: Mapping[str, Any]) -> Ruleset:
        """A copy with `options` applied; an unknown key is an `UnknownOption` (a KeyError),
        a value of the wrong kind or out of range a `BadOption` (a TypeError)."""
        kinds = {f.name: f.type for f in fields(self)}
        for key, value in options.items():
            if key not in kinds:
                raise UnknownOption(key)
            want = bool if kinds[key] in (bool, "bool") else int
            if type(value) is not want:
                kind = "true or false" if want is bool else "a whole number"
                raise BadOption(key, f"takes {kind}, not {clip(value)}")
            low, high = _RANGES.get(key, (0, MAX_BOARD_ITEMS))
            if want is int and not low <= value <= high:
                raise BadOption(key, f"takes a whole number from {low} to {high}, not {value}")
        return replace(self, **dict(options))

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
