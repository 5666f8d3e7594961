"""The board itself in the SVG picture: the streets and the railway, the building spaces
with their buildings, markers and STOP claims, the frames and the landmark fields."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.rules.ruling import StopReport
from adjudicator.render.layout import Box, CellPlace, LinePlace
from adjudicator.render.svg_style import COLOURS, GAP, PALETTE, cell_box, el, multiline, tooltip
from adjudicator.render.svg_text import fit_text

__all__ = [
    "Claims",
    "claim_ring",
    "door_line",
    "draw_field",
    "draw_frame",
    "draw_railway",
    "draw_space",
    "draw_street",
    "label_line",
    "marker_disc",
]


# ----- streets and the railway --------------------------------------------------------


def draw_street(parent: ET.Element, place: LinePlace) -> None:
    b = place.box
    group = el(parent, "g", id=f"street-{place.line.id}", class_="street")
    el(group, "title", place.line.name)
    el(group, "rect", x=b.x, y=b.y, width=b.w, height=b.h, fill=COLOURS["street"])


def label_line(parent: ET.Element, place: LinePlace) -> None:
    """The line's name in the middle of a free stretch between the lines crossing it."""
    line, box = place.line, place.box
    need = len(line.name) * 7 + 12  # about 7 px a character at 12 px
    a, b = place.label_stretch(need) or place.along
    attrs = {"font_size": 12, "text_anchor": "middle", "font_style": "italic"}
    fill = COLOURS["rail"] if line.railway else COLOURS["street_text"]
    if place.east_west:
        x, y = (a + b) / 2, box.y + GAP / 2 + 4
        el(parent, "text", line.name, x=x, y=y, fill=fill, class_="street-name", **attrs)
        return
    cx, cy = box.x + GAP / 2 + 4, (a + b) / 2
    el(
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
            el(group, "line", x1=pos, y1=mid - 8, x2=pos, y2=mid + 8, stroke=colour, stroke_width=3)
        for rail in (mid - 5, mid + 5):
            el(group, "line", x1=x, y1=rail, x2=x + w, y2=rail, stroke=colour, stroke_width=2)
    else:
        mid = x + w / 2
        for pos in range(int(y) + 4, int(y + h), 10):
            el(group, "line", x1=mid - 8, y1=pos, x2=mid + 8, y2=pos, stroke=colour, stroke_width=3)
        for rail in (mid - 5, mid + 5):
            el(group, "line", x1=rail, y1=y, x2=rail, y2=y + h, stroke=colour, stroke_width=2)


def draw_railway(parent: ET.Element, place: LinePlace) -> None:
    group = el(parent, "g", id="railway", class_="railway")
    el(group, "title", place.line.name)
    b = place.box
    _sleepers(group, b.x, b.y, b.w, b.h, place.east_west)


# ----- spaces, frames and landmark fields ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Claims:
    """The STOP claims by where they are drawn: a removable marker (building, space) with
    its sentence; a space with the building determined to stand on it and the sentence."""

    markers: dict[tuple[str, str], str]
    spaces: dict[str, tuple[str, str]]

    @classmethod
    def of(cls, report: StopReport | None, board: Board) -> Claims:
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


def door_line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float) -> None:
    el(
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
        door_line(parent, *ends[side])


def marker_disc(parent: ET.Element, cx: float, cy: float, colour: str, badge: str) -> None:
    el(parent, "circle", cx=cx, cy=cy, r=8, fill=colour, stroke="#ffffff", stroke_width=1)
    size = 8 if len(badge) <= 2 else 6
    el(
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


def claim_ring(parent: ET.Element, cx: float, cy: float) -> None:
    el(
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
    parent: ET.Element, board: Board, cell: CellPlace, badge: dict[str, str], claims: Claims
) -> None:
    x, y, w, h = cell.box.x, cell.box.y, cell.box.w, cell.box.h
    order = list(board.buildings)
    top = y + 24  # below the space's name
    row_h = (h - 28) / max(3, len(cell.holders))  # P5: three markers a space, as a rule
    for i, b in enumerate(cell.holders):
        name = board.building_name(b)
        cy = top + row_h * (i + 0.5)
        claim = claims.markers.get((b, cell.id))
        disc = el(parent, "g", class_="marker claim" if claim else "marker", data_building=b)
        el(disc, "title", f"marker: {name}" + (f"\n{claim}" if claim else ""))
        marker_disc(disc, x + 16, cy, PALETTE[order.index(b) % len(PALETTE)], badge[b])
        if claim:
            claim_ring(disc, x + 16, cy)
        # the building a STOP claim says stands here: its name in the claim's colour
        determined = claims.spaces.get(cell.id, ("", ""))[0] == b
        fitted = fit_text(name, w - 32, row_h, 10, 5, bold=determined)
        style: dict[str, object] = (
            {"fill": COLOURS["claim"], "font_weight": "bold", "class_": "name determined"}
            if determined
            else {"class_": "name"}
        )
        text = el(disc, "text", x=x + 28, y=cy, font_size=f"{fitted.size:g}", **style)
        first = cy - (len(fitted.lines) - 1) * fitted.size * 0.6 + fitted.size * 0.35
        for j, line in enumerate(fitted.lines):
            el(text, "tspan", line, x=x + 28, y=f"{first + j * fitted.size * 1.2:.1f}")
    if cell.holders:
        el(
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


def draw_space(
    parent: ET.Element, board: Board, cell: CellPlace, badge: dict[str, str], claims: Claims
) -> None:
    fill, stroke = _fill(cell)
    claim = claims.spaces[cell.id][1] if cell.id in claims.spaces else None
    group = cell_box(
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
        el(
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
        multiline(
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
    el(
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
        el(
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
        tooltip(group, claim)
        el(
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


def draw_frame(parent: ET.Element, board: Board, cell: CellPlace) -> None:
    landmark = cell.landmark
    group = cell_box(
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
    el(
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
    multiline(
        group,
        fitted,
        x + w / 2,
        y + 24 + (h - 28) / 2,
        font_weight="bold" if landmark else "normal",
    )


def draw_field(parent: ET.Element, board: Board, cell: CellPlace) -> None:
    group = cell_box(
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
    multiline(group, fitted, b.x + b.w / 2, b.y + b.h / 2, font_weight="bold")
