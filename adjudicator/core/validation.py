"""Validating the data files of Dry Gulch and Black Hills at the boundary: strict pydantic
models, and one clear line naming the file, the entry and the problem when a file does not
fit. (The deduction games read through `core/schema.py`; the checks all share are in
`core/names.py`, re-exported here.)"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from adjudicator.core.errors import InputError
from adjudicator.core.names import ID_PATTERN, check_seats, duplicate, name_problem

__all__ = [
    "ID_PATTERN",
    "Strict",
    "StrictMutable",
    "check_seats",
    "duplicate",
    "name_problem",
    "pydantic_problem",
    "validated",
]


M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """A file's table: unknown keys are errors, and the model is read-only."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class StrictMutable(BaseModel):
    """As `Strict`, for models copied into mutable game states."""

    model_config = ConfigDict(extra="forbid")


def validated(model: type[M], data: Any, source: str) -> M:
    """`data` as `model`, or an `InputError` naming the file and the entry."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        entry, problem = pydantic_problem(exc, data)
        raise InputError(source, entry, problem) from None


def pydantic_problem(exc: ValidationError, data: Any) -> tuple[str, str]:
    """The first error of a pydantic validation as (entry, problem), the entry in file terms."""
    err = exc.errors()[0]
    entry = _entry_name(err["loc"], data)
    problem = err["msg"]
    if err["type"] == "extra_forbidden":
        problem = "unknown key"
    elif err["type"] == "missing":
        problem = "missing"
    return entry, problem


def _entry_name(loc: tuple[Any, ...], data: Any) -> str:
    parts: list[str] = []
    node = data
    for key in loc:
        if isinstance(key, int):
            label = f"{parts.pop() if parts else ''}[{key}]"
            if isinstance(node, list) and key < len(node) and isinstance(node[key], dict):
                ident = node[key].get("id") or node[key].get("number") or node[key].get("name")
                if ident is not None:
                    label = f"{label.split('[')[0]} {ident!r}"
            parts.append(label)
        else:
            parts.append(str(key))
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            node = None
    return ".".join(parts)
