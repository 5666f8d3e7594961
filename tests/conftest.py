"""Fixtures several test modules share."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

from tests.budget import NIGHTLY

if TYPE_CHECKING:
    from starlette.testclient import TestClient

_EXIT_STATUS = pytest.StashKey[int]()

# The command line speaks the environment's language (LANGUAGE, LC_ALL, LC_MESSAGES,
# LANG): the tests read its English on any machine, unless one asks for German itself
# (tests/test_i18n.py).
os.environ["LANGUAGE"] = "en"

# No test depends on the machine's speed: no deadline, and a slow example is not an
# error (speed is measured in `python -m benchmarks`, never in a test). In CI the examples
# are derandomized: the same ones every run, so a mutant is caught on every run or on
# none, never on some. The nightly run (`--nightly`) draws new ones each time.
_QUIET = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("dev", **_QUIET)
settings.register_profile("ci", derandomize=True, print_blob=True, **_QUIET)
settings.register_profile("nightly", print_blob=True, **_QUIET)
_PROFILE = "nightly" if os.environ.get(NIGHTLY) else None
settings.load_profile(_PROFILE or ("ci" if os.environ.get("CI") else "dev"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--nightly",
        action="store_true",
        help="also run the long property and fuzz runs (marked nightly)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--nightly"):
        os.environ[NIGHTLY] = "1"  # before the test modules are read: tests/budget.py
        settings.load_profile("nightly")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get(NIGHTLY):
        return
    later = pytest.mark.skip(reason="a long run: the nightly run's (--nightly)")
    for item in items:
        if "nightly" in item.keywords:
            item.add_marker(later)


@pytest.fixture
def web(tmp_path: Path) -> TestClient:
    """A served Gads Hill table (ann, bob, cid, seed 50), ann's first move committed."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import create_app

    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1:8000")
    new = {"name": "club", "edition": "gads-hill-1874", "players": "ann, bob, cid", "seed": "50"}
    assert client.post("/api/games", json=new).status_code == 201
    assert client.post("/api/g/club.game/move", json={"move": "ann: 9; 25 as jail"}).json()["legal"]
    return client


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

    stuck = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
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
