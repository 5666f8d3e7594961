"""The records directory the app serves: names confined to it, one lock per record, and
every write atomic (a temporary file, then a rename), as `adjudicator game move` writes.

Two devices committing at once are serialised by the record's lock, and a move is
adjudicated on the record as it is inside the lock, so none is lost or counted twice.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_text
from adjudicator.core.writes import locked, write_atomic

__all__ = ["RecordDir", "version_of"]

# A record name is one file name in the directory: no separators, no leading dot.
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}\.game$")


def version_of(text: str) -> str:
    """A short fingerprint of a record's text: pages compare it to see a new move."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class RecordDir:
    """The directory of `*.game` records the app may read and write."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._locks: dict[Path, threading.Lock] = {}
        self._guard = threading.Lock()

    def path(self, name: str) -> Path:
        """The record called `name`, which may not leave the directory."""
        if not _NAME.match(name) or ".." in name:
            raise InputError(
                name, "", "not a record name (letters, digits, - _ . and the ending .game)"
            )
        path = (self.root / name).resolve()
        if path.parent != self.root:
            raise InputError(name, "", "outside the records directory")
        return path

    def names(self) -> list[str]:
        return sorted(p.name for p in self.root.glob("*.game") if _NAME.match(p.name))

    def read(self, name: str) -> str:
        path = self.path(name)
        if not path.exists():
            raise InputError(name, "", "no such record")
        try:
            return read_text(path)
        except InputError as exc:  # named as the page names it, not by its path here
            raise InputError(name, exc.entry, exc.problem) from None

    @contextmanager
    def locked(self, name: str) -> Iterator[Path]:
        """Hold the record's lock while it is read, adjudicated and written: the app's own
        thread lock, and the file lock `adjudicator game move` takes too, so the command
        line and the page never interleave either."""
        path = self.path(name)
        with self._guard:
            lock = self._locks.setdefault(path, threading.Lock())
        with lock, locked(path):
            yield path

    def write(self, path: Path, text: str) -> None:
        write_atomic(path, text)
