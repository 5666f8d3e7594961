"""Pictures: the terminal drawing and the SVG show what the models hold, and print nothing."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console, RenderableType

from adjudicator.core.data import data_dir
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.cards import CardSet
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState
from adjudicator.render.layout import short_name
from adjudicator.render.svg import board_svg
from adjudicator.render.terminal import BoardView, board_view

SVG = "{http://www.w3.org/2000/svg}"


def _board(edition: str) -> Board:
    return load_board(data_dir("boards") / f"{edition}.toml")


def _text(renderable: RenderableType, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def _state(
    board: Board,
    placed: dict[str, str],
    markers: dict[str, list[str]],
    landmarks: dict[str, str] | None = None,
) -> GameState:
    return GameState(
        edition=Edition(board.id, board, CardSet("none", "test", {})),
        edition_ref=board.id,
        active=None,
        placed=placed,
        markers={b: frozenset(s) for b, s in markers.items()},
        landmarks=landmarks or {},
    )


def _svg_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    # A multi-line label is one <text> of <tspan> lines: read the lines as words.
    return [" ".join(node.itertext()) for node in root.iter(f"{SVG}text")]


# ----- terminal ------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
def test_board_view_shows_every_space_and_east_west_street(edition: str) -> None:
    board = _board(edition)
    text = _text(board_view(board))
    for sid in board.building_spaces:
        assert board.space_name(sid) in text
    for line in board.lines.values():
        if line.runs == "east-west":
            assert line.name in text
    for field in board.fields.values():
        assert field.name.split()[0] in text


def test_board_view_writes_north_south_streets_downwards() -> None:
    board = _board("gads-hill-1874")
    lines = _text(BoardView(board), width=200).splitlines()
    columns = ["".join(row[i] if i < len(row) else " " for row in lines) for i in range(200)]
    for name in ("Main", "Oak St"):
        assert any(name in column for column in columns)


def test_board_view_marks_highlights() -> None:
    board = _board("gads-hill-1874")
    text = _text(board_view(board, highlight={"c2"}, my_highlight={"c2", "d2"}))
    assert "C2 ?◆" in text
    assert "D2 ◆" in text
    assert "the card's map" in text and "my building's spaces" in text


def test_board_view_with_state_shows_buildings_markers_and_landmarks() -> None:
    board = _board("gads-hill-1874")
    state = _state(
        board,
        placed={"bank": "c2"},
        markers={"saloon": ["c3", "d3"], "hotel": ["c3"]},
        landmarks={"frame-east": "cemetery"},
    )
    text = _text(board_view(board, state))
    assert "Bank" in text
    assert "Saloon" in text and "Hotel" in text
    assert "C3" in text and "●2" in text and "●1" in text
    assert "Cemetery" in text


@pytest.mark.parametrize("width", [60, 80, 100, 200])
def test_board_view_fits_the_console(width: int) -> None:
    board = _board("old-town")
    text = _text(board_view(board), width=width)
    assert max(len(line) for line in text.splitlines()) <= width


def test_short_name() -> None:
    assert short_name("Bank", 6) == "Bank"
    assert short_name("Stage Coach Office", 8) == "Stage CO"  # a word and initials
    assert short_name("Courthouse", 8) == "Courtho."  # cut, and says so with a full stop
    assert len(short_name("Newspaper Office", 9)) <= 9


# ----- SVG -----------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
def test_svg_parses_and_names_every_space_and_street(edition: str) -> None:
    board = _board(edition)
    svg = board_svg(board)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    ids = {node.get("id") for node in root.iter()}
    texts = _svg_texts(svg)
    for sid in board.spaces:
        assert f"space-{sid}" in ids
    for sid in board.building_spaces:
        assert board.space_name(sid) in texts
    for street in board.streets.values():
        assert street.name in texts
    for field in board.fields.values():
        assert field.name in " ".join(texts)


def test_svg_draws_railway_sleepers() -> None:
    root = ET.fromstring(board_svg(_board("gads-hill-1874")))
    railway = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "railway")
    assert len(railway.findall(f"{SVG}line")) > 20


def test_svg_with_state_draws_buildings_markers_and_landmarks() -> None:
    board = _board("gads-hill-1874")
    state = _state(
        board,
        placed={"stage-coach-office": "c2"},
        markers={"saloon": ["c3", "d3"], "hotel": ["c3"]},
        landmarks={"frame-south": "bison-field"},
    )
    svg = board_svg(board, state)
    root = ET.fromstring(svg)
    markers = [g for g in root.iter(f"{SVG}g") if g.get("class") == "marker"]
    assert sorted(g.get("data-building") for g in markers) == ["hotel", "saloon", "saloon"]
    buildings = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "building"]
    assert [r.get("data-building") for r in buildings] == ["stage-coach-office"]
    joined = " ".join(_svg_texts(svg))
    assert "Stage Coach" in joined and "Bison Field" in joined


def test_svg_highlights_and_escapes() -> None:
    board = _board("old-town")
    svg = board_svg(board, highlight={"b1"}, my_highlight={"b1", "c1"}, title="<card & map>")
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title").text == "<card & map>"  # type: ignore[union-attr]
    marks = {
        g.get("id"): "".join(t.itertext())
        for g in root.iter(f"{SVG}g")
        for t in g.iter(f"{SVG}text")
        if t.get("class") == "highlight"
    }
    assert marks == {"space-b1": "?◆", "space-c1": "◆"}


def test_a_name_from_a_file_is_shown_as_written_in_a_panel_s_title() -> None:
    """Titles are text, never Rich markup or emoji codes: a board's name is its file's."""
    from adjudicator.core.evolve import evolve
    from adjudicator.deduction.rules.ruling import Built, StopReport
    from adjudicator.render.rulings import stop_view

    board = evolve(_board("old-town"), name="[red]Tomb :horse:[/red]")
    building = next(iter(board.buildings))
    report = StopReport(determined=(Built(building, board.building_spaces[0], "L2."),))
    for title in ("[bold]STOP :horse:", board.name):
        out = _text(stop_view(report, board, title))
        assert title in out
    assert board.name in _text(board_view(board))
