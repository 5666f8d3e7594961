"""Running a store's missing batches on a Dask cluster: a local one of worker processes
(one thread each: a game is pure Python) or an existing one at a scheduler's address.

Workers play batches and send their tables back; this process alone writes the store,
one file per batch as it arrives. A worker that dies loses only the batches it was
playing, which the scheduler gives to another worker; each batch is written once,
whichever play of it arrives first, so no game is lost or counted twice.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adjudicator.core.errors import InputError
from adjudicator.simulation.batch import check_edition, play_batch
from adjudicator.simulation.store import Store

if TYPE_CHECKING:
    from dask.distributed import LocalCluster

    from adjudicator.deduction.models.edition import Edition

__all__ = ["RunOutcome", "local_cluster", "run_store"]


@dataclass(frozen=True, slots=True)
class RunOutcome:
    batches: int  # batches of the run
    already: int  # finished before this run started
    played: int  # batches played by this run
    games: int  # games played by this run
    seconds: float  # wall time of this run, cluster start included
    workers: int  # workers the cluster had when the run started

    def to_json(self) -> dict[str, Any]:
        return {
            "batches": self.batches,
            "already_finished": self.already,
            "played_batches": self.played,
            "played_games": self.games,
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            "games_per_s": round(self.games / self.seconds, 3) if self.seconds else None,
        }


def local_cluster(workers: int) -> LocalCluster:
    """A cluster of `workers` processes on this machine, one thread each, on loopback only.
    Dask's own INFO lines (workers starting, retiring, closing) are not for players: the
    `distributed` loggers are kept to errors for the rest of the process, as closing a
    cluster restores the level its `silence_logs` lowered and then logs."""
    import logging

    from dask.distributed import LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)
    return LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",  # any free port: two runs at once do not clash
        silence_logs=logging.ERROR,
    )


def run_store(
    store: Store,
    workers: int = 2,
    scheduler: str | None = None,
    on_batch: Callable[[int], None] | None = None,
    on_records: Callable[[list[tuple[int, str]]], None] | None = None,
    card_set: Edition | None = None,
) -> RunOutcome:
    """Play the batches the store lacks; `on_batch(games)` after each one is written;
    `on_records` gets each batch's (seed, record text) pairs before it is written (so a
    batch in the store has its records written too). `card_set`: an edition sent to the
    workers with each batch (a card set read here from files of one's own)."""
    spec = store.spec
    start = time.perf_counter()
    done = store.finished()
    missing = [b for b in range(spec.batches) if b not in done]
    if not missing:
        return RunOutcome(spec.batches, len(done), 0, 0, 0.0, 0)
    if card_set is None:
        check_edition(spec.edition)
    from dask.distributed import Client, as_completed

    cluster: LocalCluster | None = None
    if scheduler is None:
        if workers < 1:
            raise InputError("--workers", str(workers), "at least one worker")
        cluster = local_cluster(workers)
    try:
        client = Client(  # type: ignore[no-untyped-call]
            cluster if cluster is not None else scheduler, timeout="10s"
        )
    except (OSError, TimeoutError, ValueError) as exc:
        if cluster is not None:
            cluster.close()
        raise InputError("--scheduler", str(scheduler), f"cannot connect: {exc}") from None
    games = 0
    try:
        count = len(client.scheduler_info(n_workers=-1)["workers"])
        # pure=False: every run is new work, even on a cluster that has played these seeds
        records = on_records is not None
        futures = [
            client.submit(play_batch, spec, b, records, card_set, pure=False) for b in missing
        ]
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            batch, table, texts = future.result()
            future.release()
            if on_records is not None:
                on_records(texts)
            store.write(batch, table)
            games += table.num_rows
            if on_batch is not None:
                on_batch(table.num_rows)
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()
    return RunOutcome(
        spec.batches, len(done), len(missing), games, time.perf_counter() - start, count
    )
