"""The options of a Dry Gulch table (RULINGS-dry-gulch): the rulebook's four optional
rules, off by default, and the readings tables may settle otherwise.

Set in a state file's `[options]` table or a game record's `[Options "..."]` tag:

```toml
[options]
half = "up"                 # DG-DAMAGED: a damaged building keeps the larger half
replace = "any"             # DG-PAY-MISSING: any unit may be replaced
bank-draw = "extra"         # DG-BANK-DRAW: the Bank's draw on top of the ordinary one
violet-unplayable = "hand"  # DG-EVENT-THREE: an unplayable face-up violet card is kept
rewards = "built"           # DG-REWARD: only the buildings built this turn, to their builder
corner = "corner-only"      # DG-CORNER: a corner building never at the end of a street
violet-needs = "undamaged"  # DG-VIOLET: a violet card waits for its buildings undamaged
handyman-labor = "none"     # DG-PAY: a Handyman Brother never pays labour
open-permits = true         # DG-OPT-OPEN-PERMITS
city-hall = true            # DG-OPT-CITY-HALL
spreading-fire = true       # DG-OPT-SPREADING-FIRE
advanced-setup = true       # DG-OPT-ADVANCED
```

A record writes the same pairs on one line: `[Options "half=up, open-permits=true"]`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.pairs import name_values

__all__ = [
    "CHOICES",
    "SWITCHES",
    "DGOptions",
    "options_data",
    "options_from",
    "options_pairs",
    "options_text",
]

#: Each reading's choices, our default first.
CHOICES: dict[str, tuple[str, ...]] = {
    "half": ("down", "up"),
    "replace": ("missing", "any"),
    "bank-draw": ("instead", "extra"),
    "violet-unplayable": ("discard", "hand"),
    # Revision 4: "Each player draws his resource cards from the corresponding stack" and
    # "Cards a player receives as a reward he always receives only in the corresponding
    # phase" read as every owner's undamaged buildings paying in every reward phase;
    # `built` keeps the earlier reading (the turn's new buildings, once, to their builder).
    "rewards": ("every-turn", "built"),
    # Revision 4: "A corner building may not be built in the middle of a block" forbids
    # the middle only, so a corner building may stand at the end of a street too;
    # `corner-only` keeps the earlier reading (corners alone).
    "corner": ("corner-or-end", "corner-only"),
    # Revision 4: a violet card is playable once its building has been built, damaged or
    # not (damage suspends the building's influence, abilities, rewards and penalties, not
    # its having been built); `undamaged` keeps the earlier reading.
    "violet-needs": ("built", "undamaged"),
    # Revision 4: the Handyman Brother "May be played as any ability", and Labor is an
    # ability (the resource table), so he may pay one labour point; `none` keeps the
    # earlier reading (labour paid with Labor cards only).
    "handyman-labor": ("one-point", "none"),
}
#: The optional rules: switches, off by default.
SWITCHES = ("open-permits", "city-hall", "spreading-fire", "advanced-setup")


@dataclass(frozen=True, slots=True)
class DGOptions:
    half: str = "down"
    replace: str = "missing"
    bank_draw: str = "instead"
    violet_unplayable: str = "discard"
    rewards: str = "every-turn"
    open_permits: bool = False
    city_hall: bool = False
    spreading_fire: bool = False
    advanced_setup: bool = False
    # Revision 4's readings come last: a table built by position keeps its meaning.
    corner: str = "corner-or-end"
    violet_needs: str = "built"
    handyman_labor: str = "one-point"


def _key(attr: str) -> str:
    return attr.replace("_", "-")


def options_from(raw: Any, source: str, entry: str = "options") -> DGOptions:
    """The options of a mapping (a state file's table, or a record's pairs as strings)."""
    if raw is None:
        return DGOptions()
    if not isinstance(raw, dict):
        raise InputError(source, entry, "is a table of NAME = VALUE")
    known = {_key(f.name): f.name for f in fields(DGOptions)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in known:
            raise InputError(
                source,
                f"{entry}.{key}" if entry else key,
                f"unknown option (one of {', '.join(known)})",
            )
        if key in CHOICES:
            if value not in CHOICES[key]:
                choices = " or ".join(repr(c) for c in CHOICES[key])
                raise InputError(
                    source, f"{entry}.{key}" if entry else key, f"is {choices}, not {value!r}"
                )
            values[known[key]] = value
        else:
            # A record's tag gives text; a state file gives a boolean.
            flag = {"true": True, "false": False}.get(value) if isinstance(value, str) else value
            if not isinstance(flag, bool):
                raise InputError(
                    source, f"{entry}.{key}" if entry else key, f"is true or false, not {value!r}"
                )
            values[known[key]] = flag
    return DGOptions(**values)


def options_data(o: DGOptions) -> dict[str, Any]:
    """The options that differ from the defaults (a state file writes only these)."""
    default = DGOptions()
    return {
        _key(f.name): getattr(o, f.name)
        for f in fields(DGOptions)
        if getattr(o, f.name) != getattr(default, f.name)
    }


def options_text(o: DGOptions) -> str:
    """The record tag's value: `half=up, open-permits=true` (empty for the defaults)."""
    return ", ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options_data(o).items()
    )


def options_pairs(text: str) -> dict[str, str]:
    """A record tag's `half=up, open-permits=true` as pairs; `ValueError` says what is wrong
    (`options_from` then checks names and values)."""
    return {key: value.lower() for key, value in name_values(text)}
