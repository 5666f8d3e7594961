"""A record as the pages read it: its entry, its page, the record, and the game after every
legal move. Replaying a record is the slow part of a page's request, so a few games stay
warm, keyed by the record's fingerprint: a poll or a second device costs nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from adjudicator.core.base_folder import Base
from adjudicator.render.pages import Page, page
from adjudicator.tables import AnyTable, table_of_record
from adjudicator.web.records import RecordDir, fingerprint

__all__ = ["Opened", "keep", "open_record"]


@dataclass(frozen=True, slots=True)
class Opened:
    """A record read and replayed: its entry, its page, the record, and the game after
    every legal move (with the lines that were legal)."""

    table: AnyTable
    page: Page
    rec: Any
    game: Any
    legal_lines: frozenset[int]


# Replaying a record is the slow part of a page's request; a few games stay warm, keyed by
# the record's text, so a poll or a second device costs nothing.
_CACHE: OrderedDict[tuple[str, str, str], Opened] = OrderedDict()
_CACHE_SIZE = 16
_CACHE_LOCK = threading.Lock()


def _read(records: RecordDir, name: str, text: str) -> tuple[AnyTable, Page, Any]:
    table = table_of_record(text)
    # Base's default confines: a board the record's text names is read only from the
    # served folder or the shipped data, never from elsewhere (core/base_folder.py).
    return table, page(table.name), table.read(text, name, Base(records.root))


def open_record(records: RecordDir, name: str, text: str) -> Opened:
    key = (str(records.root), name, fingerprint(text))
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    table, pg, rec = _read(records, name, text)
    game, legal = pg.opened(table, rec)
    opened = Opened(table, pg, rec, game, legal)
    keep(key, opened)
    return opened


def keep(key: tuple[str, str, str], opened: Opened) -> None:
    with _CACHE_LOCK:
        _CACHE[key] = opened
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
