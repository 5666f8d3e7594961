"""`adjudicator board ...`: draw a board, and export its spaces, facts and relations."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.core.files import write_atomic
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.files.editions import edition_ids
from adjudicator.deduction.files.state_file import load_state, state_to_data
from adjudicator.deduction.models.board import RELATIONS, Board
from adjudicator.deduction.models.state import GameState
from adjudicator.render import board_view, spaces_table
from adjudicator.render.svg import board_svg

__all__ = ["EditionArg", "SvgOpt", "app", "board_data", "load_board_arg", "save_svg"]

app = typer.Typer(help="Draw a board and export what it says.", no_args_is_help=True)

EditionArg = Annotated[
    str,
    typer.Argument(
        metavar="EDITION",
        help="A shipped edition (gads-hill-1874, old-town) or the path of a board file.",
        show_default=False,
    ),
]
SvgOpt = Annotated[
    Path | None,
    typer.Option("--svg", help="Also write the picture to this SVG file.", dir_okay=False),
]
StateOpt = Annotated[
    Path | None,
    typer.Option("--state", help="Draw this state's buildings, markers and landmarks."),
]


def load_board_arg(name: str) -> Board:
    """A shipped edition's board, or a board file.

    Only the board is read, so a board file being transcribed can be drawn
    before it has a card set (which `load_edition` would demand).
    """
    if name in edition_ids():
        return load_board(data_dir("boards") / f"{name}.toml")
    path = Path(name)
    if path.suffix == ".toml" and path.exists():
        return load_board(path)
    known = ", ".join(edition_ids())
    raise InputError("EDITION", "", f"unknown edition or board file {name!r} (known: {known})")


def save_svg(path: Path, svg: str, out: Output) -> None:
    """Write a picture atomically; a path that cannot be written is one clear error."""
    try:
        write_atomic(path, svg)
    except OSError as exc:
        raise InputError(str(path), "", f"cannot be written ({exc.strerror or exc})") from None
    out.show(Text(f"wrote {path}"))


def board_data(board: Board) -> dict[str, Any]:
    """Spaces with their facts, every relation between building spaces, and the buildings."""
    order = {sid: i for i, sid in enumerate(board.spaces)}
    return {
        "spaces": [
            {
                "id": s.id,
                "street": s.street,
                "x": s.x,
                "y": s.y,
                "frame": s.frame,
                "facts": board.facts(s.id),
            }
            for s in board.spaces.values()
        ],
        "relations": {
            name: [
                [a, b]
                for a, b in sorted(
                    board.relation_pairs(name), key=lambda p: (order[p[0]], order[p[1]])
                )
            ]
            for name in RELATIONS
        },
        "buildings": [{"id": b.id, "name": b.name} for b in board.buildings.values()],
    }


def _state_for(board: Board, path: Path) -> GameState:
    state = load_state(path)
    if state.board.id != board.id:
        raise InputError(str(path), "edition", f"is {state.board.id!r}, not {board.id!r}")
    return state


@app.command("show")
@handle_errors
def show(
    edition: EditionArg, state: StateOpt = None, svg: SvgOpt = None, as_json: JsonOpt = False
) -> None:
    """Draw the board in the terminal (with a state's markers), and optionally as SVG."""
    board = load_board_arg(edition)
    game = _state_for(board, state) if state is not None else None
    out = Output(as_json)
    out.show(board_view(board, game))
    out.json(
        {
            **board_data(board),
            "state": state_to_data(game) if game else None,
            "svg": str(svg) if svg is not None else None,
        }
    )
    if svg is not None:
        save_svg(svg, board_svg(board, game), out)


def _relations_table(board: Board) -> Table:
    table = Table(title="relations between building spaces", title_justify="left")
    table.add_column("relation")
    table.add_column("pairs", justify="right")
    for name in RELATIONS:
        table.add_row(name, str(len(board.relation_pairs(name))))
    return table


@app.command("export")
@handle_errors
def export(edition: EditionArg, as_json: JsonOpt = False) -> None:
    """The board's spaces with their facts, its relations and its buildings."""
    board = load_board_arg(edition)
    out = Output(as_json)
    out.json(board_data(board))
    buildings = ", ".join(b.name for b in board.buildings.values())
    out.show(
        spaces_table(board),
        _relations_table(board),
        Text.assemble(("buildings: ", "bold"), buildings),
    )
