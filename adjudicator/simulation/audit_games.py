"""`audit --games` on the cluster: the audit's simulation statistics (per card, how often
it was playable when held and how often it died in a hand; stalled games; game length)
from greedy self-play run as seeded batches, the same figures as
`deduction.audit.simulation_stats` gives playing the games one by one here.

The card set goes to the workers with each batch (it may be a set of one's own, read
here from files); the store is a temporary folder, gone when the figures are counted.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.simulation.run import run_store
from adjudicator.simulation.spec import RunSpec
from adjudicator.simulation.store import Store

if TYPE_CHECKING:
    from adjudicator.deduction.models.edition import Edition

__all__ = ["audit_games"]


def audit_games(
    edition: Edition,
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    workers: int = 2,
    scheduler: str | None = None,
    batch_size: int = 25,
) -> dict[str, Any]:
    """The audit's simulation statistics of `games` greedy 3-player games from `seed`."""
    spec = RunSpec(edition.id, "greedy", 3, seed, games, batch_size)
    held: Counter[int] = Counter()
    playable: Counter[int] = Counter()
    turns: list[int] = []
    finished = 0
    with tempfile.TemporaryDirectory(prefix="adjudicator-audit-") as tmp:
        store = Store.create_or_resume(Path(tmp), spec)
        run_store(store, workers, scheduler, progress, card_set=edition)
        for table in store.tables():
            columns = table.select(["held", "playable", "turns", "finished"]).to_pydict()
            for cards in columns["held"]:
                held.update(cards)
            for cards in columns["playable"]:
                playable.update(cards)
            turns.extend(columns["turns"])
            finished += sum(columns["finished"])
    per_card = []
    for n in sorted(edition.cards.cards):
        h = held[n]
        per_card.append(
            {
                "card": n,
                "held": h,
                "playable_when_held": round(playable[n] / h, 3) if h else None,
                "died_in_hand": round((h - playable[n]) / h, 3) if h else None,
            }
        )
    return {
        "games": len(turns),
        "stalled": len(turns) - finished,
        "turns": {
            "mean": round(sum(turns) / len(turns), 2) if turns else 0.0,
            "min": min(turns, default=0),
            "max": max(turns, default=0),
        },
        "cards": per_card,
    }
