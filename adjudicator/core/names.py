"""Checks every data file shares, whatever reads it: a player's name, a name seen twice, the
seats of a table, the form of an id. Free of pydantic, so that a name typed at the table
(a seat, a record's line) is checked without loading it; the files' models in
`core/validation.py` use these."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache

from adjudicator.core.errors import InputError
from adjudicator.core.limits import clip

__all__ = [
    "ID_PATTERN",
    "MAX_NAME_CHARS",
    "PLAYER",
    "canonical",
    "check_seats",
    "control_character",
    "duplicate",
    "name_problem",
    "player_key",
    "player_name_problem",
    "players_of",
    "players_problem",
    "same_player",
    "same_player_problem",
    "seated",
    "written_name",
]

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"

#: The longest player's name, in characters: a seat's name fits a phone's heading, and
#: a seat link carries the name, percent-encoded (up to 12 characters a letter), with the
#: longest record name and an address: at 40 letters it stays well inside what one QR code
#: holds (segno: 2,331 bytes at level M), where 3,000 letters did not fit.
MAX_NAME_CHARS = 40

#: A player's name as a move line writes it before its `:` (or ` draws`): anything but a
#: colon, checked against the table's players afterwards. Not `.`: `1. ann: 23` numbers a
#: move.
PLAYER = r"[^:\s.][^:]*?"

#: Besides letters, marks and digits of any script: a space, a hyphen, an apostrophe
#: (typed or typographic), and `_` which names of old records hold (`ann_2`).
_PUNCTUATION = frozenset(" -'\u2019_")


@lru_cache(maxsize=4096)  # every move of a record read names its player: fold each once
def player_key(name: str) -> str:
    """The one form under which two names are the same player: NFKC then case folding
    (and NFKC again, since folding can undo it), runs of spaces as one. NFKC rather than
    NFC so that names which look alike and are typed alike count as one: full-width
    letters (U+FF21...) are the usual ones, a ligature (U+FB01) its letters, a `ü` typed
    as `u` and a combining diaeresis is the one `ü`.
    Comparing only: the name is kept and shown as written."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


@lru_cache(maxsize=4096)  # and every move read writes its player's name
def written_name(text: str) -> str:
    """A name as a table writes it, to keep: NFC (the same letters, one encoding, so a
    record's bytes do not depend on the keyboard) and runs of spaces as one."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def players_of(text: str) -> tuple[str, ...]:
    """A table's players as `--players` or a form lists them, in seat order: comma
    separated, each kept as written (`Jürgen, Anna Lena`)."""
    return tuple(written_name(n) for n in text.split(",") if n.strip())


def seated(name: str, players: Iterable[str]) -> str:
    """`name` as the table spells it, if it names one of `players` in any case or
    normalisation (`jürgen` is `Jürgen`); else `name` unchanged (the caller refuses it)."""
    ordered = tuple(players)
    if name in ordered:  # as the table spells it: the usual case, and no folding needed
        return name
    key = player_key(name)
    return next((p for p in ordered if player_key(p) == key), name)


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


def player_name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name at a new table or in a record, or None: as
    `name_problem`, and at most `MAX_NAME_CHARS` letters of any script, digits, spaces,
    hyphens and apostrophes. (The deduction games' state files keep the looser rule, so
    that the states they always read still read.)"""
    problem = name_problem(name)
    if problem is not None:
        return problem
    if len(name) > MAX_NAME_CHARS:
        return f"a player's name is at most {MAX_NAME_CHARS} characters, not {len(name)}"
    if "  " in name:
        return "a player's name has one space between its words"
    bad = next((c for c in name if not _name_character(c)), None)
    if bad is not None:
        return (
            f"a player's name cannot hold {bad!r}: a name is letters, digits, spaces, "
            "hyphens and apostrophes"
        )
    return None


def _name_character(c: str) -> bool:
    """A letter or mark (accents, the vowel signs of Indic scripts) or a decimal digit
    of any script, or one of the punctuation names hold."""
    return c in _PUNCTUATION or unicodedata.category(c)[0] in "LM" or c.isdecimal()


def control_character(text: str) -> str | None:
    """The first character of `text` that would make it show differently than it reads,
    as `U+001B`, or None. Cc: control characters (newline, tab, escape); Cf: format
    characters (bidi marks and overrides, zero-width joiners); Zl/Zp: line and paragraph
    separators."""
    if text.isprintable():  # the usual case, at C speed: none of those is printable
        return None
    odd = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")), None)
    return None if odd is None else f"U+{ord(odd):04X}"


def duplicate(names: Iterable[str], key: Callable[[str], str] | None = None) -> str | None:
    """The first name seen twice, or None: one pass with a set (linear in the names).
    With `key` (e.g. `player_key`), two names are the same when their keys are."""
    seen: set[str] = set()
    for name in names:
        k = name if key is None else key(name)
        if k in seen:
            return name
        seen.add(k)
    return None


def same_player(names: Iterable[str]) -> tuple[str, str] | None:
    """Two players' names that differ only in case or normalisation (`Ann`, `ann`), the
    first pair found, or None."""
    seen: dict[str, str] = {}
    for name in names:
        k = player_key(name)
        if k in seen and seen[k] != name:
            return seen[k], name
        seen.setdefault(k, name)
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
        problem = player_name_problem(name)
        if problem is not None:
            raise InputError(source, f"players {name!r}", problem)
    twice = duplicate(names)
    if twice is not None:
        raise InputError(source, f"players {twice!r}", f"duplicate player {twice}")
    pair = same_player(names)
    if pair is not None:
        raise InputError(source, f"players {pair[1]!r}", same_player_problem(*pair))
    known = set(names)
    for entry, who in roles.items():
        if who not in known:
            raise InputError(source, entry, f"{who!r} is not one of the players")


def same_player_problem(first: str, second: str) -> str:
    """The one line refusing two names that are one player at the table."""
    return (
        f"{second!r} and {first!r} differ only in case or accents' encoding: "
        "two players need names that differ in letters"
    )


def players_problem(names: Iterable[str]) -> str | None:
    """Why these cannot be a table's players, or None: each name's own problem, a name
    twice, two names differing only in case."""
    listed = list(names)
    for name in listed:
        problem = player_name_problem(name)
        if problem is not None:
            return f"{clip(name)}: {problem}"  # a 3,000-letter name is echoed short
    twice = duplicate(listed)
    if twice is not None:
        return f"duplicate player {twice}"
    pair = same_player(listed)
    return None if pair is None else same_player_problem(*pair)


def canonical(text: str) -> str:
    """A name as an id: case-insensitive, spaces as hyphens, apostrophes dropped, so
    `School`, `Stage Coach Office` and `Printer's` name `school`, `stage-coach-office` and
    `printers`."""
    return "-".join(text.strip().casefold().replace("'", "").replace("_", " ").split())
