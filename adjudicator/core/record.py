"""`@record`: a frozen dataclass that costs less to define.

Python 3.11 writes and compiles six methods for every frozen dataclass as its module is
imported. With some forty on a ruling's path, that was a fifth of a command's start-up
(issue 13). A record is a dataclass in every other way (`fields`, `replace`, `asdict`,
pickling, and mypy's checks, which read it as frozen), but Python writes only its
`__init__`: its `__eq__`, `__hash__`, `__repr__` and `__delattr__` are the shared functions
below, the same for every record, and its `__setattr__` a closure over its field names
(made, not compiled).

They behave as a frozen dataclass's do: equal when of the same class with equal compared
fields, hashed on the same fields, shown as `Name(field=value, ...)`, and frozen: a field
is set once, by `__init__`, and then `FrozenInstanceError` refuses any assignment or
deletion, as it refuses any attribute that is not a field. (Python sets `__init__`'s
fields through `__setattr__`, so it is the second write to a field that is refused.)
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

_SHARED = ("__eq__", "__hash__", "__repr__", "__setattr__", "__delattr__")


def _getter(names: list[str]) -> Callable[[Any], object]:
    """The fields as a tuple, compared and hashed as a dataclass's tuple is (a tuple's `==`
    tries identity first, so a NaN field equals itself)."""
    if not names:
        return lambda _record: ()
    # One name twice: `attrgetter` of one name gives the bare value, not a tuple.
    return attrgetter(*names) if len(names) > 1 else attrgetter(names[0], names[0])


def _eq(self: Any, other: object) -> object:
    key: Callable[[object], object] = self.__record_eq__
    if other.__class__ is self.__class__:
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_hash__(self))


def _setattr(fields: frozenset[str]) -> Callable[[Any, str, object], None]:
    """A class's `__setattr__`: its own function, with the field names at hand (every
    field of every record built goes through it)."""

    def __setattr__(self: Any, name: str, value: object) -> None:
        values = self.__dict__
        if name in values or name not in fields:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        values[name] = value  # a field's first value, from __init__

    return __setattr__


def _delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


@recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_repr__)
    return f"{self.__class__.__qualname__}({shown})"


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T]) -> type[T]:
    """Make `cls` a record: a dataclass, frozen, with the shared methods above."""
    defined = [name for name in _SHARED if name in cls.__dict__]
    if defined:
        raise TypeError(f"{cls.__qualname__} defines {', '.join(defined)}: use @dataclass")
    made = dataclasses.dataclass(eq=False, repr=False)(cls)  # frozen by _setattr
    fields = dataclasses.fields(made)  # type: ignore[arg-type]
    outside = [f.name for f in fields if not f.init]
    if outside:  # __init__ would not write it, leaving its first write for later
        raise TypeError(f"{cls.__qualname__}.{outside[0]}: a record's fields are __init__'s")
    compared = [f.name for f in fields if f.compare]
    hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
    # Set through `type.__setattr__`: mypy would read plain assignments as overwriting
    # methods.
    for name, value in (
        ("__record_eq__", staticmethod(_getter(compared))),
        ("__record_hash__", staticmethod(_getter(hashed))),
        ("__record_repr__", tuple(f.name for f in fields if f.repr)),
        ("__eq__", _eq),
        ("__hash__", _hash),
        ("__repr__", _repr),
        ("__setattr__", _setattr(frozenset(f.name for f in fields))),
        ("__delattr__", _delattr),
    ):
        type.__setattr__(made, name, value)
    return made
