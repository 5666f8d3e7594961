"""Rich renderables for boards, cards and states. They only read the models and print nothing.

The board is drawn on a character canvas: one box per grid cell, and one
character of gap between neighbouring rows and columns, where the streets and
the railway run. A box's double side is the side its entrance opens onto.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from adjudicator.deduction.models.board import Board, Line
from adjudicator.deduction.models.cards import MY, Card, CardSet
from adjudicator.deduction.models.state import GameState

__all__ = [
    "BoardView",
    "board_view",
    "card_panel",
    "cards_table",
    "short_name",
    "spaces_table",
    "state_summary",
]

GAP = 1  # characters between neighbouring cells: where a street or the railway runs
CONTENT_ROWS = 4  # the id line, then three lines for a building name or markers
CELL_H = CONTENT_ROWS + 2
MIN_INNER, MAX_INNER = 6, 12

HIGHLIGHT_MARK, MY_MARK, MARKER_MARK = "?", "◆", "●"

STYLE = {
    "street": "grey50",
    "street_name": "bold grey82",
    "railway": "dark_orange3",
    "railway_name": "bold dark_orange3",
    "box": "grey62",
    "frame": "grey42",
    "field": "yellow",
    "landmark": "bold yellow",
    "id": "bold",
    "placed": "bold black on wheat1",
    "marker": "cyan",
    "count": "bold cyan",
    "highlight": "bold green",
    "my": "bold magenta",
    "both": "bold red",
}

# Box characters by (side drawn double?): the entrance side is double.
_H = {False: "─", True: "═"}
_V = {False: "│", True: "║"}
_CORNERS = {  # corner -> {(horizontal side double, vertical side double): char}
    "nw": {(False, False): "┌", (True, False): "╒", (False, True): "╓", (True, True): "╔"},
    "ne": {(False, False): "┐", (True, False): "╕", (False, True): "╖", (True, True): "╗"},
    "sw": {(False, False): "└", (True, False): "╘", (False, True): "╙", (True, True): "╚"},
    "se": {(False, False): "┘", (True, False): "╛", (False, True): "╜", (True, True): "╝"},
}


def _plain_box(h: str, v: str, corners: str) -> dict[str, str]:
    nw, ne, sw, se = corners
    return {"top": h, "bottom": h, "left": v, "right": v, "nw": nw, "ne": ne, "sw": sw, "se": se}


_FRAME_BOX = _plain_box("╌", "╎", "┌┐└┘")  # dashed: a frame field waits for its landmark
_FIELD_BOX = _plain_box("━", "┃", "┏┓┗┛")


def short_name(name: str, width: int) -> str:
    """The name cut to `width` characters, with an ellipsis when it had to be cut."""
    if len(name) <= width:
        return name
    return name[: max(width - 1, 0)] + "…"


def _wrapped(name: str, width: int, lines: int) -> list[str]:
    """A name wrapped into at most `lines` lines of `width`; the last one cut if need be."""
    parts = textwrap.wrap(name, width) or [""]
    if len(parts) > lines:
        parts = [*parts[: lines - 1], short_name(" ".join(parts[lines - 1 :]), width)]
    return [short_name(p, width) for p in parts]


# ----- geometry -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Grid:
    """Where each board cell lands on the character canvas."""

    x0: int
    y0: int
    ncols: int
    nrows: int
    inner: int  # characters inside a box

    @property
    def cell_w(self) -> int:
        return self.inner + 2

    @property
    def width(self) -> int:
        return self.ncols * self.cell_w + (self.ncols - 1) * GAP

    @property
    def height(self) -> int:
        return self.nrows * CELL_H + (self.nrows - 1) * GAP

    def col(self, x: int) -> int:
        return (x - self.x0) * (self.cell_w + GAP)

    def row(self, y: int) -> int:
        return (y - self.y0) * (CELL_H + GAP)


def _extent(board: Board) -> tuple[int, int, int, int]:
    """The smallest x, y and the count of columns and rows that hold every cell and line."""
    xs = [s.x for s in board.spaces.values()] + [f.x for f in board.fields.values()]
    ys = [s.y for s in board.spaces.values()] + [f.y for f in board.fields.values()]
    for line in board.lines.values():
        (xs if line.runs == "north-south" else ys).extend(line.between)
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def _grid(board: Board, inner: int) -> _Grid:
    x0, y0, ncols, nrows = _extent(board)
    return _Grid(x0, y0, ncols, nrows, inner)


def _inner_for(board: Board, max_width: int) -> int:
    """The widest box that lets the board fit `max_width`, within sensible bounds."""
    _, _, ncols, _ = _extent(board)
    inner = (max_width - GAP * (ncols - 1)) // ncols - 2
    return max(MIN_INNER, min(MAX_INNER, inner))


# ----- the canvas ---------------------------------------------------------------------


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, col: int, row: int, text: str, style: str = "") -> None:
        if not 0 <= row < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= col + i < self.width:
                self.chars[row][col + i] = ch
                self.styles[row][col + i] = style

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for r in range(self.height):
            if r:
                out.append("\n")
            run, style = "", self.styles[r][0]
            for ch, st in zip(self.chars[r], self.styles[r], strict=True):
                if st != style:
                    out.append(run, style or None)
                    run, style = "", st
                run += ch
            out.append(run.rstrip() if not style else run, style or None)
        return out


# ----- streets and the railway --------------------------------------------------------


def _line_track(grid: _Grid, line: Line) -> tuple[int, range]:
    """The canvas row (east-west) or column (north-south) of a line, and the span it covers."""
    lo, hi = line.span if line.span is not None else (None, None)
    if line.runs == "east-west":
        fixed = grid.row(line.between[0]) + CELL_H
        start = 0 if lo is None else grid.col(lo)
        stop = grid.width if hi is None else grid.col(hi) + grid.cell_w
    else:
        fixed = grid.col(line.between[0]) + grid.cell_w
        start = 0 if lo is None else grid.row(lo)
        stop = grid.height if hi is None else grid.row(hi) + CELL_H
    return fixed, range(start, stop)


def _label_positions(track: range, crossings: set[int], label: str) -> list[int]:
    """Where the characters of a line's label go: inside one stretch between crossings
    if one is long enough, else flowing past the crossings of the longest stretch onwards."""
    stretches: list[list[int]] = [[]]
    for pos in track:
        if pos in crossings:
            stretches.append([])
        else:
            stretches[-1].append(pos)
    fitting = [s for s in stretches if len(s) >= len(label) + 2]
    if fitting:
        start = fitting[0][0] + 1
        return list(range(start, start + len(label)))
    longest = max(stretches, key=len)
    free = [p for p in track if p not in crossings and p >= (longest[0] if longest else 0)]
    return free[: len(label)]


def _line_char(line: Line, pos: int) -> str:
    if not line.railway:
        return "─" if line.runs == "east-west" else "│"
    # Sleepers every other character, so the railway never reads as a street.
    if line.runs == "east-west":
        return "╪" if pos % 2 else "═"
    return "╫" if pos % 2 else "║"


def _at(line: Line, fixed: int, pos: int) -> tuple[int, int]:
    """The canvas (column, row) of position `pos` along a line drawn at `fixed`."""
    return (pos, fixed) if line.runs == "east-west" else (fixed, pos)


def _crossings(board: Board, tracks: dict[str, tuple[int, range]]) -> dict[tuple[int, int], str]:
    """Canvas cells where an east-west and a north-south line cross, with the glyph to draw."""
    out: dict[tuple[int, int], str] = {}
    for h in (ln for ln in board.lines.values() if ln.runs == "east-west"):
        for v in (ln for ln in board.lines.values() if ln.runs == "north-south"):
            (row, h_track), (col, v_track) = tracks[h.id], tracks[v.id]
            if col in h_track and row in v_track:
                out[(col, row)] = "╪" if h.railway else "╫" if v.railway else "┼"
    return out


def _draw_lines(canvas: _Canvas, board: Board, grid: _Grid) -> None:
    tracks = {lid: _line_track(grid, line) for lid, line in board.lines.items()}
    for lid, line in board.lines.items():
        fixed, track = tracks[lid]
        style = STYLE["railway" if line.railway else "street"]
        for pos in track:
            canvas.put(*_at(line, fixed, pos), _line_char(line, pos), style)
    crossings = _crossings(board, tracks)
    for (col, row), glyph in crossings.items():
        canvas.put(col, row, glyph, STYLE["railway" if glyph != "┼" else "street"])
    for lid, line in board.lines.items():
        fixed, track = tracks[lid]
        on_line = {pos for pos in track if _at(line, fixed, pos) in crossings}
        style = STYLE["railway_name" if line.railway else "street_name"]
        label = f" {line.name} " if line.runs == "east-west" else line.name
        for ch, pos in zip(label, _label_positions(track, on_line, label), strict=False):
            canvas.put(*_at(line, fixed, pos), ch, style)


# ----- cells --------------------------------------------------------------------------


def _box(canvas: _Canvas, col: int, row: int, w: int, c: dict[str, str], style: str) -> None:
    canvas.put(col, row, c["nw"] + c["top"] * (w - 2) + c["ne"], style)
    for r in range(row + 1, row + CELL_H - 1):
        canvas.put(col, r, c["left"], style)
        canvas.put(col + w - 1, r, c["right"], style)
    canvas.put(col, row + CELL_H - 1, c["sw"] + c["bottom"] * (w - 2) + c["se"], style)


def _space_box(entrance: str | None) -> dict[str, str]:
    """Box characters with the entrance side (north/south/east/west) drawn double."""
    n, s, e, w = (entrance == d for d in ("north", "south", "east", "west"))
    return {
        "top": _H[n],
        "bottom": _H[s],
        "left": _V[w],
        "right": _V[e],
        "nw": _CORNERS["nw"][(n, w)],
        "ne": _CORNERS["ne"][(n, e)],
        "sw": _CORNERS["sw"][(s, w)],
        "se": _CORNERS["se"][(s, e)],
    }


@dataclass(frozen=True)
class _Marks:
    highlight: frozenset[str] = frozenset()
    my_highlight: frozenset[str] = frozenset()

    def style(self, space: str) -> str | None:
        hit, mine = space in self.highlight, space in self.my_highlight
        if hit and mine:
            return STYLE["both"]
        if hit:
            return STYLE["highlight"]
        return STYLE["my"] if mine else None

    def marks(self, space: str) -> str:
        return (HIGHLIGHT_MARK if space in self.highlight else "") + (
            MY_MARK if space in self.my_highlight else ""
        )


def _draw_space(
    canvas: _Canvas,
    board: Board,
    grid: _Grid,
    space_id: str,
    state: GameState | None,
    marks: _Marks,
) -> None:
    space = board.spaces[space_id]
    col, row = grid.col(space.x), grid.row(space.y)
    inner = grid.inner
    entrance = board.lines[space.street].borders(space.x, space.y) if space.street else None
    style = marks.style(space_id) or STYLE["box"]
    _box(canvas, col, row, grid.cell_w, _space_box(entrance), style)
    head = board.space_name(space_id)
    flags = marks.marks(space_id)
    count = ""
    if state is not None and state.marker_counts.get(space_id):
        count = f"{MARKER_MARK}{state.marker_counts[space_id]}"
    head = short_name(head, inner - len(flags) - len(count) - (1 if flags else 0))
    canvas.put(col + 1, row + 1, head, STYLE["id"])
    if flags:
        canvas.put(col + 2 + len(head), row + 1, flags, marks.style(space_id) or "")
    if count:
        canvas.put(col + 1 + inner - len(count), row + 1, count, STYLE["count"])
    for i, (text, text_style) in enumerate(_space_lines(board, space_id, state, inner)):
        canvas.put(col + 1, row + 2 + i, text, text_style)


def _space_lines(
    board: Board, space_id: str, state: GameState | None, inner: int
) -> list[tuple[str, str]]:
    """What stands inside a building space below its id: the building, or its markers."""
    if state is None:
        return []
    if space_id in state.occupant:
        name = board.building_name(state.occupant[space_id])
        return [(t.ljust(inner), STYLE["placed"]) for t in _wrapped(name, inner, CONTENT_ROWS - 1)]
    holders = [b for b in board.buildings if space_id in state.markers.get(b, ())]
    lines = [(short_name(board.building_name(b), inner), STYLE["marker"]) for b in holders]
    if len(lines) > CONTENT_ROWS - 1:
        more = len(lines) - (CONTENT_ROWS - 2)
        lines = [*lines[: CONTENT_ROWS - 2], (f"+{more} more", STYLE["marker"])]
    return lines


def _draw_frame(
    canvas: _Canvas, board: Board, grid: _Grid, frame_id: str, state: GameState | None
) -> None:
    space = board.spaces[frame_id]
    col, row = grid.col(space.x), grid.row(space.y)
    _box(canvas, col, row, grid.cell_w, _FRAME_BOX, STYLE["frame"])
    canvas.put(col + 1, row + 1, short_name(frame_id, grid.inner), STYLE["frame"])
    landmark = state.landmarks.get(frame_id) if state is not None else None
    if landmark is None:
        canvas.put(col + 1, row + 2, "frame", STYLE["frame"])
        return
    name = board.landmarks.get(landmark, landmark)
    for i, text in enumerate(_wrapped(name, grid.inner, CONTENT_ROWS - 1)):
        canvas.put(col + 1, row + 2 + i, text, STYLE["landmark"])


def _draw_field(canvas: _Canvas, board: Board, grid: _Grid, field_id: str) -> None:
    f = board.fields[field_id]
    col, row = grid.col(f.x), grid.row(f.y)
    _box(canvas, col, row, grid.cell_w, _FIELD_BOX, STYLE["field"])
    for i, text in enumerate(_wrapped(f.name, grid.inner, CONTENT_ROWS)):
        canvas.put(col + 1, row + 1 + i, text, STYLE["landmark"])


# ----- the board ----------------------------------------------------------------------


@dataclass(frozen=True)
class BoardView:
    """A board drawn with characters; it widens its boxes to the space the console gives it."""

    board: Board
    state: GameState | None = None
    highlight: frozenset[str] = field(default_factory=frozenset)
    my_highlight: frozenset[str] = field(default_factory=frozenset)

    def canvas(self, inner: int) -> Text:
        grid = _grid(self.board, inner)
        canvas = _Canvas(grid.width, grid.height)
        _draw_lines(canvas, self.board, grid)
        marks = _Marks(self.highlight, self.my_highlight)
        for sid, space in self.board.spaces.items():
            if space.frame:
                _draw_frame(canvas, self.board, grid, sid, self.state)
            else:
                _draw_space(canvas, self.board, grid, sid, self.state, marks)
        for fid in self.board.fields:
            _draw_field(canvas, self.board, grid, fid)
        return canvas.text()

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield self.canvas(_inner_for(self.board, options.max_width))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(
            _grid(self.board, MIN_INNER).width, _grid(self.board, MAX_INNER).width
        ).clamp(max_width=options.max_width)


def _legend(view: BoardView) -> Text:
    parts: list[tuple[str, str]] = [("═", STYLE["box"]), (" entrance side", "")]
    if view.highlight:
        parts += [("   ", ""), (HIGHLIGHT_MARK, STYLE["highlight"]), (" the card's map", "")]
    if view.my_highlight:
        parts += [("   ", ""), (MY_MARK, STYLE["my"]), (" my building's spaces", "")]
    if view.highlight & view.my_highlight:
        parts += [("   ", ""), ("red", STYLE["both"]), (": both", "")]
    if view.state is not None:
        parts += [("   ", ""), (f"{MARKER_MARK}n", STYLE["count"]), (" markers on a space", "")]
    if view.board.railway is not None:
        parts += [("   ", ""), ("═╪═", STYLE["railway"]), (" railway", "")]
    return Text.assemble(*parts)


def board_view(
    board: Board,
    state: GameState | None = None,
    highlight: Iterable[str] = (),
    my_highlight: Iterable[str] = (),
    title: str | None = None,
) -> RenderableType:
    """The board in a panel with a legend; with a state, its buildings, markers and landmarks."""
    view = BoardView(board, state, frozenset(highlight), frozenset(my_highlight))
    return Panel(Group(view, _legend(view)), title=title or board.name, expand=False)


# ----- tables -------------------------------------------------------------------------


def spaces_table(board: Board) -> Table:
    """Every space with its street, cell and facts in the clue language."""
    table = Table(title=f"{board.name}: spaces", title_justify="left")
    for name in ("space", "street", "cell", "facts"):
        table.add_column(name, overflow="fold")
    for sid, space in board.spaces.items():
        street = board.lines[space.street].name if space.street else "(frame field)"
        table.add_row(
            board.space_name(sid), street, f"{space.x},{space.y}", ", ".join(board.facts(sid))
        )
    return table


def _subject_name(board: Board, card: Card) -> str:
    return "my building" if card.subject == MY else board.building_name(card.subject)


def cards_table(board: Board, cards: CardSet) -> Table:
    table = Table(title=cards.name, title_justify="left")
    for name, justify in (("no.", "right"), ("kind", "left"), ("subject", "left")):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    table.add_column("relation", no_wrap=True)
    table.add_column("spaces", justify="right")
    table.add_column("text", overflow="fold")
    for card in cards:
        table.add_row(
            str(card.number),
            board.kind_label(card.kind),
            _subject_name(board, card),
            (card.relation or "").replace("_", " "),
            str(len(card.spaces)),
            card.text,
        )
    return table


def card_panel(board: Board, card: Card) -> RenderableType:
    """A card's text and clue, with its map drawn on the board."""
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column(overflow="fold")
    facts.add_row("kind", board.kind_label(card.kind))
    facts.add_row("subject", _subject_name(board, card))
    if card.relation:
        facts.add_row("relation", card.relation.replace("_", " "))
    facts.add_row("map", f"{HIGHLIGHT_MARK} {board.describe_spaces(card.spaces)}")
    facts.add_row("clue", card.clue)
    if card.my_spaces is not None:
        facts.add_row("my map", f"{MY_MARK} {board.describe_spaces(card.my_spaces)}")
        facts.add_row("my clue", card.my_clue or "")
    drawing = board_view(
        board, highlight=card.spaces, my_highlight=card.my_spaces or (), title=board.name
    )
    body = Group(Text(card.text, style="italic"), Text(), facts, Text(), drawing)
    return Panel(body, title=f"card {card.number}", expand=False)


def state_summary(state: GameState) -> RenderableType:
    """The players and what lies beside the board, as a table and a few lines."""
    board = state.board
    players = Table(title="players", title_justify="left")
    for name in ("player", "buildings", "points", "hand", "bought"):
        players.add_column(name, overflow="fold")
    for p in state.players:
        who = f"{p.name} (active)" if p.name == state.active else p.name
        hand = "-" if p.hand is None else " ".join(map(str, p.hand)) or "(empty)"
        owned = ", ".join(board.building_name(b) for b in p.buildings) or "-"
        players.add_row(who, owned, str(p.points), hand, str(p.bought))
    lines = Text()
    lines.append(f"placed: {len(state.placed)}   locomotive: {state.locomotive}\n")
    if state.retired:
        retired = ", ".join(board.building_name(b) for b in sorted(state.retired))
        lines.append(f"retired: {retired}\n")
    if state.option_overrides:
        opts = ", ".join(f"{k}={v}" for k, v in state.option_overrides.items())
        lines.append(f"options: {opts}\n")
    lines.rstrip()
    return Group(players, lines) if state.players else lines
