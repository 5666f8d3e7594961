"""`adjudicator`: the entry point, joining one Typer app per command group.

The command modules import only Typer, Rich and `cli/output`, `options`, `checks` at the
top; each command imports its engine (a game, the solver, the pictures) in its body. So
`--help` and a ruling load no other game and no solver (`tests/test_startup.py`).

`app` holds every command (the tests, `--help`). The console script `run()` gives Typer
only the command asked for when its name leads the arguments: Typer reads the signature
of every command it is given before it runs one, ~25 ms for all fifty, a sixth of a
ruling's start-up (issue 13).
"""

from __future__ import annotations

import copy
import functools
import importlib
import inspect
import os
import sys
from collections.abc import Iterable
from typing import Annotated

import typer
from typer.models import CommandInfo

from adjudicator.cli.command import commands_of
from adjudicator.cli.help import add_examples, top_epilog
from adjudicator.cli.output import DEBUG
from adjudicator.core.i18n import LANGUAGES, N_, from_environment, known, set_language
from adjudicator.tables import GAMES


def _version(value: bool) -> None:
    if value:
        from adjudicator import __version__

        typer.echo(f"adjudicator {__version__}")
        raise typer.Exit


def main(
    debug: Annotated[
        bool, typer.Option("--debug", help="Show a traceback when something goes wrong.")
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help=N_("The language to speak: en or de (default: LANG / LC_* of the environment)."),
        ),
    ] = None,
) -> None:
    """The global options, before any command."""
    DEBUG["on"] = debug
    choose_language(lang)


def choose_language(lang: str | None) -> None:
    """`--lang`, else the environment's LANGUAGE / LC_ALL / LC_MESSAGES / LANG."""
    if lang is None:
        set_language(from_environment())
        return
    if known(lang) is None:
        raise typer.BadParameter(
            f"{lang!r}: the languages are {', '.join(LANGUAGES)}", param_hint="'--lang'"
        )
    set_language(lang)


#: Every top-level command and group, in the order `--help` lists them, and the module
#: that defines it: a group's module has an `app`, a command's a `register(app)`.
COMMANDS: dict[str, str] = {
    "board": "board_cmd",
    "cards": "cards_cmd",
    "state": "state_cmd",
    "game": "game_cmd",
    # each registry entry's group of referee commands on a state file, by its name
    **{name: "state_file_cmds" for name in sorted(n for n, e in GAMES.items() if e.commands)},
    "puzzle": "puzzle_cmd",
    "stop": "rulings_cmd",
    "play": "rulings_cmd",
    "discard": "rulings_cmd",
    "buy": "rulings_cmd",
    "hint": "hint_cmd",
    "replay": "game_cmd",
    "audit": "audit_cmd",
    "serve": "serve_cmd",
    "simulate": "simulate_cmd",
    "examples": "examples_cmd",
}
HELP_OPTIONS = ["-h", "--help"]
GROUPS = ("board", "cards", "state", "game", *(n for n, e in GAMES.items() if e.commands), "puzzle")


def make_app(names: Iterable[str] = COMMANDS) -> typer.Typer:
    """The command line with the commands `names` (every one by default)."""
    new = typer.Typer(
        name="adjudicator",
        help=(
            "A rules referee and hint tool for four Wild West board games: the deduction "
            "games Old Town and Gads Hill 1874 (stop, play, discard, buy), and Dry Gulch "
            "and Black Hills (dry-gulch, black-hills). A game's record, move by move, for "
            "all four: game, replay, hint, serve. Boards, cards and state files of all "
            "four: board, cards, state."
        ),
        epilog=top_epilog(),
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
        # every command and group inherits it from the top context (Click's rule)
        context_settings={"help_option_names": HELP_OPTIONS},
    )
    new.callback()(main)
    names = list(names)
    registered: set[str] = set()
    for name in names:
        module = importlib.import_module(f"adjudicator.cli.{COMMANDS[name]}")
        if name in GROUPS:
            new.add_typer(module.group(name) if hasattr(module, "group") else module.app, name=name)
        elif module.__name__ not in registered:  # one register() adds all its commands
            registered.add(module.__name__)
            module.register(new)
    # A module's register() may add siblings (`stop` comes with `play`...): keep `names`.
    new.registered_groups = [g for g in new.registered_groups if g.name in names]
    new.registered_commands = [c for c in new.registered_commands if _name(c) in names]
    add_examples(new)
    commands_of(new)
    return new


def _name(command: CommandInfo) -> str:
    callback = command.callback.__name__.replace("_", "-") if command.callback else ""
    return command.name or callback


def _asked(args: list[str]) -> str | None:
    """The command named by the arguments (after the global flags), if it is one of ours."""
    skip = False
    for arg in args:
        if skip or arg in ("--debug",) or arg.startswith("--lang="):
            skip = False
            continue
        if arg == "--lang":
            skip = True  # its value follows
            continue
        return arg if arg in COMMANDS else None
    return None


def listing(full: typer.Typer) -> typer.Typer:
    """The app as its own `--help` reads it: every command and group with its name and
    help, none with its parameters or subcommands, which that page never shows and Typer
    would read every signature of (tests/test_startup.py holds the two pages equal)."""
    lean = copy.copy(full)
    lean.registered_commands = []
    for info in full.registered_commands:
        command = copy.copy(info)
        command.name = _name(info)
        command.help = info.help if info.help is not None else inspect.getdoc(info.callback)
        command.callback = _listed
        lean.registered_commands.append(command)
    lean.registered_groups = []
    for group in full.registered_groups:
        sub = copy.copy(group.typer_instance)
        if sub is not None:
            sub.registered_commands, sub.registered_groups = [], []
        lean.registered_groups.append(copy.copy(group))
        lean.registered_groups[-1].typer_instance = sub
    return lean


def _listed() -> None:  # a command of `listing`, which is never run
    raise AssertionError("listing() is for --help only")


def run() -> None:
    """The console script: the app with only the command asked for (every command for
    a misspelt name or shell completion, which list them all; their names and helps for
    the top-level `--help`)."""
    # No pydantic plugin observes a command's file checks: finding them reads the metadata
    # of every installed package, ~5 ms of a ruling's start-up (issue 37), as Typer's own
    # parameters already skip them. Pydantic's documented switch; a user who sets it
    # (even to nothing) keeps their own.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    args = sys.argv[1:]
    name = _asked(args)
    completing = any(k.startswith("_ADJUDICATOR_COMPLETE") for k in os.environ)
    if completing or name is None:
        app = make_app()
        (listing(app) if args in ([], ["--help"], ["-h"]) and not completing else app)()
    else:
        make_app([name])()


@functools.cache
def _full_app() -> typer.Typer:
    return make_app()


def __getattr__(attr: str) -> typer.Typer:
    # `app`, with every command, is built when first asked for: `run()` never needs it.
    if attr == "app":
        return _full_app()
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


if __name__ == "__main__":  # `python -m adjudicator.cli.main`, as `python -m benchmarks` runs it
    run()
