"""Ruleset options (RULINGS.md): the readings a table may choose, with each edition's defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

__all__ = ["Ruleset"]


@dataclass(frozen=True)
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
        """A copy with `options` applied; raises KeyError/TypeError naming the bad option."""
        kinds = {f.name: f.type for f in fields(self)}
        for key, value in options.items():
            if key not in kinds:
                raise KeyError(key)
            want = bool if kinds[key] in (bool, "bool") else int
            if type(value) is not want:
                kind = "true or false" if want is bool else "a whole number"
                raise TypeError(f"option {key} takes {kind}, not {value!r}")
        return replace(self, **dict(options))

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
