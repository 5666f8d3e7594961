"""The games with whole-game self-play besides the deduction games (whose row is
`simulation.batch`'s own): per game, the schema of its rows and one game played into a row.

Each module here is a `SelfPlay`: `schema()` names the game's columns (a column a game
lacks is simply absent from its store and its report), `play(spec, seed, records)` plays
the seed's game with the game's own self-play and returns its row without the columns
`batch.py` adds to every game's (batch, seed, timings), and its record's text when asked.
The games' packages are imported inside `play`, so reading a store imports no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pyarrow as pa

    from adjudicator.simulation.spec import GameName, RunSpec

__all__ = ["SelfPlay", "row_schema", "self_play"]


class SelfPlay(Protocol):
    def schema(self) -> pa.Schema: ...

    def play(
        self, spec: RunSpec, seed: int, records: bool
    ) -> tuple[dict[str, Any], str | None]: ...


def self_play(game: GameName) -> SelfPlay | None:
    """The module of `game`, None for the deduction games (played by `batch.py` itself)."""
    if game == "dry-gulch":
        from adjudicator.simulation.games import dry_gulch

        return dry_gulch
    if game == "black-hills":
        from adjudicator.simulation.games import black_hills

        return black_hills
    return None


def row_schema(*extra: tuple[str, pa.DataType]) -> pa.Schema:
    """A row of a game with its own self-play: what every such game records (seats,
    scores, winners, length, the deciding card or character), then `extra`, then the
    timings `batch.py` adds."""
    import pyarrow as pa

    names = pa.list_(pa.string())
    return pa.schema(
        [
            ("batch", pa.int32()),
            ("seed", pa.int64()),
            ("seats", names),
            ("scores", pa.list_(pa.int32())),
            ("winners", names),
            ("turns", pa.int32()),
            ("rounds", pa.int32()),
            ("finished", pa.bool_()),
            ("decisive", pa.string()),
            *extra,
            ("seconds", pa.float64()),
            ("cpu_seconds", pa.float64()),
        ]
    )
