"""The game state: what lies on the board and in front of the players.

A `GameState` is an immutable value; rulings return new states. Reading and
writing state files lives in `state_file.py`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from adjudicator.core.evolve import evolve
from adjudicator.core.seats import Seats
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.cards import CardSet
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.ruleset import Ruleset

__all__ = ["GameState", "Player"]


@dataclass(frozen=True, slots=True)
class Player:
    """A player as the state holds them: buildings in front of them, points, hand."""

    name: str
    buildings: tuple[str, ...] = ()  # in front of the player, not placed
    points: int = 0
    hand: tuple[int, ...] | None = None  # None: the state does not track hands
    bought: int = 0


# No slots: its cached properties keep their values in the instance's __dict__.
@dataclass(frozen=True)
class GameState(Seats[Player]):
    """A deduction game between turns: the board's markers and buildings, the players."""

    edition: Edition
    edition_ref: Any  # as written in the state file (an id, or {board, cards} paths)
    active: str | None
    players: tuple[Player, ...] = ()
    placed: Mapping[str, str] = field(default_factory=dict)
    markers: Mapping[str, frozenset[str]] = field(default_factory=dict)
    retired: frozenset[str] = frozenset()
    landmarks: Mapping[str, str] = field(default_factory=dict)  # frame field -> landmark
    option_overrides: Mapping[str, Any] = field(default_factory=dict)

    @property
    def board(self) -> Board:
        return self.edition.board

    @property
    def cards(self) -> CardSet:
        return self.edition.cards

    @cached_property
    def options(self) -> Ruleset:
        base = Ruleset().with_options(self.board.options)
        return base.with_options(self.option_overrides)

    # ----- who -------------------------------------------------------------------

    def owner(self, building: str) -> str | None:
        for p in self.players:
            if building in p.buildings:
                return p.name
        return None

    def next_player(self) -> str | None:
        if not self.players:
            return self.active
        names = [p.name for p in self.players]
        if self.active not in names:
            return names[0]
        return names[(names.index(self.active) + 1) % len(names)]

    # ----- the board ---------------------------------------------------------------

    @cached_property
    def occupant(self) -> dict[str, str]:
        """space -> the building placed on it."""
        return {space: b for b, space in self.placed.items()}

    @cached_property
    def marker_counts(self) -> Counter[str]:
        return Counter(s for spaces in self.markers.values() for s in spaces)

    def is_open(self, building: str) -> bool:
        """Neither placed nor marked, and still placeable (RULINGS Words)."""
        return (
            building not in self.placed
            and building not in self.markers
            and building not in self.retired
        )

    @cached_property  # every card's ruling reads it (`compile_card`); placed is fixed
    def free_spaces(self) -> frozenset[str]:
        return frozenset(s for s in self.board.building_spaces if s not in self.occupant)

    @property
    def locomotive(self) -> int:
        """Placed buildings plus the landmarks (Gads Hill counts its three from the start)."""
        return len(self.placed) + len(self.board.frames)

    def markers_on(self, space: str) -> list[str]:
        return sorted(b for b, spaces in self.markers.items() if space in spaces)

    def available_buildings(self) -> list[str]:
        """Buildings beside the board: not placed, retired, or in front of a player."""
        held = {b for p in self.players for b in p.buildings}
        return [
            b
            for b in self.board.buildings
            if b not in self.placed and b not in self.retired and b not in held
        ]

    # ----- changes -------------------------------------------------------------------

    def with_player(self, name: str, **changes: Any) -> GameState:
        players = tuple(evolve(p, **changes) if p.name == name else p for p in self.players)
        return evolve(self, players=players)

    def with_board(
        self,
        placed: Mapping[str, str],
        markers: Mapping[str, Iterable[str]],
        retired: Iterable[str],
    ) -> GameState:
        """A copy with a new board; placed and retired buildings leave the players' hands
        (a retired building can no longer be placed: it is out of the game, so a state
        file that keeps one in front of a player is refused)."""
        kept = {b: frozenset(s) for b, s in markers.items() if s}
        gone = frozenset(retired)
        players = tuple(
            evolve(p, buildings=tuple(b for b in p.buildings if b not in placed and b not in gone))
            if any(b in placed or b in gone for b in p.buildings)
            else p  # a player whose buildings all stay is the same player
            for p in self.players
        )
        return evolve(self, placed=dict(placed), markers=kept, retired=gone, players=players)
