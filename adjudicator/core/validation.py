"""Validating the data files of every game at the boundary: strict pydantic models, and
one clear line naming the file, the entry and the problem when a file does not fit
(`players 'bob'.points: should be a valid integer, not text`).

No value is coerced (`true` and `"7"` are not integers), a key a table does not know is
an error, and a file is only ever parsed, never executed. Pydantic's error types are put
in the words of a file's author by `pydantic_problem`; the checks all games share are in
`core/names.py`, re-exported here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Annotated, Any, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    StrictStr,
    ValidationError,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from adjudicator.core.errors import InputError
from adjudicator.core.limits import clip
from adjudicator.core.names import (
    ID_PATTERN,
    check_seats,
    control_character,
    duplicate,
    name_problem,
)

__all__ = [
    "ID_PATTERN",
    "Id",
    "Strict",
    "StrictMutable",
    "Text",
    "at_least",
    "at_most",
    "check_seats",
    "duplicate",
    "key_in",
    "kind_of",
    "name_problem",
    "one_of",
    "pydantic_problem",
    "validated",
]


M = TypeVar("M", bound=BaseModel)
_ID = re.compile(ID_PATTERN)


class Strict(BaseModel):
    """A file's table: unknown keys are errors, and the model is read-only."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class StrictMutable(BaseModel):
    """As `Strict`, for models copied into mutable game states."""

    model_config = ConfigDict(extra="forbid")


def _plain(value: str) -> str:
    odd = control_character(value)  # a name or a card's words, shown on one line as read
    if odd is not None:
        raise PydanticCustomError(
            "control_character", "should hold no control character ({odd})", {"odd": odd}
        )
    return value


def _id(value: str) -> str:
    if not _ID.match(value):
        raise PydanticCustomError(
            "id_pattern",
            "{value} should be lower-case words joined by hyphens",
            {"value": clip(value)},
        )
    return value


#: Text as read from a file: a string (never a number made text), with no control character.
Text = Annotated[StrictStr, AfterValidator(_plain)]
#: An id: lower-case words joined by hyphens.
Id = Annotated[Text, AfterValidator(_id)]


def one_of(choices: Collection[str]) -> Callable[[object], Any]:
    """A plain validator: the value is one of `choices` (text), in the author's words."""
    known = tuple(choices)

    def check(value: object) -> Any:
        if not isinstance(value, str) or value not in known:
            shown = clip(value) if isinstance(value, str) else kind_of(value)
            raise PydanticCustomError(
                "one_of",
                "should be one of {known}, not {shown}",
                {"known": ", ".join(known), "shown": shown},
            )
        return value

    return check


def at_most(most: int) -> BeforeValidator:
    """A list or table of at most `most` entries, counted before any entry is read (as a
    reader sees a list too long before anything in it; pydantic's own `max_length` counts
    only the entries that were valid)."""

    def check(value: object) -> object:
        if isinstance(value, list | dict) and len(value) > most:
            raise PydanticCustomError(
                "too_many", "{count} entries; at most {most}", {"count": len(value), "most": most}
            )
        return value

    return BeforeValidator(check)


def at_least(least: int) -> BeforeValidator:
    """A list or table of at least `least` entries, counted before any entry is read."""

    def check(value: object) -> object:
        if isinstance(value, list | dict) and len(value) < least:
            raise PydanticCustomError(
                "too_few", "should hold at least {least} entries", {"least": least}
            )
        return value

    return BeforeValidator(check)


def key_in(choices: Collection[str]) -> Callable[[str], str]:
    """An after validator for a table's keys: the key is one of `choices`."""
    known = tuple(choices)

    def check(key: str) -> str:
        if key not in known:
            raise PydanticCustomError(
                "unknown_key", "unknown key (known: {known})", {"known": ", ".join(known)}
            )
        return key

    return check


def validated(model: type[M], data: Any, source: str) -> M:
    """`data` as `model`, or an `InputError` naming the file and the entry."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        entry, problem = pydantic_problem(exc, data)
        raise InputError(source, entry, problem) from None


def kind_of(value: object) -> str:
    """What a value is, in the words of a file's author."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a point"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a date or time" if value is not None else "null"


def _words(err: ErrorDetails) -> str:
    """One pydantic error as a file's author reads it."""
    kind, ctx, value = err["type"], err.get("ctx", {}), err.get("input")
    simple = {
        "missing": "missing",
        "extra_forbidden": "unknown key",
        "dict_type": f"should be a table, not {kind_of(value)}",
        "model_type": f"should be a table, not {kind_of(value)}",
        "model_attributes_type": f"should be a table, not {kind_of(value)}",
        "string_type": f"should be text, not {kind_of(value)}",
        "int_type": f"should be a valid integer, not {kind_of(value)}",
        "bool_type": f"should be a valid boolean (true or false), not {kind_of(value)}",
        "list_type": f"should be a list, not {kind_of(value)}",
        "tuple_type": f"should be a list, not {kind_of(value)}",
    }
    if kind in simple:
        return simple[kind]
    if kind == "greater_than_equal":
        return f"{clip(value)} should be at least {ctx['ge']}"
    if kind == "less_than_equal":
        return f"{clip(value)} should be at most {ctx['le']}"
    if kind == "too_long" and isinstance(value, list | dict):
        return f"{len(value)} entries; at most {ctx['max_length']}"
    if kind in ("too_short", "string_too_short") and isinstance(value, str):
        n = ctx["min_length"]
        return f"should hold at least {n} character{'s' if n != 1 else ''}"
    return err["msg"]  # our own errors (PydanticCustomError) are in these words already


#: Errors a reader meets on opening a table or list, before anything inside it: an unknown
#: key (at the table, one up from the key) and a list or table too long or too short.
_OPENING = {"extra_forbidden": 1, "too_many": 0, "too_few": 0}


def _opens(err: ErrorDetails) -> tuple[int | str, ...] | None:
    if err["type"] not in _OPENING:
        return None
    return err["loc"][: len(err["loc"]) - _OPENING[err["type"]]]


def _first(errors: list[ErrorDetails]) -> ErrorDetails:
    # The error a reader going down the file meets first: what is wrong with a table or a
    # list as a whole comes before anything inside it; otherwise pydantic's order (the
    # model's fields, in the order a reader meets them).
    first = errors[0]
    for err in errors:
        opens, at = _opens(err), _opens(first)
        depth = len(first["loc"]) if at is None else len(at)
        if opens is not None and first["loc"][: len(opens)] == opens and len(opens) < depth:
            first = err
    return first


def pydantic_problem(exc: ValidationError, data: Any) -> tuple[str, str]:
    """The first error of a pydantic validation as (entry, problem), the entry in file terms."""
    err = _first(exc.errors(include_url=False))
    return _entry_name(err["loc"], data), _words(err)


def _label(entry: str, item: object, index: int) -> str:
    # An item of a list of tables is named by its id, number or name when it has one, as
    # a player reads it ("players 'bob'"), else by its place ("players[3]").
    if isinstance(item, dict):
        for key in ("id", "number", "name"):
            ident = item.get(key)
            if isinstance(ident, str | int) and not isinstance(ident, bool):
                return f"{entry} {clip(ident)}" if isinstance(ident, str) else f"{entry} {ident}"
    return f"{entry}[{index}]"


def _entry_name(loc: tuple[Any, ...], data: Any) -> str:
    # Walks the data beside the location, so that a list's table is named by its id.
    parts: list[str] = []
    node = data
    for i, key in enumerate(loc):
        # pydantic's own parts of a location, not the file's: a union's tag (`<files>`),
        # and `[key]` after a table's key that is at fault (not its value)
        ours = isinstance(key, str) and (key.startswith("<") or (key, i) == ("[key]", len(loc) - 1))
        if ours and not (isinstance(node, dict) and key in node):
            continue
        if isinstance(key, int):
            item = node[key] if isinstance(node, list) and 0 <= key < len(node) else None
            parts.append(_label(parts.pop() if parts else "", item, key))
        else:
            parts.append(str(key))
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            node = None
    return ".".join(parts)
