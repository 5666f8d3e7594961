"""The Dry Gulch town as a phone shows it at 390 px: the town of the board file
(`dry_gulch_plan.town_plan`: its blocks, the cross street, the roads, Main Street ending in
boardwalks, the Bank lot in front), each site at its board position, turned a quarter to
the right so the town's length runs down the phone: north is on the right, west at the
top. Every text is at least 12 CSS px on that phone (the picture is at most 376 wide and
never drawn smaller), so a site is wide enough to read its id, its building and its owner
without pinch-zoom. A sidewalk is the thick line on the side a site faces its street; a
corner site has a dark corner where the cross street meets its street; a damaged building
is hatched (a red corner) and says so where the words fit.

Each site is a `<g id="site-ID">`, a button with its words as its title, and its board
row and column (`data-row`, `data-col`): the page lists the moves at a site tapped (or
Entered).
"""

from __future__ import annotations

import textwrap
import threading
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.render.dry_gulch_plan import Spot, TownPlan, town_plan

if TYPE_CHECKING:
    from adjudicator.dry_gulch.data import Rules
    from adjudicator.dry_gulch.state import Built

__all__ = ["dg_town_svg"]

SITE_W, SITE_H, BAND, MARGIN, LEGEND = 62, 56, 18, 2, 36
SIZE = 12
CHAR = 6.9  # DejaVu Sans at 12 px, a character on average (a little wide, to be safe)
ROOM = SITE_W - 8
INK, PAPER, FREE, BUILT, DAMAGED = "#2b2118", "#f4efe1", "#fffdf7", "#e7d2b8", "#f1c9b8"
STREET, PLANKS = "#cdb991", "#8a6a43"


def _text(
    parent: ET.Element, x: float, y: float, text: str, style: str, site: bool = True
) -> ET.Element:
    node = ET.SubElement(parent, "text", x=f"{x:g}", y=f"{y:g}", fill=INK, style=style)
    node.text = text
    if site and len(text) * CHAR > ROOM:  # a site's line a little too long: narrowed
        node.set("textLength", str(ROOM))
        node.set("lengthAdjust", "spacingAndGlyphs")
    return node


def _lines(name: str) -> list[str]:
    """A building's name in at most two lines of a site, words whole; a word a little
    too wide is narrowed by `_text`, one far too wide cut with a full stop."""
    chars = int(ROOM / CHAR)
    lines = textwrap.wrap(name, chars, break_long_words=False) or [""]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    most = int(ROOM * 1.25 / CHAR)
    return [ln if len(ln) <= most else ln[: most - 1] + "." for ln in lines]


class _Frame:
    """Board rows and columns to the page's x and y: the rows (north to south) from the
    right, the streets between them as bands; the columns (west to east) from the top,
    the cross street a band between the blocks."""

    def __init__(self, plan: TownPlan) -> None:
        self.depth: dict[int, float] = {}  # a row's distance from the northern edge
        self.band: dict[int, float] = {}  # a street band's, by the row before it
        d = 0.0
        after = {b.after_row for b in plan.bands}
        for row in range(-1, plan.rows):
            if row >= 0:
                self.depth[row] = d
                d += SITE_W
            if row in after:
                self.band[row] = d
                d += BAND
        self.width = d + 2 * MARGIN
        self.top: dict[int, float] = {}
        y = float(MARGIN)
        for col in range(plan.cols):
            self.top[col] = y
            y += BAND if col in plan.cross_cols else SITE_H
        self.height = y + MARGIN

    def row_x(self, row: int) -> float:
        return self.width - MARGIN - self.depth[row] - SITE_W

    def band_x(self, after_row: int) -> float:
        return self.width - MARGIN - self.band[after_row] - BAND


def _rect(parent: ET.Element, x: float, y: float, w: float, h: float, **style: str) -> None:
    box = {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": f"{h:g}"}
    ET.SubElement(parent, "rect", {**box, **style})


def _streets(svg: ET.Element, rules: Rules, plan: TownPlan, f: _Frame) -> None:
    for band in plan.bands:
        x = f.band_x(band.after_row)
        runs = [band.cols[0]] if band.cols else []
        for a, b in zip(band.cols, band.cols[1:], strict=False):
            if b != a + 1:
                runs += [a, b]
        runs += [band.cols[-1]] if band.cols else []
        for first, last in zip(runs[::2], runs[1::2], strict=True):
            y0, y1 = f.top[first], f.top[last] + (BAND if last in plan.cross_cols else SITE_H)
            _rect(svg, x, y0, BAND, y1 - y0, fill=STREET)
        for col in band.boardwalk:  # the street has ended: its boardwalk goes on
            _rect(svg, x + BAND / 2 - 3, f.top[col], 6, SITE_H, fill=PLANKS)
        name = rules.streets.get(band.street, band.street)
        # named along its first block, clear of the cross street
        along = [c for c in band.cols if not any(x <= c for x in plan.cross_cols)] or [*band.cols]
        mid = (f.top[along[0]] + f.top[along[-1]] + SITE_H) / 2 if along else 0
        label = _text(svg, x + 5, mid, name, f"font: italic {SIZE}px sans-serif", site=False)
        label.set("text-anchor", "middle")
        label.set("transform", f"rotate(90 {x + 5:g} {mid:g})")
    if not plan.cross_cols:
        return
    # the cross street runs from road to road (or the town's rows, on a board without)
    first, last = plan.cross_rows
    x0 = min(
        (f.band_x(b.after_row) for b in plan.bands if b.after_row >= last),
        default=f.row_x(last),
    )
    x1 = max(
        (f.band_x(b.after_row) + BAND for b in plan.bands if b.after_row < first),
        default=f.row_x(first) + SITE_W,
    )
    for col in plan.cross_cols:
        _rect(svg, x0, f.top[col], x1 - x0, BAND, fill=STREET)
        mid = (x0 + x1) / 2
        label = _text(
            svg, mid, f.top[col] + 13, plan.cross_name, f"font: italic {SIZE}px sans-serif", False
        )
        label.set("text-anchor", "middle")


def _site(
    svg: ET.Element, rules: Rules, spot: Spot, b: Built | None, f: _Frame, plan: TownPlan
) -> None:
    site = rules.sites[spot.site]
    x = f.row_x(spot.row)
    y = f.top[spot.col]
    if spot.col in plan.cross_cols:  # the Bank lot, where the cross street ends
        y += BAND / 2 - SITE_H / 2
    g = ET.SubElement(
        svg,
        "g",
        {
            "id": f"site-{spot.site}",
            "class": "site",
            "role": "button",
            "tabindex": "0",
            "data-row": str(spot.row),
            "data-col": str(spot.col),
        },
    )
    title = ET.SubElement(g, "title")
    fill = FREE if b is None else DAMAGED if b.damaged else BUILT
    _rect(g, x, y, SITE_W, SITE_H, rx="4", fill=fill, stroke="#8a7f6a")
    if spot.sidewalk:  # the thick line along the street it faces: north is on the right
        edge = x + SITE_W - 2 if spot.sidewalk == "north" else x
        _rect(g, edge, y, 2, SITE_H, fill=INK, **{"class": "sidewalk"})
    if site.position == "corner":
        _corner(g, spot, x, y, plan)
    _text(g, x + 5, y + 13, spot.site, f"font: bold {SIZE}px sans-serif")
    where = ", ".join(
        w
        for w in (
            {"corner": "a corner site", "end": "at a street's end"}.get(site.position, ""),
            "Bank only" if site.bank_only else "",
            "a residence may stand here" if site.edge else "",
        )
        if w
    )
    where = f" ({where})" if where else ""
    if b is None:
        title.text = f"{spot.site}: a free site{where}"
        return
    name = rules.permits[b.permit].name
    g.set("data-permit", b.permit)  # a German page names it by its id (table.js: germanTown)
    title.text = f"{spot.site}: {name}, {b.owner}'s" + (" (damaged)" if b.damaged else "")
    if b.damaged:
        corner = f"M{x + SITE_W - 18:g} {y + SITE_H:g} L{x + SITE_W:g} {y + SITE_H - 18:g}"
        ET.SubElement(g, "path", {"d": corner, "stroke": "#a3122a", "stroke-width": "3"})
    for i, line in enumerate(_lines(name)):
        node = _text(g, x + 5, y + 27 + 13 * i, line, f"font: {SIZE}px sans-serif")
        node.set("class", "name")
    owner = b.owner + (" · damaged" if b.damaged else "")
    if len(owner) * CHAR > ROOM * 1.15:
        owner = b.owner  # the red corner says it, and the title
    _text(g, x + 5, y + SITE_H - 4, owner, f"font: italic {SIZE}px sans-serif")


def _corner(g: ET.Element, spot: Spot, x: float, y: float, plan: TownPlan) -> None:
    """A dark triangle where the cross street meets the site's own street."""
    near_top = spot.col - 1 in plan.cross_cols
    cy = y if near_top else y + SITE_H
    cx = x + SITE_W if spot.sidewalk != "south" else x
    dx = -10 if cx > x else 10
    dy = 10 if near_top else -10
    d = f"M{cx:g} {cy:g} L{cx + dx:g} {cy:g} L{cx:g} {cy + dy:g} Z"
    ET.SubElement(g, "path", {"d": d, "fill": INK, "class": "corner"})


#: Pictures drawn lately, by the rules' identity (the rules kept beside, so an id is never
#: another's), what stands and the names: a move's update draws the same town for every
#: seat at the table, and the town is public.
_DRAWN: OrderedDict[tuple[int, tuple[Built, ...], str, str], tuple[Rules, str]] = OrderedDict()
_DRAWN_SIZE = 32
_DRAWN_LOCK = threading.Lock()


def dg_town_svg(rules: Rules, built: Sequence[Built], title: str, caption: str = "") -> str:
    """The town with `built` on it; `title` and `caption` (the turn) name the picture for
    a screen reader and a downloaded file, while the page shows them in its own text."""
    key = (id(rules), tuple(built), title, caption)
    with _DRAWN_LOCK:
        found = _DRAWN.get(key)
        if found is not None and found[0] is rules:
            _DRAWN.move_to_end(key)
            return found[1]
    picture = _drawn(rules, built, title, caption)
    with _DRAWN_LOCK:
        _DRAWN[key] = (rules, picture)
        while len(_DRAWN) > _DRAWN_SIZE:
            _DRAWN.popitem(last=False)
    return picture


def _drawn(rules: Rules, built: Sequence[Built], title: str, caption: str) -> str:
    plan = town_plan(rules)
    frame = _Frame(plan)
    by_site = {b.site: b for b in built}
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", role="group")
    label = ET.SubElement(svg, "title")
    label.text = title + (f": {caption}" if caption else "")
    width, height = frame.width, frame.height + LEGEND
    _rect(svg, 0, 0, width, height, fill=PAPER)
    _streets(svg, rules, plan, frame)
    for spot in plan.spots.values():
        _site(svg, rules, spot, by_site.get(spot.site), frame, plan)
    key = "North is to the right, west at the top."
    _text(svg, MARGIN + 2, frame.height + 14, key, f"font: {SIZE}px sans-serif", site=False)
    key = "Thick line: a sidewalk · dark corner: a corner site"
    _text(svg, MARGIN + 2, frame.height + 30, key, f"font: {SIZE}px sans-serif", site=False)
    svg.set("width", f"{width:g}")
    svg.set("height", f"{height:g}")
    svg.set("viewBox", f"0 0 {width:g} {height:g}")
    return ET.tostring(svg, encoding="unicode")
