"""`adjudicator game new/move/undo/show` and `replay` for a Dry Gulch record.

`cli/game_cmd.py` keeps the commands (and their lock) and hands a Dry Gulch record or
edition to the functions here, so the deduction games' commands stay as they are. A
record is told apart by its `[Edition "dry-gulch"]` tag, read with a regular expression:
a deduction record's commands never load Dry Gulch (tests/test_startup.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.cli.games import seats_of_new_record
from adjudicator.cli.output import Output
from adjudicator.core.errors import InputError

if TYPE_CHECKING:
    pass

__all__ = ["new", "players_option"]


@contextmanager
def players_option(option: str) -> Iterator[None]:
    """A bad player list named as the option it came from (`--players: dry-gulch seats 3
    to 6 players, not 2`), not as the setup's `PLAYERS` entry."""
    try:
        yield
    except InputError as exc:
        if exc.source != "PLAYERS":
            raise
        which = exc.entry.removeprefix("players").strip()  # a bad name: `players 'x!'`
        raise InputError(option, which, exc.problem) from None


def new(
    record: Path, players: str, seed: int | None, options: str | None, force: bool, as_json: bool
) -> None:
    from adjudicator.core.files import write_atomic
    from adjudicator.dry_gulch.game.flow import new_game
    from adjudicator.dry_gulch.game.record import DGHeader, DGRecord, record_to_text
    from adjudicator.dry_gulch.options import DGOptions, options_from, options_pairs
    from adjudicator.dry_gulch.state import state_data
    from adjudicator.render.dry_gulch import dg_board_view, next_moves, table_lines

    out = Output(as_json)
    names = seats_of_new_record(record, players, force)
    table = DGOptions()
    if options:
        try:
            table = options_from(options_pairs(options), "--options", "")
        except ValueError as exc:
            raise InputError("--options", "", str(exc)) from None
    with players_option("--players"):
        game = new_game(DGHeader(names, 1 if seed is None else seed, options=table))
    text = record_to_text(DGRecord(game.header))
    write_atomic(record, text)
    out.show(
        f"New Dry Gulch record in {record}.", dg_board_view(game.state.rules, game.state.buildings)
    )
    out.lines(*table_lines(game), *next_moves(game))
    out.json(
        {
            "record": str(record),
            "header": text.strip().splitlines(),
            "state": state_data(game.state),
        }
    )
