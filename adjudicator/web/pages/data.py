"""What every game's page does to the engine's JSON before a phone sees it."""

from __future__ import annotations

from typing import Any

__all__ = ["strip_states"]


def strip_states(data: Any) -> Any:
    """JSON without the whole states a ruling carries: the page draws the board instead,
    and a whole state holds every hand."""
    if isinstance(data, dict):
        return {k: strip_states(v) for k, v in data.items() if k != "state"}
    if isinstance(data, list):
        return [strip_states(v) for v in data]
    return data
