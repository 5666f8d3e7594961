"""The shipped examples as a table (`adjudicator examples`): the name to give a command,
the file, and what it shows. It only reads."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

__all__ = ["examples_table"]


def examples_table(rows: Sequence[tuple[str, str, str]]) -> Table:
    """One row an example: `example:NAME`, its file, what it shows."""
    table = Table("name", "file", "what it shows", title="Shipped examples")
    for column in table.columns[:2]:  # typed as written: never folded
        column.no_wrap = True
    for name, file, what in rows:
        table.add_row(name, file, what)
    table.caption = (
        "Give the name where a command takes a file: adjudicator replay example:old-town-table"
    )
    return table
