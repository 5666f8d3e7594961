"""Values read from the shipped data files, kept on disk between runs.

A shipped edition (a board file and a card file, checked by strict pydantic models and
ruled on clue by clue) reads the same every time its files hold the same bytes, yet reading
it was a third of a ruling's own start-up: building the file models' validators alone
costs more than the ruling (issue 37). `kept` reads such a value once and keeps it in the
user's cache folder, under a key of the files' paths and bytes and of the code that reads
them, so that an edited file or an edited reader is read again, never served stale.

A cache file is data, never code: it is unpickled by an unpickler that builds only the
dataclasses and enums of the packages named (the models), and calls no other function,
whatever the file says; anything else in it, or a file cut short, is read as no cache.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import io
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["cache_folder", "kept"]

T = TypeVar("T")

#: Bumped when what a cache file holds changes shape (its header, the pickle protocol).
_FORMAT = b"adjudicator-cache 1\n"
_PROTOCOL = 5
_NONE = object()  # no cache (a cache may hold None)


def cache_folder() -> Path | None:
    """The user's cache folder for adjudicator: `$XDG_CACHE_HOME/adjudicator`, else the
    platform's usual place (`~/.cache`, `~/Library/Caches`, `%LOCALAPPDATA%`); None
    when there is no home to keep it in (the value is then read every time)."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base or not os.path.isabs(base):  # the XDG rule: a relative one is ignored
        if sys.platform == "win32":
            base = os.environ.get("LOCALAPPDATA", "")
        else:
            home = os.path.expanduser("~")
            if home == "~":
                return None
            mac = sys.platform == "darwin"
            base = os.path.join(home, "Library", "Caches") if mac else os.path.join(home, ".cache")
    return Path(base) / "adjudicator" if base else None


def kept(
    name: str,
    files: Sequence[Path],
    code: Sequence[str],
    kind: type[T],
    build: Callable[[], T],
) -> T:
    """`build()`, read from the cache when the same `files` (paths and bytes) were read
    by the same `code` before. `code` names the packages whose modules read the files
    and define the value's classes: an edit to any of their modules (by size and time,
    the test Python's own bytecode cache uses) reads the files again, and only their
    dataclasses and enums may appear in a cache file. Whatever `build` raises (a file
    that is not valid) is raised as it is, and nothing is kept."""
    try:
        key = _key(files, code)
    except OSError:  # a file missing or unreadable: `build` says so in its own words
        return build()
    folder = cache_folder()
    path = None if folder is None else folder / f"{name}-{_digest(files)}.pickle"
    if path is not None:
        found = _read(path, key, code)
        if found is not _NONE and isinstance(found, kind):
            return found
    value = build()
    if path is not None:
        _write(path, key, value)
    return value


def _digest(files: Sequence[Path]) -> str:
    """A short name for the files: one cache file per set of files, rewritten in place."""
    named = "\0".join(str(Path(f).resolve()) for f in files)
    return hashlib.sha256(named.encode("utf-8", "surrogateescape")).hexdigest()[:16]


def _key(files: Sequence[Path], code: Sequence[str]) -> bytes:
    from adjudicator import __version__

    h = hashlib.sha256(_FORMAT)
    h.update(f"{sys.version}\0{__version__}\0".encode())
    for f in files:
        data = Path(f).read_bytes()
        # the path as given, as a value read from it names its source
        h.update(f"{f}\0{len(data)}\0".encode("utf-8", "surrogateescape"))
        h.update(data)
    for package in code:
        for folder in importlib.import_module(package).__path__:
            for entry in sorted(os.scandir(folder), key=lambda e: e.name):
                if entry.name.endswith(".py") and entry.is_file():
                    st = entry.stat()
                    h.update(f"{package}.{entry.name}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest().encode("ascii") + b"\n"


class _Models(pickle.Unpickler):
    """Builds the dataclasses and enums of the allowed packages, and nothing else: a
    cache file cannot name a function to call (`pickle`'s "Restricting Globals")."""

    def __init__(self, data: bytes, packages: Sequence[str]) -> None:
        super().__init__(io.BytesIO(data))
        self.packages = tuple(packages)

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith(tuple(p + "." for p in self.packages)):
            found = getattr(importlib.import_module(module), name, None)
            if isinstance(found, type) and (
                dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)
            ):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a model of {self.packages}")


def _read(path: Path, key: bytes, code: Sequence[str]) -> object:
    """The value a cache file holds for `key`, or `_NONE`."""
    try:
        data = path.read_bytes()
    except OSError:
        return _NONE
    head = _FORMAT + key
    if not data.startswith(head):
        return _NONE  # another key: the files or their reader changed since
    try:
        return _Models(data[len(head) :], code).load()
    except Exception:  # a file cut short or tampered with is no cache: the files are read
        return _NONE


def _write(path: Path, key: bytes, value: object) -> None:
    """Writes the cache file whole or not at all (a temporary file renamed over it), so a
    reader never meets half of one; a folder that cannot be written keeps nothing."""
    try:
        data = pickle.dumps(value, protocol=_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return  # a value pickle cannot write is read every time
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(_FORMAT + key + data)
            os.replace(temp, path)
        except BaseException:
            os.unlink(temp)
            raise
    except OSError:
        return
