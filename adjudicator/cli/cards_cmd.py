"""`adjudicator cards ...` (to be written)."""

import typer

app = typer.Typer(help="cards commands", no_args_is_help=True)
