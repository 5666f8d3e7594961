"""Finding the shipped editions (board + card set) and loading an edition by id or by files."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.files.card_file import load_cards
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.edition import Edition

__all__ = [
    "Edition",
    "EditionFiles",
    "data_dir",
    "edition_ids",
    "load_edition",
    "load_edition_files",
    "resolve_edition",
]


def edition_ids() -> list[str]:
    return sorted(p.stem for p in data_dir("boards").glob("*.toml"))


@cache
def _load_shipped(edition_id: str) -> Edition:
    board = load_board(data_dir("boards") / f"{edition_id}.toml")
    cards = load_cards(data_dir("cards") / f"{edition_id}.toml", board)
    return Edition(edition_id, board, cards)


@cache
def _load_files(board_path: Path, cards_path: Path) -> Edition:
    board = load_board(board_path)
    return Edition(str(board_path), board, load_cards(cards_path, board))


def load_edition(name: str, source: str = "edition") -> Edition:
    """A shipped edition by id, or a board file path (its card set beside it, `-cards` or
    the same stem under a sibling `cards/` folder)."""
    if name in edition_ids():
        return _load_shipped(name)
    path = Path(name)
    if path.suffix == ".toml" and path.is_file():
        for cards in (
            path.with_name(f"{path.stem}-cards.toml"),
            path.parent.parent / "cards" / path.name,
        ):
            if cards.is_file():
                return _load_files(path.resolve(), cards.resolve())
        raise InputError(str(path), "", "no card set found beside this board file")
    known = ", ".join(edition_ids())
    raise InputError(
        source,
        "edition" if source != "edition" else "",
        f"unknown edition {name!r} (known: {known})",
    )


def load_edition_files(board: Path, cards: Path) -> Edition:
    return _load_files(board.resolve(), cards.resolve())


# ----- one resolver for an EDITION|BOARD argument -------------------------------------------


@dataclass(frozen=True)
class EditionFiles:
    """Where the edition a name stands for lives: its board file and, if there is one,
    its card set. Nothing is read until `board()` or `edition()` is asked for."""

    name: str  # as given: a shipped edition's id, or a board file's path
    board_file: Path
    cards_file: Path | None  # None: a board file with no card set beside it
    shipped: bool

    def board(self) -> Board:
        """The board alone: a board file being transcribed may not have its cards yet."""
        return load_board(self.board_file)

    def edition(self) -> Edition:
        """The board and its card set (read once and kept, as `load_edition` does)."""
        if self.shipped:
            return _load_shipped(self.name)
        if self.cards_file is None:
            raise InputError(str(self.board_file), "", "no card set found beside this board file")
        return _load_files(self.board_file.resolve(), self.cards_file.resolve())


def _cards_beside(board_file: Path) -> Path | None:
    """A board file's card set: `NAME-cards.toml` beside it, or `../cards/NAME.toml`."""
    for cards in (
        board_file.with_name(f"{board_file.stem}-cards.toml"),
        board_file.parent.parent / "cards" / board_file.name,
    ):
        if cards.is_file():
            return cards
    return None


def resolve_edition(name: str, source: str = "EDITION") -> EditionFiles:
    """The files of a shipped edition (by id) or of a board file (by path), for any
    command-line argument that names an edition or a board; anything else is an
    `InputError` naming `source` and the known editions.

    >>> resolve_edition("old-town").cards_file.name
    'old-town.toml'
    >>> resolve_edition("monopoly")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    adjudicator.core.errors.InputError: EDITION: unknown edition or board file 'monopoly' ...
    """
    if name in edition_ids():
        return EditionFiles(
            name,
            data_dir("boards") / f"{name}.toml",
            data_dir("cards") / f"{name}.toml",
            shipped=True,
        )
    path = Path(name)
    if path.suffix == ".toml" and path.is_file():
        return EditionFiles(name, path, _cards_beside(path), shipped=False)
    known = ", ".join(edition_ids())
    raise InputError(source, "", f"unknown edition or board file {name!r} (known: {known})")
