"""The sheet Dry Gulch's and Black Hills' boards are drawn on: a paper-coloured SVG of a
given size with the title in its top left corner (`dg_board_svg`, `bh_board_svg`).

Imported where a picture is drawn, not at start-up (ElementTree is not needed to rule).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

__all__ = ["titled_sheet"]


def titled_sheet(width: int, height: int, margin: int, title: str) -> ET.Element:
    """An SVG `width` by `height`, paper all over, `title` in bold at `margin`."""
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(width),
        height=str(height),
        viewBox=f"0 0 {width} {height}",
    )
    ET.SubElement(svg, "rect", width=str(width), height=str(height), fill="#f4efe1")
    head = ET.SubElement(
        svg, "text", x=str(margin), y=str(margin + 14), style="font: bold 16px sans-serif"
    )
    head.text = title
    return svg
