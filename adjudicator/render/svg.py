"""An SVG picture of a board, optionally with a state's buildings and markers, a card's map
and the STOP claims open on it.

Built with `xml.etree.ElementTree`, so every name is escaped and the result is
well-formed XML. Painted from the board's layout (`layout.py`), as `terminal.py` is:
one square per grid cell, and a gap between neighbouring rows and columns where the
streets and the railway run. Around the board: the title, a caption (whose turn, the
locomotive, the scores) and a legend with an entry for every kind of mark drawn.

The root has a `viewBox` and `width="100%"` and no pixel size, so a page (or a phone
opening the file) scales it to the screen instead of scrolling sideways. Names are never
cut: each is wrapped and its font shrunk until it fits its box (`fit_text`).
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import replace

from adjudicator.core.record import record
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.ruling import StopReport
from adjudicator.render.layout import (
    BoardLayout,
    Box,
    CellKind,
    CellPlace,
    LinePlace,
    Metrics,
    board_layout,
)
from adjudicator.render.svg_text import CHAR_W, Fitted, badges, fit_text
from adjudicator.render.words import points

__all__ = ["METRICS", "board_svg", "state_caption"]

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


def _el(parent: ET.Element, tag: str, text: str | None = None, /, **attrs: object) -> ET.Element:
    """A child element; attribute names use `_` for `-` (font_size -> font-size)."""
    node = ET.SubElement(
        parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
    )
    if text is not None:
        node.text = text
    return node


def _tooltip(parent: ET.Element, text: str) -> None:
    """A `<title>` as the element's first child, where browsers look for a tooltip."""
    node = ET.Element("title")
    node.text = text
    parent.insert(0, node)


def _cell_box(parent: ET.Element, box: Box, ident: str, cls: str, **style: object) -> ET.Element:
    """A group for one cell of the board with its rounded box."""
    group = _el(parent, "g", id=ident, class_=cls)
    _el(group, "rect", x=box.x, y=box.y, width=box.w, height=box.h, rx=6, **style)
    return group


# ----- text that fits its box ---------------------------------------------------------


def _multiline(
    parent: ET.Element, fitted: Fitted, x: float, y: float, **attrs: object
) -> ET.Element:
    """Centred lines of text around (x, y)."""
    size = fitted.size
    text = _el(parent, "text", x=x, y=y, font_size=f"{size:g}", text_anchor="middle", **attrs)
    # the baseline of the first line, so the block's middle sits on y
    first = y - (len(fitted.lines) - 1) * size * 0.6 + size * 0.35
    for i, line in enumerate(fitted.lines):
        _el(text, "tspan", line, x=x, y=f"{first + i * size * 1.2:.1f}")
    return text


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


def _sleepers(group: ET.Element, x: float, y: float, w: float, h: float, east_west: bool) -> None:
    colour = COLOURS["rail"]
    if east_west:
        mid = y + h / 2
        for pos in range(int(x) + 4, int(x + w), 10):  # sleepers across the track
            _el(
                group, "line", x1=pos, y1=mid - 8, x2=pos, y2=mid + 8, stroke=colour, stroke_width=3
            )
        for rail in (mid - 5, mid + 5):
            _el(group, "line", x1=x, y1=rail, x2=x + w, y2=rail, stroke=colour, stroke_width=2)
    else:
        mid = x + w / 2
        for pos in range(int(y) + 4, int(y + h), 10):
            _el(
                group, "line", x1=mid - 8, y1=pos, x2=mid + 8, y2=pos, stroke=colour, stroke_width=3
            )
        for rail in (mid - 5, mid + 5):
            _el(group, "line", x1=rail, y1=y, x2=rail, y2=y + h, stroke=colour, stroke_width=2)


def _draw_railway(parent: ET.Element, place: LinePlace) -> None:
    group = _el(parent, "g", id="railway", class_="railway")
    _el(group, "title", place.line.name)
    b = place.box
    _sleepers(group, b.x, b.y, b.w, b.h, place.east_west)


# ----- spaces, frames and landmark fields ---------------------------------------------


@record
class _Claims:
    """The STOP claims by where they are drawn: a removable marker (building, space) with
    its sentence; a space with the building determined to stand on it and the sentence."""

    markers: dict[tuple[str, str], str]
    spaces: dict[str, tuple[str, str]]

    @classmethod
    def of(cls, report: StopReport | None, board: Board) -> _Claims:
        if report is None:
            return cls({}, {})
        spaces: dict[str, tuple[str, str]] = {}
        for built in report.determined:
            name = board.building_name(built.building)
            sentence = f"STOP claim: the {name} stands here. {built.reason}".strip()
            spaces[built.space] = (built.building, sentence)
        return cls(
            {(r.building, r.space): f"STOP claim: {r.explanation}" for r in report.removable},
            spaces,
        )


def _fill(cell: CellPlace) -> tuple[str, str]:
    if cell.highlight and cell.mine:
        return COLOURS["both"], COLOURS["both_stroke"]
    if cell.highlight:
        return COLOURS["highlight"], COLOURS["highlight_stroke"]
    if cell.mine:
        return COLOURS["my"], COLOURS["my_stroke"]
    return COLOURS["space"], COLOURS["stroke"]


def _door_line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float) -> None:
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
        _door_line(parent, *ends[side])


def _disc(parent: ET.Element, cx: float, cy: float, colour: str, badge: str) -> None:
    _el(parent, "circle", cx=cx, cy=cy, r=8, fill=colour, stroke="#ffffff", stroke_width=1)
    size = 8 if len(badge) <= 2 else 6
    _el(
        parent,
        "text",
        badge,
        x=cx,
        y=cy + 3,
        font_size=size,
        text_anchor="middle",
        fill="#ffffff",
        font_weight="bold",
        class_="badge",
    )


def _ring(parent: ET.Element, cx: float, cy: float) -> None:
    _el(
        parent,
        "circle",
        cx=cx,
        cy=cy,
        r=11,
        fill="none",
        stroke=COLOURS["claim"],
        stroke_width=3,
        class_="claim-ring",
    )


def _draw_markers(
    parent: ET.Element, board: Board, cell: CellPlace, badge: dict[str, str], claims: _Claims
) -> None:
    x, y, w, h = cell.box.x, cell.box.y, cell.box.w, cell.box.h
    order = list(board.buildings)
    top = y + 24  # below the space's name
    row_h = (h - 28) / max(3, len(cell.holders))  # P5: three markers a space, as a rule
    for i, b in enumerate(cell.holders):
        name = board.building_name(b)
        cy = top + row_h * (i + 0.5)
        claim = claims.markers.get((b, cell.id))
        disc = _el(parent, "g", class_="marker claim" if claim else "marker", data_building=b)
        _el(disc, "title", f"marker: {name}" + (f"\n{claim}" if claim else ""))
        _disc(disc, x + 16, cy, PALETTE[order.index(b) % len(PALETTE)], badge[b])
        if claim:
            _ring(disc, x + 16, cy)
        # the building a STOP claim says stands here: its name in the claim's colour
        determined = claims.spaces.get(cell.id, ("", ""))[0] == b
        fitted = fit_text(name, w - 32, row_h, 10, 5, bold=determined)
        style: dict[str, object] = (
            {"fill": COLOURS["claim"], "font_weight": "bold", "class_": "name determined"}
            if determined
            else {"class_": "name"}
        )
        text = _el(disc, "text", x=x + 28, y=cy, font_size=f"{fitted.size:g}", **style)
        first = cy - (len(fitted.lines) - 1) * fitted.size * 0.6 + fitted.size * 0.35
        for j, line in enumerate(fitted.lines):
            _el(text, "tspan", line, x=x + 28, y=f"{first + j * fitted.size * 1.2:.1f}")
    if cell.holders:
        _el(
            parent,
            "text",
            f"{len(cell.holders)}",
            x=x + w - 8,
            y=y + 16,
            font_size=12,
            font_weight="bold",
            text_anchor="end",
            fill=COLOURS["my_stroke"],
            class_="marker-count",
        )


def _draw_space(
    parent: ET.Element, board: Board, cell: CellPlace, badge: dict[str, str], claims: _Claims
) -> None:
    fill, stroke = _fill(cell)
    claim = claims.spaces[cell.id][1] if cell.id in claims.spaces else None
    group = _cell_box(
        parent,
        cell.box,
        f"space-{cell.id}",
        "space claim" if claim else "space",
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
        name = board.building_name(cell.building)
        fitted = fit_text(name, w - 20, h - 36, 12, 6, bold=True)
        _multiline(
            group,
            fitted,
            x + w / 2,
            y + 22 + (h - 30) / 2,
            fill=COLOURS["placed_text"],
            font_weight="bold",
        )
    else:
        _draw_markers(group, board, cell, badge, claims)
    # the name at the top left; the count (up to two digits) keeps the top right corner
    title = fit_text(cell.title, w / 2 - 12, 18, 13, 7, bold=True)
    _el(
        group,
        "text",
        " ".join(title.lines),
        x=x + 8,
        y=y + 16,
        font_size=f"{title.size:g}",
        font_weight="bold",
        class_="space-name",
    )
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
    if claim:
        _tooltip(group, claim)
        _el(
            group,
            "rect",
            x=x + 2,
            y=y + 2,
            width=w - 4,
            height=h - 4,
            rx=5,
            fill="none",
            stroke=COLOURS["claim"],
            stroke_width=5,
            class_="claim-ring",
        )


def _draw_frame(parent: ET.Element, board: Board, cell: CellPlace) -> None:
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
    title = fit_text(cell.title, w - 12, 14, 10, 6)
    _el(
        group,
        "text",
        " ".join(title.lines),
        x=x + w / 2,
        y=y + 16,
        font_size=f"{title.size:g}",
        text_anchor="middle",
        fill=COLOURS["landmark_stroke"],
    )
    name = board.landmarks.get(landmark, landmark) if landmark else "frame field"
    fitted = fit_text(name, w - 16, h - 34, 12, 6, bold=bool(landmark))
    _multiline(
        group,
        fitted,
        x + w / 2,
        y + 24 + (h - 28) / 2,
        font_weight="bold" if landmark else "normal",
    )


def _draw_field(parent: ET.Element, board: Board, cell: CellPlace) -> None:
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
    fitted = fit_text(board.fields[cell.id].name, b.w - 16, b.h - 16, 12, 6, bold=True)
    _multiline(group, fitted, b.x + b.w / 2, b.y + b.h / 2, font_weight="bold")


# ----- the caption and the legend -----------------------------------------------------


def state_caption(state: GameState, turn: int | None = None, over: bool = False) -> list[str]:
    """What a state tells about the game beside the board: who is to play (or that the game
    is over, which only the game flow knows: `over`), the turn when the caller knows it,
    the locomotive (Gads Hill) and the scores."""
    who = "the game is over" if over else (f"{state.active} to play" if state.active else "")
    parts = [f"turn {turn}"] if turn is not None else []
    parts += [who] if who else []
    if state.board.frames:
        parts.append(f"locomotive {state.locomotive}/{state.options.end_at}")
    first = " · ".join(parts)
    lines = [first] if first else []
    if state.players:
        lines.append("scores: " + ", ".join(f"{p.name} {p.points}" for p in state.players))
    return lines


@record
class _Entry:
    """One legend entry: the kind of mark (`data-mark`) and the words for it."""

    mark: str
    words: str

    @property
    def width(self) -> float:
        return 28 + len(self.words) * LEGEND_SIZE * CHAR_W + 22  # sample, words, space


def _entries(
    layout: BoardLayout, claims: StopReport | None, marked: bool, mine: bool, both: bool
) -> list[_Entry]:
    """An entry for each kind of mark the picture shows."""
    cells = [c for c in layout.cells if c.kind is CellKind.SPACE]
    entries = [_Entry("entrance", "the entrance side")]
    if any(c.holders for c in cells):
        entries += [
            _Entry("marker", "a building's marker (badge, name)"),
            _Entry("count", "markers on the space"),
        ]
    if any(c.building for c in cells):
        entries.append(_Entry("built", "a building built"))
    if layout.board.frames or layout.board.fields:
        entries.append(_Entry("landmark", "a landmark's field"))
    if claims:
        entries.append(_Entry("claim", f"a STOP claim ({points(claims.points)}, L4)"))
    if claims and claims.determined:
        entries.append(_Entry("claim-built", "the building a STOP claim says stands here"))
    if marked:
        entries.append(_Entry("map", "on the card's map"))
    if mine:
        entries.append(_Entry("mine", "on my building's map"))
    if both:
        entries.append(_Entry("both", "on both maps"))
    return entries


def _rows(entries: Sequence[_Entry], room: float) -> list[list[_Entry]]:
    rows: list[list[_Entry]] = [[]]
    used = 0.0
    for entry in entries:
        if rows[-1] and used + entry.width > room:
            rows.append([])
            used = 0.0
        rows[-1].append(entry)
        used += entry.width
    return rows


def _sample(group: ET.Element, mark: str, x: float, y: float) -> None:
    """A small copy of the mark, drawn as the board draws it, before its words."""
    cx, cy = x + 10, y - 4
    if mark == "entrance":
        _door_line(group, x, cy, x + 22, cy)
    elif mark == "marker":
        _disc(group, cx, cy, PALETTE[0], "Ab")
    elif mark == "count":
        _el(
            group,
            "text",
            "3",
            x=cx,
            y=y,
            font_size=12,
            font_weight="bold",
            text_anchor="middle",
            fill=COLOURS["my_stroke"],
        )
    elif mark == "claim":
        _disc(group, cx, cy, PALETTE[1], "Ab")
        _ring(group, cx, cy)
    elif mark == "claim-built":
        _el(
            group,
            "rect",
            x=x,
            y=cy - 9,
            width=22,
            height=18,
            rx=3,
            fill=COLOURS["space"],
            stroke=COLOURS["claim"],
            stroke_width=3,
        )
        _el(
            group,
            "text",
            "Ab",
            x=cx + 1,
            y=y,
            font_size=10,
            font_weight="bold",
            text_anchor="middle",
            fill=COLOURS["claim"],
        )
    else:
        fill, stroke, glyph = {
            "built": (COLOURS["placed"], COLOURS["placed"], ""),
            "landmark": (COLOURS["landmark"], COLOURS["landmark_stroke"], ""),
            "map": (COLOURS["highlight"], COLOURS["highlight_stroke"], "?"),
            "mine": (COLOURS["my"], COLOURS["my_stroke"], "◆"),
            "both": (COLOURS["both"], COLOURS["both_stroke"], "?◆"),
        }[mark]
        _el(group, "rect", x=x, y=cy - 9, width=22, height=18, rx=3, fill=fill, stroke=stroke)
        if glyph:
            _el(
                group,
                "text",
                glyph,
                x=cx + 1,
                y=y,
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
                fill=stroke,
            )


def _legend(parent: ET.Element, rows: Sequence[Sequence[_Entry]], top: float) -> None:
    for i, row in enumerate(rows):
        x, y = float(MARGIN), top + i * LEGEND_H + LEGEND_SIZE
        for entry in row:
            group = _el(parent, "g", class_="legend", data_mark=entry.mark)
            _sample(group, entry.mark, x, y)
            _el(
                group,
                "text",
                entry.words,
                x=x + 28,
                y=y,
                font_size=LEGEND_SIZE,
                fill=COLOURS["quiet"],
            )
            x += entry.width


def _indent(root: ET.Element) -> None:
    """Indent for people reading the file, but not inside text, where SVG would show it."""
    ET.indent(root)
    for text in root.iter("text"):
        if len(text):
            text.text = None
            for span in text:
                span.tail = None


def _wrapped(lines: Iterable[str], room: float, size: float) -> list[str]:
    chars = max(10, int(room / (size * CHAR_W)))
    return [part for line in lines for part in textwrap.wrap(line, chars) or [""]]


def board_svg(
    board: Board,
    state: GameState | None = None,
    highlight: Iterable[str] = (),
    my_highlight: Iterable[str] = (),
    title: str | None = None,
    claims: StopReport | None = None,
    caption: Sequence[str] | None = None,
) -> str:
    """The board as an SVG document (a string); see the module docstring for what it shows.

    `claims` are the STOP claims to draw (a ring on each removable marker, a frame around
    each space a building is determined to stand on, the sentence as a tooltip); `caption`
    the lines shown under the title, by default what the state says (`state_caption`).
    """
    marked, mine = frozenset(highlight), frozenset(my_highlight)
    probe = board_layout(board, METRICS)  # the board's size does not depend on the rest
    width = probe.width + 2 * MARGIN
    room = width - 2 * MARGIN
    heading = title or board.name
    head = fit_text(heading, room, TITLE_H - 6, 18, 9, bold=True)  # one line, or two smaller
    head_h = max(TITLE_H, len(head.lines) * head.size * 1.2 + 8)  # a huge word broken: more
    lines = list(caption) if caption is not None else (state_caption(state) if state else [])
    captions = _wrapped(lines, room, CAPTION_SIZE)
    top = int(MARGIN + head_h + len(captions) * CAPTION_H)
    layout = board_layout(board, replace(METRICS, top=top), state, marked, mine)
    rows = _rows(_entries(layout, claims, bool(marked), bool(mine), bool(marked & mine)), room)
    legend_top = top + layout.height + 14
    height = legend_top + len(rows) * LEGEND_H + MARGIN
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            # no pixel size: the page or the phone scales the picture to its width
            "width": "100%",
            "preserveAspectRatio": "xMidYMin meet",  # a tall screen: the picture at the top
            "viewBox": f"0 0 {width} {height}",
            "font-family": FONT,
        },
    )
    _el(root, "title", heading)
    _el(root, "rect", x=0, y=0, width=width, height=height, fill=COLOURS["paper"])
    text = _el(root, "text", x=MARGIN, y=MARGIN, font_size=f"{head.size:g}", font_weight="bold")
    text.set("class", "heading")
    for i, line in enumerate(head.lines):
        _el(text, "tspan", line, x=MARGIN, y=f"{MARGIN + head.size * (0.9 + 1.2 * i):.1f}")
    for i, line in enumerate(captions):
        y = MARGIN + head_h + i * CAPTION_H + CAPTION_SIZE - 6
        _el(root, "text", line, x=MARGIN, y=y, font_size=CAPTION_SIZE, class_="caption")
    streets = [place for place in layout.lines.values() if not place.line.railway]
    for place in streets:
        _draw_street(root, place)
    if board.railway is not None:
        _draw_railway(root, layout.lines[board.railway.id])
    for place in streets:
        _label_line(root, place)
    badge = badges(board)
    drawn = _Claims.of(claims, board)
    for cell in layout.cells:
        if cell.kind is CellKind.FRAME:
            _draw_frame(root, board, cell)
        elif cell.kind is CellKind.FIELD:
            _draw_field(root, board, cell)
        else:
            _draw_space(root, board, cell, badge, drawn)
    _legend(root, rows, legend_top)
    _indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=False) + "\n"
