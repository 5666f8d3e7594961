"""One result protocol for the four games: legal or not, coded reasons, the state after.

Each game's rulings are plain frozen data of its own (the deduction games' `Ruling`, Black
Hills' and Dry Gulch's verdicts); every one of them reads the same way through `Result`, so
what loops over rulings (records, replay, the command line, the web page) needs one shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, runtime_checkable

__all__ = ["CodedReason", "Reason", "Result"]

C = TypeVar("C", bound=str)


@runtime_checkable
class CodedReason(Protocol):
    """A reason a player can read aloud, with the rule code it rests on."""

    @property
    def code(self) -> str: ...

    @property
    def message(self) -> str: ...


@runtime_checkable
class Result(Protocol):
    """A referee's answer: is the action legal, why (or why not), and the state after it
    (the state before when it is not legal)."""

    @property
    def legal(self) -> bool: ...

    @property
    def reasons(self) -> Sequence[CodedReason]: ...

    @property
    def after(self) -> object: ...


# No slots: each game builds it through its alias (`Reason = CoreReason[Code]`), which sets
# `__orig_class__` on the new instance and, on Python 3.11, takes only an AttributeError
# for a refusal (a slotted frozen dataclass raises a TypeError).
@dataclass(frozen=True)
class Reason(Generic[C]):
    """A coded reason: each game fills in its own `StrEnum` of rule codes as `C`."""

    code: C
    message: str

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def to_json(self) -> dict[str, str]:
        return {"code": str(self.code), "message": self.message}
