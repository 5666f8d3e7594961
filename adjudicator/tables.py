"""The registry of the game protocol (`core/table.py`): the four games as equal entries,
each loaded by name only when asked for, so a record of one game never loads another.

Old Town and Gads Hill 1874 share the deduction games' entry. A game's identity lives here
and nowhere else: its name, its title, its editions' titles, the `[Edition "..."]` tag of
its records and the key of its board and state files. A fifth game plugs in with a line in
`TABLES`, `FILES` and `TITLES` here, a `table.py` and a files part of its own package, and
its views in `render/tables.py`.
"""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # types only: a command on a file loads no protocol it does not call
    from adjudicator.core.table import Files, Table

__all__ = [
    "EDITION_TITLES",
    "FILES",
    "TABLES",
    "TITLES",
    "edition_tag",
    "editions",
    "files",
    "name_of_data",
    "name_of_edition",
    "name_of_record",
    "table",
    "table_of_edition",
    "table_of_record",
]

#: Each entry's module, which holds its `TABLE`; by the registry's name.
TABLES = {
    "deduction": "adjudicator.deduction.table",
    "dry-gulch": "adjudicator.dry_gulch.game.table",
    "black-hills": "adjudicator.black_hills.game.table",
}

#: Each entry's files part (`core/table.py`'s `Files`: its state files, boards and cards),
#: a module of its own holding `FILES`, so that a command on a file loads no record flow.
FILES = {
    "deduction": "adjudicator.deduction.table_files",
    "dry-gulch": "adjudicator.dry_gulch.game.files",
    "black-hills": "adjudicator.black_hills.game.files",
}

#: Each entry's game as a player names it (its `title`, without loading the entry: what a
#: command says of a file of another game).
TITLES = {
    "deduction": "Old Town and Gads Hill 1874",
    "dry-gulch": "Dry Gulch",
    "black-hills": "Black Hills",
}

#: Every shipped edition as a player names it. Editions that are not an entry's name are
#: the deduction games' shipped boards (any other edition, a board file included, is the
#: deduction games' too: their reader says what is wrong with it).
EDITION_TITLES = {
    "old-town": "Old Town",
    "gads-hill-1874": "Gads Hill 1874",
    "dry-gulch": "Dry Gulch",
    "black-hills": "Black Hills",
}

# A record's tag, spelt as every game's reader wants it; no TOML file has a line like it
# (a table's name holds no quoted word).
_EDITION_TAG = re.compile(r'^\s*\[\s*Edition\s+"([^"\n]*)"\s*\]', re.M)


def table(name: str) -> Table:
    """The entry called `name` (a key of `TABLES`)."""
    module = importlib.import_module(TABLES[name])
    entry: Table = module.TABLE
    return entry


def edition_tag(text: str) -> str | None:
    """The edition a record's `[Edition "..."]` tag names, as written (trimmed); None for
    a text with no such tag (not a record)."""
    found = _EDITION_TAG.search(text)
    return found.group(1).strip() if found else None


def name_of_record(text: str) -> str:
    """The registry's name of a record's game, by its tag: any edition that is not an
    entry's name is the deduction games' (their reader says what is wrong with it)."""
    return name_of_edition((edition_tag(text) or "").lower())


def name_of_edition(edition: str) -> str:
    """The registry's name of the game that plays `edition` (a shipped id, a board file)."""
    return edition if edition in TABLES else "deduction"


def name_of_data(data: dict[str, object]) -> str:
    """The registry's name of a board or state file's game, from its data: a board has a
    `[game]` table and a state file a `game = "..."` key for the games with their own
    packages; the deduction games' have neither."""
    tag = data.get("game")
    ident = tag.get("id") if isinstance(tag, dict) else tag
    return ident if isinstance(ident, str) and ident in TABLES else "deduction"


def files(name: str) -> Files:
    """The files part of the entry called `name` (a key of `FILES`)."""
    module = importlib.import_module(FILES[name])
    part: Files = module.FILES
    return part


def table_of_record(text: str) -> Table:
    """The entry of a record's text, by its `[Edition "..."]` tag."""
    return table(name_of_record(text))


def editions() -> list[str]:
    """Every shipped edition of the four games (a board file each), by its id."""
    from adjudicator.core.data import data_dir

    return sorted(p.stem for p in data_dir("boards").glob("*.toml"))


def table_of_edition(edition: str) -> Table:
    """The entry that plays a shipped edition: its own, or the deduction games'."""
    return table(name_of_edition(edition))
