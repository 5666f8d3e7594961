"""The players around a table, in seat order: shared by every game's state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

__all__ = ["Named", "Seats"]


class Named(Protocol):
    """A player of any game: what seating asks of one."""

    @property
    def name(self) -> str: ...


# covariant: a game's seats (`Seats[Player]`) are seats of named players (`Seats[Named]`),
# what the game protocol's `seats` gives every front end
P = TypeVar("P", bound=Named, covariant=True)


class Seats(Generic[P]):
    """`player()` and `names()` for a state with `players` (in seat order) and `active`."""

    players: Sequence[P]
    active: str | None

    def player(self, name: str | None = None) -> P:
        """The named player, or the active one. Raises KeyError for an unknown name."""
        name = name or self.active
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def names(self) -> list[str]:
        return [p.name for p in self.players]
