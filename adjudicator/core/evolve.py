"""A faster `dataclasses.replace` for the frozen models that self-play copies by the thousand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter, itemgetter
from typing import Any, TypeVar, cast

__all__ = ["evolve"]

T = TypeVar("T")


class _Fields:
    """A class's field names, as a tuple and a set, and getters of all of them at once
    from an instance (slots) and from its `__dict__`: one C call, not one per field."""

    __slots__ = ("from_dict", "from_slots", "known", "names")

    def __init__(self, cls: type) -> None:
        self.names = tuple(f.name for f in fields(cls))
        self.known = frozenset(self.names)
        self.from_slots = _all(attrgetter, self.names)
        self.from_dict = _all(itemgetter, self.names)


def _all(getter: Callable[..., Callable[[Any], Any]], names: tuple[str, ...]) -> Any:
    """`getter(*names)` as a function that always returns a tuple (one name: a 1-tuple)."""
    if len(names) == 1:
        one = getter(names[0])
        return lambda obj: (one(obj),)
    return getter(*names) if names else lambda obj: ()


# Filled once per class, never changed after: the same entry whichever thread makes it.
_FIELDS: dict[type, _Fields] = {}
_set = object.__setattr__


def _fields(cls: type) -> _Fields:
    spec = _FIELDS.get(cls)
    if spec is None:
        spec = _FIELDS[cls] = _Fields(cls)
    return spec


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with `changes`, like `dataclasses.replace` but without
    calling `__init__` again (a third of its cost): only for classes with no
    `__post_init__` and no init-only fields, slotted or not. Values a `cached_property`
    stored are left behind, since they may depend on the changed fields."""
    cls: type[Any] = type(obj)
    spec = _fields(cls)
    if not spec.known.issuperset(changes):
        unknown = changes.keys() - spec.known
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    new = object.__new__(cls)
    try:
        state = obj.__dict__
    except AttributeError:  # slots: each field set as the frozen dataclass's __init__ sets it
        for name, value in zip(spec.names, spec.from_slots(obj), strict=True):
            _set(new, name, value)
        for name, value in changes.items():
            _set(new, name, value)
        return cast(T, new)
    values = new.__dict__
    values.update(zip(spec.names, spec.from_dict(state), strict=True))
    values.update(changes)
    return cast(T, new)
