"""Rich renderables for boards, cards and states. They only read the models and print nothing.

The board is painted on a character canvas from its layout (`layout.py`): one box
per grid cell, and one character of gap between neighbouring rows and columns,
where the streets and the railway run. A box's double side is the side its
entrance opens onto.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from adjudicator.deduction.models.board import RELATIONS, Board, Line
from adjudicator.deduction.models.cards import MY, Card
from adjudicator.deduction.models.state import GameState
from adjudicator.render.layout import (
    HIGHLIGHT_MARK,
    MY_MARK,
    BoardLayout,
    Box,
    CellKind,
    CellPlace,
    Grid,
    LinePlace,
    Metrics,
    board_layout,
    extent,
    name_key,
    short_name,
)

__all__ = [
    "BoardView",
    "board_view",
    "card_maps_table",
    "card_panel",
    "relations_table",
    "spaces_table",
    "state_summary",
]

GAP = 1  # characters between neighbouring cells: where a street or the railway runs
CONTENT_ROWS = 4  # the id line, then three lines for a building name or markers
CELL_H = CONTENT_ROWS + 2
MIN_INNER, MAX_INNER = 6, 12

MARKER_MARK = "●"

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
    nw, ne, sw, se = list(corners)
    return {"top": h, "bottom": h, "left": v, "right": v, "nw": nw, "ne": ne, "sw": sw, "se": se}


_FRAME_BOX = _plain_box("╌", "╎", "┌┐└┘")  # dashed: a frame field waits for its landmark
_FIELD_BOX = _plain_box("━", "┃", "┏┓┗┛")


def _metrics(inner: int) -> Metrics:
    """Character sizes: `inner` characters inside a box, one character of gap."""
    return Metrics(
        cell_w=inner + 2,
        cell_h=CELL_H,
        gap=GAP,
        text_width=inner,
        text_lines=CONTENT_ROWS - 1,
        field_lines=CONTENT_ROWS,
    )


def _inner_for(board: Board, max_width: int) -> int:
    """The widest box that lets the board fit `max_width`, within sensible bounds."""
    ncols = extent(board).ncols
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


def _label_positions(place: LinePlace, label: str) -> list[int]:
    """Where the characters of a line's label go: inside one stretch between crossings
    if one is long enough, else flowing past the crossings of the longest stretch onwards."""
    need = len(label) + 2
    stretch = place.label_stretch(need)
    if stretch is not None and stretch[1] - stretch[0] >= need:
        start = stretch[0] + 1
        return list(range(start, start + len(label)))
    crossed = {pos for a, b in place.cuts for pos in range(a, b)}
    first = stretch[0] if stretch is not None else 0
    return [p for p in range(*place.along) if p not in crossed and p >= first][: len(label)]


def _line_char(line: Line, pos: int) -> str:
    if not line.railway:
        return "─" if line.runs == "east-west" else "│"
    # Sleepers every other character, so the railway never reads as a street.
    if line.runs == "east-west":
        return "╪" if pos % 2 else "═"
    return "╫" if pos % 2 else "║"


def _draw_lines(canvas: _Canvas, layout: BoardLayout) -> None:
    for place in layout.lines.values():
        style = STYLE["railway" if place.line.railway else "street"]
        for pos in range(*place.along):
            canvas.put(*place.at(pos), _line_char(place.line, pos), style)
    for crossing in layout.crossings:
        glyph = "╪" if crossing.east_west.railway else "╫" if crossing.north_south.railway else "┼"
        style = STYLE["railway" if glyph != "┼" else "street"]
        canvas.put(crossing.box.x, crossing.box.y, glyph, style)
    for place in layout.lines.values():
        line = place.line
        style = STYLE["railway_name" if line.railway else "street_name"]
        label = f" {line.name} " if place.east_west else line.name
        for ch, pos in zip(label, _label_positions(place, label), strict=False):
            canvas.put(*place.at(pos), ch, style)


# ----- cells --------------------------------------------------------------------------


def _box(canvas: _Canvas, box: Box, c: dict[str, str], style: str) -> None:
    col, row, w = box.x, box.y, box.w
    canvas.put(col, row, c["nw"] + c["top"] * (w - 2) + c["ne"], style)
    for r in range(row + 1, box.bottom - 1):
        canvas.put(col, r, c["left"], style)
        canvas.put(col + w - 1, r, c["right"], style)
    canvas.put(col, box.bottom - 1, c["sw"] + c["bottom"] * (w - 2) + c["se"], style)


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


def _mark_style(cell: CellPlace) -> str | None:
    if cell.highlight and cell.mine:
        return STYLE["both"]
    if cell.highlight:
        return STYLE["highlight"]
    return STYLE["my"] if cell.mine else None


def _draw_space(canvas: _Canvas, board: Board, cell: CellPlace, inner: int) -> None:
    col, row = cell.box.x, cell.box.y
    _box(canvas, cell.box, _space_box(cell.entrance), _mark_style(cell) or STYLE["box"])
    flags = cell.flags
    count = f"{MARKER_MARK}{len(cell.holders)}" if cell.holders else ""
    head = short_name(cell.title, inner - len(flags) - len(count) - (1 if flags else 0))
    canvas.put(col + 1, row + 1, head, STYLE["id"])
    if flags:
        canvas.put(col + 2 + len(head), row + 1, flags, _mark_style(cell) or "")
    if count:
        canvas.put(col + 1 + inner - len(count), row + 1, count, STYLE["count"])
    for i, (text, text_style) in enumerate(_space_lines(board, cell, inner)):
        canvas.put(col + 1, row + 2 + i, text, text_style)


def _space_lines(board: Board, cell: CellPlace, inner: int) -> list[tuple[str, str]]:
    """What stands inside a building space below its id: the building, or its markers."""
    if cell.building is not None:
        return [(t.ljust(inner), STYLE["placed"]) for t in cell.lines]
    lines = [(short_name(board.building_name(b), inner), STYLE["marker"]) for b in cell.holders]
    if len(lines) > CONTENT_ROWS - 1:
        more = len(lines) - (CONTENT_ROWS - 2)
        lines = [*lines[: CONTENT_ROWS - 2], (f"+{more} more", STYLE["marker"])]
    return lines


def _draw_frame(canvas: _Canvas, cell: CellPlace, inner: int) -> None:
    col, row = cell.box.x, cell.box.y
    _box(canvas, cell.box, _FRAME_BOX, STYLE["frame"])
    canvas.put(col + 1, row + 1, short_name(cell.title, inner), STYLE["frame"])
    if cell.landmark is None:
        canvas.put(col + 1, row + 2, "frame", STYLE["frame"])
        return
    for i, text in enumerate(cell.lines):
        canvas.put(col + 1, row + 2 + i, text, STYLE["landmark"])


def _draw_field(canvas: _Canvas, cell: CellPlace) -> None:
    _box(canvas, cell.box, _FIELD_BOX, STYLE["field"])
    for i, text in enumerate(cell.lines):
        canvas.put(cell.box.x + 1, cell.box.y + 1 + i, text, STYLE["landmark"])


# ----- the board ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardView:
    """A board drawn with characters; it widens its boxes to the space the console gives it."""

    board: Board
    state: GameState | None = None
    highlight: frozenset[str] = field(default_factory=frozenset)
    my_highlight: frozenset[str] = field(default_factory=frozenset)

    def layout(self, inner: int) -> BoardLayout:
        """Where everything goes with `inner` characters inside each box."""
        return board_layout(
            self.board, _metrics(inner), self.state, self.highlight, self.my_highlight
        )

    def canvas(self, inner: int) -> Text:
        layout = self.layout(inner)
        canvas = _Canvas(layout.width, layout.height)
        _draw_lines(canvas, layout)
        for cell in layout.cells:
            if cell.kind is CellKind.FRAME:
                _draw_frame(canvas, cell, inner)
            elif cell.kind is CellKind.FIELD:
                _draw_field(canvas, cell)
            else:
                _draw_space(canvas, self.board, cell, inner)
        return canvas.text()

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        inner = _inner_for(self.board, options.max_width)
        canvas = self.canvas(inner)
        yield canvas
        wide = max((len(line) for line in canvas.plain.splitlines()), default=0)
        if wide > options.max_width:  # said, never silently dropped (issue 25)
            yield Text(
                f"(cropped: the board is {wide} columns wide and {options.max_width} "
                "fit here; widen the terminal, or draw it with --svg)",
                style="bold",
            )
        key = self.key(inner, canvas.plain)
        if key:
            yield Text("Key: " + "; ".join(f"{short} = {name}" for short, name in key.items()))

    def key(self, inner: int, shown: str) -> dict[str, str]:
        """The names abbreviated to fit `inner` characters, as drawn in `shown`."""
        names = [b.name for b in self.board.buildings.values()]
        names += list(self.board.landmarks.values())
        names += [c.title for c in self.layout(inner).cells]
        return name_key(names, inner, shown)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        span = extent(self.board)
        return Measurement(
            Grid(span, _metrics(MIN_INNER)).width, Grid(span, _metrics(MAX_INNER)).width
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
    return Panel(Group(view, _legend(view)), title=Text(title or board.name), expand=False)


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


def relations_table(board: Board) -> Table:
    """How many pairs of building spaces stand in each relation a clue may name."""
    table = Table(title="relations between building spaces", title_justify="left")
    table.add_column("relation")
    table.add_column("pairs", justify="right")
    for name in RELATIONS:
        table.add_row(name, str(len(board.relation_pairs(name))))
    return table


def _subject_name(board: Board, card: Card) -> str:
    return "my building" if card.subject == MY else board.building_name(card.subject)


def card_maps_table(board: Board, cards: Iterable[Card]) -> Table:
    """Every card with its map, relation and my building's map, as the files hold them."""
    table = Table(title="cards", title_justify="left")
    for name in ("no.", "kind", "subject", "relation", "spaces", "my spaces"):
        table.add_column(name, overflow="fold")
    for c in cards:
        table.add_row(
            str(c.number),
            c.kind,
            c.subject,
            c.relation or "",
            board.describe_spaces(c.spaces),
            board.describe_spaces(c.my_spaces) if c.my_spaces is not None else "",
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
    return Panel(body, title=Text(f"card {card.number}"), expand=False)


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
