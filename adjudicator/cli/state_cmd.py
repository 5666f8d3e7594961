"""`adjudicator state ...` (to be written)."""

import typer

app = typer.Typer(help="state commands", no_args_is_help=True)
