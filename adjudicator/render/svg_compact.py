"""The board as the browser companion draws it: laid out for a phone's width (about 376
CSS px), where every text is at least 12 px and every space at least 44 px across, and
scaled up, never down, on a bigger screen. `svg.py` draws the full picture for the
command line and for download; this one is for the page.

To fit, a building is named on its space only where its name fits at 12 px, and
otherwise, like every marker, by its badge (`badges`): a key under the board spells each
badge drawn out. The gaps where no street runs are narrow, so the streets keep room for
their names. The page's text for each space is its `<title>` ("B2 on Main St: markers of
the Hotel, the Bank"), each space a focusable button, so a screen reader or a keyboard
reaches what a finger does.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.ruling import StopReport
from adjudicator.render.layout import BoardLayout, CellKind, CellPlace, Metrics, board_layout
from adjudicator.render.svg_board import Claims, door_line
from adjudicator.render.svg_style import COLOURS, FONT, PALETTE, el
from adjudicator.render.svg_text import BOLD_W, CHAR_W, badges, unique_badges

__all__ = ["WIDTH", "compact_svg", "space_words"]

WIDTH = 376  # the picture's width: a 390 px phone's, less the page's margins
SIZE = 12  # every text, CSS px on that phone
LINE_GAP, NARROW, MARGIN = 16, 4, 3  # where a line runs; between neighbours; around
TOP_ROW = 17  # a space's name
PILL_W, PILL_H = 22, 15  # a badge
KEY_H = 19


def _metrics(board: Board) -> tuple[Metrics, int]:
    """The cells as wide as the phone allows, tall enough for three markers (P5)."""
    probe = board_layout(board, Metrics(cell_w=0, cell_h=0, gap=LINE_GAP, narrow_gap=NARROW))
    cols = probe.extent.ncols
    cell_w = (WIDTH - 2 * MARGIN - probe.width) // cols
    per_row = max(1, (cell_w - 6) // PILL_W)
    cell_h = TOP_ROW + math.ceil(3 / per_row) * (PILL_H + 1) + 4
    metrics = Metrics(cell_w, cell_h, LINE_GAP, MARGIN, MARGIN, narrow_gap=NARROW)
    return metrics, per_row


def _fits(name: str, width: float, lines: int, bold: bool = False) -> tuple[str, ...] | None:
    """`name` in at most `lines` lines no wider than `width` at 12 px, words whole."""
    per = SIZE * (BOLD_W if bold else CHAR_W)
    out: list[str] = []
    for word in name.split():
        if len(word) * per > width:
            return None
        if out and (len(out[-1]) + 1 + len(word)) * per <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    return tuple(out) if len(out) <= lines else None


def _text(parent: ET.Element, words: str | None, x: float, y: float, **attrs: object) -> ET.Element:
    return el(parent, "text", words, x=x, y=y, font_size=SIZE, **attrs)


def _pill(parent: ET.Element, x: float, y: float, colour: str, badge: str) -> None:
    el(parent, "rect", x=x, y=y, width=PILL_W - 2, height=PILL_H, rx=4, fill=colour)
    _text(
        parent,
        badge,
        x + PILL_W / 2 - 1,
        y + PILL_H - 3.5,
        text_anchor="middle",
        fill="#ffffff",
        font_weight="bold",
        class_="badge",
    )


def space_words(board: Board, cell: CellPlace, claims: Claims) -> str:
    """What stands or is marked on a space, in words: its text alternative."""
    space = board.spaces[cell.id]
    where = f"{cell.title} on {board.lines[space.street].name}" if space.street else cell.title
    if cell.building is not None:
        what = f"the {board.building_name(cell.building)} built"
    elif cell.holders:
        what = "markers of " + ", ".join(f"the {board.building_name(b)}" for b in cell.holders)
    else:
        what = "empty"
    extra = [claims.spaces[cell.id][1]] if cell.id in claims.spaces else []
    extra += [claims.markers[(b, cell.id)] for b in cell.holders if (b, cell.id) in claims.markers]
    return " ".join([f"{where}: {what}.", *extra])


class _Painter:
    def __init__(self, board: Board, layout: BoardLayout, per_row: int, claims: Claims) -> None:
        self.board, self.layout, self.per_row, self.claims = board, layout, per_row, claims
        self.badge = badges(board)
        order = list(board.buildings)
        self.colour = {b: PALETTE[order.index(b) % len(PALETTE)] for b in order}
        places = list(board.landmarks) + list(board.fields)
        names = [board.landmarks.get(p) or board.fields[p].name for p in places]
        self.place_badge = dict(zip(places, unique_badges(names), strict=True))
        self.place_name = dict(zip(places, names, strict=True))
        self.keyed: dict[str, tuple[str, str, str]] = {}  # id -> badge, colour, name

    def _key(self, ident: str, badge: str, colour: str, name: str) -> None:
        self.keyed.setdefault(ident, (badge, colour, name))

    def space(self, root: ET.Element, cell: CellPlace) -> None:
        b = cell.box
        claim = cell.id in self.claims.spaces
        group = el(
            root,
            "g",
            id=f"space-{cell.id}",
            class_="space claim" if claim else "space",
            role="button",
            tabindex=0,
            data_space=cell.id,
        )
        el(group, "title", space_words(self.board, cell, self.claims))
        fill, stroke = (
            (COLOURS["highlight"], COLOURS["highlight_stroke"])
            if cell.highlight
            else (COLOURS["space"], COLOURS["stroke"])
        )
        el(group, "rect", x=b.x, y=b.y, width=b.w, height=b.h, rx=5, fill=fill, stroke=stroke)
        self._door(group, cell)
        _text(group, cell.title, b.x + 4, b.y + 13, font_weight="bold", class_="space-name")
        if cell.flags:
            _text(
                group,
                cell.flags,
                b.right - 4,
                b.y + 13,
                text_anchor="end",
                font_weight="bold",
                fill=stroke,
                class_="highlight",
            )
        if cell.building is not None:
            self._built(group, cell)
        else:
            self._markers(group, cell)
        if claim:
            el(
                group,
                "rect",
                x=b.x + 1.5,
                y=b.y + 1.5,
                width=b.w - 3,
                height=b.h - 3,
                rx=5,
                fill="none",
                stroke=COLOURS["claim"],
                stroke_width=3,
                class_="claim-ring",
            )

    def _door(self, group: ET.Element, cell: CellPlace) -> None:
        b, half = cell.box, 10
        ends = {
            "north": (b.x + b.w / 2 - half, b.y, b.x + b.w / 2 + half, b.y),
            "south": (b.x + b.w / 2 - half, b.bottom, b.x + b.w / 2 + half, b.bottom),
            "west": (b.x, b.y + b.h / 2 - half, b.x, b.y + b.h / 2 + half),
            "east": (b.right, b.y + b.h / 2 - half, b.right, b.y + b.h / 2 + half),
        }
        if cell.entrance in ends:
            door_line(group, *ends[cell.entrance])

    def _built(self, group: ET.Element, cell: CellPlace) -> None:
        b, building = cell.box, cell.building or ""
        x, y, w, h = b.x + 3, b.y + TOP_ROW + 1, b.w - 6, b.h - TOP_ROW - 4
        el(
            group,
            "rect",
            x=x,
            y=y,
            width=w,
            height=h,
            rx=4,
            fill=COLOURS["placed"],
            class_="building",
            data_building=building,
        )
        name = self.board.building_name(building)
        lines = _fits(name, w - 4, int(h // (SIZE * 1.2)))
        if lines is None:
            self._key(building, self.badge[building], COLOURS["placed"], name)
            lines = (self.badge[building],)
        first = y + h / 2 - (len(lines) - 1) * SIZE * 0.6 + SIZE * 0.35
        text = _text(
            group,
            None,
            x + w / 2,
            first,
            text_anchor="middle",
            fill=COLOURS["placed_text"],
            font_weight="bold",
        )
        for i, line in enumerate(lines):
            el(text, "tspan", line, x=x + w / 2, y=f"{first + i * SIZE * 1.2:.1f}")

    def _markers(self, group: ET.Element, cell: CellPlace) -> None:
        b = cell.box
        for i, building in enumerate(cell.holders):
            x = b.x + 3 + (i % self.per_row) * PILL_W
            y = b.y + TOP_ROW + (i // self.per_row) * (PILL_H + 1)
            claim = self.claims.markers.get((building, cell.id))
            disc = el(
                group, "g", class_="marker claim" if claim else "marker", data_building=building
            )
            name = self.board.building_name(building)
            _pill(disc, x, y, self.colour[building], self.badge[building])
            if claim:
                el(
                    disc,
                    "rect",
                    x=x - 1,
                    y=y - 1,
                    width=PILL_W,
                    height=PILL_H + 2,
                    rx=5,
                    fill="none",
                    stroke=COLOURS["claim"],
                    stroke_width=2.5,
                    class_="claim-ring",
                )
            self._key(building, self.badge[building], self.colour[building], name)

    def place(self, root: ET.Element, cell: CellPlace) -> None:
        """A frame field (Gads Hill) or a landmark's own field (Old Town)."""
        b = cell.box
        ident = cell.landmark if cell.kind is CellKind.FRAME else cell.id
        name = self.place_name.get(ident or "", "a frame field, empty")
        words = f"{cell.title}: {name}" if cell.kind is CellKind.FRAME else name
        prefix = "space" if cell.kind is CellKind.FRAME else "landmark"
        group = el(
            root,
            "g",
            id=f"{prefix}-{cell.id}",
            class_="frame" if prefix == "space" else "landmark",
            role="img",
        )
        el(group, "title", words)
        el(
            group,
            "rect",
            x=b.x,
            y=b.y,
            width=b.w,
            height=b.h,
            rx=5,
            fill=COLOURS["landmark"] if ident else COLOURS["frame"],
            stroke=COLOURS["landmark_stroke"],
            stroke_dasharray="5 3",
        )
        if not ident:
            return
        lines = _fits(name, b.w - 6, int((b.h - 6) // (SIZE * 1.2)), bold=True)
        if lines is None:
            badge = self.place_badge[ident]
            self._key(ident, badge, COLOURS["landmark_stroke"], name)
            lines = (badge,)
        first = b.y + b.h / 2 - (len(lines) - 1) * SIZE * 0.6 + SIZE * 0.35
        text = _text(
            group,
            None,
            b.x + b.w / 2,
            first,
            text_anchor="middle",
            font_weight="bold",
            fill="#3d5226",
        )
        for i, line in enumerate(lines):
            el(text, "tspan", line, x=b.x + b.w / 2, y=f"{first + i * SIZE * 1.2:.1f}")

    def lines(self, root: ET.Element) -> None:
        for place in self.layout.lines.values():
            box = place.box
            if place.line.railway:
                group = el(root, "g", id="railway", class_="railway")
                el(group, "title", place.line.name)
                self._track(group, box.x, box.y, box.w, box.h, place.east_west)
                continue
            group = el(root, "g", id=f"street-{place.line.id}", class_="street")
            el(group, "title", place.line.name)
            el(group, "rect", x=box.x, y=box.y, width=box.w, height=box.h, fill=COLOURS["street"])
        for place in self.layout.lines.values():
            if place.line.railway:
                continue
            name = place.line.name
            a, z = place.label_stretch(int(len(name) * SIZE * CHAR_W) + 8) or place.along
            if place.east_west:
                x, y = (a + z) / 2, place.box.y + LINE_GAP / 2 + 4.5
                rotate = {}
            else:
                x, y = place.box.x + LINE_GAP / 2 + 4.5, (a + z) / 2
                rotate = {"transform": f"rotate(-90 {x} {y})"}
            _text(
                root,
                name,
                x,
                y,
                text_anchor="middle",
                font_style="italic",
                fill=COLOURS["street_text"],
                class_="street-name",
                **rotate,
            )

    def _track(
        self, group: ET.Element, x: float, y: float, w: float, h: float, east_west: bool
    ) -> None:
        colour = COLOURS["rail"]
        if east_west:
            mid = y + h / 2
            for pos in range(int(x) + 3, int(x + w), 8):
                el(
                    group,
                    "line",
                    x1=pos,
                    y1=mid - 6,
                    x2=pos,
                    y2=mid + 6,
                    stroke=colour,
                    stroke_width=2,
                )
            for rail in (mid - 3.5, mid + 3.5):
                el(group, "line", x1=x, y1=rail, x2=x + w, y2=rail, stroke=colour, stroke_width=1.5)
        else:
            mid = x + w / 2
            for pos in range(int(y) + 3, int(y + h), 8):
                el(
                    group,
                    "line",
                    x1=mid - 6,
                    y1=pos,
                    x2=mid + 6,
                    y2=pos,
                    stroke=colour,
                    stroke_width=2,
                )
            for rail in (mid - 3.5, mid + 3.5):
                el(group, "line", x1=rail, y1=y, x2=rail, y2=y + h, stroke=colour, stroke_width=1.5)

    def key(self, root: ET.Element, top: float) -> float:
        """The badges drawn, spelt out, in as many rows as they need; returns the bottom."""
        if not self.keyed:
            return top
        group = el(root, "g", class_="key")
        x: float = MARGIN + 2
        y = top
        order = {b: i for i, b in enumerate([*self.board.buildings, *self.place_badge])}
        for ident in sorted(self.keyed, key=lambda k: order.get(k, 0)):
            badge, colour, name = self.keyed[ident]
            width = PILL_W + len(name) * SIZE * CHAR_W + 10
            if x + width > WIDTH - MARGIN and x > MARGIN + 2:
                x, y = MARGIN + 2, y + KEY_H
            # each entry placed by its own translate: a badge more reflows the key by
            # those alone (a live update carries the new places, not the entries)
            entry = el(group, "g", transform=f"translate({x:g} {y:g})")
            _pill(entry, 0, 0, colour, badge)
            _text(entry, name, PILL_W + 2, PILL_H - 3.5, fill="#2b2720")
            x += width
        return y + KEY_H


def compact_svg(
    board: Board,
    state: GameState | None = None,
    title: str | None = None,
    claims: StopReport | None = None,
    highlight: Iterable[str] = (),
) -> str:
    """The board for the page (see the module's docstring): `claims` ringed in the claim's
    colour, the spaces of `highlight` filled as on a card's map; `title` names the picture
    for a screen reader (the page shows its own heading)."""
    metrics, per_row = _metrics(board)
    layout = board_layout(board, metrics, state, highlight)
    painter = _Painter(board, layout, per_row, Claims.of(claims, board))
    width = layout.width + 2 * MARGIN
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": "100%",
            "preserveAspectRatio": "xMidYMin meet",
            "font-family": FONT,
            "role": "group",
            "class": "compact",
        },
    )
    el(root, "title", title or board.name)
    paper = el(root, "rect", x=0, y=0, width=width, fill=COLOURS["paper"])
    painter.lines(root)
    for cell in layout.cells:
        if cell.kind is CellKind.SPACE:
            painter.space(root, cell)
        else:
            painter.place(root, cell)
    height = painter.key(root, MARGIN + layout.height + 6) + MARGIN
    paper.set("height", str(height))
    root.set("viewBox", f"0 0 {width} {height}")
    return ET.tostring(root, encoding="unicode") + "\n"
