"""The top-level `--help` page (and `adjudicator` alone), drawn without Typer's help module.

Typer 0.28's `rich_utils` imports Rich's Markdown (markdown-it) and Syntax (Pygments)
whatever the markup mode, and its traceback module: ~35 ms, a fifth of `adjudicator
--help` (issue 13; a known cost upstream, fastapi/typer after PR #1128). The top-level
page holds only flags and commands, so it is drawn here the way Typer draws it: a usage
line, the help, an Options panel, a Commands panel and the epilog.
`tests/test_startup.py` holds this page equal to Typer's own, character for character
and style for style, so a Typer upgrade that changes its look shows up there. Every other
help page is Typer's.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.highlighter import RegexHighlighter
from rich.text import Text
from rich.theme import Theme
from typer import _click
from typer.core import TyperGroup, TyperOption

if TYPE_CHECKING:  # loaded when a page is drawn: every command imports this module
    from rich.panel import Panel
    from rich.table import Table

__all__ = ["FrontPage"]

# Typer's styles (typer/rich_utils.py), for the parts this page has.
_THEME = {
    "option": "bold cyan",
    "switch": "bold green",
    "negative_option": "bold magenta",
    "negative_switch": "bold red",
    "types": "bold yellow",
    "types_sep": "dim",
    "usage": "yellow",
}


class _Options(RegexHighlighter):
    highlights = [  # noqa: RUF012  (Rich's own way to declare a highlighter)
        r"(^|\W)(?P<switch>\-\w+)(?![a-zA-Z0-9])",
        r"(^|\W)(?P<option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
        r"(?P<types>\<[^\>]+\>)",
        r"(?P<usage>Usage: )",
    ]


_highlight = _Options()


def _rich(text: str, style: str = "") -> Text:
    return _highlight(Text.from_markup(inspect.cleandoc(text), style=style, emoji=False))


def _panel(table: Table, title: str) -> Panel:
    from rich.panel import Panel

    return Panel(table, border_style="dim", title=title, title_align="left")


def _table(**styles: Any) -> Table:
    from rich.table import Table

    return Table(
        show_header=False,
        expand=True,
        box=None,
        show_lines=False,
        leading=0,
        border_style=None,
        row_styles=None,
        pad_edge=False,
        padding=(0, 1),
        **styles,
    )


def draw(group: TyperGroup, ctx: _click.Context, console: Console) -> None:
    """Print the page of a group whose options are all flags (no values, none required)."""
    from rich.align import Align
    from rich.columns import Columns
    from rich.padding import Padding

    console.print(Padding(_highlight(group.get_usage(ctx)), 1), style="bold")
    if group.help:
        first, *rest = inspect.cleandoc(group.help).partition("\f")[0].split("\n\n")
        parts: list[RenderableType] = [_rich(first.replace("\n", " ").strip())]
        if rest:
            parts += [Text(""), _rich("\n\n".join(rest), style="dim")]
        console.print(Padding(Align(Group(*parts), pad=False), (0, 1, 1, 1)))
    options = _table(highlight=True)
    for param in group.get_params(ctx):
        if getattr(param, "hidden", False) or not isinstance(param, TyperOption):
            continue
        if not param.is_flag or param.required:
            raise ValueError(f"{param.name}: the front page draws flags only")
        long = ",".join(o for o in param.opts if "--" in o)
        short = ",".join(o for o in param.opts if "--" not in o)
        paragraphs = (p.replace("\n", " ").strip() for p in (param.help or "").split("\n\n"))
        help_text = [_rich("\n".join(paragraphs).strip())] if param.help else []
        options.add_row(
            _highlight(long),
            _highlight(short),
            Text(""),
            Text(""),
            Text(style="bold yellow", overflow="fold"),
            Columns(help_text),
        )
    if options.row_count:
        console.print(_panel(options, "Options"))
    commands = [group.get_command(ctx, name) for name in group.list_commands(ctx)]
    shown = [c for c in commands if c is not None and not c.hidden]
    table = _table(highlight=False)
    table.add_column(style="bold cyan", no_wrap=True, width=max(len(c.name or "") for c in shown))
    table.add_column("Description", justify="left", no_wrap=False, ratio=10)
    for command in shown:
        first = inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0]
        table.add_row(Text(command.name or ""), _rich(first.strip()))
    if table.row_count:
        console.print(_panel(table, "Commands"))
    if group.epilog:
        console.print(Padding(Align(_rich(group.epilog), pad=False), 1))


class FrontPage(TyperGroup):
    """The top-level group: its help page is `draw`'s."""

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        draw(self, ctx, _help_console())


def _help_console() -> Console:
    import os

    force = (
        True if any(os.getenv(v) for v in ("GITHUB_ACTIONS", "FORCE_COLOR", "PY_COLORS")) else None
    )
    if os.getenv("_TYPER_FORCE_DISABLE_TERMINAL"):
        force = False
    width = os.getenv("TERMINAL_WIDTH")
    return Console(
        theme=Theme(_THEME),
        highlighter=_highlight,
        color_system="auto",
        force_terminal=force,
        width=int(width) if width else None,
    )
