"""A move as the line a record keeps, and appending it so that the record then holds
exactly the move that was ruled on.

Every reader splits a record into lines as `str.splitlines` does, which breaks a line at
CR, FF, VT, the separators \\x1c-\\x1e, NEL and U+2028/U+2029 as well as at LF; the move
readers take most of those for spaces. So a move is refused unless it is one line of
printable text, and the record with it appended is read back by the game's own reader
before it is written: its moves are the old ones and the ruled one, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from adjudicator.core.errors import InputError, RulesError
from adjudicator.core.files import read_text, write_atomic
from adjudicator.core.limits import MAX_MOVE_CHARS
from adjudicator.core.names import control_character

__all__ = ["append_move", "appended", "move_line"]


def move_line(text: str) -> str:
    """`text` as a record line: stripped, and refused (`RulesError`) if it holds a line
    break or any other control or format character, or a byte that is not UTF-8 (a
    command line's argument can: Python reads such a byte as a lone surrogate)."""
    if len(text) > MAX_MOVE_CHARS:
        raise RulesError(f"MOVE: {len(text)} characters; a move is at most {MAX_MOVE_CHARS}")
    if any("\ud800" <= c <= "\udfff" for c in text):  # a byte of the command line not UTF-8
        raise RulesError("MOVE: a move is UTF-8 text; it holds a byte that is not")
    odd = control_character(text)
    if odd is not None:
        raise RulesError(f"MOVE: a move is one line of text; it holds the control character {odd}")
    line = text.strip()
    if not line:
        raise RulesError("MOVE: the move is empty")
    return line


def appended(body: str, line: str) -> str:
    """A record's text with one more line at its end."""
    return body + ("" if not body or body.endswith("\n") else "\n") + line + "\n"


def append_move(
    path: Path,
    line: str,
    moves_of: Callable[[str], Sequence[object]],
    ruled: object,
    body: str | None = None,
    before: Sequence[object] | None = None,
) -> str:
    """Append `line` (a `move_line`) to the record at `path` and return the new text.

    `moves_of` is the game's reader (a record's text to its moves, each comparable, e.g.
    as its canonical text) and `ruled` the move the line was ruled as. Nothing is written
    unless the new text reads back as the moves already there followed by `ruled`.
    `before`: the moves of `body` as `moves_of` gives them, when the caller has read it."""
    old = read_text(path) if body is None else body
    new = appended(old, line)
    before = list(moves_of(old)) if before is None else list(before)

    def check(text: str) -> None:
        after = list(moves_of(text))
        if after != [*before, ruled]:
            raise InputError(str(path), "", "the record would not hold the move ruled on")

    write_atomic(path, new, check=check)
    return new
