"""The benchmark's web cases (`python -m benchmarks`): `adjudicator serve`'s app on a real
uvicorn on loopback, in a thread, timed from a client in this process as a phone at the
table would call it: a preview, a commit, the hint, and a commit's update delivered to a
second page's event stream (p50 and p95 over every move). Beside them, the bytes a phone
downloads: the first page (gzip) and an update (as sent, and on the wire, gzip).

Each edition's game is a new 3-player record (seed 11) with `OPENING` moves played, each
the first legal move; a commit is that position's first legal move, then put back, so every
run rules on the same mid-game position.
"""

from __future__ import annotations

import http.client
import json
import statistics
import tempfile
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.case import BenchCase

__all__ = ["EDITIONS", "FORWARD", "OPENING", "web_cases"]

EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
OPENING = 12
#: The new moves whose updates' bytes are measured (Old Town's game, by its first legal
#: moves, ends at 47).
FORWARD = 20
_API = "/api/g/bench.game"
_WAIT = 60.0  # seconds: a server that does not answer by then has failed the bench


def _p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class _Client:
    """One keep-alive connection, as a phone's browser holds one."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=_WAIT)

    def call(self, method: str, path: str, body: Any = None, gz: bool = False) -> bytes:
        headers = {"content-type": "application/json"} if body is not None else {}
        if gz:
            headers["accept-encoding"] = "gzip"
        self.conn.request(method, path, None if body is None else json.dumps(body), headers)
        r = self.conn.getresponse()
        data = r.read()
        if r.status >= 300:
            raise RuntimeError(f"{method} {path}: {r.status} {data[:200]!r}")
        return data

    def json(self, method: str, path: str, body: Any = None) -> Any:
        return json.loads(self.call(method, path, body))


class _Page:
    """A second page's event stream (gzip, as Chromium asks for it): when each version's
    update arrived, and its bytes as sent and on the wire."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=_WAIT)
        self.conn.request("GET", f"{_API}/events", headers={"accept-encoding": "gzip"})
        self.response = self.conn.getresponse()
        self.arrived: dict[str, tuple[float, int, int]] = {}
        self.ready = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        unpack = zlib.decompressobj(31)
        held, wire = "", 0
        try:
            while chunk := self.response.read1(65536):
                wire += len(chunk)
                held += unpack.decompress(chunk).decode("utf-8")
                while "\n\n" in held:
                    block, held = held.split("\n\n", 1)
                    data = [ln[6:] for ln in block.split("\n") if ln.startswith("data: ")]
                    if data:
                        version = json.loads(data[0]).get("version")
                        with self.ready:
                            self.arrived[version] = (time.perf_counter(), len(data[0]), wire)
                            self.ready.notify_all()
                    wire = 0
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # the bench is done with it

    def forget(self, version: str) -> None:
        with self.ready:
            self.arrived.pop(version, None)

    def wait(self, version: str) -> tuple[float, int, int]:
        with self.ready:
            if not self.ready.wait_for(lambda: version in self.arrived, timeout=_WAIT):
                raise RuntimeError(f"no update for version {version}")
            return self.arrived[version]

    def close(self) -> None:
        self.conn.close()


@contextmanager
def _table(edition: str) -> Iterator[tuple[int, Any]]:
    """The app over a new record of `edition` in mid-game, served on a loopback port."""
    import socket

    from adjudicator.web.app import create_app
    from adjudicator.web.events import server

    with tempfile.TemporaryDirectory() as root:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        app = create_app(Path(root))
        srv = server(app, host="127.0.0.1", port=port, log_level="warning")
        thread = threading.Thread(target=srv.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + _WAIT
        while not srv.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        try:
            c = _Client(port)
            new = {"name": "bench", "edition": edition, "players": "ann, bob, cid", "seed": 11}
            c.call("POST", "/api/games", {**new, "seed": str(new["seed"])})
            for _ in range(OPENING):
                c.call("POST", f"{_API}/move", {"move": _first_move(c)})
            yield port, app
        finally:
            srv.should_exit = True
            thread.join(timeout=_WAIT)


def _first_move(c: _Client) -> str:
    """The first move listed; a face-down choice (a draw) made first, as a page does."""
    listed = c.json("GET", f"{_API}/moves")
    if not listed["moves"]:
        raise RuntimeError("the bench's game is over before its moves")
    move: str = listed["moves"][0]
    if move in listed["blind"]:
        move = c.json("POST", f"{_API}/reveal", {"move": move})["moves"][0]
    return move


def _timed(runs: int, call: Callable[[], object]) -> tuple[list[float], list[float], Any]:
    """Each call's CPU time, the client's and the server's (both threads of this process),
    and its wall time."""
    cpu, wall = [], []
    call()  # warm-up: imports, caches
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        call()
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - t0) * 1000)
    return cpu, wall, {"wall_p95_ms": round(_p95(wall), 3)}


def _call_case(edition: str, what: str, name: str, path: str, body: Any, runs: int) -> Any:
    def samples(n: int) -> tuple[list[float], list[float], Any]:
        with _table(edition) as (port, _app):
            c = _Client(port)
            payload = {"move": _first_move(c)} if body == "move" else body
            method = "GET" if payload is None else "POST"
            return _timed(n, lambda: c.call(method, path, payload))

    return BenchCase(
        f"web-{name}-{edition}",
        f"{what}, {edition} after {OPENING} moves, over HTTP on loopback: CPU time of the "
        "client and the server (no twin)",
        _never,
        None,
        detail=lambda d: dict(d),
        max_runs=runs,
        samples=samples,
    )


def _never() -> None:
    raise AssertionError("timed by the case's samples")


_MOVES: dict[str, dict[str, Any]] = {}


def _moves(edition: str, runs: int) -> dict[str, Any]:
    """With a second page listening: `FORWARD` new moves, each update's bytes as sent and
    on the wire; then `runs` commits of one position's first move, each undone, each
    commit's time and its update's delivery. And the first page's bytes."""
    if edition in _MOVES and len(_MOVES[edition]["commit"]) >= runs:
        return _MOVES[edition]
    commit, delivery, raw, wire = [], [], [], []
    with _table(edition) as (port, app):
        c = _Client(port)
        page_gzip = len(c.call("GET", "/g/bench.game", gz=True))
        page_raw = len(c.call("GET", "/g/bench.game"))
        listener = _Page(port)
        try:
            for _ in range(min(FORWARD, runs)):  # new moves, which the wire's gzip has not seen
                move = {"move": _first_move(c)}
                _, size, packed = listener.wait(c.json("POST", f"{_API}/move", move)["version"])
                raw.append(size)
                wire.append(packed)
            move = {"move": _first_move(c)}
            before = c.json("GET", _API)["version"]
            record = Path(app.state.root) / "bench.game"
            text = record.read_text(encoding="utf-8")
            for _ in range(runs):
                app.state.hub.forget()  # each update built anew, as a new move's is
                c0, t0 = time.process_time(), time.perf_counter()
                version = c.json("POST", f"{_API}/move", move)["version"]
                commit.append((time.process_time() - c0) * 1000)
                delivery.append((listener.wait(version)[0] - t0) * 1000)
                # the undo and the next commit write these versions again: each wait is
                # for a new arrival
                listener.forget(before)
                try:
                    listener.wait(c.json("POST", f"{_API}/undo", {})["version"])
                except RuntimeError:  # a dealt draw, which the page takes back no more (a
                    # reveal is final): put back as `adjudicator game undo` does
                    record.write_text(text, encoding="utf-8")
                    app.state.hub.changed("bench.game")
                    listener.wait(before)
                listener.forget(version)
        finally:
            listener.close()
    _MOVES[edition] = {
        "commit": commit,
        "delivery": delivery,
        "bytes": {
            "first_page_bytes": page_raw,
            "first_page_gzip_bytes": page_gzip,
            "update_bytes_p50": statistics.median(raw),
            "update_bytes_max": max(raw),
            "update_wire_bytes_p50": statistics.median(wire),
            "update_wire_bytes_max": max(wire),
        },
    }
    return _MOVES[edition]


def _move_case(edition: str, kind: str, what: str) -> BenchCase[Any, Any]:
    def samples(n: int) -> tuple[list[float], list[float], Any]:
        got = _moves(edition, n)
        times = got[kind][:n]
        detail: dict[str, Any] = {}  # the p95 is `run_case`'s
        if kind == "delivery":
            detail |= got["bytes"]
        return times, times, detail

    return BenchCase(
        f"web-{'update' if kind == 'delivery' else kind}-{edition}",
        f"{what}, {edition} after {OPENING} moves, on loopback, "
        + ("wall time: a delivery is a wait" if kind == "delivery" else "CPU time")
        + " (no twin)",
        _never,
        None,
        detail=lambda d: dict(d),
        max_runs=60,
        samples=samples,
    )


def web_cases() -> list[BenchCase[Any, Any]]:
    """Per edition: preview, commit, the update's delivery to a second page, the hint."""
    cases: list[BenchCase[Any, Any]] = []
    for edition in EDITIONS:
        cases += [
            _call_case(edition, "a preview's ruling", "preview", f"{_API}/preview", "move", 60),
            _move_case(edition, "commit", "a commit, ruled and written (then undone)"),
            _move_case(
                edition,
                "delivery",
                "a commit's update on a second page's event stream, from the commit sent",
            ),
            _call_case(edition, "the hint (top 5)", "hint", f"{_API}/hint?top=5", None, 21),
            _call_case(edition, "the legal moves listed", "moves", f"{_API}/moves", None, 21),
        ]
    return cases
