"""An SVG picture of a board, optionally with a state's buildings and markers and a card's map.

Built with `xml.etree.ElementTree`, so every name is escaped and the result is
well-formed XML. Geometry as in `terminal.py`: one square per grid cell, and a
gap between neighbouring rows and columns where the streets and the railway run.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.deduction.models.board import Board, Line
from adjudicator.deduction.models.state import GameState

__all__ = ["board_svg"]

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


@dataclass(frozen=True)
class _Geometry:
    x0: int
    y0: int
    ncols: int
    nrows: int

    @property
    def board_w(self) -> int:
        return self.ncols * CELL + (self.ncols - 1) * GAP

    @property
    def board_h(self) -> int:
        return self.nrows * CELL + (self.nrows - 1) * GAP

    def left(self, x: int) -> int:
        return MARGIN + (x - self.x0) * (CELL + GAP)

    def top(self, y: int) -> int:
        return MARGIN + TITLE_H + (y - self.y0) * (CELL + GAP)


def _geometry(board: Board) -> _Geometry:
    xs = [s.x for s in board.spaces.values()] + [f.x for f in board.fields.values()]
    ys = [s.y for s in board.spaces.values()] + [f.y for f in board.fields.values()]
    for line in board.lines.values():
        (xs if line.runs == "north-south" else ys).extend(line.between)
    return _Geometry(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """A child element; attribute names use `_` for `-` (font_size -> font-size)."""
    node = ET.SubElement(
        parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
    )
    if text is not None:
        node.text = text
    return node


def _cell_box(
    parent: ET.Element,
    geo: _Geometry,
    cell: tuple[int, int],
    ident: str,
    cls: str,
    **style: object,
) -> tuple[ET.Element, float, float]:
    """A group for one cell of the board with its rounded box; returns it and its corner."""
    x, y = geo.left(cell[0]), geo.top(cell[1])
    group = _el(parent, "g", id=ident, class_=cls)
    _el(group, "rect", x=x, y=y, width=CELL, height=CELL, rx=6, **style)
    return group, x, y


def _multiline(
    parent: ET.Element, lines: list[str], x: float, y: float, size: int, **attrs: object
) -> None:
    """Centred lines of text around (x, y)."""
    text = _el(parent, "text", x=x, y=y, font_size=size, text_anchor="middle", **attrs)
    first = y - (len(lines) - 1) * size * 0.6
    for i, line in enumerate(lines):
        _el(text, "tspan", line, x=x, y=f"{first + i * size * 1.2:.1f}")


def _wrap(name: str, width: int, lines: int = 3) -> list[str]:
    parts = textwrap.wrap(name, width) or [""]
    return parts[:lines]


# ----- streets and the railway --------------------------------------------------------


def _line_box(geo: _Geometry, line: Line) -> tuple[int, int, int, int]:
    """The rectangle (x, y, width, height) of the gap a line runs in."""
    lo, hi = line.span if line.span is not None else (None, None)
    if line.runs == "east-west":
        y = geo.top(line.between[0]) + CELL
        x1 = geo.left(lo) if lo is not None else MARGIN
        x2 = geo.left(hi) + CELL if hi is not None else MARGIN + geo.board_w
        return x1, y, x2 - x1, GAP
    x = geo.left(line.between[0]) + CELL
    y1 = geo.top(lo) if lo is not None else MARGIN + TITLE_H
    y2 = geo.top(hi) + CELL if hi is not None else MARGIN + TITLE_H + geo.board_h
    return x, y1, GAP, y2 - y1


def _draw_street(parent: ET.Element, geo: _Geometry, line: Line) -> None:
    x, y, w, h = _line_box(geo, line)
    group = _el(parent, "g", id=f"street-{line.id}", class_="street")
    _el(group, "title", line.name)
    _el(group, "rect", x=x, y=y, width=w, height=h, fill=COLOURS["street"])


def _free_stretch(
    start: float, stop: float, cuts: list[tuple[float, float]], need: float
) -> tuple[float, float]:
    """The first stretch of [start, stop] between crossing lines at least `need` long,
    else the longest, so a label never sits on a crossing when it can avoid it."""
    stretches, pos = [], start
    for a, b in sorted(cuts):
        if a > pos:
            stretches.append((pos, min(a, stop)))
        pos = max(pos, b)
    if pos < stop:
        stretches.append((pos, stop))
    if not stretches:
        return start, stop
    fitting = [s for s in stretches if s[1] - s[0] >= need]
    return fitting[0] if fitting else max(stretches, key=lambda s: s[1] - s[0])


def _label_line(parent: ET.Element, board: Board, geo: _Geometry, line: Line) -> None:
    x, y, w, h = _line_box(geo, line)
    across = [ln for ln in board.lines.values() if ln.runs != line.runs]
    need = len(line.name) * 7 + 12  # about 7 px a character at 12 px
    attrs = {"font_size": 12, "text_anchor": "middle", "font_style": "italic"}
    fill = COLOURS["rail"] if line.railway else COLOURS["street_text"]
    if line.runs == "east-west":
        cuts = [
            (bx, bx + bw)
            for bx, by, bw, bh in map(lambda ln: _line_box(geo, ln), across)
            if by <= y < by + bh
        ]
        a, b = _free_stretch(x, x + w, cuts, need)
        _el(
            parent,
            "text",
            line.name,
            x=(a + b) / 2,
            y=y + GAP / 2 + 4,
            fill=fill,
            class_="street-name",
            **attrs,
        )
        return
    cuts = [
        (by, by + bh)
        for bx, by, bw, bh in map(lambda ln: _line_box(geo, ln), across)
        if bx <= x < bx + bw
    ]
    a, b = _free_stretch(y, y + h, cuts, need)
    cx, cy = x + GAP / 2 + 4, (a + b) / 2
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


def _draw_railway(parent: ET.Element, geo: _Geometry, line: Line) -> None:
    x, y, w, h = _line_box(geo, line)
    group = _el(parent, "g", id="railway", class_="railway")
    _el(group, "title", line.name)
    colour = COLOURS["rail"]
    if line.runs == "east-west":
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


def _fill(space: str, highlight: frozenset[str], mine: frozenset[str]) -> tuple[str, str]:
    if space in highlight and space in mine:
        return COLOURS["both"], COLOURS["both_stroke"]
    if space in highlight:
        return COLOURS["highlight"], COLOURS["highlight_stroke"]
    if space in mine:
        return COLOURS["my"], COLOURS["my_stroke"]
    return COLOURS["space"], COLOURS["stroke"]


def _door(parent: ET.Element, x: int, y: int, side: str | None) -> None:
    """A thick stroke on the side the entrance opens onto."""
    half = 16
    ends = {
        "north": (x + CELL / 2 - half, y, x + CELL / 2 + half, y),
        "south": (x + CELL / 2 - half, y + CELL, x + CELL / 2 + half, y + CELL),
        "west": (x, y + CELL / 2 - half, x, y + CELL / 2 + half),
        "east": (x + CELL, y + CELL / 2 - half, x + CELL, y + CELL / 2 + half),
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


def _draw_markers(
    parent: ET.Element, board: Board, state: GameState, space: str, x: int, y: int
) -> None:
    holders = [b for b in board.buildings if space in state.markers.get(b, ())]
    order = list(board.buildings)
    for i, b in enumerate(holders):
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
    if holders:
        _el(
            parent,
            "text",
            f"{len(holders)}",
            x=x + CELL - 8,
            y=y + 16,
            font_size=12,
            font_weight="bold",
            text_anchor="end",
            fill=COLOURS["my_stroke"],
            class_="marker-count",
        )


def _draw_space(
    parent: ET.Element,
    board: Board,
    geo: _Geometry,
    space_id: str,
    state: GameState | None,
    marks: tuple[frozenset[str], frozenset[str]],
) -> None:
    space = board.spaces[space_id]
    fill, stroke = _fill(space_id, *marks)
    group, x, y = _cell_box(
        parent,
        geo,
        space.cell,
        f"space-{space_id}",
        "space",
        fill=fill,
        stroke=stroke,
        stroke_width=2 if stroke != COLOURS["stroke"] else 1,
    )
    if space.street:
        _door(group, x, y, board.lines[space.street].borders(space.x, space.y))
    building = state.occupant.get(space_id) if state is not None else None
    if building is not None:
        _el(
            group,
            "rect",
            x=x + 6,
            y=y + 22,
            width=CELL - 12,
            height=CELL - 30,
            rx=4,
            fill=COLOURS["placed"],
            class_="building",
            data_building=building,
        )
        _multiline(
            group,
            _wrap(board.building_name(building), 12),
            x + CELL / 2,
            y + 22 + (CELL - 30) / 2 + 4,
            12,
            fill=COLOURS["placed_text"],
            font_weight="bold",
        )
    elif state is not None:
        _draw_markers(group, board, state, space_id, x, y)
    _el(
        group,
        "text",
        board.space_name(space_id),
        x=x + 8,
        y=y + 16,
        font_size=13,
        font_weight="bold",
    )
    flags = ("?" if space_id in marks[0] else "") + ("◆" if space_id in marks[1] else "")
    if flags:
        _el(
            group,
            "text",
            flags,
            x=x + CELL / 2,
            y=y + 16,
            font_size=14,
            font_weight="bold",
            fill=stroke,
            class_="highlight",
        )


def _draw_frame(
    parent: ET.Element, board: Board, geo: _Geometry, frame_id: str, state: GameState | None
) -> None:
    space = board.spaces[frame_id]
    landmark = state.landmarks.get(frame_id) if state is not None else None
    group, x, y = _cell_box(
        parent,
        geo,
        space.cell,
        f"space-{frame_id}",
        "frame",
        fill=COLOURS["landmark"] if landmark else COLOURS["frame"],
        stroke=COLOURS["landmark_stroke"],
        stroke_dasharray="6 4",
    )
    _el(
        group,
        "text",
        frame_id,
        x=x + CELL / 2,
        y=y + 16,
        font_size=10,
        text_anchor="middle",
        fill=COLOURS["landmark_stroke"],
    )
    name = board.landmarks.get(landmark, landmark) if landmark else "frame field"
    _multiline(
        group,
        _wrap(name, 12),
        x + CELL / 2,
        y + CELL / 2 + 8,
        12,
        font_weight="bold" if landmark else "normal",
    )


def _draw_field(parent: ET.Element, board: Board, geo: _Geometry, field_id: str) -> None:
    f = board.fields[field_id]
    group, x, y = _cell_box(
        parent,
        geo,
        (f.x, f.y),
        f"landmark-{field_id}",
        "landmark",
        fill=COLOURS["landmark"],
        stroke=COLOURS["landmark_stroke"],
        stroke_width=2,
    )
    _multiline(group, _wrap(f.name, 12), x + CELL / 2, y + CELL / 2 + 4, 12, font_weight="bold")


# ----- the picture --------------------------------------------------------------------


def _legend(parent: ET.Element, geo: _Geometry, marks: tuple[frozenset[str], ...]) -> None:
    y = MARGIN + TITLE_H + geo.board_h + 20
    highlight, mine = marks
    parts = ["thick mark: entrance"]
    if highlight:
        parts.append("? yellow: the card's map")
    if mine:
        parts.append("◆ blue: my building's spaces")
    if highlight & mine:
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
    geo = _geometry(board)
    marks = (frozenset(highlight), frozenset(my_highlight))
    width = geo.board_w + 2 * MARGIN
    height = geo.board_h + 2 * MARGIN + TITLE_H + LEGEND_H
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
    for line in board.streets.values():
        _draw_street(root, geo, line)
    if board.railway is not None:
        _draw_railway(root, geo, board.railway)
    for line in board.streets.values():
        _label_line(root, board, geo, line)
    for sid, space in board.spaces.items():
        if space.frame:
            _draw_frame(root, board, geo, sid, state)
        else:
            _draw_space(root, board, geo, sid, state, marks)
    for fid in board.fields:
        _draw_field(root, board, geo, fid)
    _legend(root, geo, marks)
    _indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=False) + "\n"
