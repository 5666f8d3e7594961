"""What several commands share: argument and option aliases, and the helpers that go with
them. Command modules import these (and `output`, `checks`), never each other.

An EDITION argument is read with `resolve_edition` (`deduction/files/editions.py`), the
one resolver for a shipped edition's id or a board file's path.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.text import Text

from adjudicator.cli.output import N_, Output
from adjudicator.core.errors import InputError

__all__ = [
    "BoardOpt",
    "CardsOpt",
    "EditionArg",
    "MethodOpt",
    "PlayerOpt",
    "SchedulerOpt",
    "SvgOpt",
    "WorkersOpt",
    "check_cluster",
    "save_svg",
]

# A record or a state file names its board by the path it writes (from the file's folder);
# these name the board and the card set from elsewhere instead (issue 40).
BoardOpt = Annotated[
    Path | None,
    typer.Option(
        "--board",
        help=N_(
            "Old Town, Gads Hill: the board file, instead of the one the state or record names."
        ),
    ),
]
CardsOpt = Annotated[
    Path | None,
    typer.Option(
        "--cards",
        help=N_("Old Town, Gads Hill: the card-set file, instead of the board's own."),
    ),
]

EditionArg = Annotated[
    str,
    typer.Argument(
        metavar="EDITION",
        help=(
            "A shipped edition (old-town, gads-hill-1874; for boards and cards also "
            "dry-gulch, black-hills) or the path of a board file."
        ),
        show_default=False,
    ),
]
SvgOpt = Annotated[
    Path | None,
    typer.Option("--svg", help="Also write the picture to this SVG file.", dir_okay=False),
]
MethodOpt = Annotated[
    Literal["auto", "cpsat", "twin"],
    typer.Option(
        "--method",
        help=(
            "Who decides: auto (exact matching, the default), cpsat (OR-Tools CP-SAT, the "
            "second engine) or twin (brute force, for small boards). All three agree."
        ),
    ),
]
# `--by` is still taken (`cli/aliases.py`), unshown.
PlayerOpt = Annotated[
    str | None, typer.Option("--player", help="Whose (default: the active player).")
]


WorkersOpt = Annotated[
    int | None,
    typer.Option("--workers", min=1, help="Local worker processes (default: cores)."),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="Use this running Dask scheduler's workers instead of local ones.",
    ),
]
_SCHEDULER = re.compile(r"^(tcp|tls|ucx)://[^\s/]+:\d+$")


def check_cluster(workers: int | None, scheduler: str | None) -> int:
    """--workers or --scheduler, not both; a scheduler's address as Dask writes it. The
    local workers to start: as asked, or one per core."""
    if scheduler is not None and not _SCHEDULER.match(scheduler):
        raise InputError("--scheduler", scheduler, "expected tcp://HOST:PORT")
    if scheduler is not None and workers is not None:
        raise InputError("--workers", str(workers), "give --workers or --scheduler, not both")
    return workers or os.cpu_count() or 1


def save_svg(path: Path, svg: str, out: Output) -> None:
    """Write a picture atomically; a path that cannot be written is one clear error."""
    from adjudicator.core.files import write_atomic

    try:
        write_atomic(path, svg)
    except OSError as exc:
        raise InputError(str(path), "", f"cannot be written ({exc.strerror or exc})") from None
    out.show(Text(f"wrote {path}"))
