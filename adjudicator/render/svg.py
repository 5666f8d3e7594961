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

Here the picture is put together; its parts are `svg_style.py` (sizes, colours, the
element helpers), `svg_board.py` (streets, railway, spaces, frames, fields) and
`svg_legend.py`.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import replace

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.ruling import StopReport
from adjudicator.render.layout import CellKind, board_layout
from adjudicator.render.svg_board import (
    Claims,
    draw_field,
    draw_frame,
    draw_railway,
    draw_space,
    draw_street,
    label_line,
)
from adjudicator.render.svg_legend import legend, legend_entries, legend_rows
from adjudicator.render.svg_style import (
    CAPTION_H,
    CAPTION_SIZE,
    COLOURS,
    FONT,
    LEGEND_H,
    MARGIN,
    METRICS,
    TITLE_H,
    el,
)
from adjudicator.render.svg_text import CHAR_W, badges, fit_text

__all__ = ["COLOURS", "FONT", "MARGIN", "METRICS", "board_svg", "state_caption"]

# ----- the caption ------------------------------------------------------------------------


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
    rows = legend_rows(
        legend_entries(layout, claims, bool(marked), bool(mine), bool(marked & mine)), room
    )
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
    el(root, "title", heading)
    el(root, "rect", x=0, y=0, width=width, height=height, fill=COLOURS["paper"])
    text = el(root, "text", x=MARGIN, y=MARGIN, font_size=f"{head.size:g}", font_weight="bold")
    text.set("class", "heading")
    for i, line in enumerate(head.lines):
        el(text, "tspan", line, x=MARGIN, y=f"{MARGIN + head.size * (0.9 + 1.2 * i):.1f}")
    for i, line in enumerate(captions):
        y = MARGIN + head_h + i * CAPTION_H + CAPTION_SIZE - 6
        el(root, "text", line, x=MARGIN, y=y, font_size=CAPTION_SIZE, class_="caption")
    streets = [place for place in layout.lines.values() if not place.line.railway]
    for place in streets:
        draw_street(root, place)
    if board.railway is not None:
        draw_railway(root, layout.lines[board.railway.id])
    for place in streets:
        label_line(root, place)
    badge = badges(board)
    drawn = Claims.of(claims, board)
    for cell in layout.cells:
        if cell.kind is CellKind.FRAME:
            draw_frame(root, board, cell)
        elif cell.kind is CellKind.FIELD:
            draw_field(root, board, cell)
        else:
            draw_space(root, board, cell, badge, drawn)
    legend(root, rows, legend_top)
    _indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=False) + "\n"
