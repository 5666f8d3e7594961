"""The registry of the game protocol (`core/table.py`): the four games as equal entries,
each loaded by name only when asked for, so a record of one game never loads another.

Old Town and Gads Hill 1874 share the deduction games' entry. A fifth game plugs in with
one line here and a `table.py` of its own package.
"""

from __future__ import annotations

import importlib
import re

from adjudicator.core.table import Table

__all__ = ["TABLES", "editions", "table", "table_of_edition", "table_of_record"]

#: Each entry's module, which holds its `TABLE`; by the registry's name.
TABLES = {
    "deduction": "adjudicator.deduction.table",
    "dry-gulch": "adjudicator.dry_gulch.game.table",
    "black-hills": "adjudicator.black_hills.game.table",
}

#: Editions that are not an entry's name: the deduction games' shipped boards (any other
#: edition, a board file included, is the deduction games' too: their reader says what
#: is wrong with it).
_EDITION_TAG = re.compile(r'^\s*\[\s*Edition\s+"\s*([A-Za-z0-9-]+)\s*"\s*\]', re.M)


def table(name: str) -> Table:
    """The entry called `name` (a key of `TABLES`)."""
    module = importlib.import_module(TABLES[name])
    entry: Table = module.TABLE
    return entry


def table_of_record(text: str) -> Table:
    """The entry of a record's text, by its `[Edition "..."]` tag."""
    found = _EDITION_TAG.search(text)
    name = found.group(1).lower() if found else ""
    return table(name if name in TABLES else "deduction")


def editions() -> list[str]:
    """Every shipped edition of the four games (a board file each), by its id."""
    from adjudicator.core.data import data_dir

    return sorted(p.stem for p in data_dir("boards").glob("*.toml"))


def table_of_edition(edition: str) -> Table:
    """The entry that plays a shipped edition: its own, or the deduction games'."""
    return table(edition if edition in TABLES else "deduction")
