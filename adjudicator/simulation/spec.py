"""What a run is: an edition, a policy, seats, the seed of its first game and how many
games, cut into batches of consecutive seeds.

The edition is a deduction edition (a shipped id or a board file), or the name of a game
with its own self-play, `dry-gulch` or `black-hills` (`GAMES`: their seats as their
self-play names them, and the players they allow).

Batch `i` plays the games of seeds `seed + i * batch_size`, ... (the last batch may be
shorter). A game depends on its seed alone, so a batch's rows are the same whichever
worker plays it, and the store of a run is the same whatever the number of workers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from adjudicator.core.errors import InputError

__all__ = ["GAMES", "SEAT_NAMES", "GameName", "RunSpec", "Seating", "game_of"]

#: The seats of a simulated table, in order (as `deduction.game.simulate.simulate` names them).
SEAT_NAMES = ("ann", "bob", "cid", "dot", "eve")

GameName = Literal["deduction", "dry-gulch", "black-hills"]


@dataclass(frozen=True, slots=True)
class Seating:
    names: tuple[str, ...]  # the seats of the largest table, in order
    fewest: int  # the fewest players the game allows


#: The games `simulate` plays by name besides the deduction editions. Their seat names are
#: those their own self-play gives (`dry_gulch.game.simulate.NAMES`, the names
#: `black_hills.game.simulate.simulate` uses): a test holds them equal.
GAMES: dict[str, Seating] = {
    "dry-gulch": Seating(("ann", "bob", "cid", "dan", "eve", "fay"), 3),
    "black-hills": Seating(("ann", "bob", "cid", "dan"), 2),
}
_DEDUCTION = Seating(SEAT_NAMES, 2)


def game_of(edition: str) -> GameName:
    """Which game a run's edition plays: a game named in `GAMES`, else a deduction one."""
    if edition == "dry-gulch":
        return "dry-gulch"
    if edition == "black-hills":
        return "black-hills"
    return "deduction"


Policy = Literal["random", "greedy", "coach"]


@dataclass(frozen=True, slots=True)
class RunSpec:
    edition: str  # a shipped edition's id, a board file's absolute path, or a name in GAMES
    policy: Policy
    players: int
    seed: int
    games: int
    batch_size: int

    def __post_init__(self) -> None:
        seating = self.seating
        low, high = seating.fewest, len(seating.names)
        if not low <= self.players <= high:
            raise InputError(
                "--players", str(self.players), f"{self.edition} seats {low} to {high}"
            )
        if self.games < 1 or self.batch_size < 1:
            raise InputError("run", "games", "games and batch size must be at least 1")
        if self.policy not in ("random", "greedy", "coach"):
            raise InputError("run", "policy", f"{self.policy!r}: random, greedy or coach")
        if self.policy == "coach" and self.game != "deduction":  # the coach is issue 28's
            raise InputError("--policy", "coach", "Old Town and Gads Hill only")

    @property
    def game(self) -> GameName:
        return game_of(self.edition)

    @property
    def seating(self) -> Seating:
        return GAMES.get(self.edition, _DEDUCTION)

    @property
    def seats(self) -> tuple[str, ...]:
        return self.seating.names[: self.players]

    @property
    def batches(self) -> int:
        return -(-self.games // self.batch_size)

    def seeds(self, batch: int) -> range:
        """The seeds of batch `batch`."""
        first = batch * self.batch_size
        return range(self.seed + first, self.seed + min(first + self.batch_size, self.games))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, source: str, data: object) -> RunSpec:
        """A spec read back from a store's `run.json`; anything else is an `InputError`."""
        fields = ("edition", "policy", "players", "seed", "games", "batch_size")
        if not isinstance(data, dict) or set(data) != set(fields):
            raise InputError(source, "", f"not a run description: expected keys {fields}")
        if not isinstance(data["edition"], str) or not all(
            type(data[k]) is int for k in fields[2:]
        ):
            raise InputError(source, "", "not a run description: wrong value types")
        return cls(**data)
