"""`adjudicator board ...` (to be written)."""

import typer

app = typer.Typer(help="board commands", no_args_is_help=True)
