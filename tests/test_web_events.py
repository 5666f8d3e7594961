"""The live updates' stream (`web/events.py`) against a real uvicorn on loopback: a commit
wakes every page of the record, a write beside the app (`adjudicator game move`) is
noticed, an idle stream sends only its heartbeat, and the server stops with streams open.
No time is asserted: each wait is for a condition, with a generous timeout."""

from __future__ import annotations

import http.client
import json
import queue
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.web import events
from adjudicator.web.app import create_app
from tests.browser import free_port, serving

WAIT = 30.0  # seconds: a condition that does not come by then never comes
NEW = {"name": "club", "edition": "old-town", "players": "ann, bob, cid", "seed": "11"}
API = "/api/g/club.game"


def _call(url: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection(url.removeprefix("http://"), timeout=WAIT)
    headers = {"content-type": "application/json"} if body is not None else {}
    conn.request(method, path, None if body is None else json.dumps(body), headers)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, json.loads(data)


class Listener:
    """A page's EventSource, in a thread: each event as (kind, data), each comment as
    ('comment', text), and ('end', None) when the stream ends."""

    def __init__(self, url: str, path: str = f"{API}/events", packed: bool = False) -> None:
        self.got: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.conn = http.client.HTTPConnection(url.removeprefix("http://"), timeout=WAIT)
        self.conn.request("GET", path, headers={"accept-encoding": "gzip"} if packed else {})
        self.response = self.conn.getresponse()
        self.headers = dict(self.response.getheaders())
        threading.Thread(target=self._read, daemon=True).start()

    def _lines(self) -> Iterator[str]:
        unpack = zlib.decompressobj(31) if self.headers.get("content-encoding") else None
        held = ""
        while chunk := self.response.read1(65536):
            held += (unpack.decompress(chunk) if unpack else chunk).decode("utf-8")
            *lines, held = held.split("\n")
            yield from lines

    def _read(self) -> None:
        kind, data = "message", ""
        try:
            for line in self._lines():
                if line.startswith(":"):
                    self.got.put(("comment", line[1:].strip()))
                elif line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    data = line[6:]
                elif not line and data:
                    self.got.put((kind, json.loads(data)))
                    kind, data = "message", ""
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # closed by the test (http.client then reads from None)
        self.got.put(("end", None))

    def next(self, *kinds: str) -> tuple[str, Any]:
        """The next event of one of `kinds` (others are skipped)."""
        deadline = time.monotonic() + WAIT
        while True:
            kind, data = self.got.get(timeout=max(0.1, deadline - time.monotonic()))
            if kind in kinds or kind == "end":
                return kind, data

    def close(self) -> None:
        self.conn.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path) as url:
        assert _call(url, "POST", "/api/games", NEW)[0] == 201
        yield url


def _first_move(url: str) -> str:
    """The first move listed; a face-down choice (a draw) made first, as a page does."""
    listed = _call(url, "GET", f"{API}/moves")[1]
    move: str = listed["moves"][0]
    if move in listed["blind"]:
        move = _call(url, "POST", f"{API}/reveal", {"move": move})[1]["moves"][0]
    return move


def test_a_commit_wakes_every_page_of_the_record(table: str) -> None:
    pages = [Listener(table), Listener(table)]
    versions = [p.next("hello")[1]["version"] for p in pages]
    assert versions[0] == versions[1] == _call(table, "GET", API)[1]["version"]
    move = _first_move(table)
    status, done = _call(table, "POST", f"{API}/move", {"move": move})
    assert status == 200
    for p in pages:
        kind, update = p.next("update")
        assert kind == "update"
        assert (update["from"], update["version"]) == (versions[0], done["version"])
        assert update["move"] == move and update["by"] == "ann"
    # an undo too
    assert _call(table, "POST", f"{API}/undo", {})[0] == 200
    for p in pages:
        _, update = p.next("update")
        assert update["undone"] is True and update["from"] == done["version"]
        # who took it back: the pass-and-play screen here, a seat's player off loopback
        assert update["taken_back_by"] == "the table"
        p.close()


def test_a_write_beside_the_app_is_noticed(table: str, tmp_path: Path) -> None:
    page = Listener(table)
    page.next("hello")
    move = _first_move(table)
    cli = [sys.executable, "-m", "adjudicator.cli.main", "game", "move"]
    done = subprocess.run(
        [*cli, str(tmp_path / "club.game"), move], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    kind, update = page.next("update")
    assert kind == "update" and update["move"] == move
    assert update["version"] == _call(table, "GET", API)[1]["version"]
    page.close()


def test_an_idle_stream_sends_only_its_heartbeat(
    table: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(events, "HEARTBEAT_S", 0.3)
    page = Listener(table)
    assert page.headers["content-type"].startswith("text/event-stream")
    assert page.next("hello")[0] == "hello"
    seen = [page.got.get(timeout=WAIT) for _ in range(3)]
    assert seen == [("comment", "still here")] * 3
    page.close()


def test_the_stream_is_compressed_event_by_event_when_the_page_accepts_it(table: str) -> None:
    page = Listener(table, packed=True)
    assert page.headers.get("content-encoding") == "gzip"
    # each event comes out of the gzip stream as it is sent, not when the stream ends
    assert page.next("hello")[0] == "hello"
    assert _call(table, "POST", f"{API}/move", {"move": _first_move(table)})[0] == 200
    assert page.next("update")[0] == "update"
    page.close()


def test_no_stream_for_a_record_that_is_not_there(table: str) -> None:
    status, error = _call(table, "GET", "/api/g/none.game/events")
    assert status == 400 and "no such record" in error["error"]


def test_the_server_stops_with_streams_open(tmp_path: Path) -> None:
    port = free_port()
    srv = events.server(create_app(tmp_path), host="127.0.0.1", port=port, log_level="warning")
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + WAIT
    while not srv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    assert _call(url, "POST", "/api/games", NEW)[0] == 201
    pages = [Listener(url), Listener(url)]
    for p in pages:
        p.next("hello")
    srv.should_exit = True  # what Ctrl+C does
    for p in pages:
        assert p.next("update")[0] == "end"
    # the streams ended: the server did not wait out its graceful timeout (5 s) for them
    thread.join(timeout=WAIT)
    assert not thread.is_alive()
