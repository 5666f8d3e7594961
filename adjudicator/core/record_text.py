"""What the four games' record files share, whatever their moves: a `# comment` runs to
the end of its line (a `#` inside double quotes is text), the header is `[Tag "value"]`
lines before the first move, and every other line that is not blank is one move.

Each game's reader (`deduction/game/record.py`, `dry_gulch/game/record.py`,
`black_hills/game/record.py`) walks `record_lines` and reads its own tags and moves;
`remove_last_line` takes the last move's line off, leaving every other line as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.core.errors import InputError

__all__ = ["TAG", "LinesError", "RecordLine", "record_lines", "remove_last_line", "strip_comment"]

#: A header line: `[Players "ann, bob, cid"]`.
TAG = re.compile(r'^\[\s*(?P<tag>[A-Za-z]+)\s+"(?P<value>[^"]*)"\s*\]$')


class LinesError(InputError):
    """A record with one or more errors, each with its line number: the first one says
    where, the others are counted (each game's reader collects them all)."""

    def __init__(self, source: str, errors: list[tuple[int, str]]) -> None:
        self.errors = errors
        first_line, first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(source, f"line {first_line}", first + more)


def strip_comment(line: str) -> str:
    """The line without its comment: a `#` outside double quotes starts one."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One line of a record that holds something: its number (from 1), its text without
    the comment or the spaces around it, and its tag and value when it is a header line."""

    number: int
    body: str
    tag: str | None = None
    value: str | None = None


def record_lines(text: str) -> Iterator[RecordLine]:
    """The record's lines that are not blank once their comment is gone, in order."""
    for number, raw in enumerate(text.splitlines(), 1):
        body = strip_comment(raw).strip()
        if not body:
            continue
        tag = TAG.match(body)
        if tag is None:
            yield RecordLine(number, body)
        else:
            yield RecordLine(number, body, tag["tag"], tag["value"])


def remove_last_line(text: str, source: str) -> tuple[str, str, int]:
    """The record's text without its last move's line (the header and the comments kept):
    the new text, the line taken off, and its number."""
    last = None
    for line in record_lines(text):
        if line.tag is None:
            last = line.number
    if last is None:
        raise InputError(source, "", "has no move to undo")
    lines = text.splitlines(keepends=True)
    return "".join(lines[: last - 1] + lines[last:]), lines[last - 1].rstrip("\n"), last
