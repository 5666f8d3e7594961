"""What a run is: an edition, a policy, seats, the seed of its first game and how many
games, cut into batches of consecutive seeds.

Batch `i` plays the games of seeds `seed + i * batch_size`, ... (the last batch may be
shorter). A game depends on its seed alone, so a batch's rows are the same whichever
worker plays it, and the store of a run is the same whatever the number of workers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from adjudicator.core.errors import InputError

__all__ = ["SEAT_NAMES", "RunSpec"]

#: The seats of a simulated table, in order (as `deduction.game.simulate.simulate` names them).
SEAT_NAMES = ("ann", "bob", "cid", "dot", "eve")

Policy = Literal["random", "greedy"]


@dataclass(frozen=True)
class RunSpec:
    edition: str  # a shipped edition's id, or a board file's absolute path
    policy: Policy
    players: int
    seed: int
    games: int
    batch_size: int

    def __post_init__(self) -> None:
        if not 2 <= self.players <= len(SEAT_NAMES):
            raise InputError("run", "players", f"{self.players}: a table has 2 to 5 seats")
        if self.games < 1 or self.batch_size < 1:
            raise InputError("run", "games", "games and batch size must be at least 1")
        if self.policy not in ("random", "greedy"):
            raise InputError("run", "policy", f"{self.policy!r}: random or greedy")

    @property
    def seats(self) -> tuple[str, ...]:
        return SEAT_NAMES[: self.players]

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
