"""A help page in the command line's language (`--lang`, `core/i18n.py`): Typer draws it
from a copy of the command whose texts are translated, each parameter in a panel named in
that language (Typer names its own panels in English). In English Typer draws the command
itself, untouched."""

from __future__ import annotations

import copy
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from adjudicator.core.i18n import DEFAULT, N_, _, language

__all__ = ["help_option", "in_language", "listed", "page"]

# Click's own help text of `--help`, which the page translates like any other parameter's.
N_("Show this message and exit.")

C = TypeVar("C")

# Set while a translated page is drawn, so that the help option and the listed commands
# Typer asks the command for come translated too (per thread and task, not per process).
_DRAWING: ContextVar[bool] = ContextVar("drawing", default=False)


def _in(text: str | None) -> str | None:
    return _(text) if text else text


def in_language(param: C, panel: str) -> C:
    """A copy of a parameter with its help translated, shown in `panel`."""
    twin = copy.copy(param)
    twin.help = _in(getattr(param, "help", None))  # type: ignore[attr-defined]
    twin.rich_help_panel = panel  # type: ignore[attr-defined]
    return twin


def listed(command: C | None) -> C | None:
    """A group's sub-command as its translated page lists it."""
    if command is None or not _DRAWING.get():
        return command
    twin = copy.copy(command)
    twin.short_help = _in(getattr(command, "short_help", None))  # type: ignore[attr-defined]
    twin.help = _in(getattr(command, "help", None))  # type: ignore[attr-defined]
    twin.rich_help_panel = _("Commands")  # type: ignore[attr-defined]
    return twin


def help_option(option: C | None) -> C | None:
    """The `--help` option on a translated page."""
    return in_language(option, _("Options")) if option is not None and _DRAWING.get() else option


def page(command: Any, draw: Callable[[Any], None]) -> None:
    """Draw `command`'s page (`draw(command)`), in the current language."""
    if language() == DEFAULT:
        draw(command)
        return
    twin = copy.copy(command)
    twin.help = _in(command.help)
    twin.short_help = _in(command.short_help)
    twin.params = [
        in_language(p, _("Arguments") if p.param_type_name == "argument" else _("Options"))
        for p in command.params
    ]
    token = _DRAWING.set(True)
    try:
        draw(twin)
    finally:
        _DRAWING.reset(token)
