"""`adjudicator board ...`: draw a board, and export its spaces, facts and relations."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from adjudicator.cli.options import EditionArg, SvgOpt, save_svg
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError

if TYPE_CHECKING:
    from adjudicator.deduction.models.board import Board
    from adjudicator.deduction.models.state import GameState

__all__ = ["app", "board_data"]

app = typer.Typer(help="Draw a board and export what it says.", no_args_is_help=True)

StateOpt = Annotated[
    Path | None,
    typer.Option("--state", help="Draw this state's buildings, markers and landmarks."),
]


def board_data(board: Board) -> dict[str, Any]:
    """Spaces with their facts, every relation between building spaces, and the buildings."""
    from adjudicator.deduction.models.board import RELATIONS

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
    from adjudicator.deduction.files.state_file import load_state

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
    from adjudicator.deduction.files.editions import resolve_edition
    from adjudicator.deduction.files.state_file import state_to_data
    from adjudicator.render import board_view

    board = resolve_edition(edition).board()  # only the board: it may have no cards yet
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
        from adjudicator.render.svg import board_svg

        save_svg(svg, board_svg(board, game), out)


@app.command("export")
@handle_errors
def export(edition: EditionArg, as_json: JsonOpt = False) -> None:
    """The board's spaces with their facts, its relations and its buildings."""
    from adjudicator.deduction.files.editions import resolve_edition
    from adjudicator.render import relations_table, spaces_table

    board = resolve_edition(edition).board()
    out = Output(as_json)
    out.json(board_data(board))
    buildings = ", ".join(b.name for b in board.buildings.values())
    out.show(
        spaces_table(board),
        relations_table(board),
        Text.assemble(("buildings: ", "bold"), buildings),
    )
