"""`adjudicator game ...`, `replay` and `simulate`: whole games and their records."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, Protocol

import typer

from adjudicator.cli.games import seats_of_new_record
from adjudicator.cli.locking import holding_lock
from adjudicator.cli.options import SvgOpt
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError, RulesError

if TYPE_CHECKING:
    from adjudicator.cli.games import GameKind

# The engine is imported inside each command (see `cli/main.py`). Typer reads the option
# types when the command line starts, so `--policy`'s type is spelled here; it is
# `deduction.game.simulate.Policy` (tests/test_startup.py holds the two equal).
Policy = Literal["random", "greedy"]

__all__ = ["app", "register"]

app = typer.Typer(help="Keep a game's record at the table, move by move.", no_args_is_help=True)

RecordArg = Annotated[Path, typer.Argument(metavar="RECORD", help="A game record (text).")]


class RecordGame(Protocol):
    """What `game new/move/undo/show` and `replay` ask of a game with its own flow
    (`cli/dry_gulch_game.py`, `cli/black_hills_game.py`)."""

    def new(
        self,
        record: Path,
        players: str,
        seed: int | None,
        options: str | None,
        force: bool,
        as_json: bool,
    ) -> None: ...


def _other_game(game: GameKind) -> RecordGame | None:
    """The command module of a game with its own flow, None for the deduction games."""
    if game == "dry-gulch":
        from adjudicator.cli import dry_gulch_game

        return dry_gulch_game
    if game == "black-hills":
        from adjudicator.cli import black_hills_game

        return black_hills_game
    return None


def _own_flow(record: Path) -> RecordGame | None:
    """Dry Gulch and Black Hills records go to their own flow; None for the deduction
    games, whose flow this module is."""
    from adjudicator.cli.games import record_game

    return _other_game(record_game(record))


def _pairs(text: str, what: str) -> dict[str, str]:
    from adjudicator.core.pairs import name_values

    try:
        return dict(name_values(text))
    except ValueError as exc:
        raise RulesError(f"{what}: {exc}") from None


def _options(text: str) -> dict[str, bool | int]:
    """`--options 'two_cards_until=10, buying=false'`: a ruleset's values are flags or numbers
    (`new_game` checks the names and the ranges)."""
    from adjudicator.core.pairs import flag_or_number

    try:
        return {key: flag_or_number(key, value) for key, value in _pairs(text, "--options").items()}
    except ValueError as exc:
        raise RulesError(f"--options: {exc}") from None


@app.command("new")
@handle_errors
@holding_lock("record")
def new(
    record: RecordArg,
    edition: Annotated[
        str,
        typer.Option(
            "--edition",
            help="old-town, gads-hill-1874, dry-gulch, black-hills or a board file.",
        ),
    ],
    players: Annotated[str, typer.Option("--players", help="Names in seat order: ann,bob.")],
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Deal hands and draw piles from this seed (tracks hands)."),
    ] = None,
    buildings: Annotated[
        str | None,
        typer.Option("--buildings", help="Who took which: 'ann=hotel bank; bob=doc jail'."),
    ] = None,
    frames: Annotated[
        str | None,
        typer.Option("--frames", help="Gads Hill: 'frame-east=cemetery, frame-west=...'."),
    ] = None,
    options: Annotated[
        str | None,
        typer.Option(
            "--options",
            help="The table's options, as the record's Options tag keeps them: "
            "'half=up, open-permits=true' (see each game's RULINGS).",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing record.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Start a record: the header (edition, players, setup, options) of a new game."""
    from adjudicator.cli.games import edition_game, require_deduction_edition
    from adjudicator.core.files import write_atomic
    from adjudicator.deduction.files.editions import resolve_edition
    from adjudicator.deduction.files.state_file import state_to_data
    from adjudicator.deduction.game.deal import new_game
    from adjudicator.deduction.game.record import Header, Record, record_to_text
    from adjudicator.render.records import next_moves, table_view

    own = _other_game(edition_game(edition))
    if own is not None:  # its own flow: cli/dry_gulch_game.py, cli/black_hills_game.py
        if buildings or frames:
            raise InputError("--buildings", "", f"{edition} takes no --buildings or --frames")
        own.new(record, players, seed, options, force, as_json)
        return
    out = Output(as_json)
    require_deduction_edition(edition, "game new", "--edition")
    names = seats_of_new_record(record, players, force)
    header = Header(
        edition,
        names,
        frames=_pairs(frames, "--frames") if frames else {},
        buildings={k: tuple(v.split()) for k, v in _pairs(buildings, "--buildings").items()}
        if buildings
        else {},
        seed=seed,
        options=_options(options) if options else {},
    )
    game = new_game(header, resolve_edition(edition, "--edition").edition(), str(record))
    text = record_to_text(Record(game.header))
    write_atomic(record, text)
    out.show(f"New {game.state.board.name} record in {record}.", table_view(game))
    out.lines(*next_moves(game, str(record)))
    out.json(
        {
            "record": str(record),
            "header": text.strip().splitlines(),
            "state": state_to_data(game.state),
        }
    )


@app.command(
    "move",
    help=(
        "Adjudicate one move and add it to the record. An illegal move is refused with "
        "its ruling and the record is left unchanged (exit status 1)."
    ),
)
@handle_errors
@holding_lock("record")
def move(
    record: RecordArg,
    text: Annotated[str, typer.Argument(help="The move, e.g. 'ann: 23 as hotel'.")],
    as_json: JsonOpt = False,
) -> None:
    """Adjudicate one move and add it to the record."""
    from adjudicator.cli.table_cmds import move as move_on

    move_on(record, text, as_json)


@app.command("undo")
@handle_errors
@holding_lock("record")
def undo(record: RecordArg, as_json: JsonOpt = False) -> None:
    """Take the last move off the record."""
    from adjudicator.cli.table_cmds import undo as undo_on

    undo_on(record, as_json)


@app.command("show")
@handle_errors
def show(
    record: RecordArg,
    player: Annotated[
        str | None, typer.Option("--player", help="Show only this player's hand.")
    ] = None,
    svg: SvgOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the board as the record leaves it, with the scores, the hands, the draw piles
    and what the active player may do next."""
    from adjudicator.cli.table_cmds import show as show_on

    show_on(record, player, svg, as_json)


def register(main: typer.Typer) -> None:
    @main.command(
        help=(
            "Re-adjudicate a game record and report every overlooked point. STOP claims "
            "nobody took, illegal moves, scores that differ from the rules; then the "
            "corrected scores."
        )
    )
    @handle_errors
    def replay(record: RecordArg, as_json: JsonOpt = False) -> None:
        """Re-adjudicate a game record and report every overlooked point."""
        from adjudicator.cli.table_cmds import review

        review(record, as_json)
