"""Permits, sites, events and hand cards named on the `dry-gulch` command line, resolved
to the game's ids before the engine sees them."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from adjudicator.cli.checks import canonical
from adjudicator.core.errors import RulesError
from adjudicator.core.german import german_ids, german_names

if TYPE_CHECKING:
    from adjudicator.dry_gulch.data import Rules

__all__ = [
    "GERMAN_FILE",
    "draw_words",
    "event_id",
    "hand_card",
    "permit_id",
    "resource_id",
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


def event_id(rules: Rules, source: object, value: str, option: str) -> str:
    return _resolve(source, option, value, "event", {e.id: e.name for e in rules.events.values()})


def hand_card(rules: Rules, source: object, value: str, option: str = "CARDS") -> str:
    """A hand card as the state writes it (`lumber`, `labor:2`, `event:iou`), from any case
    and an event's printed name (`LUMBER`, `Event:I.O.U.`, `event:Fire Insurance`)."""
    kind, colon, arg = value.partition(":")
    if canonical(kind) == "event" and colon:
        return f"event:{event_id(rules, source, arg, option)}"
    return f"{resource_id(kind)}{colon}{arg.strip()}"


def resource_id(written: str) -> str:
    """A resource as the state writes it, from its English or German name in any case
    (`Holz` is `lumber`, `Zimmerleute` `carpenter`); other words as `canonical` has them."""
    key = canonical(written)
    return german_ids(GERMAN_FILE).get(_key(written), key)


def draw_words(rules: Rules, source: object, how: list[str]) -> list[str]:
    """The draw's words lower-cased, each permit id resolved (`permit stack General-Store`,
    `... discarding Hotel`, `bank ... permit Saloon`): the word after `discard`, `stack`,
    `discarding`, or a `permit` that is not followed by one of them."""
    words = [w.lower() for w in how]
    for i in range(1, len(words)):
        before = words[i - 1]
        after_permit = before == "permit" and words[i] not in ("discard", "stack")
        if before in ("discard", "stack", "discarding") or after_permit:
            words[i] = permit_id(rules, source, how[i], "PERMIT")
    return words
