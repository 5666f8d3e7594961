"""Validating data files at the boundary: strict pydantic models, and one clear line
naming the file, the entry and the problem when a file does not fit."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from adjudicator.core.errors import InputError

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


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None. Names appear in one-line errors
    (`FILE: ENTRY: problem`) and in records (`ann: 23`), so a `: ` would forge an entry,
    and control or bidirectional characters (right-to-left marks, overrides) would make
    a line read differently on screen than it is."""
    if not name.strip():
        return "a player's name cannot be empty"
    if name != name.strip():
        return "a player's name cannot start or end with a space"
    if ":" in name:
        return "a player's name cannot hold ':'"
    # Cc: control characters (newline, escape); Cf: format characters (bidi marks and
    # overrides, zero-width joiners); Zl/Zp: line and paragraph separators.
    odd = next((c for c in name if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")), None)
    if odd is not None:
        return f"a player's name cannot hold the control character U+{ord(odd):04X}"
    return None


def duplicate(names: Iterable[str]) -> str | None:
    """The first name seen twice, or None: one pass with a set (linear in the names)."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    return None


def check_seats(
    source: str,
    game: str,
    expected: str,
    names: list[str],
    roles: dict[str, str],
    seats: tuple[int, int] | None = None,
) -> None:
    """A state names its game, `seats` = (fewest, most) players, each with a proper name
    and once only, and players for its roles (`active`...)."""
    if game != expected:
        raise InputError(source, "game", f"is {game!r}; this file format is for {expected!r}")
    if seats is not None and not seats[0] <= len(names) <= seats[1]:
        raise InputError(
            source,
            "players",
            f"{expected} seats {seats[0]} to {seats[1]} players, not {len(names)}",
        )
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise InputError(source, f"players {name!r}", problem)
    twice = duplicate(names)
    if twice is not None:
        raise InputError(source, f"players {twice!r}", f"duplicate player {twice}")
    known = set(names)
    for entry, who in roles.items():
        if who not in known:
            raise InputError(source, entry, f"{who!r} is not one of the players")
