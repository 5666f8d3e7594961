"""What several commands share: argument and option aliases, and the helpers that go with
them. Command modules import these (and `output`, `checks`), never each other.

An EDITION argument is read with `resolve_edition` (`deduction/files/editions.py`), the
one resolver for a shipped edition's id or a board file's path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from adjudicator.cli.output import Output
from adjudicator.core.errors import InputError

__all__ = ["EditionArg", "PlayerOpt", "SvgOpt", "save_svg"]

EditionArg = Annotated[
    str,
    typer.Argument(
        metavar="EDITION",
        help="A shipped edition (gads-hill-1874, old-town) or the path of a board file.",
        show_default=False,
    ),
]
SvgOpt = Annotated[
    Path | None,
    typer.Option("--svg", help="Also write the picture to this SVG file.", dir_okay=False),
]
PlayerOpt = Annotated[
    str | None, typer.Option("--by", "--player", help="Whose (default: the active player).")
]


def save_svg(path: Path, svg: str, out: Output) -> None:
    """Write a picture atomically; a path that cannot be written is one clear error."""
    from adjudicator.core.files import write_atomic

    try:
        write_atomic(path, svg)
    except OSError as exc:
        raise InputError(str(path), "", f"cannot be written ({exc.strerror or exc})") from None
    out.show(Text(f"wrote {path}"))
