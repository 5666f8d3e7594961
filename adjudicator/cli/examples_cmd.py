"""`adjudicator examples`: the shipped examples, by the names every command takes
(`example:gads-hill-mid`, `cli/examples.py`), and a copy of one to work on."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.output import JsonOpt, Output, handle_errors

__all__ = ["register"]


def _described() -> dict[str, str]:
    """What each example shows, from the table of the shipped `examples/README.md`."""
    import re

    from adjudicator.core.data import data_dir
    from adjudicator.core.errors import InputError
    from adjudicator.core.reading import read_text

    try:
        text = read_text(data_dir("examples") / "README.md")
    except InputError:
        return {}
    rows = re.findall(r"^\|\s*`([^`]+)`\s*\|\s*(.+?)\s*\|\s*$", text, re.M)
    return dict(rows)


def register(app: typer.Typer) -> None:
    @app.command(
        help=(
            "The shipped examples, by the name every command takes for a file "
            "(example:gads-hill-mid), from any folder; with a NAME, a copy of it here to "
            "work on (--write and game move change a file; the examples are read-only)."
        )
    )
    @handle_errors
    def examples(
        name: Annotated[
            str | None, typer.Argument(metavar="[NAME]", help="An example to copy here.")
        ] = None,
        to: Annotated[
            Path, typer.Option("--to", help="The folder to copy it into.", show_default=False)
        ] = Path("."),
        force: Annotated[bool, typer.Option("--force", help="Overwrite the copy.")] = False,
        as_json: JsonOpt = False,
    ) -> None:
        """The shipped examples, or a copy of one."""
        from adjudicator.cli.examples import PREFIX, examples, resolved

        out = Output(as_json)
        if name is None:
            about = _described()
            rows = [
                (PREFIX + ident, path.name, about.get(path.name, ""))
                for ident, path in examples().items()
            ]
            from adjudicator.render.text_examples import examples_table

            out.show(examples_table(rows))
            out.json({"examples": [{"name": n, "file": f, "shows": w} for n, f, w in rows]})
            return
        from adjudicator.core.errors import InputError
        from adjudicator.core.files import write_atomic
        from adjudicator.core.reading import read_text

        source = resolved(name if name.startswith(PREFIX) else PREFIX + name)
        target = to / source.name
        if target.exists() and not force:
            raise InputError(str(target), "", "exists already (use --force to overwrite)")
        write_atomic(target, read_text(source))
        out.lines(f"Wrote {target}: a copy of {PREFIX}{source.name.removesuffix(source.suffix)}")
        out.json({"wrote": str(target), "example": source.name})
