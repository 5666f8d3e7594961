"""Text on the SVG picture: names fitted to their boxes, never cut (`fit_text`), and the
short badges on marker discs, distinct on each board (`badges`).

Widths are estimated from the count of characters: the picture is drawn without a font
at hand, so every estimate errs on the wide side of DejaVu Sans, the font it asks for.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from adjudicator.deduction.models.board import Board

__all__ = ["BOLD_W", "CHAR_W", "Fitted", "badges", "fit_text", "unique_badges"]

# The width of a character as a share of the font size: DejaVu Sans averages a little
# under 0.6 (bold a little over), so text measured with these fits when drawn.
CHAR_W = 0.62
BOLD_W = 0.68


# ----- fitting a box ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fitted:
    """A text wrapped into lines at a font size that fits a box."""

    lines: tuple[str, ...]
    size: float


def _sizes(largest: float, smallest: float) -> Iterator[float]:
    size = largest
    while size >= smallest:
        yield size
        size -= 0.5


def fit_text(
    text: str, width: float, height: float, largest: float, smallest: float, bold: bool = False
) -> Fitted:
    """`text` at the largest font size (a half-pixel step, down to `smallest`) at which it
    wraps, words whole, into lines no wider than `width` and no taller together than
    `height`. A word too long even at `smallest` is split across lines: the picture never
    cuts a name or hides part of it behind an ellipsis.

    >>> fit_text("Stage Coach Office", 68, 24, 10, 6)
    Fitted(lines=('Stage Coach', 'Office'), size=9.5)
    """
    per_char = BOLD_W if bold else CHAR_W
    for size in _sizes(largest, smallest):
        chars = max(1, int(width / (size * per_char)))
        lines = textwrap.wrap(text, chars, break_long_words=False, break_on_hyphens=False)
        lines = lines or [""]  # a blank text still takes a line
        fits_across = all(len(line) <= chars for line in lines)
        if fits_across and len(lines) * size * 1.2 <= height:
            return Fitted(tuple(lines), size)
    chars = max(1, int(width / (smallest * per_char)))
    return Fitted(tuple(textwrap.wrap(text, chars)) or ("",), smallest)


# ----- badges ---------------------------------------------------------------------------


def _natural_badge(name: str) -> str:
    """Initials of a longer name (`NO`), else the first two letters (`Ba`)."""
    words: list[str] = re.findall(r"[A-Za-z0-9]+", name.replace("'", ""))
    if len(words) > 1:
        return (words[0][0] + words[1][0]).upper()
    word = words[0] if words else name or "?"
    return word[:2].title()


def _other_badges(name: str) -> Iterator[str]:
    """Further two-letter badges for a name, best first: its first letter with the initial
    of a later word, with a later consonant, with a later vowel, then with a digit."""
    words: list[str] = re.findall(r"[A-Za-z0-9]+", name.replace("'", "")) or ["X"]
    first = words[0][0].upper()
    rest = "".join(words)[1:].lower()
    for word in words[1:]:
        yield first + word[0].upper()
    yield from (first + c for c in rest if c not in "aeiou")
    yield from (first + c for c in rest if c in "aeiou")
    yield from (f"{first}{d}" for d in range(2, 10))
    yield from (f"{n:02d}" for n in itertools.count(1))  # never runs dry: a number


def unique_badges(names: Sequence[str]) -> tuple[str, ...]:
    """A short badge for each name, different (ignoring case) from every other badge:
    Old Town's Printer's and Prison both begin `Pr`, so the first keeps `Pr` and the other
    takes `Ps`. Deterministic: it depends only on the names and their order.

    A badge no other name asks for is kept; the names whose natural badges clash take, in
    order, the first badge of theirs still free.

    >>> unique_badges(["Printer's", "Prison", "Bank"])
    ('Pr', 'Ps', 'Ba')
    """
    natural = [_natural_badge(n) for n in names]
    wanted = Counter(v.casefold() for v in natural)
    taken = {v.casefold() for v in natural if wanted[v.casefold()] == 1}  # casefolded
    out: list[str] = []
    for name, own in zip(names, natural, strict=True):
        if wanted[own.casefold()] == 1:
            out.append(own)
            continue
        badge = next(
            b for b in itertools.chain([own], _other_badges(name)) if b.casefold() not in taken
        )
        taken.add(badge.casefold())
        out.append(badge)
    return tuple(out)


def badges(board: Board) -> dict[str, str]:
    """Each building's badge on its marker discs (`unique_badges`, in the board's order)."""
    ids = list(board.buildings)
    return dict(zip(ids, unique_badges([board.building_name(b) for b in ids]), strict=True))
