"""Clue cards: the model, and reading a card set file into validated `Card`s.

A card's map (its `?` spaces) is decisive; its formal clue is a check on the
map, written in the clue language (`clue.py`). Loading reports every card whose
clue and map disagree in `CardSet.mismatches`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.board import RELATIONS, Board
from adjudicator.board_file import pydantic_problem
from adjudicator.clue import ClueError, evaluate, parse
from adjudicator.errors import InputError
from adjudicator.files import read_data

__all__ = ["MY", "Card", "CardSet", "Kind", "Mismatch", "cards_from_data", "load_cards"]

Kind = Literal["building", "district", "condition"]
MY = "my"  # the subject of a district card: the active player's chosen building


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Mismatch:
    """A card whose formal clue does not give its map."""

    card: int
    part: str  # "map" or "my_map"
    only_in_map: frozenset[str]
    only_in_clue: frozenset[str]

    def message(self, board: Board) -> str:
        bits = []
        if self.only_in_map:
            bits.append(f"the map has {board.describe_spaces(self.only_in_map)} and the clue not")
        if self.only_in_clue:
            bits.append(
                f"the clue gives {board.describe_spaces(self.only_in_clue)} and the map not"
            )
        return f"card {self.card}: {self.part} and clue disagree: " + "; ".join(bits)


@dataclass(frozen=True)
class CardSet:
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


class _CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    number: int = Field(ge=1)
    kind: Kind
    subject: str
    text: str = Field(min_length=1)
    clue: str
    map: list[str] = Field(min_length=1)
    relation: str | None = None
    my_clue: str | None = None
    my_map: list[str] | None = None


class _SetModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    edition: str
    name: str


class _FileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    set: _SetModel
    cards: list[_CardModel]


def load_cards(path: Path, board: Board) -> CardSet:
    return cards_from_data(read_data(path), str(path), board)


def cards_from_data(data: dict[str, Any], source: str, board: Board) -> CardSet:
    try:
        model = _FileModel.model_validate(data)
    except ValidationError as exc:
        entry, problem = pydantic_problem(exc, data)
        raise InputError(source, entry, problem) from None

    cards: dict[int, Card] = {}
    mismatches: list[Mismatch] = []
    for raw in model.cards:
        entry = f"card {raw.number}"

        def fail(problem: str, entry: str = entry) -> InputError:
            return InputError(source, entry, problem)

        if raw.number in cards:
            raise fail("card number used twice")
        if raw.kind == "district":
            if raw.subject != MY:
                raise fail("a district card's subject is 'my'")
        elif raw.subject not in board.buildings:
            raise fail(f"unknown building {raw.subject!r}")
        if raw.kind == "condition":
            if raw.relation not in RELATIONS:
                raise fail(f"relation must be one of {', '.join(RELATIONS)}, not {raw.relation!r}")
        elif raw.relation is not None or raw.my_map is not None or raw.my_clue is not None:
            raise fail("only condition cards have a relation or a map for my building")
        if (raw.my_map is None) != (raw.my_clue is None):
            raise fail("give both my_map and my_clue, or neither")
        for part, spaces in (("map", raw.map), ("my_map", raw.my_map or [])):
            for s in spaces:
                if s not in board.spaces:
                    raise fail(f"{part} names unknown space {s!r}")
                if board.spaces[s].frame:
                    raise fail(f"{part} names frame field {s!r}, which never holds a building")
            if len(set(spaces)) != len(spaces):
                raise fail(f"{part} names a space twice")
        for part, clue, spaces in (
            ("map", raw.clue, raw.map),
            ("my_map", raw.my_clue, raw.my_map),
        ):
            if clue is None or spaces is None:
                continue
            try:
                named = evaluate(parse(clue), board)
            except ClueError as exc:
                part_name = "clue" if part == "map" else "my_clue"
                raise fail(f"{part_name}: {exc}") from None
            drawn = frozenset(spaces)
            if named != drawn:
                mismatches.append(Mismatch(raw.number, part, drawn - named, named - drawn))
        cards[raw.number] = Card(
            number=raw.number,
            kind=raw.kind,
            subject=raw.subject,
            text=raw.text,
            spaces=frozenset(raw.map),
            clue=raw.clue,
            relation=raw.relation,
            my_spaces=frozenset(raw.my_map) if raw.my_map is not None else None,
            my_clue=raw.my_clue,
        )
    if model.set.edition != board.id:
        raise InputError(
            source, "set.edition", f"is {model.set.edition!r}, the board is {board.id!r}"
        )
    return CardSet(model.set.name, source, dict(sorted(cards.items())), tuple(mismatches))
