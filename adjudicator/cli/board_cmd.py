"""`adjudicator board ...`: draw a board, and export its spaces, facts and relations."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.checks import check_known
from adjudicator.cli.options import BoardOpt, CardsOpt, EditionArg, SvgOpt, save_svg
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError

__all__ = ["app"]

app = typer.Typer(help="Draw a board and export what it says.", no_args_is_help=True)

StateOpt = Annotated[
    Path | None,
    typer.Option("--state", help="Draw this state's buildings, markers and landmarks."),
]


@app.command("show")
@handle_errors
def show(
    edition: EditionArg,
    state: StateOpt = None,
    site: Annotated[
        str | None,
        typer.Option(
            "--site", help="Mark one building site or space on the board: nw-3, c3.", metavar="ID"
        ),
    ] = None,
    svg: SvgOpt = None,
    board_file: BoardOpt = None,
    cards: CardsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the board in the terminal (with a state's markers), and optionally as SVG."""
    from adjudicator.cli.file_kinds import described, file_kind, require_kind
    from adjudicator.cli.games import edition_game, require_board, state_base, state_game
    from adjudicator.tables import EDITION_TITLES

    out = Output(as_json)
    edition = require_board(edition, "board show")
    game = edition_game(edition)
    if state is None and (board_file is not None or cards is not None):
        option = "--board" if board_file is not None else "--cards"
        raise InputError(option, "", "goes with --state: the state's board and cards")
    if state is not None:
        require_kind(state, "state", "board show --state")
        if state_game(state) != game:
            found = file_kind(state)
            what = f"is {described(found)}" if found else "is not a state of this board"
            title = EDITION_TITLES.get(edition, edition)
            raise InputError(str(state), "", f"{what}, not {title}'s")
    from adjudicator.core.files import read_data
    from adjudicator.render.tables import board_lines, board_svg
    from adjudicator.tables import files

    entry = files(game)
    board = entry.board(edition)
    shown = None
    if state is not None:
        base = state_base(state, game, board_file, cards)
        shown = entry.board_state(board, read_data(state), str(state), base)
    if site is not None:
        what, ids = entry.board_sites(board)
        site = check_known(Path(edition), "--site", site, what, ids)
    out.show(*board_lines(game, board, shown, site))
    out.json(
        {
            **entry.board_data(board),
            "state": entry.state_file_data(shown) if shown is not None else None,
            "svg": str(svg) if svg is not None else None,
        }
    )
    if svg is not None:
        save_svg(svg, board_svg(game, board, shown, site), out)


@app.command("export")
@handle_errors
def export(edition: EditionArg, as_json: JsonOpt = False) -> None:
    """The board's spaces with their facts, its relations and its buildings."""
    from adjudicator.cli.games import edition_game, require_board

    out = Output(as_json)
    edition = require_board(edition, "board export")
    from adjudicator.render.tables import board_export_lines
    from adjudicator.tables import files

    game = edition_game(edition)
    board = files(game).board(edition)
    out.json(files(game).board_export(board))
    out.show(*board_export_lines(game, board))
