"""`adjudicator state ...`: check a state file and draw the board it describes."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from adjudicator.cli.options import SvgOpt, save_svg
from adjudicator.cli.output import JsonOpt, Output, handle_errors

__all__ = ["app"]

app = typer.Typer(help="Check game-state files.", no_args_is_help=True)

StateArg = Annotated[
    Path, typer.Argument(metavar="FILE", help="A state file (TOML, or JSON by its ending).")
]


@app.command("check")
@handle_errors
def check(file: StateArg, svg: SvgOpt = None, as_json: JsonOpt = False) -> None:
    """Validate a state file; draw its board with the buildings, markers and landmarks."""
    from adjudicator.deduction.files.state_file import load_state, state_to_data
    from adjudicator.render import board_view, state_summary

    out = Output(as_json)
    state = load_state(file)
    out.json({"ok": True, "state": state_to_data(state)})
    out.show(
        Text.assemble(("ok: ", "bold green"), f"{file} is a valid state of {state.board.name}"),
        board_view(state.board, state),
        state_summary(state),
    )
    if svg is not None:
        from adjudicator.render.svg import board_svg

        save_svg(svg, board_svg(state.board, state, title=f"{state.board.name}: {file.name}"), out)
