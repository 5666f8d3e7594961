"""Validating data files at the boundary: strict pydantic models, and one clear line
naming the file, the entry and the problem when a file does not fit."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from adjudicator.core.errors import InputError

__all__ = [
    "ID_PATTERN",
    "Strict",
    "StrictMutable",
    "check_seats",
    "pydantic_problem",
    "validated",
]

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"

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


def check_seats(
    source: str, game: str, expected: str, names: list[str], roles: dict[str, str]
) -> None:
    """A state names its game, players once each, and players for its roles (`active`...)."""
    if game != expected:
        raise InputError(source, "game", f"is {game!r}; this file format is for {expected!r}")
    if len(set(names)) != len(names):
        raise InputError(source, "players", "two players have one name")
    for entry, who in roles.items():
        if who not in names:
            raise InputError(source, entry, f"{who!r} is not one of the players")
