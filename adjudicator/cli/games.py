"""Which game a name or a file belongs to, and which commands serve it.

Four games share one command line, each an entry of the registry (`adjudicator/tables.py`),
which alone knows a game's identity: its name, its title, the tag of its records.
Every command that takes an edition or a state file asks here first, so a file of the
wrong game gets one line naming the command that does apply, instead of an error from
the wrong loader. Only the TOML/JSON is peeked at (no game package is imported), which
keeps start-up light (tests/test_startup.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import InputError
from adjudicator.tables import TITLES, AnyTable, editions, name_of_data, name_of_record

S = TypeVar("S")

__all__ = [
    "deduction_edition_ids",
    "edition_game",
    "edition_name",
    "found_from",
    "is_record",
    "load_deduction_state",
    "own_game_state",
    "record_game",
    "referee",
    "require_board",
    "require_deduction",
    "require_deduction_edition",
    "state_base",
    "state_game",
]

# What a player runs instead, when a command of another game is given this game's file.
_COMMANDS: dict[str, str] = {
    "deduction": "stop, play, discard, buy, hint, game",
    "dry-gulch": "adjudicator dry-gulch pay|plan|place|score",
    "black-hills": "adjudicator black-hills turn|invest|best, adjudicator state check",
}


def referee(name: str = "deduction") -> Any:
    """The referee part of an entry (`Entry.referee`): what the command line calls of the
    game beside the protocol, by name (the deduction games' rulings, puzzles and audit)."""
    from adjudicator.tables import GAMES

    return GAMES[name].load("referee")


def edition_name(name: str, option: str) -> str:
    """The shipped edition `name` names, in any case or spelling of its words (`Dry-Gulch`,
    `Old Town`), or a board file's path as given; anything else is one line that lists
    every shipped edition of the four games, with a close match."""
    import difflib

    from adjudicator.core.limits import clip

    ids = editions()
    if name in ids:
        return name
    wanted = "-".join(name.strip().casefold().replace("_", " ").split())
    if wanted in ids:
        return wanted
    path = Path(name)
    if path.suffix == ".toml" and path.is_file():
        return name
    close = difflib.get_close_matches(wanted, ids, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise InputError(
        option, "", f"unknown edition or board file {clip(name)} (known: {', '.join(ids)}){hint}"
    )


def require_board(edition: str, command: str) -> str:
    """The shipped edition `edition` names, in any case (`Dry-Gulch`), or the board file it
    is the path of; a file of another kind (a state, a record) is one line saying so."""
    from adjudicator.cli.file_kinds import require_kind

    path = Path(edition)
    if edition.lower() not in editions() and path.is_file():
        require_kind(path, "board", command)
    return edition_name(edition, "EDITION")


def edition_game(name: str) -> str:
    """The game of a shipped edition id or a board file's path; anything else (an unknown
    name) is left to the deduction resolver, which names the known editions."""
    from adjudicator.core.data import data_dir
    from adjudicator.core.files import read_data

    if name in editions():
        return name_of_data(read_data(data_dir("boards") / f"{name}.toml"))
    path = Path(name)
    if path.suffix == ".toml" and path.is_file():
        return name_of_data(read_data(path))
    return "deduction"


def state_game(path: Path) -> str:
    """The game a state file is of (a missing or malformed file is the loader's error)."""
    from adjudicator.core.files import read_data

    if path.suffix == ".game":  # a record: the deduction games only
        return "deduction"
    try:  # (a pipe is read once: the loader after this gets the same text)
        return name_of_data(read_data(path))
    except InputError:
        return "deduction"  # missing, a folder, malformed: the loader says so in one line


def deduction_edition_ids() -> list[str]:
    """The shipped editions a game record can be kept for (`game new --edition`)."""
    return [e for e in editions() if edition_game(e) == "deduction"]


def require_deduction(path: Path, command: str) -> None:
    """One line, naming the commands that apply, when `command` (a deduction command) is
    given a Dry Gulch or Black Hills file."""
    _require_deduction_game(state_game(path), path, command)


def _require_deduction_game(game: str, path: Path, command: str) -> None:
    if game != "deduction":
        raise InputError(
            str(path),
            "game",
            f"is a {TITLES[game]} state; `adjudicator {command}` is for "
            f"{TITLES['deduction']}: use {_COMMANDS[game]}",
        )


def is_record(path: Path) -> bool:
    """A game record (`*.game`) rather than a state file."""
    return path.suffix == ".game"


def own_game_state(path: Path, game: str, load: Callable[[Path], S], command: str) -> S:
    """The state a Dry Gulch or Black Hills command works on: a state file (`load`), or a
    record's current state, replayed through the game protocol; a record of another game
    is one line naming it."""
    if not is_record(path):
        from adjudicator.cli.file_kinds import described, file_kind, require_kind

        require_kind(path, "state", command)
        found = file_kind(path)
        if found is not None and state_game(path) != game:
            what = f"is {described(found)}; `adjudicator {command}` is for {TITLES[game]}"
            raise InputError(str(path), "", what)
        return load(path)
    from adjudicator.core.reading import read_text
    from adjudicator.tables import table_of_record

    body = read_text(path)
    table = table_of_record(body)
    played = table.replay(table.read(body, str(path), Base.command_line(path))).game
    if table.name != game:
        title = table.edition_title(played)
        article = "an" if title[:1].lower() in "aeiou" else "a"
        raise InputError(
            str(path),
            "Edition",
            f"is {article} {title} record; `adjudicator {command}` is for {TITLES[game]}",
        )
    state = table.seats(played)
    return cast(S, state)  # the entry of `game` seats its own state: what `load` reads


def found_from(
    table: AnyTable,
    record: Path,
    board: Path | None,
    cards: Path | None,
) -> Base:
    """Where the board and cards of a record named on the command line are found: the
    path its Edition tag writes, from the record's folder, or `--board`/`--cards`."""
    if (board is not None or cards is not None) and table.name != "deduction":
        option = "--board" if board is not None else "--cards"
        raise InputError(str(record), option, f"a {table.title} record names no board file")
    return Base.command_line(record, board, cards)


def state_base(path: Path, game: str, board: Path | None, cards: Path | None) -> Base:
    """Where the board and cards of a state file of `game` named on the command line are
    found (`found_from`'s, for a state): only Old Town's and Gads Hill's name a board file."""
    if (board is not None or cards is not None) and game != "deduction":
        option = "--board" if board is not None else "--cards"
        raise InputError(str(path), option, f"a {TITLES[game]} state names no board file")
    return Base.command_line(path, board, cards)


def load_deduction_state(
    path: Path, command: str, board: Path | None = None, cards: Path | None = None
) -> Any:
    """The state a ruling command works on (the deduction games' `GameState`): a state
    file, or a game record's current state (a record is the game's state, replayed move
    by move); its board and cards those it names, or `board`/`cards` (`--board`)."""
    from adjudicator.core.files import read_data
    from adjudicator.tables import files, table

    if is_record(path):
        game = record_game(path)
        if game != "deduction":
            raise InputError(
                str(path),
                "Edition",
                f"is a {TITLES[game]} record; `adjudicator {command}` is for "
                f"{TITLES['deduction']}: use adjudicator game show|move|undo, replay",
            )
        from adjudicator.core.reading import read_text

        body = read_text(path)
        deduction = table("deduction")
        record = deduction.read(body, str(path), Base.command_line(path, board, cards))
        return deduction.seats(deduction.replay(record).game)
    data = read_data(path)  # once: the game it is of, then the state
    _require_deduction_game(name_of_data(data), path, command)
    return files("deduction").read_state(data, str(path), Base.command_line(path, board, cards))


def require_deduction_edition(edition: str, command: str, option: str = "EDITION") -> None:
    """One line, naming the deduction editions and the other game's own commands, when
    `command` (a deduction command) is given Dry Gulch or Black Hills."""
    path = Path(edition)
    if edition not in editions() and not (path.suffix == ".toml" and path.is_file()):
        known = ", ".join(deduction_edition_ids())
        raise InputError(option, "", f"unknown edition or board file {edition!r} (known: {known})")
    game = edition_game(edition)
    if game != "deduction":
        raise InputError(
            option,
            "",
            f"{edition!r} is {TITLES[game]}; `adjudicator {command}` is for "
            f"{TITLES['deduction']} (editions: {', '.join(deduction_edition_ids())}, or a "
            f"board file): for {TITLES[game]} use {_COMMANDS[game]}",
        )


def record_game(path: Path) -> str:
    """The game a record's `[Edition "..."]` tag names. A missing or unreadable file, or
    any other edition, is left to the deduction reader, which says what is wrong in one
    line; so a deduction record never loads another game. The file is read by the one
    reader, which keeps a pipe's text for the game's own reader after this."""
    from adjudicator.core.files import read_text

    try:
        head = read_text(path)
    except InputError:
        return "deduction"
    return name_of_record(head)


def seats_of_new_record(record: Path, players: str, force: bool) -> tuple[str, ...]:
    """`--players ann,bob` as seat names, once the record may be written: it does not
    exist yet, or `--force` says to overwrite it."""
    from adjudicator.core.names import players_of

    if record.exists() and not force:
        raise InputError(str(record), "", "exists already (use --force to overwrite)")

    return players_of(players)  # as written; each game's set-up checks them
