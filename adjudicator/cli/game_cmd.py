"""`adjudicator game ...`, `replay` and `simulate`: whole games and their records."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.locking import holding_lock
from adjudicator.cli.options import BoardOpt, CardsOpt, SvgOpt
from adjudicator.cli.output import N_, JsonOpt, handle_errors

__all__ = ["app", "register"]

app = typer.Typer(help=N_("Keep a game's record at the table, move by move."), no_args_is_help=True)

RecordArg = Annotated[Path, typer.Argument(metavar="RECORD", help=N_("A game record (text)."))]


@app.command(
    "new",
    help=N_("Start a record: the header (edition, players, setup, options) of a new game."),
)
@handle_errors
@holding_lock("record")
def new(
    record: RecordArg,
    edition: Annotated[
        str,
        typer.Option(
            "--edition",
            help=N_("old-town, gads-hill-1874, dry-gulch, black-hills or a board file."),
        ),
    ],
    players: Annotated[str, typer.Option("--players", help=N_("Names in seat order: ann,bob."))],
    seed: Annotated[
        int | None,
        typer.Option("--seed", help=N_("Deal hands and draw piles from this seed (tracks hands).")),
    ] = None,
    buildings: Annotated[
        str | None,
        typer.Option("--buildings", help=N_("Who took which: 'ann=hotel bank; bob=doc jail'.")),
    ] = None,
    frames: Annotated[
        str | None,
        typer.Option("--frames", help=N_("Gads Hill: 'frame-east=cemetery, frame-west=...'.")),
    ] = None,
    options: Annotated[
        str | None,
        typer.Option(
            "--options",
            help=N_(
                "The table's options, as the record's Options tag keeps them: "
                "'half=up, open-permits=true' (see each game's RULINGS)."
            ),
        ),
    ] = None,
    residence: Annotated[
        str | None,
        typer.Option(
            "--residence",
            help=N_(
                "Dry Gulch: where residences stand, 'ann=nw-1, bob=ne-5' (default: the "
                "first free edge sites); 'in turn': each player chooses by a move, "
                "'build residence at SITE'."
            ),
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help=N_("Overwrite an existing record."))
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Start a record: the header (edition, players, setup, options) of a new game."""
    from adjudicator.cli.table_cmds import new as new_on
    from adjudicator.core.table import Setup

    setup = Setup(str(record), record.parent, options, buildings, frames, residence)
    new_on(record, edition, players, seed, setup, force, as_json)


@app.command(
    "move",
    help=N_(
        "Adjudicate one move and add it to the record. An illegal move is refused with "
        "its ruling and the record is left unchanged (exit status 1)."
    ),
)
@handle_errors
@holding_lock("record")
def move(
    record: RecordArg,
    text: Annotated[str, typer.Argument(help=N_("The move, e.g. 'ann: 23 as hotel'."))],
    board: BoardOpt = None,
    cards: CardsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Adjudicate one move and add it to the record."""
    from adjudicator.cli.table_cmds import move as move_on

    move_on(record, text, as_json, board, cards)


@app.command("undo", help=N_("Take the last move off the record."))
@handle_errors
@holding_lock("record")
def undo(record: RecordArg, as_json: JsonOpt = False) -> None:
    """Take the last move off the record."""
    from adjudicator.cli.table_cmds import undo as undo_on

    undo_on(record, as_json)


@app.command(
    "show",
    help=N_(
        "Draw the board as the record leaves it, with the scores, the hands, the draw piles "
        "and what the active player may do next."
    ),
)
@handle_errors
def show(
    record: RecordArg,
    player: Annotated[
        str | None, typer.Option("--player", help=N_("Show only this player's hand."))
    ] = None,
    svg: SvgOpt = None,
    board: BoardOpt = None,
    cards: CardsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the board as the record leaves it, with the scores, the hands, the draw piles
    and what the active player may do next."""
    from adjudicator.cli.table_cmds import show as show_on

    show_on(record, player, svg, as_json, board, cards)


def register(main: typer.Typer) -> None:
    @main.command(
        help=N_(
            "Re-adjudicate a game record of any of the four games and report what the table "
            "missed: illegal moves, scores written down that differ from the rules, and "
            "(Old Town, Gads Hill) STOP claims nobody took; then the corrected scores."
        )
    )
    @handle_errors
    def replay(
        record: RecordArg,
        board: BoardOpt = None,
        cards: CardsOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Re-adjudicate a game record and report every overlooked point."""
        from adjudicator.cli.table_cmds import review

        review(record, as_json, board, cards)
