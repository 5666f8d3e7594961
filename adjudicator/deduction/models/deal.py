"""How an edition deals and runs its turns: the part of a game's flow that differs between
Old Town and Gads Hill 1874, as data read from the board file's `[deal]` table.

Card kinds are `building`, `district` and `condition` (Old Town's 4s, 8s and 8+8s).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["COMMON", "Deal"]

#: The name of the one common draw pile (Old Town's 8s).
COMMON = "common"


@dataclass(frozen=True, slots=True)
class Deal:
    """An edition's deal and the flow rules that go with it (A4, T2, T3)."""

    min_players: int = 2
    max_players: int = 5
    #: Cards of each kind dealt to each player.
    hand: Mapping[str, int] = field(default_factory=dict)
    #: The kind of the common draw pile, or None for one draw pile per kind (Gads Hill).
    common: str | None = None
    #: Per number of players: cards of each kind on top of the common pile (Old Town, 3).
    top_of_common: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    #: Per number of players: cards of each kind in each player's own pile (Old Town, 2).
    own_pile: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    #: T3: the kind of played card shuffled into a new pile when that pile runs out.
    reshuffle: str = "district"
    #: T2: cards drawn after a discard (after a play or a pass: one).
    discard_draws: int = 1
    #: A4: a player with fewer than two buildings takes more before the turn.
    refill: bool = False

    def pile_names(self, players: tuple[str, ...]) -> set[str]:
        """Every draw pile of a game with these players."""
        if self.common is None:
            return set(self.hand)
        own = {f"{p}'s" for p in players} if len(players) in self.own_pile else set()
        return {COMMON, *own}

    @property
    def reshuffle_pile(self) -> str:
        """The pile the played cards go back to (T3)."""
        return COMMON if self.common is not None else self.reshuffle

    def needs(self, players: int) -> dict[str, int]:
        """The cards of each kind a deal for this many players takes: the hands, the top of
        the common pile, the own piles, and at least one card for each draw pile."""
        need = {k: n * players for k, n in self.hand.items()}
        for k, n in self.top_of_common.get(players, {}).items():
            need[k] = need.get(k, 0) + n
        for k, n in self.own_pile.get(players, {}).items():
            need[k] = need.get(k, 0) + n * players
        if self.common is not None:
            need[self.common] = need.get(self.common, 0) + 1
        return need
