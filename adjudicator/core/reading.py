"""The one reader of every input: a file's text, bounded, whatever kind of file it is."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from adjudicator.core.errors import InputError
from adjudicator.core.limits import MAX_FILE_BYTES

__all__ = ["path_error", "read_text"]


def read_text(path: Path) -> str:
    """A text file's content (UTF-8, at most `MAX_FILE_BYTES`), or one `InputError` naming
    the file: missing, a folder, a device, unreadable, too large or not UTF-8.

    The one reader of every input, so every kind of file is read the same way: at most
    `MAX_FILE_BYTES + 1` bytes of it, whatever `stat` says (a device says 0); a named
    pipe is opened without waiting for a writer (one that is gone reads as empty, never
    hangs); and a pipe is read once in a process (`_ONCE`): a command that first asks
    which game it is of and then reads it gets the same text."""
    source = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise InputError(source, "", "no such file") from None
    except IsADirectoryError:
        raise InputError(source, "", "is a folder, not a file") from None
    except PermissionError:
        raise InputError(source, "", "cannot be read (permission denied)") from None
    except (OSError, ValueError) as exc:  # the path is ours to name: strerror alone
        raise InputError(source, "", f"cannot be read ({_problem(exc)})") from None
    info = os.fstat(fd)
    kind = _refused_kind(info.st_mode)
    if kind is not None:
        os.close(fd)
        raise InputError(source, "", kind)
    with open(fd, "rb", closefd=True) as handle:
        key = _once_key(path, info)
        if key is not None and key in _ONCE:
            return _ONCE[key]
        os.set_blocking(fd, True)  # a pipe's writer, if it has one, is waited for
        try:
            raw = handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise InputError(source, "", f"cannot be read ({_problem(exc)})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(source, "", f"larger than {MAX_FILE_BYTES} bytes (the limit)")
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")  # an editor's byte-order mark
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(
            source,
            f"line {line}",
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
        ) from None
    if key is not None:
        _ONCE[key] = text
        while len(_ONCE) > _ONCE_SIZE:
            _ONCE.pop(next(iter(_ONCE)))
    return text


#: What each pipe read so far held, by its name (`read_text`).
_ONCE: dict[tuple[object, ...], str] = {}
_ONCE_SIZE = 16


def _once_key(path: Path, info: os.stat_result) -> tuple[object, ...] | None:
    """A pipe can be read only once, so within a process its name is the input; a regular
    file is read afresh each time (another command may have written it meanwhile)."""
    if stat.S_ISREG(info.st_mode):
        return None
    return (os.path.abspath(path),)


def _refused_kind(mode: int) -> str | None:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file"
    return None


def path_error(exc: OSError) -> InputError:
    """A path the system refused, wherever a command met it (asked whether it exists,
    opened, written): one `InputError` naming the file, not a traceback. A name of 300
    bytes is "File name too long" at the first look, which `Path.exists` raises."""
    name = exc.filename if isinstance(exc.filename, str) else str(exc.filename or "a file")
    if len(name) > 100:  # the whole name would fill the screen: its start, and its size
        name = f"{name[:60]}... ({len(name.encode('utf-8', 'replace'))} bytes)"
    return InputError(name, "", f"cannot be used ({_problem(exc)})")


def _problem(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or "error"
    return "not a path"  # a NUL byte in the name
