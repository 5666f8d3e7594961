"""What each game's files views (`render/files_*.py`) are: a `FileViews`, whose methods
draw a state file, a board and its cards for `state check`, `board` and `cards` (each
takes what the entry's files part gives: `read_state`, `board`, `cards`, `card`), named
here once; and what they draw alike: the line that passes a state file, and a card found
by name as its fields (`FieldCards`, the games whose cards are plain data)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Generic, TypeVar

from rich.console import RenderableType
from rich.text import Text

__all__ = ["FieldCards", "FileViews", "Found", "valid_state"]

#: The cards a name found, each as (its deck's kind, its fields): `Files.card`'s answer.
Found = Sequence[tuple[str, Mapping[str, object]]]

StateT = TypeVar("StateT")
BoardT = TypeVar("BoardT")
CardsT = TypeVar("CardsT")
CardT = TypeVar("CardT")


def valid_state(source: str, game: str) -> Text:
    """`state check`'s first line when the file holds a state of the game."""
    return Text.assemble(("ok: ", "bold green"), f"{source} is a valid state of {game}")


class FileViews(ABC, Generic[StateT, BoardT, CardsT, CardT]):
    """A game's files drawn in the terminal and as SVG (`render/tables.py` forwards to the
    entry's, `Entry.file_views`): a state, a board (with a state on it, a site marked),
    the cards, one card."""

    @abstractmethod
    def state_lines(self, state: StateT, source: str) -> list[RenderableType]: ...

    @abstractmethod
    def state_svg(self, state: StateT, file_name: str) -> str: ...

    @abstractmethod
    def board_lines(
        self, board: BoardT, state: StateT | None, site: str | None
    ) -> list[RenderableType]: ...

    @abstractmethod
    def board_svg(self, board: BoardT, state: StateT | None, site: str | None) -> str: ...

    @abstractmethod
    def board_export_lines(self, board: BoardT) -> list[RenderableType]: ...

    @abstractmethod
    def cards_lines(self, cards: CardsT) -> list[RenderableType]: ...

    @abstractmethod
    def card_lines(self, cards: CardsT, card: CardT) -> list[RenderableType]: ...

    @abstractmethod
    def card_svg(self, cards: CardsT, card: CardT) -> str | None:
        """The card's picture; None: the game has none yet."""


class FieldCards(FileViews[StateT, BoardT, BoardT, Found]):
    """The views of a game whose one data file holds its board and its cards, and whose
    card found by name is its fields (Dry Gulch, Black Hills)."""

    game: str  # the registry's name, as `card_fields_view` titles the cards

    def card_lines(self, cards: BoardT, card: Found) -> list[RenderableType]:
        from adjudicator.render.text_cards import card_fields_view

        return [card_fields_view(self.game, card)]

    def card_svg(self, cards: BoardT, card: Found) -> str | None:
        return None  # no picture of the game's cards yet
