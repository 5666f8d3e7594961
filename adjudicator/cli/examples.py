"""The shipped examples by name, from anywhere: `example:gads-hill-mid` is the installed
copy of `examples/gads-hill-mid.toml` (`example:old-town-table`, of the record), so the
help's examples run outside a clone. Every command's class (`cli/command.py`) resolves
its file arguments here, in one place; an error that names a shipped file names it the way
a user does (`example:gads-hill-mid`, `boards/old-town.toml`), never by a path inside
site-packages. The examples are read-only: a command that would write one is refused."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from adjudicator.core.errors import InputError

__all__ = ["PREFIX", "examples", "resolved", "resolved_params", "shipped_names"]

PREFIX = "example:"
_SUFFIXES = (".toml", ".game")
# What a command writes to: a Path there, or any of its Paths when it writes its file.
_OUTPUTS = frozenset({"svg", "out", "to", "records"})
_WRITERS = frozenset({"new", "move", "undo"})


def examples() -> dict[str, Path]:
    """Every shipped example by its name (the file's name without its ending)."""
    from adjudicator.core.data import data_dir

    folder = data_dir("examples")
    found = [p for p in folder.iterdir() if p.suffix in _SUFFIXES] if folder.is_dir() else []
    return {p.name.removesuffix(p.suffix): p for p in sorted(found)}


def resolved(text: str) -> Path:
    """The shipped file `example:NAME` names (NAME with or without its ending); anything
    else is one `InputError` listing the examples, with a close match."""
    import difflib

    name = text.removeprefix(PREFIX).strip()
    for suffix in _SUFFIXES:
        name = name.removesuffix(suffix)
    known = examples()
    if name in known:
        return known[name]
    close = difflib.get_close_matches(name, list(known), n=1)
    hint = f"; did you mean '{PREFIX}{close[0]}'?" if close else ""
    listed = ", ".join(known) or "none installed"
    raise InputError(text[:80], "", f"no such shipped example (known: {listed}){hint}")


def resolved_params(command: str, params: dict[str, Any], paths: Iterable[str]) -> dict[str, Any]:
    """A command's parameters with each `example:NAME` among its `paths` (the names of its
    file parameters) as the shipped file; one the command would write (its `--write`, an
    `--svg`, a record it changes) is refused."""
    named = {
        key: params[key]
        for key in paths
        if isinstance(params.get(key), str | Path) and str(params[key]).startswith(PREFIX)
    }
    if not named:
        return params
    for key, value in named.items():
        if key in _OUTPUTS and str(value).removeprefix(PREFIX) not in examples():
            continue  # a file to write, named so: not an example
        path = resolved(str(value))
        if key in _OUTPUTS or params.get("write") is True or command in _WRITERS:
            name = path.name.removesuffix(path.suffix)
            raise InputError(
                str(value),
                "",
                f"the shipped examples are read-only: copy it here first with "
                f"`adjudicator examples {name}` (it writes {path.name})",
            )
        params = {**params, key: path if isinstance(value, Path) else str(path)}
    return params


def shipped_names(message: str) -> str:
    """`message` with each path inside the shipped data named as a user names it: an
    example as `example:NAME`, a board or card set as `boards/NAME.toml` (in an installed
    copy: a clone's files are named as the user gave them)."""
    from adjudicator.core.data import data_dir

    if "_data" not in data_dir("examples").parts:  # a clone: its files are the user's own
        return message
    for path in examples().values():
        message = message.replace(str(path), PREFIX + path.name.removesuffix(path.suffix))
    for kind in ("boards", "cards"):
        message = message.replace(f"{data_dir(kind)}/", f"{kind}/")
    return message
