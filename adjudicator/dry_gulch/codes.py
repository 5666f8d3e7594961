"""The rules of Dry Gulch that a refusal cites, each with the rulebook's words it rests on
(`../shared/seeds/003_*`), and the coded reason a refusal gives."""

from __future__ import annotations

from enum import StrEnum

from adjudicator.core.result import Reason as CoreReason

__all__ = ["Code", "Reason"]


class Code(StrEnum):
    # "Each site can hold one building."
    OCCUPIED = "DG-OCCUPIED"
    # The lone site in front of the town: "only the Bank may be built there".
    BANK_LOT = "DG-BANK-LOT"
    # Residences: "built at the outer edge of the town, the foot path leading to the edge".
    RESIDENCE_EDGE = "DG-RESIDENCE-EDGE"
    # "Buildings with a corner symbol must be built on a corner site."
    CORNER = "DG-CORNER"
    # "Buildings without it ... in the middle of a block or at the end of a street."
    MIDDLE = "DG-MIDDLE"
    # "The sidewalk must lie on the thick line along the street."
    SIDEWALK = "DG-SIDEWALK"
    # "A sidewalk may never lie between two buildings."
    ACROSS = "DG-ACROSS"


#: Why a placement is refused, with the rule it rests on.
Reason = CoreReason[Code]
