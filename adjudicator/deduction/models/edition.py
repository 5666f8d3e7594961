"""An edition: a board with its card set (plain data; the files are read in `files/`)."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.cards import CardSet

__all__ = ["GERMAN_FILES", "Edition"]

#: The data files whose `[german]` tables name the deduction games' buildings.
GERMAN_FILES = ("boards/old-town", "boards/gads-hill-1874")


@dataclass(frozen=True, slots=True)
class Edition:
    """A board with its card set. `id` is the shipped edition id, or the board file's path."""

    id: str
    board: Board
    cards: CardSet
