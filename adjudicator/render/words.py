"""The words every game's answers share, in one place, so Old Town, Gads Hill, Dry Gulch
and Black Hills speak with one voice: the status of a ruling and counted nouns.

Four status words, whatever the game or the action: LEGAL (it may be done now), ILLEGAL
(the rules refuse it, with the rule's code), NOT NOW (refused now, may become legal later:
P2, P5) and CHOOSE (legal or not depends on a choice the player has not made yet: P7's my
building). A qualifier in parentheses says which kind (a confirmation, a contradiction).
The JSON keeps the engines' own status values; these words are for people.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.core.i18n import N_
from adjudicator.core.words import plural

__all__ = [
    "CHOOSE",
    "ILLEGAL",
    "LEGAL",
    "NOT_NOW",
    "plural",
    "points",
    "refused_skipped",
    "slip_lines",
    "verdict_word",
]

# Marked for the catalogs; a view shows them through `_()` (the JSON keeps its own values).
LEGAL = N_("LEGAL")
ILLEGAL = N_("ILLEGAL")
NOT_NOW = N_("NOT NOW")
CHOOSE = N_("CHOOSE")


def verdict_word(legal: bool) -> str:
    """LEGAL or ILLEGAL, for any game's yes-or-no answer."""
    return LEGAL if legal else ILLEGAL


def points(n: int) -> str:
    return plural(n, "point")


def refused_skipped(code: object, message: str) -> str:
    """A move `replay` found illegal: the rule's code and why; the replay goes on without it."""
    return f"not legal ({code}): {message}; skipped"


def slip_lines(
    slips: Iterable[tuple[int | None, str, str | None]], clean: bool, unit: str, word: str
) -> list[str]:
    """What `replay` says the table got wrong: each (record line, move as written, what was
    wrong, None when nothing was); with nothing wrong, that every `unit` (move, turn) is
    legal and every `word` (influence, reputation) written down is right."""
    lines = [f"line {line}: {written}: {what}" for line, written, what in slips if what]
    if clean:
        lines.append(f"Every {unit} is legal and every {word} written down is right.")
    return lines
