"""Dry Gulch's row: the seats and their final influence, the winner (none: stalled after
the self-play's turn limit), the length in turns and rounds, and the card whose move won
(`dry_gulch.game.simulate`'s `decisive`; null when the winner had enough on entering the
build phase).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyarrow as pa

    from adjudicator.simulation.spec import RunSpec

from adjudicator.simulation.games.rows import row_schema

__all__ = ["play", "schema"]


def schema() -> pa.Schema:
    return row_schema()


def play(spec: RunSpec, seed: int, records: bool) -> tuple[dict[str, Any], str | None]:
    from adjudicator.dry_gulch.game.record import record_to_text
    from adjudicator.dry_gulch.game.simulate import play_game

    policy = spec.policy
    assert policy != "coach"  # RunSpec refuses the coach here (Old Town and Gads Hill only)
    result = play_game(seed, spec.players, policy)
    seats = list(result.record.header.players)
    row = {
        "seats": seats,
        "scores": [result.influence.get(s, 0) for s in seats],
        "winners": [result.winner] if result.winner is not None else [],
        "turns": result.turns,
        "rounds": result.rounds,
        "finished": result.winner is not None,
        "decisive": result.decisive if result.winner is not None else None,
    }
    return row, record_to_text(result.record) if records else None
