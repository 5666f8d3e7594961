"""The class of every command: Typer's own, reading the options' old names
(`cli/aliases.py`) and resolving `example:NAME` files (`cli/examples.py`) before the
command runs. Its help page is Typer's, the usage line in Click's words."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any, get_args, get_type_hints

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from adjudicator.cli.help_language import help_option, listed, page

__all__ = ["Command", "Group", "commands_of"]


class Group(TyperGroup):
    """A group whose help page speaks the command line's language."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        page(self, lambda twin: TyperGroup.format_help(twin, ctx, formatter))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return listed(super().get_command(ctx, cmd_name))

    def get_help_option(self, ctx: Any) -> Any:
        return help_option(super().get_help_option(ctx))


class Command(TyperCommand):
    """A command that takes the options' old names and the shipped examples by name."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        page(self, lambda twin: TyperCommand.format_help(twin, ctx, formatter))

    def get_help_option(self, ctx: Any) -> Any:
        return help_option(super().get_help_option(ctx))

    # ctx is Typer's Click Context, which Typer exports by no name of its own
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from adjudicator.cli.aliases import aliased

        declared = [name for param in self.params for name in param.opts]
        return super().parse_args(ctx, aliased(declared, args))

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """The usage line names a required argument STATE, not Typer's `{STATE}` (a set,
        to a reader of Click's conventions); an optional one stays `[STATE]`."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                name = (param.metavar or param.name or "").upper()
                name = name if param.required else f"[{name}]"
                pieces.append(name + ("..." if param.nargs != 1 else ""))
            else:
                pieces += param.get_usage_pieces(ctx)
        return pieces

    def invoke(self, ctx: Any) -> Any:
        """The command, its `example:NAME` files resolved (`cli/examples.py`)."""
        from adjudicator.cli.examples import resolved_params
        from adjudicator.cli.output import debugging, error_line
        from adjudicator.core.errors import AdjudicatorError

        try:
            paths = _path_params(self.callback)
            ctx.params = resolved_params(ctx.info_name or "", ctx.params, paths)
        except AdjudicatorError as exc:
            if debugging():
                raise
            error_line(exc)
            raise typer.Exit(1) from None
        return super().invoke(ctx)


def _path_params(callback: Any) -> list[str]:
    """The parameters the command's function declares as files (`Path`, `Path | None`,
    `list[Path]`): read from its annotations, as Typer has no public name for its path type."""
    if callback is None:
        return []
    hints = get_type_hints(inspect.unwrap(callback))
    return [name for name, hint in hints.items() if name != "return" and _is_path(hint)]


def _is_path(hint: object) -> bool:
    return hint is Path or any(_is_path(arg) for arg in get_args(hint))


def commands_of(app: typer.Typer) -> None:
    """Every command of `app` and its groups, at any depth, is a `Command`, every group a
    `Group`."""
    if not app.info.cls or app.info.cls is TyperGroup:  # unset: a false placeholder
        app.info.cls = Group
    for info in app.registered_commands:
        if not info.cls or info.cls is TyperCommand:  # Typer's default: not our own class
            info.cls = Command
    for group in app.registered_groups:
        if group.typer_instance is not None:
            commands_of(group.typer_instance)
