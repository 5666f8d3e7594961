"""Counted nouns for the sentences every game says: `1 point`, `4 points`, the noun
agreeing with its count. Here, in the core, so the engines' own reasons agree with what
the command line and the pages print (`render/words.py` builds on it)."""

from __future__ import annotations

__all__ = ["misclaimed", "plural"]


def plural(n: int, one: str, many: str | None = None) -> str:
    """`1 point`, `4 points`: a count with its noun agreeing."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def misclaimed(player: str, score: int | None, word: str, claimed: object) -> str:
    """What the rules say of a score written down wrong: `ann has 12 influence, not 14`."""
    return f"{player} has {score} {word}, not {claimed}"
