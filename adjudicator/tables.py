"""The registry of the four games: one entry each, saying what the game is called, how its
records are told apart, and where its rules (the game protocol's `Table`, `core/table.py`),
its files part (state files, boards, cards: `core/table.Files`), its command-line views
(`render/`) and its page live. Each of those is loaded by its module's name only when asked
for, so a record of one game never loads another, and the front ends name no game: they
loop over `GAMES` or ask for a record's entry.

Old Town and Gads Hill 1874 share the deduction games' entry. A game's identity lives here
and nowhere else: its name, its title, its editions' titles, the `[Edition "..."]` tag of
its records and the key of its board and state files. A fifth game plugs in with one
`Entry` here (its `Table`, its files part, its views and its page in modules of its own).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

if TYPE_CHECKING:  # types only: a command on a file loads no protocol it does not call
    from adjudicator.core.table import Files, Table

#: An entry of the game protocol as the front ends hold it, whichever game it is: the one
#: dynamic boundary, where a record's `[Edition]` tag picks the entry at run time, so its
#: game, move and record types (and its files part's) are known only to the entry (each
#: entry module checks its own, `_PROTOCOL: Table[Game, Move, Record, ...] = TABLE`).
#: Everything past it is typed.
AnyTable: TypeAlias = "Table[Any, Any, Any, Any, Any, Any, Any]"
#: An entry's files part as the front ends hold it (`files(name)`): the same boundary, where
#: a file's game picks the entry; each files module checks its own (`_FILES: Files[...]`).
AnyFiles: TypeAlias = "Files[Any, Any, Any, Any]"

__all__ = [
    "EDITION_TITLES",
    "FILES",
    "GAMES",
    "TABLES",
    "TITLES",
    "AnyFiles",
    "AnyTable",
    "Entry",
    "Part",
    "Parts",
    "edition_tag",
    "editions",
    "entry",
    "entry_of_edition",
    "entry_of_record",
    "files",
    "name_of_data",
    "name_of_edition",
    "name_of_record",
    "table",
    "table_of_edition",
    "table_of_record",
]


#: An entry's parts besides its rules, each a module's name (or None: the game has none).
Part = Literal["files", "views", "file_views", "page", "puzzles", "referee"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One game of the registry: its names, and its parts by module name (each module
    holds what its layer asks of it: the rules a `TABLE`, the files part a `FILES`, the
    page a `PAGE`, the views the functions `render/tables.py` lists)."""

    name: str  # the registry's name: deduction, dry-gulch, black-hills
    title: str  # as a player names it
    score_word: str  # points, influence, reputation
    #: The `[Edition "..."]` tags of its records; none: every other tag's (the default).
    tags: tuple[str, ...]
    rules: str  # the module holding its `TABLE`
    files: str  # its state files, boards and cards: the module holding its `FILES`
    views: str  # what the command line draws of its records
    file_views: str  # what the command line draws of its files (states, boards, cards)
    page: str  # what the page (`adjudicator serve`) draws of it: the module's `PAGE`
    puzzles: str | None = None  # the solo puzzles' page, for a game that has them
    #: Its referee commands on a state file (`adjudicator dry-gulch pay`): the module of
    #: its package with one function per command (`core/referee.py`), the commands its
    #: group offers as (the name typed, the kind of command `cli/state_file_cmds.py`
    #: builds it as), and the group's help. None: the game has no such group.
    referee: str | None = None
    commands: tuple[tuple[str, str], ...] = ()
    commands_help: str = ""

    def table(self) -> AnyTable:
        """The game's entry of the game protocol (its types are the entry's own: see
        `AnyTable`)."""
        found: AnyTable = importlib.import_module(self.rules).TABLE
        return found

    def load(self, part: Part) -> ModuleType:
        """One of its parts' modules by the field's name (`views`, `page`, `puzzles`)."""
        module = getattr(self, part)
        if module is None:
            raise LookupError(f"{self.title} has no {part}")
        return importlib.import_module(module)


GAMES = {
    e.name: e
    for e in (
        Entry(
            name="deduction",
            title="Old Town and Gads Hill 1874",
            score_word="points",
            tags=(),  # any other edition, a board file's included: their reader judges it
            rules="adjudicator.deduction.table",
            files="adjudicator.deduction.table_files",
            views="adjudicator.render.records",
            file_views="adjudicator.render.files_deduction",
            page="adjudicator.render.pages.deduction",
            puzzles="adjudicator.render.pages.puzzles",
            referee="adjudicator.deduction.referee",  # its commands are top-level: no group
        ),
        Entry(
            name="dry-gulch",
            title="Dry Gulch",
            score_word="influence",
            tags=("dry-gulch",),
            rules="adjudicator.dry_gulch.game.table",
            files="adjudicator.dry_gulch.game.files",
            views="adjudicator.render.dry_gulch",
            file_views="adjudicator.render.files_dry_gulch",
            page="adjudicator.render.pages.dry_gulch",
            referee="adjudicator.dry_gulch.game.referee",
            commands=(
                ("pay", "pay"),
                ("plan", "plan"),
                ("place", "place"),
                ("score", "score"),
                ("new", "new-with-residences"),
            ),
            commands_help=(
                "Dry Gulch: set up a table; what a hand pays for, plans and places; score. A "
                "whole game, every phase of its turns, is kept with `adjudicator game "
                "--edition dry-gulch`, and simulated with `adjudicator simulate dry-gulch`."
            ),
        ),
        Entry(
            name="black-hills",
            title="Black Hills",
            score_word="reputation",
            tags=("black-hills",),
            rules="adjudicator.black_hills.game.table",
            files="adjudicator.black_hills.game.files",
            views="adjudicator.render.black_hills",
            file_views="adjudicator.render.files_black_hills",
            page="adjudicator.render.pages.black_hills",
            referee="adjudicator.black_hills.game.referee",
            commands=(
                ("turn", "turn"),
                ("invest", "invest"),
                ("best", "best"),
                ("new", "new-with-sheriff"),
            ),
            commands_help=(
                "Black Hills: set up a table, referee a turn, invest, find the best turn (by "
                "its expected reputation). A whole game is kept with `adjudicator game "
                "--edition black-hills`, and simulated with `adjudicator simulate black-hills`."
            ),
        ),
    )
}


class Parts(Mapping[str, str]):
    """One part's module of every entry, by the registry's name (`Parts("views")`), read
    from `GAMES` when asked: the older registries' shape, with no second list to keep."""

    def __init__(self, part: Part | Literal["rules"]) -> None:
        self.part = part

    def __getitem__(self, name: str) -> str:
        module: str | None = getattr(GAMES[name], self.part)
        if module is None:
            raise KeyError(name)
        return module

    def __iter__(self) -> Iterator[str]:
        return (name for name, e in GAMES.items() if getattr(e, self.part) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Each entry's rules module (its `TABLE`), by the registry's name.
TABLES = Parts("rules")

#: Each entry's files part (`core/table.py`'s `Files`: its state files, boards and cards),
#: a module of its own holding `FILES`, so that a command on a file loads no record flow.
FILES = Parts("files")

#: Each entry's game as a player names it (its `title`, without loading the entry: what a
#: command says of a file of another game).
TITLES = {name: e.title for name, e in GAMES.items()}

#: Every shipped edition as a player names it. Editions that are not an entry's name are
#: the deduction games' shipped boards (any other edition, a board file included, is the
#: deduction games' too: their reader says what is wrong with it).
EDITION_TITLES = {
    "old-town": "Old Town",
    "gads-hill-1874": "Gads Hill 1874",
    "dry-gulch": "Dry Gulch",
    "black-hills": "Black Hills",
}

# A record's tag, spelt as every game's reader wants it: the one place a game's identity is
# read from its text (no TOML file has a line like it: a table's name holds no quoted word).
_EDITION_TAG = re.compile(r'^\s*\[\s*Edition\s+"([^"\n]*)"\s*\]', re.M)


def edition_tag(text: str) -> str | None:
    """The edition a record's `[Edition "..."]` tag names, as written (trimmed); None for
    a text with no such tag (not a record)."""
    found = _EDITION_TAG.search(text)
    return found.group(1).strip() if found else None


def entry(name: str) -> Entry:
    """The entry called `name` (a key of `GAMES`)."""
    return GAMES[name]


def entry_of_edition(edition: str) -> Entry:
    """The entry that plays an edition: the one whose tags name it, or the default (the
    entry with no tags)."""
    found = next((e for e in GAMES.values() if edition in e.tags), None)
    return found or next(e for e in GAMES.values() if not e.tags)


def entry_of_record(text: str) -> Entry:
    """The entry of a record's text, by its `[Edition "..."]` tag (in any case)."""
    return entry_of_edition((edition_tag(text) or "").lower())


def name_of_record(text: str) -> str:
    """The registry's name of a record's game, by its tag: any edition that is not an
    entry's is the deduction games' (their reader says what is wrong with it)."""
    return entry_of_record(text).name


def name_of_edition(edition: str) -> str:
    """The registry's name of the game that plays `edition` (a shipped id, a board file)."""
    return entry_of_edition(edition).name


def name_of_data(data: dict[str, object]) -> str:
    """The registry's name of a board or state file's game, from its data: a board has a
    `[game]` table and a state file a `game = "..."` key for the games with their own
    packages; the deduction games' have neither."""
    tag = data.get("game")
    ident = tag.get("id") if isinstance(tag, dict) else tag
    return entry_of_edition(ident).name if isinstance(ident, str) else entry_of_edition("").name


def table(name: str) -> AnyTable:
    """The game protocol's entry of the game called `name` (a key of `GAMES`)."""
    return GAMES[name].table()


def files(name: str) -> AnyFiles:
    """The files part of the entry called `name` (a key of `GAMES`; its types are the
    entry's own: see `AnyFiles`)."""
    part: AnyFiles = GAMES[name].load("files").FILES
    return part


def table_of_record(text: str) -> AnyTable:
    """The game protocol's entry of a record's text, by its `[Edition "..."]` tag."""
    return entry_of_record(text).table()


def editions() -> list[str]:
    """Every shipped edition of the four games (a board file each), by its id."""
    from adjudicator.core.data import data_dir

    return sorted(p.stem for p in data_dir("boards").glob("*.toml"))


def table_of_edition(edition: str) -> AnyTable:
    """The entry that plays a shipped edition: its own, or the deduction games'."""
    return entry_of_edition(edition).table()
