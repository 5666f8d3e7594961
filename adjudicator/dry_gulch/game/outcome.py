"""One move of a Dry Gulch game ruled: the `Outcome` the flow gives for it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.dry_gulch.game.notation import Move

__all__ = ["Outcome"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One move ruled: legal or not, the rule code of a refusal, in words, and the mover's
    influence after it (before it, when refused)."""

    move: Move
    legal: bool
    code: str | None
    message: str
    influence: int
    won: bool = False
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def claim_wrong(self) -> bool:
        return self.legal and self.move.claimed is not None and self.move.claimed != self.influence

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.move.player,
            "line": self.move.line,
            "legal": self.legal,
            "code": self.code,
            "message": self.message,
            "influence": self.influence,
            "claimed": self.move.claimed,
            "won": self.won,
            "detail": self.detail,
        }
