"""The Black Hills board and cards, read and validated from `boards/` and `cards/`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import Field

from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.core.validation import ID_PATTERN, Strict, validated

__all__ = ["RESOURCES", "Character", "Event", "Rules", "load_rules"]

RESOURCES: tuple[str, ...] = ("gold", "logs", "fur")
Resource = Literal["gold", "logs", "fur"]


class _Game(Strict):
    id: str
    name: str
    goal: int = Field(ge=1)
    event_hand_limit: int = Field(ge=1)
    resource_limit: int = Field(ge=0)
    characters_dealt: int = Field(ge=1)
    characters_kept: int = Field(ge=1)
    die: list[int] = Field(min_length=1)


class _Resource(Strict):
    supply: int = Field(ge=0)
    value: int = Field(ge=1)


class _Area(Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    resource: Resource | None = None


class _Board(Strict):
    game: _Game
    resources: dict[Resource, _Resource]
    areas: list[_Area]


class _Character(Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    group: Literal["adventurer", "settler", "special"]
    text: str
    gather: list[tuple[str, Resource]] = []
    area: Literal["city", "any"] | None = None
    take: tuple[Resource, int] | None = None
    exchange: bool = False
    steal: list[Resource] = []
    invest: Literal["settler", "sheriff"] | None = None
    badge: bool = False
    gunman: bool = False
    block: bool = False
    steal_event: bool = False
    shaman: bool = False


class _Event(Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    cost: int = Field(ge=0)
    text: str


class _Cards(Strict):
    german: dict[str, str] = {}  # id -> German name: read by `core/german.py`
    characters: list[_Character]
    events: list[_Event]


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    group: str
    text: str
    gather: tuple[tuple[str, str], ...]
    area: str | None
    take: tuple[str, int] | None
    exchange: bool
    steal: tuple[str, ...]
    invest: str | None
    badge: bool
    gunman: bool
    block: bool
    steal_event: bool
    shaman: bool


@dataclass(frozen=True, slots=True)
class Event:
    id: str
    name: str
    cost: int
    text: str


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything printed: the board's numbers, the areas, the characters and events."""

    name: str
    goal: int
    event_hand_limit: int
    resource_limit: int
    characters_dealt: int
    characters_kept: int
    die: tuple[int, ...]
    supply: dict[str, int]
    value: dict[str, int]
    areas: dict[str, str | None]  # area -> the resource gathered there
    area_names: dict[str, str]
    characters: dict[str, Character]
    events: dict[str, Event]

    def worth(self, holding: dict[str, int]) -> int:
        """The value of a holding of resources (gold 4, fur 2, logs 1 as printed)."""
        return sum(self.value[r] * holding.get(r, 0) for r in RESOURCES)


@cache
def load_rules() -> Rules:
    board_path = data_dir("boards") / "black-hills.toml"
    cards_path = data_dir("cards") / "black-hills.toml"
    board = validated(_Board, read_data(board_path), str(board_path))
    cards = validated(_Cards, read_data(cards_path), str(cards_path))
    areas: dict[str, str | None] = {a.id: a.resource for a in board.areas}
    resources: dict[str, _Resource] = dict(board.resources.items())
    for c in cards.characters:
        for area, resource in c.gather:
            if areas.get(area) != resource:
                raise InputError(
                    str(cards_path), f"characters {c.id!r}", f"{area!r} does not yield {resource!r}"
                )
    return Rules(
        name=board.game.name,
        goal=board.game.goal,
        event_hand_limit=board.game.event_hand_limit,
        resource_limit=board.game.resource_limit,
        characters_dealt=board.game.characters_dealt,
        characters_kept=board.game.characters_kept,
        die=tuple(board.game.die),
        supply={r: resources[r].supply for r in RESOURCES},
        value={r: resources[r].value for r in RESOURCES},
        areas=areas,
        area_names={a.id: a.name for a in board.areas},
        characters={
            c.id: Character(
                c.id,
                c.name,
                c.group,
                c.text,
                tuple((a, r) for a, r in c.gather),
                c.area,
                c.take,
                c.exchange,
                tuple(c.steal),
                c.invest,
                c.badge,
                c.gunman,
                c.block,
                c.steal_event,
                c.shaman,
            )
            for c in cards.characters
        },
        events={e.id: Event(e.id, e.name, e.cost, e.text) for e in cards.events},
    )
