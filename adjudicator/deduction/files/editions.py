"""Finding the shipped editions (board + card set) and loading an edition by id or by files."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.files.card_file import load_cards
from adjudicator.deduction.models.edition import Edition

__all__ = ["Edition", "data_dir", "edition_ids", "load_edition", "load_edition_files"]


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
