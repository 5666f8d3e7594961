"""Reading TOML/JSON data files and writing them atomically. Data is parsed, never executed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.limits import MAX_FILE_BYTES
from adjudicator.core.safe_parse import parse_json, parse_toml

__all__ = ["read_data", "read_text", "write_atomic", "write_data"]


def read_data(path: Path) -> dict[str, Any]:
    """Parse a TOML file (or JSON, by its ending) into a dict, with a one-line error.

    Everything beyond the limits of `core/limits.py` is refused: a file is read only up to
    `MAX_FILE_BYTES` (so a huge file or an endless device fails before parsing), then
    parsed and walked by `core/safe_parse.py`."""
    text = read_text(path)
    if path.suffix.lower() == ".json":
        return parse_json(text, str(path))
    return parse_toml(text, str(path))


def read_text(path: Path) -> str:
    """A text file's content (UTF-8, at most `MAX_FILE_BYTES`), or one `InputError` naming
    the file: missing, a folder, unreadable, too large or not UTF-8."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError(source, "", "no such file") from None
    except IsADirectoryError:
        raise InputError(source, "", "is a folder, not a file") from None
    except PermissionError:
        raise InputError(source, "", "cannot be read (permission denied)") from None
    except OSError as exc:  # the path is ours to name: strerror alone, not str(exc)
        raise InputError(source, "", f"cannot be read ({exc.strerror or 'error'})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(source, "", f"larger than {MAX_FILE_BYTES} bytes (the limit)")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")  # an editor's byte-order mark
    except UnicodeDecodeError as exc:
        raise InputError(
            source, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
        ) from None


# Writing lives in writes.py; it loads tomlkit, which a command that only reads (every
# ruling without --write) need not pay for at start-up.
def write_atomic(path: Path, text: str) -> None:
    """See `core.writes.write_atomic`."""
    from adjudicator.core.writes import write_atomic as write

    write(path, text)


def write_data(path: Path, data: dict[str, Any]) -> None:
    """See `core.writes.write_data`."""
    from adjudicator.core.writes import write_data as write

    write(path, data)
