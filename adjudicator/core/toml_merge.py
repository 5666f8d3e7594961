"""Rewriting a TOML file's values in place, so that its comments and layout stay: the
merge `writes.write_data` makes before it writes a TOML file (tomlkit's document model)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

import tomlkit
import tomlkit.exceptions
from tomlkit.container import Container
from tomlkit.items import AoT, Comment, InlineTable, Table, Whitespace

__all__ = ["merge_toml"]


def merge_toml(old_text: str, data: Mapping[str, Any]) -> str | None:
    """`old_text` with its values changed to those of `data`, in place: keys that did not
    change keep their text and trailing comments, comment lines stay where they stand,
    removed keys go and new keys are added. None when the old text is not TOML (or the
    merge would not read back as `data`): then the caller writes `data` afresh."""
    try:
        doc = tomlkit.parse(old_text)
        _merge_table(doc, data)
        text = tomlkit.dumps(doc)
        if not _same(tomllib.loads(text), data):
            return None
    except (tomlkit.exceptions.TOMLKitError, tomllib.TOMLDecodeError, RecursionError):
        return None
    except (ValueError, TypeError, KeyError):
        # a shape tomlkit cannot change in place (a dotted key over a table, ...)
        return None
    return text


def _same(a: Any, b: Any) -> bool:
    """Equal values of equal types (True is not 1 here, and 1 is not 1.0)."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and bool(a == b)


def _plain(item: Any) -> Any:
    return item.unwrap() if hasattr(item, "unwrap") else item


def _merge_table(table: Container | Table | InlineTable, data: Mapping[str, Any]) -> None:
    for key in [k for k in table if k not in data]:
        del table[key]
    order = list(data)
    for key, value in data.items():
        if key in table:
            old = table[key]
            if isinstance(value, Mapping) and isinstance(old, Table | InlineTable):
                _merge_table(old, value)
                continue
            if isinstance(old, AoT) and isinstance(value, list) and _table_like(value):
                _merge_aot(old, value)
                continue
            if _same(_plain(old), value):
                continue
            if isinstance(table, InlineTable) or isinstance(old, Table | AoT) == _table_like(value):
                table[key] = value  # in place: tomlkit keeps the item's trailing comment
                continue
            # a value that becomes a table (or stops being one) must move: a table's
            # header ends the plain keys above it
            del table[key]
        _add(table, key, value, order)


def _table_like(value: Any) -> bool:
    """Written as a `[table]` or `[[array of tables]]`, after the plain keys."""
    return isinstance(value, Mapping) or (
        isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)
    )


def _add(table: Container | Table | InlineTable, key: str, value: Any, order: list[str]) -> None:
    """A new key, put after the key that comes before it in `order` (or before the first
    key), not at the end: a table's last lines are the comments that stand before the
    next table's header, and a key appended after them would move them into this table."""
    if isinstance(table, InlineTable) or _table_like(value):
        table[key] = value  # a new table goes at the end, where tables belong
        return
    body = table if isinstance(table, Container) else table.value
    plain = [k for k, v in body.items() if not isinstance(v, Table | AoT)]
    before = [k for k in order[: order.index(key)] if k in plain]
    items = body.body
    if before:
        # tomlkit 0.15 dropped `_insert_after`: find the key's place and insert after it
        at = 1 + max(i for i, (k, _) in enumerate(items) if k is not None and k.key == before[-1])
        if at == len(items):
            table[key] = value  # nothing follows it, so nothing can move
        else:
            body._insert_at(at, key, value)
        return
    if plain:
        at = next(i for i, (k, _) in enumerate(items) if k is not None and k.key == plain[0])
    else:
        tables = [i for i, (_, v) in enumerate(items) if isinstance(v, Table | AoT)]
        if not tables:
            table[key] = value
            return
        at = tables[0]
        while at > 0 and isinstance(items[at - 1][1], Comment | Whitespace):
            at -= 1  # the comments above the first table's header stay with it
    body._insert_at(at, key, value)


def _merge_aot(aot: AoT, rows: list[Mapping[str, Any]]) -> None:
    """An array of tables (`[[players]]`) row by row, so each row keeps its comments."""
    while len(aot) > len(rows):
        del aot[len(aot) - 1]
    for i, row in enumerate(rows):
        if i < len(aot):
            _merge_table(aot[i], row)
        else:
            aot.append(row)
