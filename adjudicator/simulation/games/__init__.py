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

__all__ = ["SelfPlay", "self_play"]


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
