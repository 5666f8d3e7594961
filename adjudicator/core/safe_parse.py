"""Parsing TOML and JSON text within the limits of `core/limits.py`, with one-line errors.

The standard parsers recurse once per nesting level (a deep file raises RecursionError),
convert integers of any length (ValueError past 4,300 digits), accept `inf` and `nan`,
and build a dotted key of n parts in time and memory quadratic in n. So: a dotted key
longer than the nesting limit is refused before parsing, the parser's own failures
become `InputError`s, and the parsed value is walked once (iteratively) for depth,
string lengths and numbers.
"""

from __future__ import annotations

import math
import re
import tomllib
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.limits import MAX_DEPTH, MAX_INT, MAX_INT_DIGITS, MAX_STRING, clip

__all__ = ["check_value", "parse_json", "parse_toml"]

# A key part: bare, or quoted on one line. A run of more than MAX_DEPTH parts joined by
# dots is a key nested too deep (the atomic groups keep the match linear). A key starts
# where no bare key character stands before it: else a search tried again at every
# character of a long word, each time to its end (100,000 x's: 7 s, a fuzz finding).
_PART = r"(?>[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')"
_DOTTED = re.compile(rf"(?<![A-Za-z0-9_-]){_PART}(?>[ \t]*\.[ \t]*{_PART}){{{MAX_DEPTH},}}")


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """The table a TOML text holds; anything malformed or beyond a limit is an `InputError`."""
    _check_dotted_keys(text, source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib tells the place only inside its message: "... (at line 3, column 7)".
        where = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        entry = f"line {where.group(1)}" if where else ""
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
        raise InputError(source, entry, f"malformed TOML: {message}") from None
    except RecursionError:
        raise InputError(source, "", _too_deep()) from None
    except ValueError:  # int(): more digits than Python converts
        raise InputError(source, "", _too_long_integer()) from None
    check_value(data, source)
    return data


def parse_json(text: str, source: str) -> dict[str, Any]:
    """The object a JSON text holds; anything malformed or beyond a limit is an `InputError`."""
    import json  # here: a TOML file, the usual case, never needs it (start-up, issue 13)

    try:
        data = json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        raise InputError(source, f"line {exc.lineno}", f"malformed JSON: {exc.msg}") from None
    except RecursionError:
        raise InputError(source, "", _too_deep()) from None
    except _Refused as exc:
        raise InputError(source, "", str(exc)) from None
    if not isinstance(data, dict):
        raise InputError(source, "", "expected a JSON object at the top level")
    check_value(data, source)
    return data


class _Refused(ValueError):
    """A JSON number the hooks refuse (json.loads lets a hook's ValueError through)."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(_too_long_integer())
    return int(text)


def _json_constant(text: str) -> float:
    raise _Refused(f"{text} is not a number a game uses")


def _too_deep() -> str:
    return f"nested more than {MAX_DEPTH} deep (the limit)"


def _too_long_integer() -> str:
    return f"an integer of more than {MAX_INT_DIGITS} digits (the limit)"


def _check_dotted_keys(text: str, source: str) -> None:
    # A key is on one line: only a line with enough dots can hold a key too deep, so the
    # search runs on the few lines that could match (linear in the text as a whole).
    if text.count(".") <= MAX_DEPTH:
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if line.count(".") > MAX_DEPTH and _DOTTED.search(line):
            raise InputError(
                source, f"line {number}", f"a dotted key of more than {MAX_DEPTH} parts"
            )


# A path to a value, built only when there is an error: (key, parent) links.
_Path = tuple[str | int, "_Path"] | None


def _entry(path: _Path) -> str:
    parts: list[str | int] = []
    while path is not None:
        key, path = path
        parts.append(key)
    out = ""
    for part in reversed(parts):
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


def check_value(data: Any, source: str) -> None:
    """Walk parsed data once, without recursion: nesting within `MAX_DEPTH`, strings and
    keys within `MAX_STRING`, integers within `MAX_INT`, floats finite."""
    stack: list[tuple[Any, int, _Path]] = [(data, 0, None)]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise InputError(source, _entry(path), _too_deep())
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, child in items:
                if isinstance(key, str) and len(key) > MAX_STRING:
                    raise InputError(
                        source,
                        _entry(path),
                        f"a key of {len(key)} characters (the limit is {MAX_STRING}): {clip(key)}",
                    )
                stack.append((child, depth + 1, (key, path)))
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                raise InputError(
                    source,
                    _entry(path),
                    f"a text of {len(value)} characters (the limit is {MAX_STRING}): {clip(value)}",
                )
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                raise InputError(
                    source,
                    _entry(path),
                    f"{clip(value)} is beyond the largest integer allowed, {MAX_INT}",
                )
        elif isinstance(value, float) and not math.isfinite(value):
            raise InputError(source, _entry(path), f"{value} is not a number a game uses")
