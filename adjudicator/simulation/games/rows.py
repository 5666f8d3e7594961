"""The row every game with its own self-play records (`simulation/games/`), its columns in
one place."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["row_schema"]


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
