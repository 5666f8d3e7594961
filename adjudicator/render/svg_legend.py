"""The legend under the board picture: an entry for every kind of mark drawn, each with
a small copy of the mark as the board draws it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.deduction.rules.ruling import StopReport
from adjudicator.render.layout import BoardLayout, CellKind
from adjudicator.render.svg_board import claim_ring, door_line, marker_disc
from adjudicator.render.svg_style import COLOURS, LEGEND_H, LEGEND_SIZE, MARGIN, PALETTE, el
from adjudicator.render.svg_text import CHAR_W
from adjudicator.render.words import points

__all__ = ["Entry", "legend", "legend_entries", "legend_rows"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One legend entry: the kind of mark (`data-mark`) and the words for it."""

    mark: str
    words: str

    @property
    def width(self) -> float:
        return 28 + len(self.words) * LEGEND_SIZE * CHAR_W + 22  # sample, words, space


def legend_entries(
    layout: BoardLayout, claims: StopReport | None, marked: bool, mine: bool, both: bool
) -> list[Entry]:
    """An entry for each kind of mark the picture shows."""
    cells = [c for c in layout.cells if c.kind is CellKind.SPACE]
    entries = [Entry("entrance", "the entrance side")]
    if any(c.holders for c in cells):
        entries += [
            Entry("marker", "a building's marker (badge, name)"),
            Entry("count", "markers on the space"),
        ]
    if any(c.building for c in cells):
        entries.append(Entry("built", "a building built"))
    if layout.board.frames or layout.board.fields:
        entries.append(Entry("landmark", "a landmark's field"))
    if claims:
        entries.append(Entry("claim", f"a STOP claim ({points(claims.points)}, L4)"))
    if claims and claims.determined:
        entries.append(Entry("claim-built", "the building a STOP claim says stands here"))
    if marked:
        entries.append(Entry("map", "on the card's map"))
    if mine:
        entries.append(Entry("mine", "on my building's map"))
    if both:
        entries.append(Entry("both", "on both maps"))
    return entries


def legend_rows(entries: Sequence[Entry], room: float) -> list[list[Entry]]:
    rows: list[list[Entry]] = [[]]
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
        door_line(group, x, cy, x + 22, cy)
    elif mark == "marker":
        marker_disc(group, cx, cy, PALETTE[0], "Ab")
    elif mark == "count":
        el(
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
        marker_disc(group, cx, cy, PALETTE[1], "Ab")
        claim_ring(group, cx, cy)
    elif mark == "claim-built":
        el(
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
        el(
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
        el(group, "rect", x=x, y=cy - 9, width=22, height=18, rx=3, fill=fill, stroke=stroke)
        if glyph:
            el(
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


def legend(parent: ET.Element, rows: Sequence[Sequence[Entry]], top: float) -> None:
    for i, row in enumerate(rows):
        x, y = float(MARGIN), top + i * LEGEND_H + LEGEND_SIZE
        for entry in row:
            group = el(parent, "g", class_="legend", data_mark=entry.mark)
            _sample(group, entry.mark, x, y)
            el(
                group,
                "text",
                entry.words,
                x=x + 28,
                y=y,
                font_size=LEGEND_SIZE,
                fill=COLOURS["quiet"],
            )
            x += entry.width
