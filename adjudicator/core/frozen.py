"""Frozen fields for verdicts: a ruling, once given, cannot be changed by whoever holds
it (a view adding a line, a caller popping a player), as a frozen dataclass's own fields
cannot be reassigned.

A verdict keeps a mapping field as a `types.MappingProxyType` over a copy of what it was
given (reads are a dict's: `[k]`, `.get`, `.items()`, `dict(...)`, `==`; writes raise
`TypeError`) and a list field as a tuple; its `to_json` writes them back as plain JSON.

>>> drawn = frozen({"bob": ["food", "brick"]})
>>> drawn["bob"], drawn == {"bob": ("food", "brick")}
(('food', 'brick'), True)
>>> plain(drawn)
{'bob': ['food', 'brick']}
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["freeze_fields", "frozen", "plain"]

#: What a verdict holds that is frozen already (a tuple as given: `frozen` makes lists tuples).
_LEAVES = (str, int, float, tuple, frozenset)


def frozen(value: Any) -> Any:
    """`value` with every dict in it a read-only copy and every list a tuple (JSON writes a
    tuple as it writes a list; a read-only mapping is written through `plain`)."""
    if value is None or isinstance(value, _LEAVES):  # before `Mapping`: an ABC's check is slow
        return value
    if isinstance(value, dict | Mapping):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


def freeze_fields(verdict: object, *names: str) -> None:
    """A frozen dataclass's `__post_init__`: its fields `names` made `frozen`."""
    for name in names:
        object.__setattr__(verdict, name, frozen(getattr(verdict, name)))


def plain(value: Any) -> Any:
    """A `frozen` value as JSON takes it: read-only mappings as dicts, tuples as lists."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value
