"""The Dry Gulch town as a phone shows it at 390 px: the same rows of sites as
`dg_board_svg` (`render/dry_gulch.py`), each block on a line of its own, every text at
least 12 CSS px on that phone (the picture is 376 wide and never drawn smaller), so a
site is wide enough to read its id, its building and its owner without pinch-zoom. A
damaged building is hatched (a red corner) and says so where the words fit; the street
each row faces is named above it. The page shows the title and the turn beside it.

Each site is a `<g id="site-ID">`, a button with its words as its title: the page lists
the moves at a site tapped (or Entered).
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.render.dry_gulch import site_rows

if TYPE_CHECKING:
    from adjudicator.dry_gulch.data import Rules
    from adjudicator.dry_gulch.state import Built

__all__ = ["dg_town_svg"]

SITE_W, SITE_H, GAP, MARGIN = 72, 56, 3, 2
STREET_H = 17
SIZE = 12
CHAR = 6.9  # DejaVu Sans at 12 px, a character on average (a little wide, to be safe)
ROOM = SITE_W - 8
INK, PAPER, FREE, BUILT, DAMAGED = "#2b2118", "#f4efe1", "#fffdf7", "#e7d2b8", "#f1c9b8"


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


def _site(svg: ET.Element, rules: Rules, site: str, b: Built | None, x: float, y: float) -> None:
    g = ET.SubElement(
        svg, "g", {"id": f"site-{site}", "class": "site", "role": "button", "tabindex": "0"}
    )
    title = ET.SubElement(g, "title")
    ET.SubElement(
        g,
        "rect",
        x=f"{x:g}",
        y=f"{y:g}",
        width=str(SITE_W),
        height=str(SITE_H),
        rx="4",
        fill=FREE if b is None else DAMAGED if b.damaged else BUILT,
        stroke="#8a7f6a",
    )
    _text(g, x + 4, y + 13, site, f"font: bold {SIZE}px sans-serif")
    if b is None:
        title.text = f"{site}: a free site"
        return
    name = rules.permits[b.permit].name
    title.text = f"{site}: {name}, {b.owner}'s" + (" (damaged)" if b.damaged else "")
    if b.damaged:
        corner = f"M{x + SITE_W - 18:g} {y:g} L{x + SITE_W:g} {y + 18:g}"
        ET.SubElement(g, "path", {"d": corner, "stroke": "#a3122a", "stroke-width": "3"})
    lines = _lines(name)
    for i, line in enumerate(lines):
        _text(g, x + 4, y + 27 + 13 * i, line, f"font: {SIZE}px sans-serif")
    owner = b.owner + (" · damaged" if b.damaged else "")
    if len(owner) * CHAR > ROOM * 1.15:
        owner = b.owner  # the red corner says it, and the title
    _text(g, x + 4, y + SITE_H - 4, owner, f"font: italic {SIZE}px sans-serif")


def dg_town_svg(rules: Rules, built: Sequence[Built], title: str, caption: str = "") -> str:
    """The town with `built` on it; `title` and `caption` (the turn) name the picture for
    a screen reader and a downloaded file, while the page shows them in its own text."""
    by_site = {b.site: b for b in built}
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", role="group")
    label = ET.SubElement(svg, "title")
    label.text = title + (f": {caption}" if caption else "")
    background = ET.SubElement(svg, "rect", fill=PAPER)
    y = float(MARGIN)
    widest = 0.0
    for street, groups in site_rows(rules):
        _text(
            svg,
            MARGIN + 2,
            y + 13,
            rules.streets.get(street, street),
            f"font: italic {SIZE}px sans-serif",
            site=False,
        )
        y += STREET_H
        for group in groups:
            x = float(MARGIN)
            for site in group:
                _site(svg, rules, site, by_site.get(site), x, y)
                x += SITE_W + GAP
            widest = max(widest, x)
            y += SITE_H + GAP
    width, height = max(widest + MARGIN - GAP, 300.0), y + MARGIN
    for node in (svg, background):
        node.set("width", f"{width:g}")
        node.set("height", f"{height:g}")
    svg.set("viewBox", f"0 0 {width:g} {height:g}")
    return ET.tostring(svg, encoding="unicode")
