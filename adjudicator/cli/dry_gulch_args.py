"""The arguments and options the `dry-gulch` commands share, and what a phase answers."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Protocol

import typer

if TYPE_CHECKING:
    from adjudicator.dry_gulch.state import DGState

__all__ = ["BuildingArg", "ByOpt", "PhaseResult", "PlayerOpt", "StateArg", "WriteOpt"]


class PhaseResult(Protocol):
    """What every phase of a Dry Gulch turn answers (discard, draw, events, ...)."""

    @property
    def legal(self) -> bool: ...
    @property
    def after(self) -> DGState: ...
    def to_json(self) -> dict[str, Any]: ...


StateArg = Annotated[
    Path,
    typer.Argument(metavar="STATE", help="A Dry Gulch state file (or, to read, a record)."),
]
WriteOpt = Annotated[bool, typer.Option("--write", help="Write the resulting state.")]
BuildingArg = Annotated[str, typer.Argument(help="The building (permit id).")]
# One flag for the player, as every command names it: `--player`; `--by`, the name the
# Dry Gulch commands took before, is still read but no longer shown.
PlayerOpt = Annotated[
    str | None, typer.Option("--player", help="Whose (default: the active player).")
]
ByOpt = Annotated[str | None, typer.Option("--by", hidden=True)]
