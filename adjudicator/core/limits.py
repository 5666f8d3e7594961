"""Every limit on input, in one place, so that bad or hostile input fails fast with one line.

The README's "Limits" section lists them. Each limit sits far above anything a real game
needs (the shipped files use a small fraction of each) and far below what would make a
loader slow, hungry or crash: a file over a limit is refused before it is worked on.
"""

from __future__ import annotations

__all__ = [
    "MAX_BOARD_COORD",
    "MAX_BOARD_ITEMS",
    "MAX_CARDS",
    "MAX_CLUE_CHARS",
    "MAX_CLUE_DEPTH",
    "MAX_DEPTH",
    "MAX_ECHO",
    "MAX_FILE_BYTES",
    "MAX_HAND",
    "MAX_INT",
    "MAX_INT_DIGITS",
    "MAX_MESSAGE",
    "MAX_MOVES",
    "MAX_MOVE_CHARS",
    "MAX_PLAYERS",
    "MAX_STRING",
    "clip",
    "one_line",
    "whole_number",
]

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Bytes in any data file (state, board, card set, record). The largest shipped file is
about 21 kB; a file is read only up to this many bytes, so a huge file or a device that
never ends is refused before anything is parsed."""

MAX_DEPTH = 32
"""Nesting of tables and arrays in a TOML or JSON file (the shipped files nest 6 deep).
Deeper nesting would overflow the stack of a recursive parser or of whatever walks it."""

MAX_INT_DIGITS = 30
"""Digits of an integer as written in a data file; Python refuses to convert more than
4,300, and nothing in a game needs more than a few."""

MAX_INT = 2**63 - 1
"""The largest magnitude of an integer in a data file: a 64-bit integer, so that no
number overflows when it reaches a solver or a C library."""

MAX_STRING = 10_000
"""Characters in one string or key of a data file (card texts are under 200)."""

MAX_PLAYERS = 8
"""Players at one table (the deduction games seat 2 to 5; no board may ask for more)."""

MAX_HAND = 16
"""Cards in one player's hand in Old Town and Gads Hill. A hand is dealt 4 or 5 cards and
grows only by passing (T2, T4: a pass draws a card); 16 is the deal and a dozen passes,
more than any table holds. The hint rules every ordered pair of a hand's cards, so its
time grows with the square of the hand: 16 cards keep it well under 2 s (the bench's
`hint-largest-hand`), 47 took 21 s."""

MAX_MOVES = 1_000
"""Moves in one game record. The longest self-played games write under 300 (Black Hills,
4 players); every command replays the record, so this keeps `replay` and each `game`
command of the longest record well under 2 s (the bench's `replay-longest-record`)."""

MAX_CARDS = 1_000
"""Cards in one card set (the shipped sets hold 60)."""


MAX_MOVE_CHARS = 1_000
"""Characters in one move given to `game move` or the page (the longest real moves, a
Black Hills turn with its investment, are under 100): every refusal that echoes a word of
the move stays one short line."""

MAX_BOARD_COORD = 100
"""The largest magnitude of a board coordinate (`x`, `y`, a line's `between` and `span`):
a board is at most about 200 by 200 cells, so nothing overflows or exhausts memory when
it is drawn."""

MAX_BOARD_ITEMS = 2_500
"""Entries in one list of a board file (spaces, streets, buildings, landmarks, regions)."""

MAX_CLUE_CHARS = 2_000
"""Characters in one clue (the shipped clues are under 100)."""

MAX_CLUE_DEPTH = 24
"""Nesting of `not` and parentheses in one clue."""

MAX_ECHO = 80
"""Characters of a bad value echoed back in an error line (`clip`)."""

MAX_MESSAGE = 1_000
"""Characters in a whole error line (`one_line`): a message never grows with its input."""


def clip(value: object, limit: int = MAX_ECHO) -> str:
    """`repr(value)` cut to about `limit` characters, saying how long the whole was."""
    if isinstance(value, str) and len(value) > 4 * limit:
        value = value[: 4 * limit]  # never repr a megabyte only to throw it away
        text = repr(value)
        return f"{text[:limit]}... (cut)"
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` on one line (line breaks and other control characters escaped), cut to
    about `limit` characters: what an error may print."""
    text = text[: 4 * limit]  # never escape a megabyte only to throw it away
    if not text.isprintable():
        # Escaped before it is cut: an escape is longer than its character (`\n`, `\u200f`).
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(text) > limit:
        text = f"{text[:limit]}... (cut)"
    return text


def whole_number(text: str, most_digits: int = MAX_INT_DIGITS) -> int | None:
    """`text` as a whole number if it is ASCII digits only, at most `most_digits` of them;
    else None. `str.isdigit` takes "³" and "²" for digits, which `int` refuses, and `int`
    refuses more than 4,300 digits: both were tracebacks where a number was read."""
    if text.isascii() and text.isdigit() and len(text) <= most_digits:
        return int(text)
    return None
