"""Checks every data file shares, whatever reads it: a player's name, a name seen twice, the
seats of a table, the form of an id. Free of any schema library, so that the deduction
games' loaders (`core/schema.py`) start fast."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from adjudicator.core.errors import InputError

__all__ = [
    "ID_PATTERN",
    "MAX_NEW_NAME",
    "check_seats",
    "control_character",
    "duplicate",
    "name_problem",
    "too_long_name",
]

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"

#: The longest player's name a new game takes. A seat link carries the name, percent-
#: encoded (up to 12 characters a letter), with the longest record name and an address:
#: at 40 letters it stays well inside what one QR code holds (segno: 2,331 bytes at
#: level M), where 3,000 letters did not fit and the host's screen failed.
MAX_NEW_NAME = 40


def too_long_name(names: Iterable[str]) -> str | None:
    """Why a new game refuses its players' names (one over `MAX_NEW_NAME`), or None."""
    for name in names:
        if len(name) > MAX_NEW_NAME:
            return (
                f"a player's name is at most {MAX_NEW_NAME} characters (its seat link must "
                f"fit a QR code), not {len(name)}"
            )
    return None


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None. Names appear in one-line errors
    (`FILE: ENTRY: problem`) and in records (`ann: 23`), so a `: ` would forge an entry,
    and control or bidirectional characters (right-to-left marks, overrides) would make
    a line read differently on screen than it is."""
    if not name.strip():
        return "a player's name cannot be empty"
    if name != name.strip():
        return "a player's name cannot start or end with a space"
    if ":" in name:
        return "a player's name cannot hold ':'"
    odd = control_character(name)
    if odd is not None:
        return f"a player's name cannot hold the control character {odd}"
    return None


def control_character(text: str) -> str | None:
    """The first character of `text` that would make it show differently than it reads,
    as `U+001B`, or None. Cc: control characters (newline, tab, escape); Cf: format
    characters (bidi marks and overrides, zero-width joiners); Zl/Zp: line and paragraph
    separators."""
    if text.isprintable():  # the usual case, at C speed: none of those is printable
        return None
    odd = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")), None)
    return None if odd is None else f"U+{ord(odd):04X}"


def duplicate(names: Iterable[str]) -> str | None:
    """The first name seen twice, or None: one pass with a set (linear in the names)."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    return None


def check_seats(
    source: str,
    game: str,
    expected: str,
    names: list[str],
    roles: dict[str, str],
    seats: tuple[int, int] | None = None,
) -> None:
    """A state names its game, `seats` = (fewest, most) players, each with a proper name
    and once only, and players for its roles (`active`...)."""
    if game != expected:
        raise InputError(source, "game", f"is {game!r}; this file format is for {expected!r}")
    if seats is not None and not seats[0] <= len(names) <= seats[1]:
        raise InputError(
            source,
            "players",
            f"{expected} seats {seats[0]} to {seats[1]} players, not {len(names)}",
        )
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise InputError(source, f"players {name!r}", problem)
    twice = duplicate(names)
    if twice is not None:
        raise InputError(source, f"players {twice!r}", f"duplicate player {twice}")
    known = set(names)
    for entry, who in roles.items():
        if who not in known:
            raise InputError(source, entry, f"{who!r} is not one of the players")
