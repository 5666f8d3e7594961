"""Fixtures several test modules share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A local Dask cluster of two worker processes, one thread each, on loopback, shared by
    a module's simulation tests (it takes seconds to start)."""
    pytest.importorskip("distributed")
    from adjudicator.simulation.run import local_cluster

    with local_cluster(2) as c:
        yield c
