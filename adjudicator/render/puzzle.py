"""A puzzle's printable sheet (SVG, on `svg.board_svg`): the board with the givens
standing and the cards' texts below it; and the solution, a second page with the town
built. Reads the puzzle and its solution, decides nothing."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.puzzle.model import Puzzle, start_state
from adjudicator.render.svg import FONT, MARGIN, board_svg

__all__ = ["puzzle_pages"]

LINE_H = 18


def _with_text(svg: str, lines: list[str]) -> str:
    """The board picture with `lines` of text added below it (the page grows)."""
    ET.register_namespace("", "http://www.w3.org/2000/svg")
    root = ET.fromstring(svg)
    # the picture's size is its viewBox (a pixel width and height may or may not be set)
    _, _, w, h = (float(v) for v in root.get("viewBox", "0 0 800 600").split())
    width, height = int(w), int(h)
    wrapped: list[str] = []
    for line in lines:
        wrapped += textwrap.wrap(line, max(40, (width - 2 * MARGIN) // 8)) or [""]
    extra = LINE_H * len(wrapped) + MARGIN
    if root.get("height", "").isdigit():
        root.set("height", str(height + extra))
    root.set("viewBox", f"0 0 {width} {height + extra}")
    ns = "{http://www.w3.org/2000/svg}"
    for rect in root.iter(f"{ns}rect"):  # the paper: the first rectangle, page-sized
        rect.set("height", str(height + extra))
        break
    for i, line in enumerate(wrapped):
        text = ET.SubElement(root, f"{ns}text", {"x": str(MARGIN), "y": str(height + LINE_H * i)})
        text.set("font-size", "13")
        text.set("font-family", FONT)
        text.text = line
    return ET.tostring(root, encoding="unicode") + "\n"


def puzzle_pages(puzzle: Puzzle, solved: GameState | None) -> tuple[str, str | None]:
    """The puzzle page, and the solution page (None without a solved board)."""
    board = puzzle.board
    names = ", ".join(board.building_name(b) for b in puzzle.to_place())
    lines = [
        f"Place: {names}. Every building on its own free space; all cards are true.",
        "",
    ]
    for clue in puzzle.clues:
        card = puzzle.edition.cards[clue.card]
        mine = f" (my building: the {board.building_name(clue.my)})" if clue.my else ""
        lines.append(f"Card {clue.card}{mine}: {card.text}")
    title = f"Puzzle: {board.name}" + (f", {puzzle.level}" if puzzle.level else "")
    page = _with_text(board_svg(board, start_state(puzzle), title=title), lines)
    if solved is None:
        return page, None
    solution = board_svg(board, solved, title=f"Solution: {board.name}")
    return page, solution
