"""`@record`: a frozen dataclass that costs less to define.

Python 3.11 writes and compiles six methods for every frozen dataclass as its module is
imported. With some forty on a ruling's path, that was a fifth of a command's start-up
(issue 13). A record is a frozen dataclass in every other way (`fields`, `replace`,
`asdict`, pickling, `FrozenInstanceError`, and mypy's checks), but its `__eq__`,
`__hash__` and `__repr__` are the shared functions below, which read the fields through
one `operator.attrgetter` per class. So Python writes three methods, not six: `__init__`
and the two that keep it frozen.

They behave as a dataclass's do: equal when of the same class with equal compared fields,
hashed on the same fields, and shown as `Name(field=value, ...)`.
`tests/test_record.py` holds them to a plain frozen dataclass of the same fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform

__all__ = ["record"]

T = TypeVar("T")

_SHARED = ("__eq__", "__hash__", "__repr__")


def _getter(names: list[str]) -> Callable[[Any], object]:
    if not names:
        return lambda _record: ()
    return attrgetter(*names)  # one name: the value itself, which compares the same


def _eq(self: Any, other: object) -> object:
    key: Callable[[object], object] = self.__record_eq__
    if other.__class__ is self.__class__:
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_hash__(self))


@recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_repr__)
    return f"{self.__class__.__qualname__}({shown})"


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T]) -> type[T]:
    """Make `cls` a frozen dataclass with the shared `__eq__`, `__hash__`, `__repr__`."""
    defined = [name for name in _SHARED if name in cls.__dict__]
    if defined:
        raise TypeError(f"{cls.__qualname__} defines {', '.join(defined)}: use @dataclass")
    made = dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
    fields = dataclasses.fields(made)  # type: ignore[arg-type]
    compared = [f.name for f in fields if f.compare]
    hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
    # Set through `type.__setattr__`: the frozen class refuses nothing at class level,
    # but mypy would see these as assignments to methods.
    for name, value in (
        ("__record_eq__", staticmethod(_getter(compared))),
        ("__record_hash__", staticmethod(_getter(hashed))),
        ("__record_repr__", tuple(f.name for f in fields if f.repr)),
        ("__eq__", _eq),
        ("__hash__", _hash),
        ("__repr__", _repr),
    ):
        type.__setattr__(made, name, value)
    return made
