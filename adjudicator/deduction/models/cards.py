"""Clue cards: plain validated values (read from files by `files/card_file.py`).

A card's map (its `?` spaces) is decisive; its formal clue is a check on the
map, written in the clue language (`clue.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.deduction.models.board import Board

__all__ = ["MY", "Card", "CardSet", "Kind", "Mismatch"]

Kind = Literal["building", "district", "condition"]
MY = "my"  # the subject of a district card: the active player's chosen building


@dataclass(frozen=True, slots=True)
class Card:
    """One clue card. `subject` is a building id, or `my` for a district card."""

    number: int
    kind: Kind
    subject: str
    text: str
    spaces: frozenset[str]
    clue: str
    relation: str | None = None
    my_spaces: frozenset[str] | None = None  # condition cards: where my building may be
    my_clue: str | None = None

    @property
    def needs_my_building(self) -> bool:
        return self.kind in ("district", "condition")

    @property
    def named_building(self) -> str | None:
        """The building the card names (None for a district card)."""
        return None if self.subject == MY else self.subject


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A card whose formal clue does not give its map."""

    card: int
    part: str  # "map" or "my_map"
    only_in_map: frozenset[str]
    only_in_clue: frozenset[str]

    def message(self, board: Board) -> str:
        bits = []
        if self.only_in_map:
            bits.append(f"the map has {board.describe_spaces(self.only_in_map)}, the clue does not")
        if self.only_in_clue:
            bits.append(
                f"the clue allows {board.describe_spaces(self.only_in_clue)}, the map does not"
            )
        return f"card {self.card}: {self.part} and clue disagree: " + "; ".join(bits)


@dataclass(frozen=True, slots=True)
class CardSet:
    """The clue cards of an edition by number, with the mismatches its file declares."""

    name: str
    source: str
    cards: Mapping[int, Card]
    mismatches: tuple[Mismatch, ...] = field(default=())

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, number: int) -> Card:
        return self.cards[number]

    def __contains__(self, number: object) -> bool:
        return number in self.cards
