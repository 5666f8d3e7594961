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
    """Validate a state file; draw its board with the buildings, markers and landmarks.

    Any game's state: Old Town, Gads Hill 1874, Dry Gulch or Black Hills.
    """
    from adjudicator.cli.file_kinds import file_kind, require_kind
    from adjudicator.cli.games import is_record, state_game

    out = Output(as_json)
    found = file_kind(file)
    if is_record(file) or (found is not None and found[0] == "record"):
        _check_record(file, svg, out)
        return
    require_kind(file, "state", "state check")
    game = state_game(file)
    if game == "dry-gulch":
        _check_dry_gulch(file, svg, out)
        return
    if game == "black-hills":
        _check_black_hills(file, svg, out)
        return
    from adjudicator.deduction.files.state_file import load_state, state_to_data
    from adjudicator.render.terminal import board_view, state_summary

    state = load_state(file)
    out.json({"ok": True, "state": state_to_data(state)})
    out.show(
        Text.assemble(("ok: ", "bold green"), f"{file} is a valid state of {state.board.name}"),
        board_view(state.board, state),
        state_summary(state),
    )
    if svg is not None:
        from adjudicator.deduction.rules.logic import stop_report
        from adjudicator.render.svg import board_svg

        title = f"{state.board.name}: {file.name}"
        save_svg(svg, board_svg(state.board, state, title=title, claims=stop_report(state)), out)


def _check_record(file: Path, svg: Path | None, out: Output) -> None:
    """A game record of any game: read, every move replayed (through the game protocol),
    the moves the rules refuse counted (`replay` says which and why)."""
    from adjudicator.core.errors import RulesError
    from adjudicator.core.reading import read_text
    from adjudicator.render.tables import show_lines, show_svg
    from adjudicator.render.words import plural
    from adjudicator.tables import table_of_record

    body = read_text(file)
    table = table_of_record(body)
    source = str(file)
    done = table.replay(table.read(body, source, file.parent))
    moves = len(table.moves_as_written(body, source))
    refused = f", {done.skipped} of them not legal (see adjudicator replay)" if done.skipped else ""
    title = table.edition_title(done.game)
    summary = f"{file} is a valid record of {title}: {plural(moves, 'move')}{refused}"
    picture = None if svg is None else show_svg(table.name, done.game, file.name)
    if svg is not None and picture is None:
        raise RulesError(f"{file}: --svg: no picture of a {title} record yet")
    out.json(
        {
            "ok": True,
            "game": table.name,
            "moves": moves,
            "skipped": done.skipped,
            "state": table.state_data(done.game),
        }
    )
    out.lines(Text.assemble(("ok: ", "bold green"), summary))
    out.view(*show_lines(table.name, done.game, None, source))
    if svg is not None and picture is not None:
        save_svg(svg, picture, out)


def _check_dry_gulch(file: Path, svg: Path | None, out: Output) -> None:
    from adjudicator.dry_gulch.state import load_dg_state, state_data
    from adjudicator.render.dry_gulch import dg_board_svg, dg_board_view, dg_players_table

    state = load_dg_state(file)
    rules = state.rules
    out.json({"ok": True, "state": state_data(state)})
    out.show(
        Text.assemble(("ok: ", "bold green"), f"{file} is a valid state of {rules.name}"),
        dg_board_view(rules, state.buildings),
        dg_players_table(state),
    )
    if svg is not None:
        save_svg(svg, dg_board_svg(rules, state.buildings, title=f"{rules.name}: {file.name}"), out)


def _check_black_hills(file: Path, svg: Path | None, out: Output) -> None:
    from adjudicator.black_hills.state import load_bh_state, state_data
    from adjudicator.render.black_hills import bh_board_svg, state_view

    state = load_bh_state(file)
    rules = state.rules
    out.json({"ok": True, "state": state_data(state)})
    out.show(
        Text.assemble(("ok: ", "bold green"), f"{file} is a valid state of {rules.name}"),
        state_view(state),
    )
    if svg is not None:
        save_svg(svg, bh_board_svg(rules, state, title=f"{rules.name}: {file.name}"), out)
