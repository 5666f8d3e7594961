"""Where everything on a picture of a board goes, computed once for both painters.

The board is drawn as a grid: one box per cell, and a gap between neighbouring rows
and columns, where the streets and the railway run. `terminal.py` measures in
characters and `svg.py` in pixels: each gives its `Metrics`, gets a `BoardLayout`
(plain data: boxes, entrance sides, lines and their crossings, the names inside the
boxes already wrapped) and only paints it.

>>> from adjudicator.deduction.files.editions import load_edition
>>> board = load_edition("old-town").board
>>> layout = board_layout(board, Metrics(cell_w=10, cell_h=6, gap=1))
>>> layout.cell("b1").box  # grid cell (1, 0): one box and one gap from the left
Box(x=11, y=0, w=10, h=6)
>>> layout.cell("b1").entrance
'south'
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.deduction.models.board import Board, Direction, Line
from adjudicator.deduction.models.state import GameState

__all__ = [
    "HIGHLIGHT_MARK",
    "MY_MARK",
    "BoardLayout",
    "Box",
    "CellKind",
    "CellPlace",
    "Crossing",
    "Extent",
    "Grid",
    "LinePlace",
    "Metrics",
    "board_layout",
    "extent",
    "name_key",
    "short_name",
    "wrap_name",
]

HIGHLIGHT_MARK, MY_MARK = "?", "◆"  # a space on the card's map; on my building's map


def short_name(name: str, width: int) -> str:
    """The name in at most `width` characters, abbreviated on purpose when it is longer (a
    key under the terminal board spells each abbreviation out, see `name_key`): the first
    word and the initials of the others (`Stage CO`, `frame-e`), else the name cut with a
    full stop (`Courtho.`). Never cut mid-word without saying so.

    >>> short_name("Stage Coach Office", 8), short_name("Courthouse", 8)
    ('Stage CO', 'Courtho.')
    """
    if len(name) <= width:
        return name
    if width <= 2:
        return name[:width]
    tokens = re.split(r"([ -])", name)
    words = tokens[0::2]
    if len(words) > 1 and words[0]:
        initials = "".join(w[:1] for w in words[1:])
        candidate = f"{words[0]}{tokens[1]}{initials}"
        if len(candidate) <= width:
            return candidate
    return name[: width - 1].rstrip(" -'") + "."


def name_key(names: Iterable[str], width: int, shown: str) -> dict[str, str]:
    """Each abbreviation `short_name` makes of `names` at `width` that appears in `shown`
    (the drawn text), with the name it stands for."""
    key: dict[str, str] = {}
    for name in dict.fromkeys(names):
        short = short_name(name, width)
        if short != name and short in shown:
            key[short] = f"{key[short]} or {name}" if short in key else name
    return key


def wrap_name(name: str, width: int, lines: int) -> tuple[str, ...]:
    """A name wrapped into at most `lines` lines of `width`, words kept whole; a word or
    the rest that does not fit is abbreviated (`short_name`), never split across lines.

    >>> wrap_name("Stage Coach Office", 8, 2)
    ('Stage', 'Coach O')
    >>> wrap_name("Courthouse", 8, 3)
    ('Courtho.',)
    """
    parts = textwrap.wrap(name, width, break_long_words=False, break_on_hyphens=False) or [""]
    if len(parts) > lines:
        parts = [*parts[: lines - 1], " ".join(parts[lines - 1 :])]
    return tuple(short_name(p, width) for p in parts)


# ----- sizes and boxes ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Metrics:
    """The sizes a painter draws with, in its own unit (characters or pixels)."""

    cell_w: int
    cell_h: int
    gap: int  # between neighbouring rows and columns: where a line runs
    left: int = 0  # where the board starts on the painter's canvas
    top: int = 0
    text_width: int = 12  # characters of a name on one line inside a box
    text_lines: int = 3  # lines for a building's or landmark's name below a box's title
    field_lines: int = 3  # lines for a landmark field's name (the field has no title)
    # between neighbours no line runs between: None, `gap` too; a phone's picture takes
    # less, so that its few lines keep room for their names
    narrow_gap: int | None = None


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on the canvas: its top-left corner, width and height."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    def meet(self, other: Box) -> Box | None:
        """Where two boxes overlap, or None."""
        x, y = max(self.x, other.x), max(self.y, other.y)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        if x >= right or y >= bottom:
            return None
        return Box(x, y, right - x, bottom - y)


@dataclass(frozen=True, slots=True)
class Extent:
    """The smallest x and y, and the count of columns and rows, that hold every cell and
    every line of a board."""

    x0: int
    y0: int
    ncols: int
    nrows: int


def extent(board: Board) -> Extent:
    xs = [s.x for s in board.spaces.values()] + [f.x for f in board.fields.values()]
    ys = [s.y for s in board.spaces.values()] + [f.y for f in board.fields.values()]
    for line in board.lines.values():
        (xs if line.runs == "north-south" else ys).extend(line.between)
    return Extent(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@dataclass(frozen=True, slots=True)
class Grid:
    """Where each cell of the board lands on the canvas."""

    extent: Extent
    metrics: Metrics
    # the columns and rows with a line in the gap after them (see `Metrics.narrow_gap`)
    line_cols: frozenset[int] = frozenset()
    line_rows: frozenset[int] = frozenset()

    def _gaps(self, start: int, stop: int, lines: frozenset[int]) -> int:
        """The gaps after grid positions `start` up to `stop` (not included), together."""
        m = self.metrics
        if m.narrow_gap is None:
            return (stop - start) * m.gap
        return sum(m.gap if i in lines else m.narrow_gap for i in range(start, stop))

    @property
    def width(self) -> int:
        """The board's width, without what lies left of it on the canvas."""
        e = self.extent
        return e.ncols * self.metrics.cell_w + self._gaps(e.x0, e.x0 + e.ncols - 1, self.line_cols)

    @property
    def height(self) -> int:
        e = self.extent
        return e.nrows * self.metrics.cell_h + self._gaps(e.y0, e.y0 + e.nrows - 1, self.line_rows)

    def col(self, x: int) -> int:
        """The canvas position of the left side of grid column `x`."""
        m, x0 = self.metrics, self.extent.x0
        return m.left + (x - x0) * m.cell_w + self._gaps(x0, x, self.line_cols)

    def row(self, y: int) -> int:
        m, y0 = self.metrics, self.extent.y0
        return m.top + (y - y0) * m.cell_h + self._gaps(y0, y, self.line_rows)

    def cell(self, x: int, y: int) -> Box:
        return Box(self.col(x), self.row(y), self.metrics.cell_w, self.metrics.cell_h)


# ----- streets and the railway --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LinePlace:
    """A street or the railway on the canvas: the gap it runs in, and where other lines
    cross it (stretches along it, in the canvas unit)."""

    line: Line
    box: Box
    cuts: tuple[tuple[int, int], ...] = ()  # sorted (start, stop) along the line

    @property
    def east_west(self) -> bool:
        return self.line.runs == "east-west"

    @property
    def along(self) -> tuple[int, int]:
        """Where the line starts and stops along its own direction."""
        b = self.box
        return (b.x, b.right) if self.east_west else (b.y, b.bottom)

    def at(self, pos: int) -> tuple[int, int]:
        """The canvas (x, y) of position `pos` along the line, on its first row or column."""
        return (pos, self.box.y) if self.east_west else (self.box.x, pos)

    def stretches(self) -> list[tuple[int, int]]:
        """The free stretches (start, stop) between the crossings, in order."""
        start, stop = self.along
        out, pos = [], start
        for a, b in self.cuts:
            if a > pos:
                out.append((pos, min(a, stop)))
            pos = max(pos, b)
        if pos < stop:
            out.append((pos, stop))
        return out

    def label_stretch(self, need: int) -> tuple[int, int] | None:
        """Where a label goes: the first free stretch at least `need` long, else the
        longest, so it never sits on a crossing when it can avoid it; None if there is
        no free stretch at all."""
        free = self.stretches()
        if not free:
            return None
        fitting = [s for s in free if s[1] - s[0] >= need]
        return fitting[0] if fitting else max(free, key=lambda s: s[1] - s[0])


@dataclass(frozen=True, slots=True)
class Crossing:
    """Where an east-west line and a north-south line cross."""

    east_west: Line
    north_south: Line
    box: Box


def _line_box(grid: Grid, line: Line) -> Box:
    """The rectangle of the gap a line runs in, over the cells its span covers."""
    m = grid.metrics
    lo, hi = line.span if line.span is not None else (None, None)
    if line.runs == "east-west":
        y = grid.row(line.between[0]) + m.cell_h
        x1 = m.left if lo is None else grid.col(lo)
        x2 = m.left + grid.width if hi is None else grid.col(hi) + m.cell_w
        return Box(x1, y, x2 - x1, m.gap)
    x = grid.col(line.between[0]) + m.cell_w
    y1 = m.top if lo is None else grid.row(lo)
    y2 = m.top + grid.height if hi is None else grid.row(hi) + m.cell_h
    return Box(x, y1, m.gap, y2 - y1)


def _lines(board: Board, grid: Grid) -> tuple[dict[str, LinePlace], tuple[Crossing, ...]]:
    boxes = {lid: _line_box(grid, line) for lid, line in board.lines.items()}
    crossings: list[Crossing] = []
    cuts: dict[str, list[tuple[int, int]]] = {lid: [] for lid in board.lines}
    for h in (ln for ln in board.lines.values() if ln.runs == "east-west"):
        for v in (ln for ln in board.lines.values() if ln.runs == "north-south"):
            meet = boxes[h.id].meet(boxes[v.id])
            if meet is None:
                continue
            crossings.append(Crossing(h, v, meet))
            cuts[h.id].append((meet.x, meet.right))
            cuts[v.id].append((meet.y, meet.bottom))
    places = {
        lid: LinePlace(line, boxes[lid], tuple(sorted(cuts[lid])))
        for lid, line in board.lines.items()
    }
    return places, tuple(crossings)


# ----- cells --------------------------------------------------------------------------------


class CellKind(StrEnum):
    SPACE = "space"  # a building space
    FRAME = "frame"  # a frame field, where a landmark is set up (Gads Hill)
    FIELD = "field"  # a landmark's own field (Old Town)


@dataclass(frozen=True, slots=True)
class CellPlace:
    """One box of the picture and what stands in it."""

    id: str
    kind: CellKind
    box: Box
    title: str = ""  # a space's name, a frame's id; a field has none
    entrance: Direction | None = None  # the side a space's entrance opens onto
    highlight: bool = False  # on the card's map
    mine: bool = False  # on my building's map
    building: str | None = None  # the building standing on a space
    holders: tuple[str, ...] = ()  # buildings with a marker on the space, in board order
    landmark: str | None = None  # the landmark set up on a frame field
    lines: tuple[str, ...] = ()  # the name inside (building, landmark, field), wrapped

    @property
    def flags(self) -> str:
        """The marks after a space's name: on the card's map, on my building's map."""
        return (HIGHLIGHT_MARK if self.highlight else "") + (MY_MARK if self.mine else "")


def _space(
    board: Board,
    grid: Grid,
    space_id: str,
    state: GameState | None,
    highlight: frozenset[str],
    mine: frozenset[str],
) -> CellPlace:
    space = board.spaces[space_id]
    m = grid.metrics
    box = grid.cell(space.x, space.y)
    if space.frame:
        landmark = state.landmarks.get(space_id) if state is not None else None
        name = board.landmarks.get(landmark, landmark) if landmark is not None else None
        return CellPlace(
            space_id,
            CellKind.FRAME,
            box,
            title=space_id,
            landmark=landmark,
            lines=wrap_name(name, m.text_width, m.text_lines) if name is not None else (),
        )
    entrance = board.lines[space.street].borders(space.x, space.y) if space.street else None
    building = state.occupant.get(space_id) if state is not None else None
    holders: tuple[str, ...] = ()
    if state is not None:
        holders = tuple(b for b in board.buildings if space_id in state.markers.get(b, ()))
    lines: tuple[str, ...] = ()
    if building is not None:
        lines = wrap_name(board.building_name(building), m.text_width, m.text_lines)
    return CellPlace(
        space_id,
        CellKind.SPACE,
        box,
        title=board.space_name(space_id),
        entrance=entrance,
        highlight=space_id in highlight,
        mine=space_id in mine,
        building=building,
        holders=holders,
        lines=lines,
    )


# ----- the board ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """A board (and a state on it) placed on a painter's canvas."""

    board: Board
    grid: Grid
    cells: tuple[CellPlace, ...]  # spaces and frames in board order, then landmark fields
    lines: dict[str, LinePlace]  # in board order
    crossings: tuple[Crossing, ...]

    def cell(self, ident: str) -> CellPlace:
        """The box of a space, frame or landmark field."""
        return next(c for c in self.cells if c.id == ident)

    @property
    def extent(self) -> Extent:
        return self.grid.extent

    @property
    def width(self) -> int:
        """The board's width on the canvas (the painter adds its margins)."""
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height


def board_layout(
    board: Board,
    metrics: Metrics,
    state: GameState | None = None,
    highlight: Iterable[str] = (),
    my_highlight: Iterable[str] = (),
) -> BoardLayout:
    """Every box, line and crossing of the board, and what stands in each box."""
    ns = [ln.between[0] for ln in board.lines.values() if ln.runs == "north-south"]
    ew = [ln.between[0] for ln in board.lines.values() if ln.runs == "east-west"]
    grid = Grid(extent(board), metrics, frozenset(ns), frozenset(ew))
    marked, mine = frozenset(highlight), frozenset(my_highlight)
    cells = [_space(board, grid, sid, state, marked, mine) for sid in board.spaces]
    cells += [
        CellPlace(
            fid,
            CellKind.FIELD,
            grid.cell(f.x, f.y),
            lines=wrap_name(f.name, metrics.text_width, metrics.field_lines),
        )
        for fid, f in board.fields.items()
    ]
    lines, crossings = _lines(board, grid)
    return BoardLayout(board, grid, tuple(cells), lines, crossings)
