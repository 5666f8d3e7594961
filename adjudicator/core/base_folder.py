"""Where the board and card files that a record, a state file or a puzzle names are found.

Who may read what: the person at the command line chose the record, so a path it names
is read as written (relative to the record's folder, or absolute) and `--board`/`--cards`
name the files from anywhere. The web server serves records anyone at the table may have
written, so a file they name is read only from the server's folder tree or the shipped
data (`deduction/files/editions.py`): no record's text opens a file elsewhere (issue 19,
tests/test_input_limits.py; issue 40 item 4)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["Base"]


@dataclass(frozen=True, slots=True)
class Base:
    folder: Path  # a relative path in the file starts here
    # True on the command line only: the default is the server's confinement.
    as_written: bool = False
    board: Path | None = None  # `--board`: this board instead of the one the file names
    cards: Path | None = None  # `--cards`: this card set instead of the board's own

    @classmethod
    def command_line(cls, file: Path, board: Path | None = None, cards: Path | None = None) -> Base:
        """A file named on the command line: what it names read as written."""
        return cls(file.parent, as_written=True, board=board, cards=cards)
