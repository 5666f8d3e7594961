"""An SVG picture of a board, optionally with a state's buildings and markers and a card's map.

Built with `xml.etree.ElementTree`, so every name is escaped and the result is
well-formed XML. Painted from the board's layout (`layout.py`), as `terminal.py` is:
one square per grid cell, and a gap between neighbouring rows and columns where the
streets and the railway run.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.state import GameState
from adjudicator.render.layout import (
    BoardLayout,
    Box,
    CellKind,
    CellPlace,
    LinePlace,
    Metrics,
    board_layout,
)

__all__ = ["METRICS", "board_svg"]

CELL = 100
GAP = 30  # wide enough for a street name
MARGIN = 20
TITLE_H = 34
LEGEND_H = 28
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

METRICS = Metrics(  # pixels; a name of 12 characters fits a line inside a square
    cell_w=CELL,
    cell_h=CELL,
    gap=GAP,
    left=MARGIN,
    top=MARGIN + TITLE_H,
    text_width=12,
    text_lines=3,
    field_lines=3,
)


def _el(parent: ET.Element, tag: str, text: str | None = None, /, **attrs: object) -> ET.Element:
    """A child element; attribute names use `_` for `-` (font_size -> font-size)."""
    node = ET.SubElement(
        parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
    )
    if text is not None:
        node.text = text
    return node


def _cell_box(parent: ET.Element, box: Box, ident: str, cls: str, **style: object) -> ET.Element:
    """A group for one cell of the board with its rounded box."""
    group = _el(parent, "g", id=ident, class_=cls)
    _el(group, "rect", x=box.x, y=box.y, width=box.w, height=box.h, rx=6, **style)
    return group


def _multiline(
    parent: ET.Element, lines: Sequence[str], x: float, y: float, size: int, **attrs: object
) -> None:
    """Centred lines of text around (x, y)."""
    text = _el(parent, "text", x=x, y=y, font_size=size, text_anchor="middle", **attrs)
    first = y - (len(lines) - 1) * size * 0.6
    for i, line in enumerate(lines):
        _el(text, "tspan", line, x=x, y=f"{first + i * size * 1.2:.1f}")


# ----- streets and the railway --------------------------------------------------------


def _draw_street(parent: ET.Element, place: LinePlace) -> None:
    b = place.box
    group = _el(parent, "g", id=f"street-{place.line.id}", class_="street")
    _el(group, "title", place.line.name)
    _el(group, "rect", x=b.x, y=b.y, width=b.w, height=b.h, fill=COLOURS["street"])


def _label_line(parent: ET.Element, place: LinePlace) -> None:
    """The line's name in the middle of a free stretch between the lines crossing it."""
    line, box = place.line, place.box
    need = len(line.name) * 7 + 12  # about 7 px a character at 12 px
    a, b = place.label_stretch(need) or place.along
    attrs = {"font_size": 12, "text_anchor": "middle", "font_style": "italic"}
    fill = COLOURS["rail"] if line.railway else COLOURS["street_text"]
    if place.east_west:
        x, y = (a + b) / 2, box.y + GAP / 2 + 4
        _el(parent, "text", line.name, x=x, y=y, fill=fill, class_="street-name", **attrs)
        return
    cx, cy = box.x + GAP / 2 + 4, (a + b) / 2
    _el(
        parent,
        "text",
        line.name,
        x=cx,
        y=cy,
        fill=fill,
        transform=f"rotate(-90 {cx} {cy})",
        class_="street-name",
        **attrs,
    )


def _draw_railway(parent: ET.Element, place: LinePlace) -> None:
    x, y, w, h = place.box.x, place.box.y, place.box.w, place.box.h
    group = _el(parent, "g", id="railway", class_="railway")
    _el(group, "title", place.line.name)
    colour = COLOURS["rail"]
    if place.east_west:
        mid = y + h / 2
        for pos in range(x + 4, x + w, 10):  # sleepers across the track
            _el(
                group, "line", x1=pos, y1=mid - 8, x2=pos, y2=mid + 8, stroke=colour, stroke_width=3
            )
        for rail in (mid - 5, mid + 5):
            _el(group, "line", x1=x, y1=rail, x2=x + w, y2=rail, stroke=colour, stroke_width=2)
    else:
        mid = x + w / 2
        for pos in range(y + 4, y + h, 10):
            _el(
                group, "line", x1=mid - 8, y1=pos, x2=mid + 8, y2=pos, stroke=colour, stroke_width=3
            )
        for rail in (mid - 5, mid + 5):
            _el(group, "line", x1=rail, y1=y, x2=rail, y2=y + h, stroke=colour, stroke_width=2)


# ----- spaces, frames and landmark fields ---------------------------------------------


def _fill(cell: CellPlace) -> tuple[str, str]:
    if cell.highlight and cell.mine:
        return COLOURS["both"], COLOURS["both_stroke"]
    if cell.highlight:
        return COLOURS["highlight"], COLOURS["highlight_stroke"]
    if cell.mine:
        return COLOURS["my"], COLOURS["my_stroke"]
    return COLOURS["space"], COLOURS["stroke"]


def _door(parent: ET.Element, box: Box, side: str | None) -> None:
    """A thick stroke on the side the entrance opens onto."""
    half = 16
    x, y, w, h = box.x, box.y, box.w, box.h
    ends = {
        "north": (x + w / 2 - half, y, x + w / 2 + half, y),
        "south": (x + w / 2 - half, y + h, x + w / 2 + half, y + h),
        "west": (x, y + h / 2 - half, x, y + h / 2 + half),
        "east": (x + w, y + h / 2 - half, x + w, y + h / 2 + half),
    }
    if side in ends:
        x1, y1, x2, y2 = ends[side]
        _el(
            parent,
            "line",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke=COLOURS["door"],
            stroke_width=6,
            class_="entrance",
        )


def _abbrev(name: str) -> str:
    """Two letters for a marker disc: initials of a longer name, else the first two letters."""
    words = name.replace("'", "").split()
    if len(words) > 1:
        return "".join(w[0] for w in words[:2]).upper()
    return name[:2].title()


def _draw_markers(parent: ET.Element, board: Board, cell: CellPlace) -> None:
    x, y = cell.box.x, cell.box.y
    order = list(board.buildings)
    for i, b in enumerate(cell.holders):
        name = board.building_name(b)
        cy = y + 38 + i * 20
        disc = _el(parent, "g", class_="marker", data_building=b)
        _el(disc, "title", f"marker: {name}")
        _el(
            disc,
            "circle",
            cx=x + 16,
            cy=cy,
            r=8,
            fill=PALETTE[order.index(b) % len(PALETTE)],
            stroke="#ffffff",
            stroke_width=1,
        )
        _el(
            disc,
            "text",
            _abbrev(name),
            x=x + 16,
            y=cy + 3,
            font_size=8,
            text_anchor="middle",
            fill="#ffffff",
            font_weight="bold",
        )
        _el(
            disc,
            "text",
            textwrap.shorten(name, 13, placeholder="…"),
            x=x + 28,
            y=cy + 4,
            font_size=10,
        )
    if cell.holders:
        _el(
            parent,
            "text",
            f"{len(cell.holders)}",
            x=x + cell.box.w - 8,
            y=y + 16,
            font_size=12,
            font_weight="bold",
            text_anchor="end",
            fill=COLOURS["my_stroke"],
            class_="marker-count",
        )


def _draw_space(parent: ET.Element, board: Board, cell: CellPlace) -> None:
    fill, stroke = _fill(cell)
    group = _cell_box(
        parent,
        cell.box,
        f"space-{cell.id}",
        "space",
        fill=fill,
        stroke=stroke,
        stroke_width=2 if stroke != COLOURS["stroke"] else 1,
    )
    x, y, w, h = cell.box.x, cell.box.y, cell.box.w, cell.box.h
    _door(group, cell.box, cell.entrance)
    if cell.building is not None:
        _el(
            group,
            "rect",
            x=x + 6,
            y=y + 22,
            width=w - 12,
            height=h - 30,
            rx=4,
            fill=COLOURS["placed"],
            class_="building",
            data_building=cell.building,
        )
        _multiline(
            group,
            cell.lines,
            x + w / 2,
            y + 22 + (h - 30) / 2 + 4,
            12,
            fill=COLOURS["placed_text"],
            font_weight="bold",
        )
    else:
        _draw_markers(group, board, cell)
    _el(group, "text", cell.title, x=x + 8, y=y + 16, font_size=13, font_weight="bold")
    if cell.flags:
        _el(
            group,
            "text",
            cell.flags,
            x=x + w / 2,
            y=y + 16,
            font_size=14,
            font_weight="bold",
            fill=stroke,
            class_="highlight",
        )


def _draw_frame(parent: ET.Element, cell: CellPlace) -> None:
    landmark = cell.landmark
    group = _cell_box(
        parent,
        cell.box,
        f"space-{cell.id}",
        "frame",
        fill=COLOURS["landmark"] if landmark else COLOURS["frame"],
        stroke=COLOURS["landmark_stroke"],
        stroke_dasharray="6 4",
    )
    x, y, w, h = cell.box.x, cell.box.y, cell.box.w, cell.box.h
    _el(
        group,
        "text",
        cell.title,
        x=x + w / 2,
        y=y + 16,
        font_size=10,
        text_anchor="middle",
        fill=COLOURS["landmark_stroke"],
    )
    _multiline(
        group,
        cell.lines if landmark else ("frame field",),
        x + w / 2,
        y + h / 2 + 8,
        12,
        font_weight="bold" if landmark else "normal",
    )


def _draw_field(parent: ET.Element, cell: CellPlace) -> None:
    group = _cell_box(
        parent,
        cell.box,
        f"landmark-{cell.id}",
        "landmark",
        fill=COLOURS["landmark"],
        stroke=COLOURS["landmark_stroke"],
        stroke_width=2,
    )
    b = cell.box
    _multiline(group, cell.lines, b.x + b.w / 2, b.y + b.h / 2 + 4, 12, font_weight="bold")


# ----- the picture --------------------------------------------------------------------


def _legend(parent: ET.Element, layout: BoardLayout, marked: bool, mine: bool, both: bool) -> None:
    y = METRICS.top + layout.height + 20  # below the board
    parts = ["thick mark: entrance"]
    if marked:
        parts.append("? yellow: the card's map")
    if mine:
        parts.append("◆ blue: my building's spaces")
    if both:
        parts.append("purple: both")
    _el(
        parent,
        "text",
        "   ·   ".join(parts),
        x=MARGIN,
        y=y,
        font_size=11,
        fill="#555555",
        class_="legend",
    )


def _indent(root: ET.Element) -> None:
    """Indent for people reading the file, but not inside text, where SVG would show it."""
    ET.indent(root)
    for text in root.iter("text"):
        if len(text):
            text.text = None
            for span in text:
                span.tail = None


def board_svg(
    board: Board,
    state: GameState | None = None,
    highlight: Iterable[str] = (),
    my_highlight: Iterable[str] = (),
    title: str | None = None,
) -> str:
    """The board as an SVG document (a string); see the module docstring for what it shows."""
    marked, mine = frozenset(highlight), frozenset(my_highlight)
    layout = board_layout(board, METRICS, state, marked, mine)
    width = layout.width + 2 * MARGIN
    height = layout.height + 2 * MARGIN + TITLE_H + LEGEND_H
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": FONT,
        },
    )
    heading = title or board.name
    _el(root, "title", heading)
    _el(root, "rect", x=0, y=0, width=width, height=height, fill=COLOURS["paper"])
    shown = textwrap.shorten(heading, max(20, (width - 2 * MARGIN) // 10), placeholder="…")
    _el(root, "text", shown, x=MARGIN, y=MARGIN + 16, font_size=18, font_weight="bold")
    streets = [place for place in layout.lines.values() if not place.line.railway]
    for place in streets:
        _draw_street(root, place)
    if board.railway is not None:
        _draw_railway(root, layout.lines[board.railway.id])
    for place in streets:
        _label_line(root, place)
    for cell in layout.cells:
        if cell.kind is CellKind.FRAME:
            _draw_frame(root, cell)
        elif cell.kind is CellKind.FIELD:
            _draw_field(root, cell)
        else:
            _draw_space(root, board, cell)
    _legend(root, layout, bool(marked), bool(mine), bool(marked & mine))
    _indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=False) + "\n"
