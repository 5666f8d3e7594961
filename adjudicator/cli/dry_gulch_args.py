"""The arguments and options the `dry-gulch` commands share."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["BuildingArg", "ByOpt", "PlayerOpt", "StateArg"]


StateArg = Annotated[
    Path,
    typer.Argument(metavar="STATE", help="A Dry Gulch state file (or, to read, a record)."),
]
BuildingArg = Annotated[str, typer.Argument(help="The building (permit id).")]
# One flag for the player, as every command names it: `--player`; `--by`, the name the
# Dry Gulch commands took before, is still read but no longer shown.
PlayerOpt = Annotated[
    str | None, typer.Option("--player", help="Whose (default: the active player).")
]
ByOpt = Annotated[str | None, typer.Option("--by", hidden=True)]
