"""The Dry Gulch board and cards, read and validated from `boards/` and `cards/`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.core.validation import ID_PATTERN, Strict, validated

__all__ = ["ABILITIES", "GOODS", "KINDS", "Event", "Permit", "Rules", "Site", "load_rules"]

GOODS: tuple[str, ...] = ("brick", "lumber", "whiskey", "entertainment", "food")
ABILITIES: tuple[str, ...] = ("mason", "blacksmith", "carpenter")
KINDS: tuple[str, ...] = (*ABILITIES, *GOODS)  # what a building's cost names
Kind = Literal[
    "mason", "blacksmith", "carpenter", "brick", "lumber", "whiskey", "entertainment", "food"
]


class _Game(Strict):
    id: str
    name: str
    hand_limit: int = Field(ge=1)
    influence_to_win: dict[int, int]


class _Site(Strict):
    id: str = Field(pattern=ID_PATTERN)
    street: str
    block: str
    position: Literal["corner", "middle", "end"]
    sidewalk: bool = True
    across: str | None = None
    neighbours: list[str] = []
    bank_only: bool = False
    edge: bool = False


class _Street(Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str


class _Board(Strict):
    game: _Game
    substitution: dict[Kind, int]
    sites: list[_Site]
    streets: list[_Street]


class _Permit(Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    count: int = Field(ge=1)
    corner: bool = False
    cost: dict[Kind, int] = {}
    labor: int = Field(default=0, ge=0)
    influence: int = Field(ge=0)
    reward: int = Field(default=0, ge=0)
    special: str = ""
    text: str = ""


class _Resource(Strict):
    kind: Literal[
        "labor",
        "mason",
        "blacksmith",
        "carpenter",
        "brick",
        "lumber",
        "whiskey",
        "entertainment",
        "food",
    ]
    type: Literal["ability", "good"]
    labor: int | None = None
    count: int = Field(ge=1)


class _Event(Strict):
    id: str = Field(pattern=ID_PATTERN)
    name: str
    triangle: Literal["red", "violet", "yellow", "none"]
    count: int = Field(ge=1)
    needs: list[str] = []
    influence: int = Field(default=0, ge=0)
    text: str = ""


class _Cards(Strict):
    german: dict[str, str] = {}  # id -> German name: read by `core/german.py`
    permits: list[_Permit]
    resources: list[_Resource]
    events: list[_Event]


@dataclass(frozen=True, slots=True)
class Site:
    id: str
    street: str
    block: str
    position: str
    sidewalk: bool
    across: str | None
    neighbours: tuple[str, ...]
    bank_only: bool
    edge: bool


@dataclass(frozen=True, slots=True)
class Permit:
    id: str
    name: str
    count: int
    corner: bool
    cost: dict[str, int]
    labor: int
    influence: int
    reward: int
    special: str
    text: str


@dataclass(frozen=True, slots=True)
class Event:
    id: str
    name: str
    triangle: str
    count: int
    needs: tuple[str, ...]
    influence: int
    text: str


@dataclass(frozen=True, slots=True)
class Rules:
    name: str
    hand_limit: int
    influence_to_win: dict[int, int]
    substitution: dict[str, int]
    sites: dict[str, Site]
    streets: dict[str, str]
    permits: dict[str, Permit]
    resources: tuple[tuple[str, str, int | None, int], ...]  # kind, type, labour, count
    events: dict[str, Event]

    def needed(self, players: int) -> int:
        """The influence that wins with this many players (the family-member chips)."""
        return self.influence_to_win.get(players, min(self.influence_to_win.values()))


def rules_from(board_path: Path, cards_path: Path) -> Rules:
    board = validated(_Board, read_data(board_path), str(board_path))
    cards = validated(_Cards, read_data(cards_path), str(cards_path))
    src = str(board_path)
    streets = {s.id: s.name for s in board.streets}
    sites = {}
    for s in board.sites:
        if s.id in sites:
            raise InputError(src, f"sites {s.id!r}", "site listed twice")
        if s.street not in streets:
            raise InputError(src, f"sites {s.id!r}", f"unknown street {s.street!r}")
        sites[s.id] = Site(
            s.id,
            s.street,
            s.block,
            s.position,
            s.sidewalk,
            s.across,
            tuple(s.neighbours),
            s.bank_only,
            s.edge,
        )
    for site in sites.values():
        for other in (*site.neighbours, *([site.across] if site.across else [])):
            if other not in sites:
                raise InputError(src, f"sites {site.id!r}", f"unknown site {other!r}")
    for k in (*ABILITIES, *GOODS):
        if k not in board.substitution:
            raise InputError(src, "substitution", f"missing {k!r}")
    permits = {
        p.id: Permit(
            p.id,
            p.name,
            p.count,
            p.corner,
            {str(k): v for k, v in p.cost.items()},
            p.labor,
            p.influence,
            p.reward,
            p.special,
            p.text,
        )
        for p in cards.permits
    }
    events = {
        e.id: Event(e.id, e.name, e.triangle, e.count, tuple(e.needs), e.influence, e.text)
        for e in cards.events
    }
    specials = {p.special for p in permits.values()}
    for e in events.values():
        for n in e.needs:
            if n not in specials:
                raise InputError(str(cards_path), f"events {e.id!r}", f"no permit is {n!r}")
    return Rules(
        name=board.game.name,
        hand_limit=board.game.hand_limit,
        influence_to_win=dict(board.game.influence_to_win),
        substitution={str(k): v for k, v in board.substitution.items()},
        sites=sites,
        streets=streets,
        permits=permits,
        resources=tuple((r.kind, r.type, r.labor, r.count) for r in cards.resources),
        events=events,
    )


@cache
def load_rules() -> Rules:
    return rules_from(data_dir("boards") / "dry-gulch.toml", data_dir("cards") / "dry-gulch.toml")
