"""One output object for every command: Rich for humans, or one strict JSON object on stdout.

Errors and warnings go to stderr. A domain error is one clear line and exit
status 1; a traceback only with `--debug`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Annotated, Any, Literal, ParamSpec, TypeVar

import typer
from rich.console import Console, RenderableType
from rich.text import Text

from adjudicator.core.errors import AdjudicatorError
from adjudicator.core.i18n import N_, _

__all__ = [
    "DEBUG",
    "N_",
    "JsonOpt",
    "Output",
    "_",
    "console",
    "debugging",
    "err_console",
    "error_line",
    "folded",
    "handle_errors",
    "set_debug",
]

# No automatic highlighting: what we print is styled on purpose, and Rich's repr highlighter
# takes seconds on a long word a user wrote (a 100 KB move took a minute). No markup and no
# emoji codes either: what we print holds names and words from files and moves (a board
# named `Town [/] x`, a player `:horse:`), shown as written; our own styles are `Text`'s.
console = Console(highlight=False, markup=False, emoji=False)
err_console = Console(stderr=True, highlight=False, markup=False, emoji=False)

JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print one strict JSON object on stdout instead.")
]

# `--debug` is the invocation's, not the process's: a context variable, so two commands run
# at once in one process (threads of a test, of a host program) never share it.
_DEBUG: ContextVar[bool] = ContextVar("adjudicator_debug", default=False)


def set_debug(on: bool) -> None:
    """`--debug` for the command being run (the main callback's)."""
    _DEBUG.set(on)


def debugging() -> bool:
    """Whether the command being run shows tracebacks (`--debug`)."""
    return _DEBUG.get()


class _Debug:
    """`DEBUG["on"]`, the older spelling of `debugging()` / `set_debug()`, kept for its
    callers (`cli/main.py`, `cli/help_page.py`): the same context variable."""

    def __getitem__(self, key: Literal["on"]) -> bool:
        return debugging()

    def __setitem__(self, key: Literal["on"], on: bool) -> None:
        set_debug(on)


DEBUG = _Debug()

P = ParamSpec("P")
R = TypeVar("R")


class Output:
    """Collects what a command shows; `--json` switches it to a single JSON object."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def show(self, *renderables: RenderableType) -> None:
        """Rich views; off a terminal (a pipe, a file) a line of text is never wrapped at
        the 80 columns Rich assumes there: a path or a game's name stays whole."""
        if not self.as_json:
            piped = not console.is_terminal
            for r in renderables:
                plain = isinstance(r, str | Text)
                width = _natural_width(r) if piped and not plain else None
                if width is None:
                    console.print(folded(r), soft_wrap=piped and plain)
                    continue
                # `print(width=)` is capped at the console's own: a console this wide
                wide = Console(file=console.file, width=width, highlight=False, markup=False)
                wide.print(folded(r), emoji=False)

    def lines(self, *lines: RenderableType) -> None:
        """Lines to copy (commands, what a write changed): never wrapped or cut by Rich,
        so a long path stays one line a terminal can wrap and a mouse can copy whole."""
        if not self.as_json:
            for line in lines:
                console.print(line, soft_wrap=True)

    def view(self, *items: RenderableType) -> None:
        """A view of mixed parts (`render/tables.py`): plain text and `Text` as lines to
        copy (see `lines`), tables and panels drawn as `show` draws them."""
        from rich.console import Group

        for item in items:
            if isinstance(item, str | Text):
                self.lines(item)
            elif isinstance(item, Group):  # its lines are lines too
                self.view(*item.renderables)
            else:
                self.show(item)

    def json(self, obj: dict[str, Any]) -> None:
        if self.as_json:
            import json  # here: only --json prints it (start-up, issue 13)

            sys.stdout.write(json.dumps(obj, indent=2, allow_nan=False) + "\n")

    def warn(self, message: str) -> None:
        err_console.print(Text.assemble(("warning:", "yellow"), " ", message), soft_wrap=True)

    @contextmanager
    def progress(self, description: str, total: int) -> Iterator[Callable[[int], None]]:
        """A progress bar on stderr for long work; `advance(n)` moves it on."""
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err_console,
            transient=True,
            disable=not err_console.is_terminal,
        ) as bar:
            task = bar.add_task(description, total=total)

            def advance(n: int = 1) -> None:
                bar.advance(task, n)

            yield advance


#: The widest a table is drawn off a terminal, where nothing says how wide a line may be.
PIPED_MAX_WIDTH = 400


def _natural_width(renderable: RenderableType) -> int | None:
    """Off a terminal, a table at the width its cells need (no id folded at the 80
    columns Rich assumes for a pipe), unless COLUMNS says otherwise."""
    import os

    from rich.measure import Measurement

    table = sys.modules.get("rich.table")  # loaded if a table was drawn (start-up)
    if os.environ.get("COLUMNS") or table is None or not isinstance(renderable, table.Table):
        return None  # a board lays itself out for the width it is given: 80 it is
    options = console.options.update_width(PIPED_MAX_WIDTH)
    wanted = Measurement.get(console, options, renderable).maximum
    return max(console.width, min(wanted, PIPED_MAX_WIDTH))


def folded(renderable: RenderableType) -> RenderableType:
    """`renderable` with every table column folding a long cell onto the next line rather
    than cutting it with "…": a cell may hold an id a player must type (`fire-in-the-hole`),
    so none is ever cut, whatever the width (issue 25). A view is made for one print, so
    its columns are set in place."""
    from rich.console import Group

    # Only what is loaded can have been drawn: the check loads no module (start-up).
    table, panel = sys.modules.get("rich.table"), sys.modules.get("rich.panel")
    if table is not None and isinstance(renderable, table.Table):
        for column in renderable.columns:
            if column.overflow == "ellipsis":
                column.overflow = "fold"
        for column in renderable.columns:
            for cell in column.cells:
                folded(cell)
    elif isinstance(renderable, Group):
        for part in renderable.renderables:
            folded(part)
    elif panel is not None and isinstance(renderable, panel.Panel):
        folded(renderable.renderable)
    return renderable


def handle_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn a domain error into one line on stderr and exit status 1."""

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except AdjudicatorError as exc:
            if debugging():
                raise
            error_line(exc)
            raise typer.Exit(1) from None
        except OSError as exc:
            # a path the system refuses (a name too long, a loop of links), met by any
            # command's look at a file before the one reader or writer names it
            if debugging():
                raise
            from adjudicator.core.reading import path_error

            error_line(path_error(exc))
            raise typer.Exit(1) from None

    return wrapper


def error_line(exc: AdjudicatorError) -> None:
    """A domain error as one line on stderr, a shipped file named as a user names it."""
    from adjudicator.cli.examples import shipped_names

    err_console.print(
        Text.assemble((_("error:"), "red"), " ", shipped_names(str(exc))), soft_wrap=True
    )
