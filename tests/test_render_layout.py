"""The layout both painters draw from: boxes in their cells, lines in their gaps, labels
between crossings (held to a position-by-position twin), names wrapped to fit; and the
terminal drawing and the SVG put every box where the layout says."""

from __future__ import annotations

import io
import textwrap
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from adjudicator.deduction.models.board import Board, Line, Runs, Space
from adjudicator.deduction.models.cards import CardSet
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState
from adjudicator.render.layout import (
    BoardLayout,
    Box,
    CellKind,
    LinePlace,
    Metrics,
    board_layout,
    extent,
    wrap_name,
)
from adjudicator.render.svg import METRICS, board_svg
from adjudicator.render.terminal import BoardView
from tests.factories import board as shipped_board

SVG = "{http://www.w3.org/2000/svg}"
EDITIONS = ["gads-hill-1874", "old-town"]
CHARS = Metrics(cell_w=10, cell_h=6, gap=1, text_width=8, field_lines=4)


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer.x <= inner.x
        and inner.right <= outer.right
        and (outer.y <= inner.y and inner.bottom <= outer.bottom)
    )


def _state(board: Board) -> GameState:
    spaces, buildings = list(board.building_spaces), list(board.buildings)
    return GameState(
        edition=Edition(board.id, board, CardSet("none", "test", {})),
        edition_ref=board.id,
        active=None,
        placed={buildings[0]: spaces[0]},
        markers={b: frozenset(spaces[1:4]) for b in buildings[1:5]},
        landmarks={f: lm for f, lm in zip(board.frames, board.landmarks, strict=False)},
    )


# ----- boxes and lines ----------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("metrics", [CHARS, METRICS], ids=["chars", "svg"])
def test_every_box_sits_in_its_cell_and_no_line_runs_through_one(
    edition: str, metrics: Metrics
) -> None:
    board = shipped_board(edition)
    layout = board_layout(board, metrics)
    canvas = Box(metrics.left, metrics.top, layout.width, layout.height)
    span = extent(board)
    assert len(layout.cells) == len(board.spaces) + len(board.fields)
    for cell in layout.cells:
        assert _inside(cell.box, canvas)
        assert (cell.box.w, cell.box.h) == (metrics.cell_w, metrics.cell_h)
        x = span.x0 + (cell.box.x - metrics.left) // (metrics.cell_w + metrics.gap)
        y = span.y0 + (cell.box.y - metrics.top) // (metrics.cell_h + metrics.gap)
        assert (x, y) == board.cell_of(cell.id)
        for place in layout.lines.values():
            assert _inside(place.box, canvas)
            assert cell.box.meet(place.box) is None, (cell.id, place.line.id)
    for a in layout.cells:
        for b in layout.cells:
            assert a is b or a.box.meet(b.box) is None


@pytest.mark.parametrize("edition", EDITIONS)
def test_entrances_and_names_come_from_the_board(edition: str) -> None:
    board = shipped_board(edition)
    layout = board_layout(board, CHARS, highlight={"c2"}, my_highlight={"c2", "d2"})
    for sid, space in board.spaces.items():
        cell = layout.cell(sid)
        if space.frame:
            assert cell.kind is CellKind.FRAME and cell.title == sid
            continue
        assert cell.kind is CellKind.SPACE and cell.title == board.space_name(sid)
        assert cell.entrance == board.lines[space.street].borders(space.x, space.y)  # type: ignore[index]
    if "c2" in board.spaces:
        assert layout.cell("c2").flags == "?◆" and layout.cell("d2").flags == "◆"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_state_fills_the_boxes(edition: str) -> None:
    board = shipped_board(edition)
    state = _state(board)
    layout = board_layout(board, CHARS, state)
    for cell in layout.cells:
        if cell.kind is CellKind.SPACE:
            assert cell.building == state.occupant.get(cell.id)
            assert len(cell.holders) == state.marker_counts.get(cell.id, 0)
            if cell.building is not None:
                assert " ".join(cell.lines).startswith(board.building_name(cell.building)[:5])
        elif cell.kind is CellKind.FRAME:
            assert cell.landmark == state.landmarks.get(cell.id)
        assert len(cell.lines) <= (4 if cell.kind is CellKind.FIELD else 3)


def _crossed_twin(layout: BoardLayout, place: LinePlace) -> set[tuple[int, int]]:
    """Canvas points of the line that another line also covers, point by point."""
    b = place.box
    mine = {(x, y) for x in range(b.x, b.right) for y in range(b.y, b.bottom)}
    out = set()
    for other in layout.lines.values():
        if other.line.runs == place.line.runs:
            continue
        o = other.box
        out |= mine & {(x, y) for x in range(o.x, o.right) for y in range(o.y, o.bottom)}
    return out


@pytest.mark.parametrize("edition", EDITIONS)
def test_crossings_and_free_stretches_equal_their_twin(edition: str) -> None:
    layout = board_layout(shipped_board(edition), CHARS)
    for place in layout.lines.values():
        crossed = _crossed_twin(layout, place)
        free = [p for p in range(*place.along) if place.at(p) not in crossed]
        assert [p for a, b in place.stretches() for p in range(a, b)] == free
        for (_, b), (a, _) in zip(place.stretches(), place.stretches()[1:], strict=False):
            assert b < a  # stretches are maximal: a crossing lies between two of them
    points = {(c.box.x, c.box.y) for c in layout.crossings}
    assert points == {p for place in layout.lines.values() for p in _crossed_twin(layout, place)}


def _toy_board(lines: list[Line], width: int, height: int) -> Board:
    spaces = {
        f"s{x}-{y}": Space(f"s{x}-{y}", x, y, None) for x in range(width) for y in range(height)
    }
    return Board(
        id="toy",
        name="Toy",
        source="test",
        spaces=spaces,
        lines={ln.id: ln for ln in lines},
        buildings={},
        landmarks={},
        fields={},
        regions={},
    )


@st.composite
def _lines(draw: st.DrawFn) -> tuple[list[Line], int, int]:
    width, height = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    out = []
    for i in range(draw(st.integers(1, 6))):
        runs: Runs = draw(st.sampled_from(["east-west", "north-south"]))
        across, along = (height, width) if runs == "east-west" else (width, height)
        k = draw(st.integers(0, across - 2))
        span = None
        if draw(st.booleans()):
            lo = draw(st.integers(0, along - 1))
            span = (lo, draw(st.integers(lo, along - 1)))
        out.append(Line(f"l{i}", f"Line {i}", runs, (k, k + 1), span, draw(st.booleans())))
    return out, width, height


@given(_lines(), st.integers(1, 20))
def test_label_stretch_equals_the_twin_on_any_lines(
    toy: tuple[list[Line], int, int], need: int
) -> None:
    lines, width, height = toy
    layout = board_layout(_toy_board(lines, width, height), CHARS)
    for place in layout.lines.values():
        crossed = _crossed_twin(layout, place)
        runs: list[list[int]] = [[]]
        for pos in range(*place.along):
            if place.at(pos) in crossed:
                runs.append([])
            else:
                runs[-1].append(pos)
        runs = [r for r in runs if r]
        got = place.label_stretch(need)
        if not runs:
            assert got is None
            continue
        fitting = [r for r in runs if len(r) >= need]
        want = fitting[0] if fitting else max(runs, key=len)
        assert got == (want[0], want[-1] + 1)


# ----- names --------------------------------------------------------------------------------


@given(st.text(alphabet="abc XYZ'-", max_size=60), st.integers(1, 14), st.integers(1, 4))
def test_wrap_name_fits_and_marks_a_cut(name: str, width: int, lines: int) -> None:
    out = wrap_name(name, width, lines)
    assert 1 <= len(out) <= lines
    assert all(len(line) <= width for line in out)
    words = name.split()
    # A name whose words fit the lines is shown whole; only a longer one is abbreviated.
    if (
        all(len(w) <= width for w in words)
        and len(textwrap.wrap(name, width, break_on_hyphens=False)) <= lines
    ):
        assert " ".join(out).split() == words


# ----- the painters follow the layout -------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_svg_boxes_are_the_layout_boxes(edition: str) -> None:
    board = shipped_board(edition)
    layout = board_layout(board, METRICS)
    root = ET.fromstring(board_svg(board))
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    for cell in layout.cells:
        prefix = "landmark" if cell.kind is CellKind.FIELD else "space"
        rect = groups[f"{prefix}-{cell.id}"].find(f"{SVG}rect")
        assert rect is not None
        got = tuple(int(rect.get(k) or 0) for k in ("x", "y", "width", "height"))
        assert got == (cell.box.x, cell.box.y, cell.box.w, cell.box.h)
    for place in layout.lines.values():
        if place.line.railway:
            continue
        rect = groups[f"street-{place.line.id}"].find(f"{SVG}rect")
        assert rect is not None
        got = tuple(int(rect.get(k) or 0) for k in ("x", "y", "width", "height"))
        assert got == (place.box.x, place.box.y, place.box.w, place.box.h)


@pytest.mark.parametrize("edition", EDITIONS)
def test_terminal_corners_are_the_layout_corners(edition: str) -> None:
    board = shipped_board(edition)
    view = BoardView(board)
    inner = 8
    console = Console(file=io.StringIO(), width=400, color_system=None)
    with console.capture() as capture:
        console.print(view.canvas(inner))
    rows = capture.get().splitlines()
    for cell in view.layout(inner).cells:
        b = cell.box
        assert rows[b.y][b.x] in "┌╒╓╔┏"
        assert rows[b.bottom - 1][b.right - 1] in "┘╛╜╝┛"
