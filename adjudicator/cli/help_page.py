"""Every `--help` page, drawn the way Typer draws it, without Typer's help module.

Typer 0.28's `rich_utils` imports Rich's Markdown (markdown-it), Syntax (Pygments) and
traceback modules whatever the markup mode: ~35 ms, a fifth of a help page's start-up
(issue 13; a known cost upstream, fastapi/typer after PR #1128). So the pages are drawn
here, as `typer/rich_utils.py` (MIT) draws them: the usage line, the help, the Arguments
and Options panels, the Commands panel of a group, the epilog (our examples).

A page with something this module does not draw (a help panel of its own, an environment
variable, a deprecated command, another markup mode) is left to Typer. `tests/test_startup.py`
holds every page of the app equal to Typer's own, character for character and style for
style, so a Typer upgrade that changes its look shows up there.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.highlighter import RegexHighlighter
from rich.text import Text
from rich.theme import Theme
from typer import _click
from typer._click import types
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from adjudicator.core.i18n import N_, _

if TYPE_CHECKING:  # loaded when a page is drawn: every command imports this module
    from rich.columns import Columns
    from rich.panel import Panel
    from rich.table import Table

__all__ = ["HelpCommand", "HelpGroup", "draws"]

# Typer's styles (typer/rich_utils.py), for the parts our pages have.
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


class _Negative(RegexHighlighter):
    highlights = [  # noqa: RUF012
        r"(^|\W)(?P<negative_switch>\-\w+)(?![a-zA-Z0-9])",
        r"(^|\W)(?P<negative_option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
    ]


class _Types(RegexHighlighter):
    highlights = [  # noqa: RUF012
        r"^(?P<types_sep>(\[|<))",
        r"(?P<types_sep>\|)",
        r"(?P<types_sep>(\]|>))(\.\.\.)?$",
    ]


_highlight, _negative, _types = _Options(), _Negative(), _Types()
# Click's own help text of `--help`, which the page translates like any other parameter's.
N_("Show this message and exit.")
BREAK = "\b\n"  # Click's mark of a paragraph kept as written
ANSI = "\x1b["


def draws(command: _click.Command, ctx: _click.Context) -> bool:
    """Whether this module draws the command's page (else Typer does)."""
    if getattr(command, "rich_markup_mode", None) != "rich" or command.deprecated:
        return False
    params = command.get_params(ctx)
    for param in params:
        if getattr(param, "rich_help_panel", None) or getattr(param, "envvar", None):
            return False
        if not isinstance(param, (TyperArgument, TyperOption)) and not getattr(
            param, "hidden", False
        ):
            return False
    if ctx.auto_envvar_prefix is not None:
        return False
    texts = [command.help, command.epilog, *(getattr(p, "help", None) for p in params)]
    if isinstance(command, TyperGroup):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and (sub.deprecated or getattr(sub, "rich_help_panel", None)):
                return False
            if sub is not None:
                texts += [sub.short_help, sub.help]
    return not any(ANSI in text for text in texts if text)  # Typer reads those as ANSI


def _rich(text: str, style: str = "") -> Text:
    # Typer's reading of a help text: Rich markup, emoji codes included.
    return _highlight(Text.from_markup(inspect.cleandoc(text), style=style))


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


def _param_help(param: TyperArgument | TyperOption, ctx: _click.Context) -> Columns:
    from rich.columns import Columns

    items: list[RenderableType] = []
    if param.help:
        paragraphs = [
            p.replace("\n", " ").strip()
            if not p.startswith("\b")
            else f"{p.strip(chr(8) + chr(10))}\n"
            for p in _(param.help).split("\n\n")
        ]
        items.append(_rich("\n".join(paragraphs).strip()))
    default = param._extract_default_help_str(ctx=ctx)
    as_text = isinstance(param.show_default, str)
    if as_text or (default is not None and (param.show_default or ctx.show_default)):
        shown = param._get_default_string(
            ctx=ctx, show_default_is_str=as_text, default_value=default
        )
        if shown:
            items.append(Text("[" + _("default:") + f" {shown}]", style="dim"))
    if param.required:
        items.append(Text("[" + _("required") + "]", style="dim red"))
    return Columns(items)


def _params_panel(name: str, params: list[Any], ctx: _click.Context, console: Console) -> None:
    rows: list[list[RenderableType]] = []
    required: list[Text | str] = []
    for param in params:
        long: list[str] = []
        short: list[str] = []
        other_long: list[str] = []
        other_short: list[str] = []
        metavar_name = metavar_type = None
        if isinstance(param, TyperArgument):
            metavar_name = param.metavar if param.metavar is not None else (param.name or "")
            metavar_type = param.type.get_metavar(param=param, ctx=ctx)
            if metavar_type is None:
                metavar_type = f"<{param.type.name}>"
        else:
            metavar_type = param.make_metavar(ctx=ctx)
        for opt in param.opts:
            (long if "--" in opt else short).append(
                opt if "--" in opt or not metavar_name else metavar_name
            )
        for opt in param.secondary_opts:
            (other_long if "--" in opt else other_short).append(opt)
        kinds = Text(style="bold yellow", overflow="fold")
        if metavar_type and "bool" not in metavar_type.lower():
            kinds.append(metavar_type)
        if (
            isinstance(param.type, types._NumberRangeBase)
            and isinstance(param, TyperOption)
            and not (param.count and param.type.min == 0 and param.type.max is None)
        ):
            described = param.type._describe_range()
            if described:
                kinds.append(f" [{described}]")
        required.append(Text("*", style="red") if param.required else "")
        rows.append(
            [
                _highlight(",".join(long)),
                _highlight(",".join(short)),
                _negative(",".join(other_long)),
                _negative(",".join(other_short)),
                _types(kinds),
                _param_help(param, ctx),
            ]
        )
    if not rows:
        return
    table = _table(highlight=True)
    for mark, row in zip(required, rows, strict=True):
        table.add_row(*([mark, *row] if any(required) else row))
    console.print(_panel(table, name))


def _commands_panel(group: TyperGroup, ctx: _click.Context, console: Console) -> None:
    commands = [group.get_command(ctx, name) for name in group.list_commands(ctx)]
    shown = [c for c in commands if c is not None and not c.hidden]
    if not shown:
        return
    table = _table(highlight=False)
    width = max(len(c.name or "") for c in shown)
    table.add_column(style="bold cyan", no_wrap=True, width=width)
    table.add_column(_("Description"), justify="left", no_wrap=False, ratio=10)
    for command in shown:
        said = command.short_help or command.help or ""
        first = inspect.cleandoc(_(said)).split("\n\n")[0]
        table.add_row(Text(command.name or ""), _rich(first.replace("\b\n", "").strip()))
    console.print(_panel(table, _("Commands")))


def draw(command: _click.Command, ctx: _click.Context, console: Console) -> None:
    """Print the page of a command or group that `draws` accepts."""
    from rich.align import Align
    from rich.padding import Padding

    console.print(Padding(_highlight(command.get_usage(ctx)), 1), style="bold")
    if command.help:
        first, *rest = inspect.cleandoc(_(command.help)).partition("\f")[0].split("\n\n")
        if not first.startswith("\b"):
            first = first.replace("\n", " ")
        parts: list[RenderableType] = [_rich(first.strip())]
        if rest:
            parts += [Text(""), _rich("\n\n".join(rest), style="dim")]
        console.print(Padding(Align(Group(*parts), pad=False), (0, 1, 1, 1)))
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    _params_panel(_("Arguments"), [p for p in params if isinstance(p, TyperArgument)], ctx, console)
    _params_panel(_("Options"), [p for p in params if isinstance(p, TyperOption)], ctx, console)
    if isinstance(command, TyperGroup):
        _commands_panel(command, ctx, console)
    if command.epilog:
        console.print(Padding(Align(_rich(command.epilog), pad=False), 1))


def _console() -> Console:
    """Typer's help console (`typer/rich_utils._get_rich_console`), read as it reads it."""
    colours = ("GITHUB_ACTIONS", "FORCE_COLOR", "PY_COLORS")
    force = True if any(os.getenv(v) for v in colours) else None
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


def _page(
    command: _click.Command,
    ctx: _click.Context,
    formatter: _click.HelpFormatter,
    typers: Callable[[_click.Context, _click.HelpFormatter], None],
) -> None:
    if draws(command, ctx):
        draw(command, ctx, _console())
    else:
        typers(ctx, formatter)


class HelpGroup(TyperGroup):
    """A group whose help page is `draw`'s."""

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        _page(self, ctx, formatter, super().format_help)


class HelpCommand(TyperCommand):
    """A command whose help page is `draw`'s, and which takes the options' old names."""

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        _page(self, ctx, formatter, super().format_help)

    def parse_args(self, ctx: _click.Context, args: list[str]) -> list[str]:
        from adjudicator.cli.aliases import aliased

        declared = [name for param in self.params for name in param.opts]
        return super().parse_args(ctx, aliased(declared, args))

    def invoke(self, ctx: _click.Context) -> Any:
        """The command, its `example:NAME` files resolved (`cli/examples.py`)."""
        import typer
        from typer.models import TyperPath

        from adjudicator.cli.examples import resolved_params
        from adjudicator.cli.output import DEBUG, error_line
        from adjudicator.core.errors import AdjudicatorError

        try:
            paths = [p.name for p in self.params if isinstance(p.type, TyperPath) and p.name]
            ctx.params = resolved_params(ctx.info_name or "", ctx.params, paths)
        except AdjudicatorError as exc:
            if DEBUG["on"]:
                raise
            error_line(exc)
            raise typer.Exit(1) from None
        return super().invoke(ctx)
