"""Finding the shipped editions (board + card set) and loading an edition by id or by files.

A board or card file that a state file or a record names (`edition = "x.toml"` or
`edition = {board = ..., cards = ...}`) is found as its `Base` says (`core/base_folder.py`):
on the command line by the path as written (relative to the file's folder), or the
`--board`/`--cards` files instead; in the web server only within the record's folder tree
or the shipped data. There, messages echo the name as written, never a resolved or
installed path, and say the same whether or not a file exists outside those folders.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from adjudicator.core.base_folder import Base
from adjudicator.core.cache import kept
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.core.limits import clip
from adjudicator.deduction.files.other_games import OTHER_GAMES, other_game_problem
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.edition import Edition

__all__ = [
    "Edition",
    "EditionFiles",
    "board_beside",
    "data_dir",
    "edition_ids",
    "load_edition",
    "load_edition_files",
    "load_named_edition",
    "resolve_edition",
]


def edition_ids() -> list[str]:
    """The shipped editions of Old Town and Gads Hill (not the other games' boards)."""
    return sorted(p.stem for p in data_dir("boards").glob("*.toml") if p.stem not in OTHER_GAMES)


def _not_other_game(name: str, source: str) -> None:
    if name in OTHER_GAMES:
        raise InputError(source, "", other_game_problem(name))


#: The code that reads an edition and defines what it is made of: a change to any of its
#: modules reads the shipped editions again (`core/cache.py`).
_READERS = ("adjudicator.core", "adjudicator.deduction.models", "adjudicator.deduction.files")


@cache
def _load_shipped(edition_id: str) -> Edition:
    """A shipped edition, read once and kept in the user's cache: a command that rules
    on it loads neither the file models (pydantic) nor the clue checks of its cards."""
    board_file = data_dir("boards") / f"{edition_id}.toml"
    cards_file = data_dir("cards") / f"{edition_id}.toml"
    files = (board_file, cards_file)
    return kept("edition", files, _READERS, Edition, lambda: _read(edition_id, *files))


@cache
def _load_files(board_path: Path, cards_path: Path) -> Edition:
    return _read(str(board_path), board_path, cards_path)


def _read(edition_id: str, board_path: Path, cards_path: Path) -> Edition:
    # The readers load pydantic's file models, which a shipped edition read from the
    # cache never needs.
    from adjudicator.deduction.files.board_file import load_board
    from adjudicator.deduction.files.card_file import load_cards

    board = load_board(board_path)
    return Edition(edition_id, board, load_cards(cards_path, board))


def load_edition(name: str, source: str = "edition") -> Edition:
    """A shipped edition by id, or a board file path (its card set beside it, `-cards` or
    the same stem under a sibling `cards/` folder)."""
    _not_other_game(name, source)
    if name in edition_ids():
        return _load_shipped(name)
    path = Path(name)
    if path.suffix == ".toml" and _is_file(path):
        for cards in (
            path.with_name(f"{path.stem}-cards.toml"),
            path.parent.parent / "cards" / path.name,
        ):
            if _is_file(cards):
                return _load_files(path.resolve(), cards.resolve())
        raise InputError(str(path), "", "no card set found beside this board file")
    known = ", ".join(edition_ids())
    raise InputError(
        source,
        "edition" if source != "edition" else "",
        f"unknown edition {clip(name)} (known: {known})",
    )


def load_named_edition(ref: str | tuple[str, str], source: str, base: Base) -> Edition:
    """The edition a state file or a record names (`source` is that file, `base` where
    its files are found): a shipped id, a board file (its card set beside it), or (board,
    cards) files; the `--board`/`--cards` files of `base` instead, where given."""
    if base.board is not None or base.cards is not None:
        return _named_on_command_line(ref, source, base)
    if isinstance(ref, tuple):
        board_ref, cards_ref = ref
        board = _found(board_ref, source, "edition.board", base)
        cards = _found(cards_ref, source, "edition.cards", base)
        return _load_files(board, cards)
    if not ref.endswith(".toml"):
        return _shipped(ref, source)
    board = _found(ref, source, "edition", base)
    beside = _cards_beside(board)
    if beside is None or not (base.as_written or _within(beside, _roots(base.folder))):
        raise InputError(source, "edition", f"no card set found beside {clip(ref)}")
    return _load_files(board, beside.resolve())


def _shipped(ref: str, source: str) -> Edition:
    _not_other_game(ref, source)
    if ref not in edition_ids():
        known = ", ".join(edition_ids())
        raise InputError(source, "edition", f"unknown edition {clip(ref)} (known: {known})")
    return _load_shipped(ref)


def _named_on_command_line(ref: str | tuple[str, str], source: str, base: Base) -> Edition:
    """`--board` and/or `--cards`: the board given, else the one the file names; the card
    set given, else the board's own (beside it, or the shipped one)."""
    if base.board is not None:
        if base.board.suffix == ".toml" and not _is_file(base.board):
            raise InputError("--board", "", f"no such board file {clip(str(base.board))}")
        board = resolve_edition(str(base.board), "--board")
    elif isinstance(ref, tuple):
        board = EditionFiles(ref[0], _found(ref[0], source, "edition.board", base), None, False)
    elif ref.endswith(".toml"):
        found = _found(ref, source, "edition", base)
        board = EditionFiles(ref, found, _cards_beside(found), False)
    else:
        _shipped(ref, source)  # a known id, or the same error as without --cards
        board = resolve_edition(ref, source)
    if base.cards is not None:
        if not _is_file(base.cards):
            raise InputError("--cards", "", f"no such card file {clip(str(base.cards))}")
        return _load_files(board.board_file.resolve(), base.cards.resolve())
    return board.edition()


def _roots(base: Path) -> list[Path]:
    """The folders a state file or record may take files from: its own and the shipped data."""
    return [base.resolve(), *(data_dir(kind).resolve() for kind in ("boards", "cards"))]


def _within(path: Path, roots: list[Path]) -> bool:
    real = path.resolve()  # symlinks and `..` followed first: a link out of the tree is out
    return any(real.is_relative_to(root) for root in roots)


def _is_file(path: Path) -> bool:
    """`path.is_file()`, false (not an exception) for a name no file can have."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _found(ref: str, source: str, entry: str, base: Base) -> Path:
    """`ref` (relative to `base`'s folder, or absolute) as a resolved path: as written on
    the command line; in the server only inside the allowed folders, and whether a file
    exists is told only inside them, so nothing is learnt about other folders."""
    path = base.folder / ref  # an absolute `ref` stays itself
    try:
        inside = base.as_written or _within(path, _roots(base.folder))
        real = path.resolve()
    except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL, a name too long
        raise InputError(source, entry, f"{clip(ref)} is not a file name") from None
    what = "card" if entry.endswith("cards") else "board"
    if base.as_written:
        if not _is_file(path):
            raise InputError(source, entry, f"no such {what} file {clip(ref)}")
        return real
    if not inside:
        raise InputError(
            source,
            entry,
            f"{clip(ref)} is outside this file's folder: name a board from elsewhere on the "
            "command line",
        )
    if not _is_file(path):
        raise InputError(source, entry, f"no such {what} file {clip(ref)} in this file's folder")
    return real


def load_edition_files(board: Path, cards: Path) -> Edition:
    return _load_files(board.resolve(), cards.resolve())


# ----- one resolver for an EDITION|BOARD argument -------------------------------------------


@dataclass(frozen=True, slots=True)
class EditionFiles:
    """Where the edition a name stands for lives: its board file and, if there is one,
    its card set. Nothing is read until `board()` or `edition()` is asked for."""

    name: str  # as given: a shipped edition's id, or a board file's path
    board_file: Path
    cards_file: Path | None  # None: a board file with no card set beside it
    shipped: bool

    def board(self) -> Board:
        """The board alone: a board file being transcribed may not have its cards yet (a
        shipped edition's is read with its cards, from the cache)."""
        if self.shipped:
            return _load_shipped(self.name).board
        from adjudicator.deduction.files.board_file import load_board

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
        if _is_file(cards):
            return cards
    return None


def board_beside(cards_file: Path) -> Path | None:
    """A card set's board file, where `_cards_beside` looks from the board: `NAME.toml`
    beside `NAME-cards.toml`, or `../boards/NAME.toml` for `cards/NAME.toml`."""
    found = [cards_file.parent.parent / "boards" / cards_file.name]
    if cards_file.stem.endswith("-cards"):
        found.insert(0, cards_file.with_name(f"{cards_file.stem.removesuffix('-cards')}.toml"))
    return next((board for board in found if _is_file(board)), None)


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
    _not_other_game(name, source)
    if name in edition_ids():
        return EditionFiles(
            name,
            data_dir("boards") / f"{name}.toml",
            data_dir("cards") / f"{name}.toml",
            shipped=True,
        )
    path = Path(name)
    if path.suffix == ".toml" and _is_file(path):
        return EditionFiles(name, path, _cards_beside(path), shipped=False)
    known = ", ".join(edition_ids())
    raise InputError(source, "", f"unknown edition or board file {clip(name)} (known: {known})")
