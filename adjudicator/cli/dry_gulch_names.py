"""Permits, sites, events and hand cards named on the `dry-gulch` command line, resolved
to the game's ids before the engine sees them."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from adjudicator.cli.checks import canonical
from adjudicator.core.errors import RulesError
from adjudicator.core.german import german_names

if TYPE_CHECKING:
    from adjudicator.dry_gulch.data import Rules

__all__ = [
    "GERMAN_FILE",
    "permit_id",
    "site_id",
]


# Like the deduction commands (`checks.resolve_building`): a permit, site or event is named
# by its id or its printed name in any case (`General Store`, `GENERAL-STORE`, `Sheriff's
# Office`, `NW-1`), and resolved to its id before the engine sees it; an unknown name is bad
# input (one line, exit 1) with a close match, never a refusal citing a rule.


def _key(name: str) -> str:
    """A name compared: `checks.canonical` without full stops, so `I.O.U.` names `iou`."""
    return canonical(name).replace(".", "")


#: The data file whose `[german]` table names Dry Gulch's buildings and resources (the
#: rulebook's own German names: `Laden`, `Holz`).
GERMAN_FILE = "cards/dry-gulch"


def _resolve(source: object, option: str, value: str, what: str, names: Mapping[str, str]) -> str:
    """The id among `names` (id -> printed name) that `value` names, in English or German;
    else bad input with a close match in either language."""
    wanted = _key(value)
    german = {k: v for k, v in german_names(GERMAN_FILE).items() if k in names}
    for ident, printed in names.items():
        if wanted in (_key(ident), _key(printed), _key(german.get(ident, printed))):
            return ident
    known = [*names, *(_key(v) for v in german.values())]
    close = difflib.get_close_matches(wanted, known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise RulesError(f"{source}: {option} {value!r}: unknown {what}{hint}")


def permit_id(rules: Rules, source: object, value: str, option: str = "BUILDING") -> str:
    return _resolve(
        source, option, value, "building", {p.id: p.name for p in rules.permits.values()}
    )


def site_id(rules: Rules, source: object, value: str, option: str = "SITE") -> str:
    return _resolve(source, option, value, "site", {s: s for s in rules.sites})







