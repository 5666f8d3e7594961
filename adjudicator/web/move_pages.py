"""The page's legal moves a page at a time: every move counted, `games.MAX_LISTED_MOVES` of
them from where the page has got to (issue 37: a list cut at 8,000 of 9,028 moves, the page
saying only "the first 400"; no cut now, and the page asks for the next ones)."""

from __future__ import annotations

from typing import Any

__all__ = ["page_of"]


def page_of(
    player: str | None, listed: list[str], blind: list[str], start: int, size: int
) -> dict[str, Any]:
    """The moves `listed` from `start`, `size` of them, with the face-down choices among
    them, how many there are, and whether more follow."""
    page = listed[start : start + size]
    on_page = set(page)
    return {
        "player": player,
        "moves": page,
        "blind": [m for m in blind if m in on_page],
        "more": start + size < len(listed),
        "count": len(listed),
        "start": start,
    }
