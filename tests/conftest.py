"""Fixtures several test modules share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

_EXIT_STATUS = pytest.StashKey[int]()


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A local Dask cluster of two worker processes, one thread each, on loopback, shared by
    a module's simulation tests (it takes seconds to start)."""
    pytest.importorskip("distributed")
    from adjudicator.simulation.run import local_cluster

    with local_cluster(2) as c:
        yield c


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    session.config.stash[_EXIT_STATUS] = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """The test run ends with its summary. A thread a test left blocked (a reader on a
    pipe nobody writes, a server that never stopped) would otherwise keep the process
    alive until CI's own limit kills it, and the run would count as never finished."""
    import os
    import sys
    import threading
    import time

    stuck = [
        t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon
    ]
    deadline = time.monotonic() + 10
    for thread in stuck:
        thread.join(max(0.0, deadline - time.monotonic()))
    stuck = [t for t in stuck if t.is_alive()]
    if stuck:
        names = ", ".join(t.name for t in stuck)
        print(f"\nconftest: threads left running after the tests: {names}", file=sys.stderr)
        sys.stderr.flush()
        sys.stdout.flush()
        status = config.stash.get(_EXIT_STATUS, 1)
        os._exit(status or 1)
