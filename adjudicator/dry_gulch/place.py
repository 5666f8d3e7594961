"""Whether a building may stand on a site (the Dry Gulch rulebook's 'Build' and 'Board').

A building's sidewalk lies on the thick line along its street and never between two
buildings; a corner building not in the middle of a block (on a corner or at the end of a
street), others only in the middle of a block or at the end of a street; the lone site in
front of the town takes only the Bank; a residence stands at the outside edge, its foot
path to the edge.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.state import Built, DGState

__all__ = ["Placement", "legal_sites", "placement_problems", "rule_placement"]


@dataclass(frozen=True, slots=True)
class Placement:
    """Whether a building may stand on a site: legal or not, every rule it breaks, and the
    state with the building standing there (the state as it was when it may not); a
    `core.result.Result`."""

    permit: str
    site: str
    legal: bool
    reasons: tuple[Reason, ...]
    after: DGState


def rule_placement(state: DGState, permit: str, site: str) -> Placement:
    """Every rule the placement of the active player's building breaks."""
    rules = state.rules
    p = rules.permits[permit]
    s = rules.sites[site]
    occupied = state.occupied()
    out: list[Reason] = []

    def breaks(code: Code, message: str) -> None:
        out.append(Reason(code, message))

    if site in occupied:
        breaks(
            Code.OCCUPIED, f"{site} already holds the {rules.permits[occupied[site].permit].name}"
        )
    if s.bank_only and p.special != "bank":
        breaks(
            Code.BANK_LOT,
            f"{site} is the lone site in front of the town: only the Bank stands there",
        )
    if p.special == "residence" and not s.edge:
        breaks(
            Code.RESIDENCE_EDGE,
            f"a residence stands at the outside edge, with its path to it; {site} "
            "is not at the edge",
        )
    # "A corner building may not be built in the middle of a block": the words forbid the
    # middle only, so the end of a street is open to it too, unless the table keeps the
    # earlier reading (option `corner=corner-only`).
    corner_only = state.options.corner == "corner-only"
    if p.corner and (s.position == "middle" or (corner_only and s.position != "corner")):
        where = "not a corner" if corner_only else "in the middle of a block"
        breaks(Code.CORNER, f"the {p.name} is a corner building; {site} is {where}")
    elif not p.corner and s.position == "corner":
        breaks(
            Code.MIDDLE,
            f"the {p.name} has no corner: it goes in the middle of a block or at the "
            f"end of a street, and {site} is a corner",
        )
    if not s.sidewalk:
        breaks(Code.SIDEWALK, f"{site} has no thick line along its street for a sidewalk")
    if s.across is not None and s.across in occupied:
        breaks(Code.ACROSS, f"its sidewalk would lie between two buildings ({s.across} is built)")
    after = state
    if not out:
        after = replace(state, buildings=(*state.buildings, Built(permit, state.active, site)))
    return Placement(permit, site, not out, tuple(out), after)


def placement_problems(state: DGState, permit: str, site: str) -> list[str]:
    """Every rule the placement breaks, in words (empty: it is legal)."""
    return [r.message for r in rule_placement(state, permit, site).reasons]


def legal_sites(state: DGState, permit: str) -> list[str]:
    return [s for s in state.rules.sites if rule_placement(state, permit, s).legal]
