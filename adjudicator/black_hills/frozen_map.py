"""`FrozenMap`: a mapping that cannot change, for a frozen state's counts and owners (the
supply, the resources shut this round, the turns taken).

A state file's tables come back in the order they were read (`state_data`), so the map keeps
its insertion order; it compares equal to any mapping of the same items (a dict too, as a
test writes one), and hashes on its items, whatever their order.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any, TypeVar

__all__ = ["FrozenMap"]

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    __slots__ = ("_items",)
    _items: dict[K, V]

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_items", dict(items))

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    # The reads a turn's draft and the rules make thousands of times a search (the mixin's
    # own go through `__getitem__` one key at a time): straight to the dict, read-only.
    def __contains__(self, key: object) -> bool:
        return key in self._items

    def get(self, key: K, default: Any = None) -> Any:
        return self._items.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._items.keys()

    def values(self) -> ValuesView[V]:
        return self._items.values()

    def items(self) -> ItemsView[K, V]:
        return self._items.items()

    def thaw(self) -> dict[K, V]:
        """A dict of the items, the caller's to change (a turn's draft)."""
        return dict(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._items == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a FrozenMap does not change ({name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a FrozenMap does not change ({name!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._items,))
