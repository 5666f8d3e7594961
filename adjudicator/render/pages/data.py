"""What every game's page does to the engine's JSON before a phone sees it."""

from __future__ import annotations

from typing import Any

from adjudicator.core.i18n import _
from adjudicator.core.table import Ruled

__all__ = ["certain_outcome", "hidden_until_committed", "strip_states"]


def strip_states(data: Any) -> Any:
    """JSON without the whole states a ruling carries: the page draws the board instead,
    and a whole state holds every hand."""
    if isinstance(data, dict):
        return {k: strip_states(v) for k, v in data.items() if k != "state"}
    if isinstance(data, list):
        return [strip_states(v) for v in data]
    return data


def hidden_until_committed(ruled: Ruled, committed: bool) -> dict[str, Any]:
    """A ruling of a game whose moves draw by chance (Dry Gulch's cards, Black Hills' die
    and deals): a preview says the move is legal and no more, so no one learns what a
    draw would bring before choosing it; the commit says what it did."""
    if committed or not ruled.legal:
        return {"points": ruled.score, "ruling": strip_states(ruled.detail)}
    return {"points": None, "ruling": None, "message": _("legal: commit it to see what it does")}


def certain_outcome(ruled: Ruled, committed: bool) -> dict[str, Any]:
    """A ruling whose every part is certain before the commit (no card drawn, no die
    rolled, or only what the mover already sees): the preview says what the commit will
    record (the payment, the site, the influence or reputation after it), word for word."""
    return hidden_until_committed(ruled, True)
