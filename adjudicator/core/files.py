"""Reading TOML/JSON data files and writing them atomically. Data is parsed, never executed."""

from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import tomlkit

from adjudicator.core.errors import InputError

__all__ = ["read_data", "write_atomic", "write_data"]


def read_data(path: Path) -> dict[str, Any]:
    """Parse a TOML file (or JSON, by its ending) into a dict, with a one-line error."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(str(path), "", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(str(path), "", f"cannot be read ({exc})") from None
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(
                str(path), f"line {exc.lineno}", f"malformed JSON: {exc.msg}"
            ) from None
        if not isinstance(data, dict):
            raise InputError(str(path), "", "expected a JSON object at the top level")
        return data
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib tells the place only inside its message: "... (at line 3, column 7)".
        where = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        entry = f"line {where.group(1)}" if where else ""
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
        raise InputError(str(path), entry, f"malformed TOML: {message}") from None


def write_atomic(path: Path, text: str) -> None:
    """Write text to path so that a failure leaves the old file whole (temp file, then rename)."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o7777  # a rewritten file keeps its permissions
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_data(path: Path, data: dict[str, Any]) -> None:
    """Write a dict as TOML (or JSON, by the file's ending), atomically."""
    if Path(path).suffix.lower() == ".json":
        text = json.dumps(data, indent=2) + "\n"
    else:
        text = tomlkit.dumps(data)
    write_atomic(Path(path), text)
