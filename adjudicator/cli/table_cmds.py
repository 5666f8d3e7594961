"""`game new`, `game move`, `game undo`, `game show` and `replay` of every game: one loop
each over the game protocol (`core/table.py`, the registry `adjudicator/tables.py`), which
names no game. The commands that call these hold the record's lock (`cli/locking.py`)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import typer

from adjudicator.cli.games import found_from
from adjudicator.cli.output import Output
from adjudicator.core.i18n import shown
from adjudicator.core.table import Setup

# The viewer of the shared screen: a name no player has, so each game's views show every
# hand as a count (tests/test_cli_lang_table.py holds all four to it).
PUBLIC = ""

__all__ = ["PUBLIC", "move", "new", "refusal", "review", "show", "undo"]


def move(
    record: Path, text: str, as_json: bool, board: Path | None = None, cards: Path | None = None
) -> None:
    """Rule on one move of the record's game and, if legal, add it to the record; a
    refused move is one line (exit status 1) and leaves the record as it was."""
    from adjudicator.core.move_line import append_move, move_line
    from adjudicator.core.reading import read_text
    from adjudicator.render.tables import after_lines, ruled_lines
    from adjudicator.render.words import plural
    from adjudicator.tables import table_of_record

    out = Output(as_json)
    body = read_text(record)
    table = table_of_record(body)
    source = str(record)
    rec = table.read(body, source, found_from(table, record, board, cards))
    line = move_line(text)
    done = table.replay(rec)
    mv = table.seat(done.game, table.parse_move(line, source))
    table.check_move(done.game, mv, source)
    if done.skipped:
        out.warn(
            f"{plural(done.skipped, 'move')} already in the record "
            f"{'is' if done.skipped == 1 else 'are'} not legal and skipped; "
            "see 'adjudicator replay'"
        )
    after, ruled = table.apply(done.game, mv)
    if not ruled.legal:  # said once: one line on stderr, or under --json the ruling alone
        if not as_json:
            out.warn(
                f"refused, the record is unchanged: {refusal(ruled.code, shown(ruled.message))}"
            )
        out.json(ruled.to_json())
        raise typer.Exit(1)
    out.view(*ruled_lines(table.name, ruled))
    if ruled.claim_wrong:
        out.warn(table.claim_note(ruled))
    written = partial(table.moves_as_written, source=source)
    append_move(record, line, written, table.format_move(mv), body)
    out.view(*after_lines(table.name, after))
    out.json(ruled.to_json())


def refusal(code: str | None, message: str) -> str:
    """A refusal as one line, its rule code once (some rulings' messages lead with it)."""
    if code is None or message.startswith(f"{code}: "):
        return message
    return f"{code}: {message}"


def undo(record: Path, as_json: bool) -> None:
    """Take the last move off the record, its comments and header kept."""
    from adjudicator.core.files import write_atomic
    from adjudicator.core.reading import read_text
    from adjudicator.tables import table_of_record

    out = Output(as_json)
    body = read_text(record)
    table = table_of_record(body)
    text, written, line = table.remove_last_move(body, str(record))
    write_atomic(record, text, check=partial(table.moves_as_written, source=str(record)))
    out.show(f"Took back line {line}: {written}")
    out.json({"undone": written, "line": line})


def review(
    record: Path, as_json: bool, board: Path | None = None, cards: Path | None = None
) -> None:
    """`replay`: every move of the record re-adjudicated, and what the table missed."""
    from adjudicator.core.reading import read_text
    from adjudicator.render.tables import review_data, review_lines
    from adjudicator.tables import table_of_record

    out = Output(as_json)
    body = read_text(record)
    table = table_of_record(body)
    report = table.review(table.read(body, str(record), found_from(table, record, board, cards)))
    out.view(*review_lines(table.name, report, str(record)))
    out.json(review_data(table.name, report))


def show(
    record: Path,
    player: str | None,
    svg: Path | None,
    as_json: bool,
    board: Path | None = None,
    cards: Path | None = None,
) -> None:
    """The table the record leads to (as `player` sees it, if named), what may be written
    next, and with `svg` its picture."""
    from adjudicator.cli.checks import resolve_player
    from adjudicator.cli.options import save_svg
    from adjudicator.core.errors import RulesError
    from adjudicator.core.reading import read_text
    from adjudicator.render.tables import show_lines, show_svg
    from adjudicator.tables import table_of_record

    out = Output(as_json)
    body = read_text(record)
    table = table_of_record(body)
    game = table.replay(table.read(body, str(record), found_from(table, record, board, cards))).game
    who = None
    if player is not None:
        who = resolve_player(table.seats(game), record, player, "--player")
    picture = None if svg is None else show_svg(table.name, game, record.name)
    if svg is not None and picture is None:
        raise RulesError(f"{record}: --svg: no picture of a {table.title} record yet")
    out.view(*show_lines(table.name, game, who, str(record)))
    out.json(table.view(game, who))
    if svg is not None and picture is not None:
        save_svg(svg, picture, out)


def new(
    record: Path,
    edition: str,
    players: str,
    seed: int | None,
    setup: Setup,
    force: bool,
    as_json: bool,
) -> None:
    """Start a record of `edition`: its header, and the table it sets up."""
    from adjudicator.cli.checks import check_seeds
    from adjudicator.cli.games import edition_game, edition_name, seats_of_new_record
    from adjudicator.core.files import write_atomic
    from adjudicator.render.tables import show_lines
    from adjudicator.tables import table

    out = Output(as_json)
    check_seeds(seed)
    edition = edition_name(edition, "--edition")
    entry = table(edition_game(edition))
    names = seats_of_new_record(record, players, force)
    text, game = entry.new_record(edition, names, seed, setup)
    write_atomic(record, text, check=partial(entry.moves_as_written, source=str(record)))
    title = entry.edition_title(game)
    # The screen every player sees: no one's hand (each looks at their own, privately).
    out.view(
        f"New {title} record in {record}.",
        *show_lines(entry.name, game, PUBLIC, str(record)),
        f"A player's own view, their hand with it: adjudicator game show {record} --player NAME",
    )
    out.json(
        {
            "record": str(record),
            "header": text.strip().splitlines(),
            "state": entry.state_data(game),
        }
    )
