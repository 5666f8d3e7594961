"""`adjudicator`: the entry point, joining one Typer app per command group.

The command modules import only Typer, Rich and `cli/output`, `options`, `checks` at the
top; each command imports its engine (a game, the solver, the pictures) in its body. So
`--help` and a ruling load no other game and no solver (`tests/test_startup.py`).
"""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.cli import (
    audit_cmd,
    bench_cmd,
    black_hills_cmd,
    board_cmd,
    cards_cmd,
    dry_gulch_cmd,
    game_cmd,
    hint_cmd,
    puzzle_cmd,
    rulings_cmd,
    serve_cmd,
    simulate_cmd,
    state_cmd,
)
from adjudicator.cli.help import add_examples, plain_help
from adjudicator.cli.output import DEBUG

plain_help()

app = typer.Typer(
    name="adjudicator",
    help=(
        "A rules referee and hint tool for four Wild West board games: the deduction games "
        "Old Town and Gads Hill 1874 (stop, play, discard, buy, hint, game, replay), and "
        "Dry Gulch and Black Hills (dry-gulch, black-hills). Boards, cards and state files "
        "of all four: board, cards, state."
    ),
    epilog="Example: adjudicator play examples/gads-hill-mid.toml 43 --as school",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
)


def _version(value: bool) -> None:
    if value:
        from adjudicator import __version__

        typer.echo(f"adjudicator {__version__}")
        raise typer.Exit


@app.callback()
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
) -> None:
    DEBUG["on"] = debug


app.add_typer(board_cmd.app, name="board")
app.add_typer(cards_cmd.app, name="cards")
app.add_typer(state_cmd.app, name="state")
app.add_typer(game_cmd.app, name="game")
app.add_typer(black_hills_cmd.app, name="black-hills")
app.add_typer(dry_gulch_cmd.app, name="dry-gulch")
app.add_typer(puzzle_cmd.app, name="puzzle")
rulings_cmd.register(app)
hint_cmd.register(app)
game_cmd.register(app)
audit_cmd.register(app)
bench_cmd.register(app)
serve_cmd.register(app)
simulate_cmd.register(app)
add_examples(app)

if __name__ == "__main__":  # `python -m adjudicator.cli.main`, as the benchmark runs it
    app()
