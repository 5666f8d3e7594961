"""`@record` behaves as `@dataclass(frozen=True)` of the same fields: equality, hashing,
repr, immutability, `replace`, `fields`, `asdict`, pickling (the twin is the stdlib's)."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core.record import record

# Each shape twice: as a record and as the stdlib's frozen dataclass (module level, so
# both pickle).


@record
class NoneR:
    pass


@dataclass(frozen=True)
class NoneD:
    pass


@record
class OneR:
    a: int


@dataclass(frozen=True)
class OneD:
    a: int


@record
class ManyR:
    a: int
    b: str
    c: tuple[int, ...] = ()
    d: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ManyD:
    a: int
    b: str
    c: tuple[int, ...] = ()
    d: frozenset[str] = frozenset()


@record
class OptsR:
    a: int
    note: str = field(default="", compare=False)
    hidden: int = field(default=0, repr=False)
    unhashed: int = field(default=0, hash=False)
    k: int = field(default=0, kw_only=True)


@dataclass(frozen=True)
class OptsD:
    a: int
    note: str = field(default="", compare=False)
    hidden: int = field(default=0, repr=False)
    unhashed: int = field(default=0, hash=False)
    k: int = field(default=0, kw_only=True)


@record
class ChildR(ManyR):
    e: int = 0


@dataclass(frozen=True)
class ChildD(ManyD):
    e: int = 0


PAIRS: list[tuple[type[Any], type[Any]]] = [
    (NoneR, NoneD),
    (OneR, OneD),
    (ManyR, ManyD),
    (OptsR, OptsD),
    (ChildR, ChildD),
]

small = st.integers(-2, 2)
word = st.sampled_from(["", "a", "b"])


def _args(cls: type[Any]) -> st.SearchStrategy[dict[str, Any]]:
    by_type = {
        "int": small,
        "str": word,
        "tuple[int, ...]": st.lists(small, max_size=2).map(tuple),
        "frozenset[str]": st.frozensets(word, max_size=2),
    }
    return st.fixed_dictionaries({f.name: by_type[str(f.type)] for f in dataclasses.fields(cls)})


def _twins(shape: int, data: st.DataObject) -> tuple[Any, Any, Any, Any]:
    """Two values of the record shape and the same two of its dataclass twin."""
    ours, theirs = PAIRS[shape]
    one, two = data.draw(_args(theirs)), data.draw(_args(theirs))
    return ours(**one), ours(**two), theirs(**one), theirs(**two)


def _name_free(text: str) -> str:
    return text.replace("R(", "(").replace("D(", "(")


@given(shape=st.integers(0, len(PAIRS) - 1), data=st.data())
def test_equality_hash_and_repr_are_the_dataclass_s(shape: int, data: st.DataObject) -> None:
    x, y, dx, dy = _twins(shape, data)
    assert (x == y) == (dx == dy)
    assert (x != y) == (dx != dy)
    # Hashed on the same fields: the same tuple, so the same hash (a lone field is
    # hashed as a pair of itself).
    assert hash(x) == (hash((x.a, x.a)) if isinstance(x, OneR) else hash(dx))
    assert _name_free(repr(x)) == _name_free(repr(dx))
    assert len({x, y}) == len({dx, dy})


@given(shape=st.integers(0, len(PAIRS) - 1), data=st.data())
def test_replace_fields_asdict_and_pickle_are_the_dataclass_s(
    shape: int, data: st.DataObject
) -> None:
    x, y, dx, _ = _twins(shape, data)
    assert [f.name for f in dataclasses.fields(x)] == [f.name for f in dataclasses.fields(dx)]
    assert dataclasses.asdict(x) == dataclasses.asdict(dx)
    assert dataclasses.replace(x, **dataclasses.asdict(y)) == y
    assert pickle.loads(pickle.dumps(x)) == x
    assert dataclasses.is_dataclass(x)


def test_a_record_is_frozen_and_equal_only_to_its_own_class() -> None:
    x = ManyR(1, "a")
    with pytest.raises(FrozenInstanceError):
        x.a = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del x.b  # type: ignore[misc]
    for twin in (x, ManyD(1, "a")):  # neither takes an attribute that is not a field
        with pytest.raises(FrozenInstanceError):
            twin.extra = 1  # type: ignore[attr-defined]
    assert x == ManyR(1, "a")  # nothing above changed it
    assert x != ManyD(1, "a") and x != (1, "a", (), frozenset())
    assert ChildR(1, "a") != ManyR(1, "a")  # a subclass is another class, as in dataclasses
    assert x.__eq__(object()) is NotImplemented


def test_a_class_that_writes_its_own_equality_is_refused() -> None:
    with pytest.raises(TypeError, match="defines __eq__"):

        @record
        class Mine:
            a: int

            def __eq__(self, other: object) -> bool:
                return True


def test_a_field_init_would_not_write_is_refused() -> None:
    for default in ({}, {"default": 3}):
        with pytest.raises(TypeError, match="fields are __init__'s"):

            @record
            class Later:
                a: int = field(init=False, **default)  # type: ignore[call-overload]


def test_a_lone_field_compares_as_a_dataclass_s_tuple_does() -> None:
    nan = float("nan")
    for cls in (OneR, OneD):
        assert cls(nan) == cls(nan)  # type: ignore[arg-type]
        assert cls(nan) in {cls(nan)}  # type: ignore[arg-type]
    assert (OneR(1) == OneR(1)) is True


def test_cached_values_and_copies_pass_by_setattr() -> None:
    """A `cached_property` and `copy` write the instance's dict, as for a dataclass."""
    import copy
    from functools import cached_property

    @record
    class Cached:
        a: int

        @cached_property
        def double(self) -> int:
            return 2 * self.a

    x = Cached(2)
    assert x.double == 4 and x.double == 4
    y = copy.deepcopy(x)
    assert y == x and y.double == 4


def test_the_options_of_a_field_are_honoured() -> None:
    for cls in (OptsR, OptsD):
        assert cls(1, note="x") == cls(1, note="y")  # compare=False
        assert hash(cls(1, note="x")) == hash(cls(1, note="y"))
        assert cls(1, unhashed=1) != cls(1, unhashed=2)  # hash=False still compares
        assert hash(cls(1, unhashed=1)) == hash(cls(1, unhashed=2))
        assert "hidden" not in repr(cls(1, hidden=5))  # repr=False
