"""The board picture's sizes, fonts and colours, and the few helpers every part of it
draws with (an element, a tooltip, a cell's box, centred lines of text)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from adjudicator.render.layout import Box, Metrics
from adjudicator.render.svg_text import Fitted

__all__ = [
    "CAPTION_H",
    "CAPTION_SIZE",
    "CELL",
    "COLOURS",
    "FONT",
    "GAP",
    "LEGEND_H",
    "LEGEND_SIZE",
    "MARGIN",
    "METRICS",
    "PALETTE",
    "TITLE_H",
    "cell_box",
    "el",
    "multiline",
    "tooltip",
]

CELL = 100
GAP = 30  # wide enough for a street name
MARGIN = 20
TITLE_H = 34
CAPTION_SIZE = 16
CAPTION_H = 22
LEGEND_SIZE = 13
LEGEND_H = 24
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
COLOURS = {
    "paper": "#f4efe1",
    "space": "#fffdf7",
    "stroke": "#8a7f6a",
    "street": "#d8d0bd",
    "street_text": "#4a4336",
    "rail": "#5b3a1e",
    "door": "#7a5230",
    "frame": "#efe9d8",
    "landmark": "#dfe8cf",
    "landmark_stroke": "#6f8a4a",
    "placed": "#9c6b43",
    "placed_text": "#ffffff",
    "highlight": "#fff0a0",
    "highlight_stroke": "#c59b00",
    "my": "#d7e6ff",
    "my_stroke": "#3a6fc4",
    "both": "#e9d5ff",
    "both_stroke": "#8a3fc4",
    "claim": "#ff8c00",  # the web page's colour for a STOP claim (web/static/app.css)
    "quiet": "#555555",
}

# Marker discs: one colour per building, by its place in the board's list.
PALETTE = (
    "#d1495b",
    "#00798c",
    "#edae49",
    "#66a182",
    "#2e4057",
    "#8d6a9f",
    "#c97c5d",
    "#3c6e71",
    "#b56576",
    "#6d597a",
    "#52796f",
    "#9a8c98",
)

METRICS = Metrics(  # pixels; the layout's own wrapping is not used here (see fit_text)
    cell_w=CELL,
    cell_h=CELL,
    gap=GAP,
    left=MARGIN,
    top=MARGIN + TITLE_H,
    text_width=12,
    text_lines=3,
    field_lines=3,
)


def el(parent: ET.Element, tag: str, text: str | None = None, /, **attrs: object) -> ET.Element:
    """A child element; attribute names use `_` for `-` (font_size -> font-size)."""
    node = ET.SubElement(
        parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
    )
    if text is not None:
        node.text = text
    return node


def tooltip(parent: ET.Element, text: str) -> None:
    """A `<title>` as the element's first child, where browsers look for a tooltip."""
    node = ET.Element("title")
    node.text = text
    parent.insert(0, node)


def cell_box(parent: ET.Element, box: Box, ident: str, cls: str, **style: object) -> ET.Element:
    """A group for one cell of the board with its rounded box."""
    group = el(parent, "g", id=ident, class_=cls)
    el(group, "rect", x=box.x, y=box.y, width=box.w, height=box.h, rx=6, **style)
    return group


def multiline(
    parent: ET.Element, fitted: Fitted, x: float, y: float, **attrs: object
) -> ET.Element:
    """Centred lines of text around (x, y)."""
    size = fitted.size
    text = el(parent, "text", x=x, y=y, font_size=f"{size:g}", text_anchor="middle", **attrs)
    # the baseline of the first line, so the block's middle sits on y
    first = y - (len(fitted.lines) - 1) * size * 0.6 + size * 0.35
    for i, line in enumerate(fitted.lines):
        el(text, "tspan", line, x=x, y=f"{first + i * size * 1.2:.1f}")
    return text
