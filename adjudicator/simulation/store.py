"""The store of a run: a folder with `run.json` (the run's description) and one Parquet
file per finished batch, `batches/batch-NNNNNN.parquet`.

A batch file is written whole or not at all (a temporary file beside it, flushed, then
renamed over), so the batches finished are the files present: a stopped run resumes
with the others, and no game is played into the store twice or left out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.core.errors import InputError
from adjudicator.core.writes import write_bytes_atomic
from adjudicator.simulation.spec import RunSpec

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["Store"]

_BATCH = re.compile(r"^batch-(\d{6,})\.parquet$")


class Store:
    def __init__(self, root: Path, spec: RunSpec) -> None:
        self.root = root
        self.spec = spec

    @property
    def batch_dir(self) -> Path:
        return self.root / "batches"

    @classmethod
    def create_or_resume(cls, root: Path, spec: RunSpec) -> Store:
        """The store of this run: a new one, or the one under way in `root` when its
        description is the same (another run's store is refused, not mixed in)."""
        described = root / "run.json"
        if described.exists():
            store = cls.open(root)
            if store.spec != spec:
                raise InputError(
                    str(described),
                    "",
                    f"holds another run ({_options(store.spec)}); resume it with the same "
                    "options or choose another --out",
                )
            return store
        try:
            (root / "batches").mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(str(root), "", f"cannot make the folder: {exc.strerror}") from None
        write_bytes_atomic(described, json.dumps(spec.to_json(), indent=2).encode() + b"\n")
        return cls(root, spec)

    @classmethod
    def open(cls, root: Path) -> Store:
        described = root / "run.json"
        try:
            data = json.loads(described.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise InputError(str(root), "", "not a simulation store (no run.json)") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InputError(str(described), "", f"cannot be read: {exc}") from None
        return cls(root, RunSpec.from_json(str(described), data))

    def path(self, batch: int) -> Path:
        return self.batch_dir / f"batch-{batch:06d}.parquet"

    def finished(self) -> set[int]:
        """The batches whose file is present (only whole files ever are)."""
        if not self.batch_dir.is_dir():
            return set()
        found = {int(m[1]) for p in self.batch_dir.iterdir() if (m := _BATCH.match(p.name))}
        return {b for b in found if b < self.spec.batches}

    def write(self, batch: int, table: pa.Table) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        sink = pa.BufferOutputStream()
        pq.write_table(table, sink, compression="zstd")
        write_bytes_atomic(self.path(batch), sink.getvalue().to_pybytes())

    def tables(self) -> Iterator[pa.Table]:
        """The finished batches' tables, in batch order (one in memory at a time)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        for batch in sorted(self.finished()):
            path = self.path(batch)
            try:
                yield pq.read_table(path)
            except (OSError, pa.ArrowException) as exc:
                raise InputError(str(path), "", f"not a readable batch: {exc}") from None

    def read_all(self) -> pa.Table:
        import pyarrow as pa

        from adjudicator.simulation.batch import schema

        tables = list(self.tables())
        return pa.concat_tables(tables) if tables else schema(self.spec.game).empty_table()


def _options(spec: RunSpec) -> str:
    return (
        f"{spec.edition}, {spec.policy}, {spec.players} players, seed {spec.seed}, "
        f"{spec.games} games, batches of {spec.batch_size}"
    )
