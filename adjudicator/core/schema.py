"""Reading the tables of a parsed data file (TOML or JSON) strictly, without a schema
library: each read checks a type and a range and, when the value does not fit, raises one
`InputError` naming the file and the entry (`players 'bob'.points: should be an integer`).

The deduction games' loaders read through this rather than through pydantic, whose import
alone costs ~55 ms, a third of a command's whole start-up budget (issue 13). The rules are
pydantic's strict mode: no value is coerced (`true` and `"7"` are not integers), and a key
the table does not know is an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from typing import Any, TypeVar, overload

from adjudicator.core.errors import InputError
from adjudicator.core.limits import clip
from adjudicator.core.names import control_character

__all__ = ["Table", "keys_in", "kind_of"]

T = TypeVar("T")
D = TypeVar("D")


_REQUIRED: Any = object()  # the default of a key that must be given


def kind_of(value: object) -> str:
    """What a value is, in the words of a file's author."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a point"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a date or time" if value is not None else "null"


def _label(entry: str, item: object, index: int) -> str:
    # An item of a list of tables is named by its id, number or name when it has one, as
    # a player reads it ("players 'bob'"), else by its place ("players[3]").
    if isinstance(item, dict):
        for key in ("id", "number", "name"):
            ident = item.get(key)
            if isinstance(ident, str | int) and not isinstance(ident, bool):
                return f"{entry} {clip(ident)}" if isinstance(ident, str) else f"{entry} {ident}"
    return f"{entry}[{index}]"


def _join(entry: str, key: str) -> str:
    if not key:  # the table itself
        return entry
    return f"{entry}.{key}" if entry else key


class Table:
    """One table of a file, read key by key; `keys` are all it may hold."""

    def __init__(self, data: object, source: str, entry: str, keys: Collection[str]) -> None:
        if not isinstance(data, dict):
            raise InputError(source, entry, f"should be a table, not {kind_of(data)}")
        unknown = next((k for k in data if k not in keys), None)
        if unknown is not None:
            raise InputError(source, _join(entry, str(unknown)), "unknown key")
        self.data: dict[str, Any] = data
        self.source = source
        self.entry = entry

    def fail(self, key: str, problem: str) -> InputError:
        return InputError(self.source, _join(self.entry, key), problem)

    def has(self, key: str) -> bool:
        return key in self.data

    def _default(self, key: str, default: Any) -> Any:
        if default is _REQUIRED:
            raise self.fail(key, "missing")
        return default

    # Scalars ---------------------------------------------------------------------------

    @overload
    def text(self, key: str, *, pattern: str | None = None) -> str: ...
    @overload
    def text(self, key: str, default: D, *, pattern: str | None = None) -> str | D: ...
    def text(self, key: str, default: Any = _REQUIRED, *, pattern: str | None = None) -> Any:
        if key not in self.data:
            return self._default(key, default)
        return self._text(self.data[key], key, pattern)

    def _text(self, value: object, key: str, pattern: str | None = None) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"should be text, not {kind_of(value)}")
        odd = control_character(value)  # a name or a card's words, shown on one line as read
        if odd is not None:
            raise self.fail(key, f"should hold no control character ({odd})")
        if pattern is not None and not re.match(pattern, value):
            raise self.fail(key, f"{clip(value)} should be lower-case words joined by hyphens")
        return value

    @overload
    def integer(self, key: str, *, low: int | None = None, high: int | None = None) -> int: ...
    @overload
    def integer(
        self, key: str, default: D, *, low: int | None = None, high: int | None = None
    ) -> int | D: ...
    def integer(
        self, key: str, default: Any = _REQUIRED, *, low: int | None = None, high: int | None = None
    ) -> Any:
        if key not in self.data:
            return self._default(key, default)
        return self._integer(self.data[key], key, low, high)

    def _integer(self, value: object, key: str, low: int | None, high: int | None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"should be a valid integer, not {kind_of(value)}")
        if low is not None and value < low:
            raise self.fail(key, f"{clip(value)} should be at least {low}")
        if high is not None and value > high:
            raise self.fail(key, f"{clip(value)} should be at most {high}")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"should be true or false, not {kind_of(value)}")
        return value

    @overload
    def choice(self, key: str, choices: Collection[str]) -> str: ...
    @overload
    def choice(self, key: str, choices: Collection[str], default: D) -> str | D: ...
    def choice(self, key: str, choices: Collection[str], default: Any = _REQUIRED) -> Any:
        if key not in self.data:
            return self._default(key, default)
        value = self.data[key]
        if not isinstance(value, str) or value not in choices:
            shown = clip(value) if isinstance(value, str) else kind_of(value)
            raise self.fail(key, f"should be one of {', '.join(choices)}, not {shown}")
        return value

    # Lists -----------------------------------------------------------------------------

    def entries(self, key: str, *, most: int, least: int = 0, optional: bool = False) -> list[Any]:
        """A list (of at most `most` entries); an empty one when `optional` and left out."""
        if key not in self.data:
            if optional:
                return []
            raise self.fail(key, "missing")
        value = self.data[key]
        if not isinstance(value, list):
            raise self.fail(key, f"should be a list, not {kind_of(value)}")
        if len(value) > most:
            raise self.fail(key, f"{len(value)} entries; at most {most}")
        if len(value) < least:
            raise self.fail(key, f"should hold at least {least} entries")
        return value

    def texts(self, key: str, *, most: int, least: int = 0, optional: bool = False) -> list[str]:
        items = self.entries(key, most=most, least=least, optional=optional)
        return [self._text(item, f"{key}[{i}]") for i, item in enumerate(items)]

    def integers(
        self,
        key: str,
        *,
        most: int,
        low: int | None = None,
        high: int | None = None,
        optional: bool = False,
    ) -> list[int]:
        items = self.entries(key, most=most, optional=optional)
        return [self._integer(item, f"{key}[{i}]", low, high) for i, item in enumerate(items)]

    @overload
    def pair(self, key: str, *, low: int, high: int) -> tuple[int, int]: ...
    @overload
    def pair(self, key: str, default: D, *, low: int, high: int) -> tuple[int, int] | D: ...
    def pair(self, key: str, default: Any = _REQUIRED, *, low: int, high: int) -> Any:
        """Two integers, written `[a, b]`."""
        if key not in self.data:
            return self._default(key, default)
        value = self.data[key]
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(key, "should be two integers, [a, b]")
        return (
            self._integer(value[0], f"{key}[0]", low, high),
            self._integer(value[1], f"{key}[1]", low, high),
        )

    def tables(
        self, key: str, keys: Collection[str], *, most: int, optional: bool = False
    ) -> list[Table]:
        items = self.entries(key, most=most, optional=optional)
        entry = _join(self.entry, key)
        return [
            Table(item, self.source, _label(entry, item, i), keys) for i, item in enumerate(items)
        ]

    # Tables ----------------------------------------------------------------------------

    def table(self, key: str, keys: Collection[str], *, optional: bool = False) -> Table | None:
        if key not in self.data:
            if optional:
                return None
            raise self.fail(key, "missing")
        return Table(self.data[key], self.source, _join(self.entry, key), keys)

    def mapping(
        self,
        key: str,
        read: Callable[[Table, str], T],
        *,
        most: int | None = None,
        keys: Callable[[Table, str], None] | None = None,
    ) -> dict[str, T]:
        """A table whose keys are the author's (buildings, frames...): each value read by
        `read(table, key)`, each key checked by `keys` when given; an empty table when left out."""
        if key not in self.data:
            return {}
        inner = Table(self.data[key], self.source, _join(self.entry, key), _Any())
        if most is not None and len(inner.data) > most:
            raise self.fail(key, f"{len(inner.data)} entries; at most {most}")
        out: dict[str, T] = {}
        for k in inner.data:
            if keys is not None:
                keys(inner, k)
            out[k] = read(inner, k)
        return out

    def raw_table(self, key: str) -> dict[str, Any]:
        """A table left for its reader to check (a ruleset's options name their own errors)."""
        if key not in self.data:
            return {}
        return Table(self.data[key], self.source, _join(self.entry, key), _Any()).data


class _Any(Collection[str]):
    """Every key is known (a table whose keys are the author's)."""

    def __contains__(self, key: object) -> bool:
        return True

    def __iter__(self) -> Any:
        return iter(())

    def __len__(self) -> int:
        return 0


def keys_in(choices: Iterable[str]) -> Callable[[Table, str], None]:
    """A key check for `Table.mapping`: the key is one of `choices`."""
    known = tuple(choices)

    def check(table: Table, key: str) -> None:
        if key not in known:
            raise table.fail(key, f"unknown key (known: {', '.join(known)})")

    return check
