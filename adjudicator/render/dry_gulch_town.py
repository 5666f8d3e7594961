"""The Dry Gulch town as a phone shows it at 390 px: the same rows of sites as
`dg_board_svg` (`render/dry_gulch.py`), each block on a line of its own, so a site is wide
enough to read its id, its building and its owner without pinch-zoom. A damaged building
is hatched and says so; the street each row faces is named above it.

Each site is a `<g id="site-ID">`: the page lists the moves at a site tapped.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.render.dry_gulch import site_rows

if TYPE_CHECKING:
    from adjudicator.dry_gulch.data import Rules
    from adjudicator.dry_gulch.state import Built

__all__ = ["dg_town_svg"]

SITE_W, SITE_H, GAP, MARGIN = 74, 52, 6, 8
INK, PAPER, FREE, BUILT, DAMAGED = "#2b2118", "#f4efe1", "#fffdf7", "#e7d2b8", "#f1c9b8"


def _text(parent: ET.Element, x: float, y: float, text: str, style: str) -> None:
    node = ET.SubElement(parent, "text", x=f"{x:g}", y=f"{y:g}", fill=INK, style=style)
    node.text = text


def _fit(text: str, chars: int) -> str:
    """A building's name within a site's width: cut at a word where it can be."""
    if len(text) <= chars:
        return text
    words, out = text.split(), ""
    for w in words:
        if len(out) + len(w) + (1 if out else 0) > chars:
            break
        out = f"{out} {w}".strip()
    return out or text[: chars - 1] + "."


def _site(svg: ET.Element, rules: Rules, site: str, b: Built | None, x: float, y: float) -> None:
    g = ET.SubElement(svg, "g", {"id": f"site-{site}", "class": "site"})
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
    _text(g, x + 5, y + 15, site, "font: bold 12px sans-serif")
    if b is None:
        title.text = f"{site}: a free site"
        return
    name = rules.permits[b.permit].name
    title.text = f"{site}: {name}, {b.owner}'s" + (" (damaged)" if b.damaged else "")
    if b.damaged:
        corner = f"M{x + SITE_W - 18:g} {y:g} L{x + SITE_W:g} {y + 18:g}"
        ET.SubElement(g, "path", {"d": corner, "stroke": "#a3122a", "stroke-width": "3"})
    _text(g, x + 5, y + 31, _fit(name, 11), "font: 11px sans-serif")
    _text(
        g,
        x + 5,
        y + 45,
        b.owner + (" · damaged" if b.damaged else ""),
        "font: italic 10px sans-serif",
    )


def dg_town_svg(rules: Rules, built: Sequence[Built], title: str, caption: str = "") -> str:
    by_site = {b.site: b for b in built}
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", role="img")
    label = ET.SubElement(svg, "title")
    label.text = title
    background = ET.SubElement(svg, "rect", fill=PAPER)
    _text(svg, MARGIN, 20, title, "font: bold 14px sans-serif")
    y = 28.0
    if caption:
        _text(svg, MARGIN, 40, caption, "font: 12px sans-serif")
        y = 46.0
    widest = 0.0
    for street, groups in site_rows(rules):
        _text(
            svg, MARGIN, y + 14, rules.streets.get(street, street), "font: italic 11px sans-serif"
        )
        y += 20
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
