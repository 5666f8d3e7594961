"""The registry of the four games: one entry each, saying what the game is called, how its
records are told apart, and where its rules (the game protocol's `Table`, `core/table.py`),
its command-line views (`render/`) and its page live. Each of those is loaded by its
module's name only when asked for, so a record of one game never loads another, and the
front ends name no game: they loop over `GAMES` or ask for a record's entry.

Old Town and Gads Hill 1874 share the deduction games' entry. A fifth game plugs in with
one `Entry` here (its `Table`, its views and its page in modules of its own).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Literal

from adjudicator.core.table import Table

__all__ = [
    "GAMES",
    "TABLES",
    "Entry",
    "Part",
    "Parts",
    "edition_tag",
    "editions",
    "entry",
    "entry_of_edition",
    "entry_of_record",
    "table",
    "table_of_edition",
    "table_of_record",
]


#: An entry's parts besides its rules, each a module's name (or None: the game has none).
Part = Literal["views", "page", "puzzles"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One game of the registry: its names, and its parts by module name (each module
    holds what its layer asks of it: the rules a `TABLE`, the page a `PAGE`, the views the
    functions `render/tables.py` lists)."""

    name: str  # the registry's name: deduction, dry-gulch, black-hills
    title: str  # as a player names it
    score_word: str  # points, influence, reputation
    #: The `[Edition "..."]` tags of its records; none: every other tag's (the default).
    tags: tuple[str, ...]
    rules: str  # the module holding its `TABLE`
    views: str  # what the command line draws of it
    page: str  # what the page (`adjudicator serve`) draws of it: the module's `PAGE`
    puzzles: str | None = None  # the solo puzzles' page, for a game that has them

    def table(self) -> Table:
        """The game's entry of the game protocol."""
        found: Table = importlib.import_module(self.rules).TABLE
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
            views="adjudicator.render.records",
            page="adjudicator.render.pages.deduction",
            puzzles="adjudicator.render.pages.puzzles",
        ),
        Entry(
            name="dry-gulch",
            title="Dry Gulch",
            score_word="influence",
            tags=("dry-gulch",),
            rules="adjudicator.dry_gulch.game.table",
            views="adjudicator.render.dry_gulch",
            page="adjudicator.render.pages.dry_gulch",
        ),
        Entry(
            name="black-hills",
            title="Black Hills",
            score_word="reputation",
            tags=("black-hills",),
            rules="adjudicator.black_hills.game.table",
            views="adjudicator.render.black_hills",
            page="adjudicator.render.pages.black_hills",
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

#: A record's `[Edition "..."]` tag: the one place a game's identity is read from its text.
_EDITION_TAG = re.compile(r'^\s*\[\s*Edition\s+"\s*([A-Za-z0-9-]+)\s*"\s*\]', re.M)


def edition_tag(text: str) -> str | None:
    """A record's edition as its `[Edition "..."]` tag names it (lower case), if it has one."""
    found = _EDITION_TAG.search(text)
    return found.group(1).lower() if found else None


def entry(name: str) -> Entry:
    """The entry called `name` (a key of `GAMES`)."""
    return GAMES[name]


def entry_of_edition(edition: str) -> Entry:
    """The entry that plays an edition: the one whose tags name it, or the default (the
    entry with no tags)."""
    found = next((e for e in GAMES.values() if edition in e.tags), None)
    return found or next(e for e in GAMES.values() if not e.tags)


def entry_of_record(text: str) -> Entry:
    """The entry of a record's text, by its `[Edition "..."]` tag."""
    return entry_of_edition(edition_tag(text) or "")


def table(name: str) -> Table:
    """The game protocol's entry of the game called `name` (a key of `GAMES`)."""
    return GAMES[name].table()


def table_of_record(text: str) -> Table:
    """The game protocol's entry of a record's text, by its `[Edition "..."]` tag."""
    return entry_of_record(text).table()


def editions() -> list[str]:
    """Every shipped edition of the four games (a board file each), by its id."""
    from adjudicator.core.data import data_dir

    return sorted(p.stem for p in data_dir("boards").glob("*.toml"))


def table_of_edition(edition: str) -> Table:
    """The entry that plays a shipped edition: its own, or the deduction games'."""
    return entry_of_edition(edition).table()
