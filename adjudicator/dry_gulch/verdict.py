"""What every Dry Gulch phase's verdict holds and writes first: whose phase, legal or not,
the coded reasons and the state after (a `core.result.Result`).

A phase's verdict subclasses `PhaseVerdict` with its own fields, which follow these four in
order, and its `to_json` starts from `head_json()`, so that every phase writes the same
keys the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.dry_gulch.codes import Reason
from adjudicator.dry_gulch.state import DGState

__all__ = ["PhaseVerdict", "reasons_json"]


def reasons_json(reasons: tuple[Reason, ...]) -> list[dict[str, str]]:
    """The reasons as JSON: each its code and its words."""
    return [{"code": str(r.code), "message": r.message} for r in reasons]


@dataclass(frozen=True, slots=True)
class PhaseVerdict:
    player: str
    legal: bool
    reasons: tuple[Reason, ...]
    after: DGState

    def head_json(self) -> dict[str, Any]:
        """The keys every phase's JSON starts with."""
        return {"player": self.player, "legal": self.legal, "reasons": reasons_json(self.reasons)}
