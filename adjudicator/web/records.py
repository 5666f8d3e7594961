"""The records directory the app serves: names confined to it, one lock per record, and
every write atomic (a temporary file, then a rename), as `adjudicator game move` writes.

Two devices committing at once are serialised by the record's lock, and a move is
adjudicated on the record as it is inside the lock, so none is lost or counted twice.

A page's `version` is a MAC, under a secret the app makes when it starts, of the record as
that page's viewer reads it (`RecordDir.version`): an unkeyed hash of the text, which
holds `[Seed]`, let a seat find the seed by hashing candidate headers. `fingerprint` of
the whole text stays the server's own key of its caches and is never sent.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_text
from adjudicator.core.writes import locked, write_atomic
from adjudicator.web.face_down import Choices

__all__ = ["HIDDEN_TAGS", "RecordDir", "fingerprint", "seen_header"]

# A record name is one file name in the directory: no separators, no leading dot.
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}\.game$")


#: The header tags no one at the table reads: the seed, and a real table's deal and piles
#: (Dry Gulch's advanced set-up picks with them). Lower case: Dry Gulch reads tags so.
HIDDEN_TAGS = frozenset({"seed", "hands", "deck", "picks"})
_VERSIONS_KEPT = 256
_TAG = re.compile(r"^\s*\[\s*([A-Za-z]+)")


def fingerprint(text: str) -> str:
    """The server's own key of a record's text, for its caches: never sent to a page (it
    is a function of the seed)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seen_header(text: str) -> list[str]:
    """The record's header tags as the table reads them: without the hidden ones."""
    lines = []
    for line in text.splitlines():
        tag = _TAG.match(line)
        if tag is not None and tag.group(1).lower() not in HIDDEN_TAGS:
            lines.append(line.strip())
    return lines


class RecordDir:
    """The directory of `*.game` records the app may read and write."""

    def __init__(self, root: Path, secret: bytes | None = None) -> None:
        self.root = root.resolve()
        # the versions' key: made anew each time the app starts, known to no device (a
        # test comparing two worlds gives both the same one)
        self._secret = secrets.token_bytes(32) if secret is None else secret
        # each version asked, by the record's fingerprint and the viewer's perspective: a
        # page's poll then costs a read and a hash (kept here, as the key is)
        self._versions: OrderedDict[tuple[str, str, str], str] = OrderedDict()
        self._locks: dict[Path, threading.Lock] = {}
        self._guard = threading.Lock()
        # what each player has seen of a face-down choice: this app's, as the key is
        self.choices = Choices()

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

    def version(self, seen: str) -> str:
        """The version a page is sent of a record it reads as `seen`: a keyed MAC, so two
        records read alike give one version and no device can test a guess against it."""
        return hmac.new(self._secret, seen.encode("utf-8"), hashlib.sha256).hexdigest()[:16]

    def version_kept(self, key: tuple[str, str, str], seen: Callable[[], str]) -> str:
        """`version(seen())`, kept by `key` (name, fingerprint, perspective)."""
        with self._guard:
            if key in self._versions:
                self._versions.move_to_end(key)
                return self._versions[key]
        made = self.version(seen())
        with self._guard:
            self._versions[key] = made
            while len(self._versions) > _VERSIONS_KEPT:
                self._versions.popitem(last=False)
        return made

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
