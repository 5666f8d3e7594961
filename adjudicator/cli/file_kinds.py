"""What kind of file a path is, from a peek at its text: a game record, a state, a board
or a card file, and of which game; so a command given the wrong kind says what it was
given ("is a Gads Hill 1874 record") and what it reads, in one line, instead of the error
the wrong reader would give ("unknown tag 'Frames'", "malformed TOML", "deal: unknown
key"). No game package is imported (start-up, tests/test_startup.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from adjudicator.core.errors import InputError
from adjudicator.tables import EDITION_TITLES, edition_tag

__all__ = ["Kind", "described", "file_kind", "require_kind"]

Kind = Literal["record", "state", "board", "cards", "puzzle"]

_WHAT: dict[Kind, str] = {
    "record": "a game record (*.game)",
    "state": "a state file",
    "board": "a board file",
    "cards": "a card file",
    "puzzle": "a puzzle file (*.puzzle.toml)",
}

_NOUNS: dict[Kind, str] = {
    "record": "record",
    "state": "state",
    "board": "board file",
    "cards": "card file",
    "puzzle": "puzzle",
}


def _title(ident: object) -> str:
    name = str(ident).strip()
    return EDITION_TITLES.get(name.lower(), name)


def _of_data(data: dict[str, Any]) -> tuple[Kind, str] | None:
    """A TOML file's kind and game, by the tables each kind has (`boards/`, `cards/`,
    `examples/`): a board names its edition or game as a table with its id, a state as a
    string (or as its own board and card files)."""
    if "givens" in data or "clue" in data or "level" in data:
        return "puzzle", _title(data.get("edition", ""))
    for key in ("edition", "game"):
        value = data.get(key)
        if isinstance(value, dict) and ("board" in value or "cards" in value):
            return "state", "Old Town or Gads Hill 1874"  # a state of its own edition files
        if isinstance(value, dict):
            return "board", _title(value.get("id", ""))
        if isinstance(value, str):
            return "state", _title(value)
    card_set = data.get("set")
    if isinstance(card_set, dict) and "cards" in data:
        return "cards", _title(card_set.get("edition", "Old Town or Gads Hill 1874"))
    if "permits" in data:
        return "cards", "Dry Gulch"
    if "characters" in data:
        return "cards", "Black Hills"
    return None


def file_kind(path: Path) -> tuple[Kind, str] | None:
    """The kind of file `path` is and the game's title, or None: unreadable, or none of
    the kinds (its own reader then says what is wrong)."""
    from adjudicator.core.files import read_data, read_text

    try:
        text = read_text(path)  # kept for the reader after this (a pipe is read once)
    except InputError:
        return None
    tag = edition_tag(text)
    if tag is not None:
        return "record", _title(tag)
    if path.suffix.lower() not in (".toml", ".json"):
        return None
    try:
        return _of_data(read_data(path))
    except InputError:
        return None


def require_kind(path: Path, wanted: Kind, command: str) -> None:
    """One line when `path` is a file of another kind than `command` reads, saying what
    it is and what the command reads; a file of no known kind is left to the reader."""
    found = file_kind(path)
    if found is None or found[0] == wanted:
        return
    raise InputError(
        str(path), "", f"is {described(found)}; `adjudicator {command}` reads {_WHAT[wanted]}"
    )


def described(found: tuple[Kind, str]) -> str:
    """A file's kind and game in words: `an Old Town record`, `a Dry Gulch card file`."""
    kind, game = found
    article = "an" if game[:1].lower() in "aeiou" else "a"
    return f"{article} {game} {_NOUNS[kind]}"
