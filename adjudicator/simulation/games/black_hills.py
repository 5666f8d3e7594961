"""Black Hills' row: the seats and their final reputation, the winner (none: stalled, no
legal turn left or the self-play's turn limit), the length in turns and rounds, the
character of the winning turn and the events it played (`black_hills.game.simulate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyarrow as pa

    from adjudicator.simulation.spec import RunSpec

from adjudicator.simulation.games.rows import row_schema

__all__ = ["play", "schema"]


def schema() -> pa.Schema:
    import pyarrow as pa

    return row_schema(("decisive_events", pa.list_(pa.string())))


def play(spec: RunSpec, seed: int, records: bool) -> tuple[dict[str, Any], str | None]:
    from adjudicator.black_hills.game.record import record_to_text
    from adjudicator.black_hills.game.simulate import play_game

    seats = list(spec.seats)
    policy = spec.policy
    assert policy != "coach"  # RunSpec refuses the coach here (Old Town and Gads Hill only)
    result = play_game(seats, seed, policy)
    row = {
        "seats": seats,
        "scores": list(result.reputation),
        "winners": [result.winner] if result.winner is not None else [],
        "turns": result.turns,
        "rounds": result.rounds,
        "finished": result.winner is not None,
        "decisive": result.decisive if result.winner is not None else None,
        "decisive_events": list(result.decisive_events),
    }
    return row, record_to_text(result.record) if records else None
