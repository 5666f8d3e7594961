"""What the simulation tests share: the `simulate` command on an app of its own (their
cluster fixture is in `conftest.py`)."""

from __future__ import annotations

import typer

from adjudicator.cli import simulate_cmd


def simulate_app() -> typer.Typer:
    app = typer.Typer()
    simulate_cmd.register(app)

    @app.command()
    def _other() -> None:  # a second command, so `simulate` is a sub-command as in main.py
        """Nothing."""

    return app
