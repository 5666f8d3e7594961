"""Reading TOML/JSON data files and writing them atomically. Data is parsed, never executed.
Every file is read by `core/reading.read_text`, the one reader of every input."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from adjudicator.core.reading import read_text
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


# Writing lives in writes.py; it loads tomlkit, which a command that only reads (every
# ruling without --write) need not pay for at start-up.
def write_atomic(path: Path, text: str, *, check: Callable[[str], object] | None = None) -> None:
    """See `core.writes.write_atomic`."""
    from adjudicator.core.writes import write_atomic as write

    write(path, text, check=check)


def write_data(
    path: Path, data: dict[str, Any], *, check: Callable[[dict[str, Any]], object] | None = None
) -> None:
    """See `core.writes.write_data`."""
    from adjudicator.core.writes import write_data as write

    write(path, data, check=check)
