"""`adjudicator state ...`: check a state file and draw the board it describes."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from adjudicator.cli.options import BoardOpt, CardsOpt, SvgOpt, save_svg
from adjudicator.cli.output import JsonOpt, Output, handle_errors

__all__ = ["app"]

app = typer.Typer(help="Check game-state files.", no_args_is_help=True)

StateArg = Annotated[
    Path, typer.Argument(metavar="FILE", help="A state file (TOML, or JSON by its ending).")
]


@app.command("check")
@handle_errors
def check(
    file: StateArg,
    svg: SvgOpt = None,
    board: BoardOpt = None,
    cards: CardsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Validate a state file; draw its board with the buildings, markers and landmarks.

    Any game's state: Old Town, Gads Hill 1874, Dry Gulch or Black Hills.
    """
    from adjudicator.cli.file_kinds import file_kind, require_kind
    from adjudicator.cli.games import is_record, state_base, state_game

    out = Output(as_json)
    found = file_kind(file)
    if is_record(file) or (found is not None and found[0] == "record"):
        _check_record(file, svg, out, board, cards)
        return
    require_kind(file, "state", "state check")
    from adjudicator.core.files import read_data
    from adjudicator.render.tables import state_lines, state_svg
    from adjudicator.tables import files

    game = state_game(file)
    base = state_base(file, game, board, cards)
    state = files(game).read_state(read_data(file), str(file), base)
    out.json({"ok": True, "state": files(game).state_file_data(state)})
    out.show(*state_lines(game, state, str(file)))
    if svg is not None:
        save_svg(svg, state_svg(game, state, file.name), out)


def _check_record(
    file: Path, svg: Path | None, out: Output, board: Path | None, cards: Path | None
) -> None:
    """A game record of any game: read, every move replayed (through the game protocol),
    the moves the rules refuse counted (`replay` says which and why)."""
    from adjudicator.cli.games import found_from
    from adjudicator.core.errors import RulesError
    from adjudicator.core.reading import read_text
    from adjudicator.render.tables import show_lines, show_svg
    from adjudicator.render.words import plural
    from adjudicator.tables import table_of_record

    body = read_text(file)
    table = table_of_record(body)
    source = str(file)
    done = table.replay(table.read(body, source, found_from(table, file, board, cards)))
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
