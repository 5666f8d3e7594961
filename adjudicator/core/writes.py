"""Writing files safely: atomically, through symlinks, keeping owner, mode and TOML comments,
and a lock so that two commands never read-decide-write one file at the same time.

A write goes to a temporary file beside the real target, is flushed to disk, renamed over
the target and the folder flushed too: a write killed at any moment leaves the old file or
the new one, whole. A killed write cannot remove its temporary file, so the temporary
file's name carries the writer's process id (`.NAME.<pid>.<random>.tmp`), and the first
write a process makes into a folder removes those whose process is gone. A TOML file is
rewritten through `toml_merge.merge_toml`, which keeps its comments.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import tomlkit

from adjudicator.core.errors import InputError
from adjudicator.core.reading import read_text
from adjudicator.core.toml_merge import merge_toml

__all__ = [
    "WriteError",
    "clean_stale_temps",
    "locked",
    "merge_toml",
    "read_back",
    "write_atomic",
    "write_bytes_atomic",
    "write_data",
]

#: How long a command waits for another one holding the lock on the same file.
LOCK_TIMEOUT = 60.0
#: A temporary file named the old way (no process id) is stale once this old, in seconds.
_LEGACY_STALE_AFTER = 3600.0


class WriteError(InputError):
    """A file that cannot be written: read-only, a folder we may not write in, a full disk."""

    code = "write"

    def __init__(self, source: str, problem: str) -> None:
        super().__init__(source, "", problem)


def _target(path: Path) -> Path:
    """The file a write really changes: a symlink is followed to its target, so that the
    link stays a link and whoever else uses the target sees the new content."""
    return Path(os.path.realpath(path))


def _os_problem(exc: OSError) -> str:
    # strerror alone ("Permission denied"): the file is already named at the start of the line
    return exc.strerror or type(exc).__name__


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except (OverflowError, OSError):
        return False
    return True


#: Our temporary files: `.NAME.<pid>.<8 hex digits>.tmp`.
_OURS = re.compile(r"\..+\.(\d+)\.[0-9a-f]{8}\.tmp")
#: Those of older versions (tempfile.mkstemp's names, no pid), for the files we write.
_LEGACY = re.compile(r"\..+\.(toml|json|game|svg)\.[a-z0-9_]{8}\.tmp")
#: Folders already cleaned by this process: a long simulation writing thousands of
#: records into one folder lists it once, not once a record.
_cleaned: set[Path] = set()


def clean_stale_temps(folder: Path) -> list[Path]:
    """Remove the temporary files that writes killed in `folder` left behind: ours whose
    writer has died, and those of older versions (no process id in the name) once they
    are an hour old. Returns what was removed; a file we cannot remove is left alone."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not entry.name.endswith(".tmp"):
            continue
        mine = _OURS.fullmatch(entry.name)
        try:
            if mine:
                stale = not _alive(int(mine.group(1)))
            elif _LEGACY.fullmatch(entry.name):
                stale = now - entry.stat(follow_symlinks=False).st_mtime > _LEGACY_STALE_AFTER
            else:
                continue
            if stale and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _clean_once(folder: Path) -> None:
    if folder not in _cleaned:
        clean_stale_temps(folder)
        _cleaned.add(folder)


def _fsync_dir(directory: Path) -> None:
    """Flush the rename itself to disk. Some file systems cannot fsync a folder: no matter."""
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _keep_owner(fd: int, uid: int, gid: int) -> None:
    """Give the new file the old one's owner and group, as far as we are allowed to."""
    for owner in ((uid, gid), (-1, gid)):
        try:
            os.fchown(fd, *owner)
            return
        except PermissionError:
            continue
        except OSError as exc:
            if exc.errno in (errno.EPERM, errno.EINVAL, errno.ENOTSUP):
                continue
            raise


def write_atomic(path: Path, text: str, *, check: Callable[[str], object] | None = None) -> None:
    """Write text to path so that a failure or a kill leaves the old file or the new one,
    whole. A symlink is written through to its target; owner and mode are kept; a file
    without write permission is refused (`FILE: is read-only`), and any OS error becomes
    one line naming the file. A pipe or a terminal (`--svg /dev/stdout`) is written to
    as it is: it has no old content to keep, and renaming over it would replace it.

    `check` is the file's own reader: it is given the text before anything is written, and
    a text it refuses (an `InputError`: a number past a limit, a move that would read as
    another) is not written, so a write never leaves a file that its readers refuse."""
    path = Path(path)
    shown = str(path)
    if check is not None:
        read_back(shown, text, check)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise WriteError(shown, "cannot be written: the text is not valid UTF-8") from None
    write_bytes_atomic(path, data)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """`write_atomic` of bytes already made (a Parquet batch, an encoded text): the old
    file or the new one, whole; any OS error one line naming the file (`WriteError`)."""
    path = Path(path)
    shown = str(path)
    try:
        if _stream(path, shown):
            _write_stream(path, shown, data)
            return
        target = _target(path)
        old = _old_file(target, shown)
        _clean_once(target.parent)
        _replace(target, data, old)
    except OSError as exc:
        raise WriteError(shown, f"cannot be written: {_os_problem(exc)}") from None


def _write_stream(path: Path, shown: str, data: bytes) -> None:
    """Write to a pipe or a terminal; a pipe nobody reads is refused, not waited on."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise WriteError(shown, "is a pipe that nobody reads") from None
        raise
    try:
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _stream(path: Path, shown: str) -> bool:
    """Whether path (through symlinks) is a pipe or a character device; a socket or a
    block device is refused, a missing file or a regular one is for `_replace`."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return True
    if stat.S_ISDIR(mode):
        raise WriteError(shown, "is a directory")
    if not stat.S_ISREG(mode):
        raise WriteError(shown, "is not a regular file")
    return False


def _old_file(target: Path, shown: str) -> os.stat_result | None:
    """The file about to be replaced (None if there is none), refused if read-only."""
    try:
        old = os.stat(target)
    except FileNotFoundError:
        return None
    # The rename needs only the folder's permission; the file's own says whether the
    # user means it to change (root may write anything: the mode bits still speak).
    if not old.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise WriteError(shown, "is read-only")
    return old


def _replace(target: Path, data: bytes, old: os.stat_result | None) -> None:
    """Temporary file beside the target, flushed; renamed over it; the folder flushed."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    # a new file gets 0666 less the umask; a rewritten one starts private, then takes the
    # old file's owner and mode
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
    fd = os.open(tmp, flags, 0o600 if old is not None else 0o666)
    try:
        try:
            if old is not None:
                _keep_owner(fd, old.st_uid, old.st_gid)
                os.fchmod(fd, stat.S_IMODE(old.st_mode))  # after chown: it may clear set-id
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    _fsync_dir(target.parent)


def _unlink_quietly(path: Path) -> None:
    with suppress(OSError):
        path.unlink(missing_ok=True)


def read_back(shown: str, text: str, check: Callable[[str], object]) -> None:
    """Refuse (`WriteError`) a text that `check`, the file's reader, refuses."""
    try:
        check(text)
    except InputError as exc:
        where = f"{exc.entry}: " if exc.entry else ""
        problem = f"not written: it would not read back ({where}{exc.problem})"
        raise WriteError(shown, problem) from None


def write_data(
    path: Path, data: dict[str, Any], *, check: Callable[[dict[str, Any]], object] | None = None
) -> None:
    """Write a dict as TOML (or JSON, by the file's ending), atomically. Rewriting a TOML
    file changes only the values that changed: its comments and layout stay. `check` is
    the file's schema: the text is parsed back as every reader parses it and given to it
    (see `write_atomic`)."""
    path = Path(path)
    json_file = path.suffix.lower() == ".json"
    if json_file:
        text = json.dumps(data, indent=2) + "\n"
    else:
        old = None
        if path.is_file():  # not a pipe: reading one would wait for a writer
            # the one reader: a byte-order mark is dropped, so tomlkit's merge keeps the
            # comments (a mark made it fail, and the file was written afresh)
            with suppress(InputError):
                old = read_text(path)
        merged = merge_toml(old, data) if old is not None else None
        text = merged if merged is not None else tomlkit.dumps(data)

    def parsed(text: str) -> object:
        from adjudicator.core.safe_parse import parse_json, parse_toml

        assert check is not None
        return check((parse_json if json_file else parse_toml)(text, str(path)))

    write_atomic(path, text, check=None if check is None else parsed)


@contextmanager
def locked(path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive lock on `path` (its target, through symlinks) for a
    read-decide-write, against every other command that takes it.

    The lock is an `flock` on `.NAME.lock` beside the target, not on the file itself: a
    write replaces the file by rename, and a lock on the replaced file would no longer
    exclude a command that opens the new one. The lock file is removed on release, while
    still held; a command granted the lock on a lock file removed meanwhile sees that the
    name no longer leads to it and locks the new one. The kernel drops the lock when the
    process dies, so a killed command never leaves the file locked (its lock file stays,
    empty, until the next command removes it). In a folder where no lock file can be made
    nothing can be written either: the command runs unlocked and its write says why."""
    import fcntl

    target = _target(path)
    if not target.name:  # `/`: no file can be there, and no lock beside it
        raise WriteError(str(path), "is a folder, not a file")
    with suppress(OSError):  # (the path itself: a pipe's /dev/fd/N resolves to no path)
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            # read, decided on and written again: a pipe or a device cannot be (a record
            # given as `<(cat x.game)` would have its new text written into the pipe)
            if stat.S_ISDIR(mode):
                raise WriteError(str(path), "is a folder, not a file")
            raise WriteError(str(path), "is a pipe or a device, not a file that can be rewritten")
    lock = target.with_name(f".{target.name}.lock")
    fd = _lock_fd(fcntl, lock, str(path), timeout)
    try:
        yield
    finally:
        if fd is not None:
            with suppress(OSError):
                os.unlink(lock)  # while held: nobody else can be inside
            os.close(fd)  # closing the descriptor releases the lock


def _lock_fd(fcntl: Any, lock: Path, shown: str, timeout: float) -> int | None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = _open_lock(lock)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT):
                return None
            raise WriteError(shown, f"cannot be locked: {_os_problem(exc)}") from None
        try:
            _flock(fcntl, fd, deadline, shown, timeout)
            if _same_file(fd, lock):
                return fd
        except OSError as exc:
            os.close(fd)
            raise WriteError(shown, f"cannot be locked: {_os_problem(exc)}") from None
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # its holder removed it as we waited: lock the one there now


def _open_lock(lock: Path) -> int:
    try:
        return os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except PermissionError:
        # another user's lock file (a record shared by a group): flock needs only reading
        return os.open(lock, os.O_RDONLY | os.O_CLOEXEC)


def _flock(fcntl: Any, fd: int, deadline: float, shown: str, timeout: float) -> None:
    """Poll for the lock rather than block, so that a stuck holder costs a clear error."""
    pause = 0.002
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        if time.monotonic() >= deadline:
            raise WriteError(shown, f"is locked by another command (waited {timeout:g} s)")
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _same_file(fd: int, path: Path) -> bool:
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)
