"""Where each Dry Gulch site lies on the board, read from the board file alone.

The board file gives no coordinates (it is a reconstruction: see its head), but it says
enough to lay the town out: each site names the street its sidewalk faces and its block,
and is listed row by row as the board runs. So a row is the sites of one street and one
half of the town (`site_rows`: "north-west" and "north-east" share "north"); the blocks of a
row stand side by side with a cross street between them; two rows facing the same street
have that street between them (Main Street), and a row facing a street no neighbouring row
faces has the street on its far side (North Road above the top row, South Road below the
bottom one). Two sites `across` each other have no street between them: the street ends
short and only its boardwalk runs on. The cross street is the street no site faces (a
corner site names the street along its long side). The lone Bank lot stands in front of
the town where the cross street ends.

Columns run west to east, rows north to south, as on the board file's sketch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.render.dry_gulch_board import site_rows

if TYPE_CHECKING:
    from adjudicator.dry_gulch.data import Rules

__all__ = ["Spot", "StreetBand", "TownPlan", "town_plan"]


@dataclass(frozen=True, slots=True)
class Spot:
    """A site's place: its row and column, and which side its sidewalk runs along."""

    site: str
    row: int
    col: int
    sidewalk: str  # "north", "south" or "" (no thick line)


@dataclass(frozen=True, slots=True)
class StreetBand:
    """A street between two rows (`after_row`: the row above it; -1 above the town), and
    the columns where it runs as a street; elsewhere along it only a boardwalk runs."""

    street: str
    after_row: int
    cols: tuple[int, ...]
    boardwalk: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TownPlan:
    spots: dict[str, Spot]
    rows: int
    cols: int
    bands: tuple[StreetBand, ...]
    cross_cols: tuple[int, ...]  # the cross street's columns, between the blocks
    cross_name: str
    cross_rows: tuple[int, int]  # from the first to the last row it runs along


def town_plan(rules: Rules) -> TownPlan:
    rows = site_rows(rules)
    town = [i for i, (_, groups) in enumerate(rows) if not _bank_row(rules, groups)]
    widths: list[int] = []
    for i in town:
        for g, group in enumerate(rows[i][1]):
            if g == len(widths):
                widths.append(0)
            widths[g] = max(widths[g], len(group))
    starts = [sum(widths[:g]) + g for g in range(len(widths))]  # one cross street apart
    cross = tuple(s - 1 for s in starts[1:])
    streets = [street for street, _ in rows]
    spots: dict[str, Spot] = {}
    bands: list[StreetBand] = []
    for i, (street, groups) in enumerate(rows):
        if i not in town:  # in front of the town: where the cross street ends
            col = cross[0] if cross else 0
            for k, site in enumerate(s for g in groups for s in g):
                spots[site] = Spot(site, i, col + k, _side(rules, site, "north"))
            continue
        for g, group in enumerate(groups):
            for k, site in enumerate(group):
                spots[site] = Spot(site, i, starts[g] + k, "")
        before = streets[i - 1] if i else None
        after = streets[i + 1] if i + 1 < len(rows) else None
        if street == after:
            side = "south"
        elif street == before or (before is None and street != after):
            side = "north"
        else:  # a last row facing a street of its own (the board's southern road)
            side = "south"
        for site in (s for block in groups for s in block):
            spots[site] = Spot(site, i, spots[site].col, _side(rules, site, side))
        if side == "north" and street != before:
            bands.append(_band(rules, street, i - 1, spots, town, starts, widths))
        if side == "south":
            bands.append(_band(rules, street, i, spots, town, starts, widths))
    faced = {s.street for s in rules.sites.values()}
    unfaced = [name for sid, name in rules.streets.items() if sid not in faced]
    return TownPlan(
        spots=spots,
        rows=len(rows),
        cols=sum(widths) + len(cross),
        bands=tuple(bands),
        cross_cols=cross,
        cross_name=unfaced[0] if len(unfaced) == 1 else "cross street",
        cross_rows=(min(town), max(town)),
    )


def _bank_row(rules: Rules, groups: list[list[str]]) -> bool:
    return all(rules.sites[s].bank_only for g in groups for s in g)


def _side(rules: Rules, site: str, side: str) -> str:
    return side if rules.sites[site].sidewalk else ""


def _band(
    rules: Rules,
    street: str,
    after_row: int,
    spots: dict[str, Spot],
    town: list[int],
    starts: list[int],
    widths: list[int],
) -> StreetBand:
    """The street along `after_row`'s side: a column runs as street unless a site there
    has its `across` partner on the other side (the street has ended: boardwalk only)."""
    every = range(sum(widths) + len(starts) - 1)
    walk = {spots[s].col for s, site in rules.sites.items() if site.across and s in spots}
    walk &= {spots[s].col for s in spots if spots[s].row in (after_row, after_row + 1)}
    if after_row < min(town) or after_row >= max(town):
        walk = set()  # an outer road runs the town's whole length
    cols = tuple(c for c in every if c not in walk)
    return StreetBand(street, after_row, cols, tuple(sorted(walk)))
