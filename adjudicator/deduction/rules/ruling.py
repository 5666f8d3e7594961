"""Rulings: plain data with reasons and rule codes. Everything downstream only reads them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from enum import StrEnum

from adjudicator.core.frozen import freeze_fields
from adjudicator.core.record import record
from adjudicator.core.result import Reason as CoreReason
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.codes import Code

__all__ = [
    "Built",
    "Conflict",
    "Reason",
    "Removable",
    "Removal",
    "Ruling",
    "Status",
    "StopReport",
    "Tier",
]


class Status(StrEnum):
    PLAYABLE = "playable"
    PLAYABLE_CONFIRMATION = "playable-confirmation"  # P4 where confirmation_playable
    CONTRADICTORY = "contradictory"  # P3
    CONFIRMATION = "confirmation"  # P4, refused
    NOT_NOW = "not-now"  # P2, P5
    QUESTION = "question"  # P7: which my building? the reason lists the choices
    ILLEGAL = "illegal"  # not the player's card or building, out of turn, wrong action, ...

    @property
    def legal(self) -> bool:
        return self in (Status.PLAYABLE, Status.PLAYABLE_CONFIRMATION)


class Tier(StrEnum):
    CARD = "card"
    CASCADE = "cascade"
    LOGIC = "logic"


#: Why a ruling is what it is, with the RULINGS.md code it rests on.
Reason = CoreReason[Code]


@record
class Removal:
    """A marker a ruling takes off the board, at a tier of P6, and why."""

    building: str
    space: str
    tier: Tier
    reason: str


@record
class Built:
    """A building whose last marker stands: built on that space (S1), and why."""

    building: str
    space: str
    reason: str = ""
    tier: Tier | None = None  # in a ruling, the P6 tier that built it


@record
class Removable:
    """A marker logic removes (L1), with the Hall set behind it (L3)."""

    building: str
    space: str
    explanation: str
    hall_buildings: frozenset[str] = frozenset()
    hall_spaces: frozenset[str] = frozenset()


@record
class Conflict:
    """Buildings confined to fewer spaces than buildings (K3, K4)."""

    buildings: tuple[str, ...]
    spaces: tuple[str, ...]
    explanation: str


@record
class StopReport:
    """Every STOP claim on a board (L4): removable markers, determined buildings, conflicts."""

    removable: tuple[Removable, ...] = ()
    determined: tuple[Built, ...] = ()
    conflicts: tuple[Conflict, ...] = ()

    @property
    def points(self) -> int:
        """One per removable marker, and the last marker of each determined building (S1)."""
        return len(self.removable) + len(self.determined)

    def __bool__(self) -> bool:
        return bool(self.removable or self.determined)


@record
class Ruling:
    """The answer to a play, a discard or a buy, in the reading order of RULINGS.md."""

    action: str  # "play" | "discard" | "buy"
    player: str | None
    status: Status
    reasons: tuple[Reason, ...]
    before: GameState
    after: GameState  # the state after the action (== before when not playable)
    cards: tuple[int, ...] = ()
    as_buildings: tuple[str | None, ...] = ()
    markers_placed: tuple[tuple[str, str], ...] = ()
    removed: tuple[Removal, ...] = ()
    built: tuple[Built, ...] = ()
    retired: tuple[str, ...] = ()
    points: int = 0
    points_detail: Mapping[str, int] = field(default_factory=dict)
    buy: str | None = None  # a building bought in the same turn (A2) ...
    buy_at: int = 0  # ... after this many of its cards (a discard or pass counts as one)
    #: The STOP claims left on the board after the action (L4): filled in by the rulings a
    #: player asks for (`turns.py`, `logic.claim_stop`); None on the steps they are made of.
    stop: StopReport | None = None

    def __post_init__(self) -> None:
        freeze_fields(self, "points_detail")  # a ruling given is not changed

    @property
    def playable(self) -> bool:
        """Legal: the action may be taken (a playable confirmation included)."""
        return self.status.legal

    @property
    def legal(self) -> bool:
        """The shared name (`core.result.Result`) for `playable`."""
        return self.status.legal

    @property
    def code(self) -> Code | None:
        return self.reasons[0].code if self.reasons and not self.playable else None
