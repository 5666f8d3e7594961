"""Whether a building may stand on a site (the Dry Gulch rulebook's 'Build' and 'Board').

A building's sidewalk lies on the thick line along its street and never between two
buildings; a corner building only on a corner, others only in the middle of a block or
at the end of a street; the lone site in front of the town takes only the Bank; a
residence stands at the outside edge, its foot path to the edge.
"""

from __future__ import annotations

from adjudicator.dry_gulch.state import DGState

__all__ = ["legal_sites", "placement_problems"]


def placement_problems(state: DGState, permit: str, site: str) -> list[str]:
    """Every rule the placement breaks (empty: it is legal)."""
    rules = state.rules
    p = rules.permits[permit]
    s = rules.sites[site]
    occupied = state.occupied()
    out = []
    if site in occupied:
        out.append(f"{site} already holds the {rules.permits[occupied[site].permit].name}")
    if s.bank_only and p.special != "bank":
        out.append(f"{site} is the lone site in front of the town: only the Bank stands there")
    if p.special == "residence" and not s.edge:
        out.append(
            f"a residence stands at the outside edge, with its path to it; {site} "
            "is not at the edge"
        )
    if p.corner and s.position != "corner":
        out.append(f"the {p.name} is a corner building; {site} is not a corner")
    elif not p.corner and s.position == "corner":
        out.append(
            f"the {p.name} has no corner: it goes in the middle of a block or at the "
            f"end of a street, and {site} is a corner"
        )
    if not s.sidewalk:
        out.append(f"{site} has no thick line along its street for a sidewalk")
    if s.across is not None and s.across in occupied:
        out.append(f"its sidewalk would lie between two buildings ({s.across} is built)")
    return out


def legal_sites(state: DGState, permit: str) -> list[str]:
    return [s for s in state.rules.sites if not placement_problems(state, permit, s)]
