"""Live updates of the game pages by server-sent events (issue 26), instead of every page
polling the record twice a second.

`GET /api/g/NAME/events` is a `text/event-stream` that stays open. A commit, an undo or a
new record made through the app wakes every stream of that record at once (`Hub.changed`,
called by the endpoint once the worker thread's write is done); a record changed beside
the app (`adjudicator game move` on the same file) is noticed by a stat of the file about
once a second. Each stream then sends one `update` event (`web/updates.py`: what changed
since the view it sent last), and nothing else but a comment every 15 s, which keeps
proxies and phones from closing an idle connection.

The first event of a stream is `hello`, with the record's version: a page that reconnects
after a lost connection fetches the whole view if it moved meanwhile.

A stream ends when the server shuts down (`Hub.close`, called by `serve`'s server before
uvicorn waits for the open connections), so Ctrl+C stops the server at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
import zlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from functools import partial
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import StreamingResponse

from adjudicator.web.records import RecordDir
from adjudicator.web.updates import build_update

__all__ = ["HEARTBEAT_S", "STAT_S", "Hub", "event", "live", "server", "stream_response"]

log = logging.getLogger("adjudicator.web")

#: An idle stream's comment, so no proxy or phone takes it for dead.
HEARTBEAT_S = 15.0
#: How often a stream looks at its record's file for a change made beside the app.
STAT_S = 1.0
#: How long a browser waits before it reconnects a lost stream (the `retry` field).
RETRY_MS = 2000
_CACHE_SIZE = 64

#: A page's view of the record, and the server's `fingerprint` of the text it was drawn
#: from (matched against a change's note; never sent).
View = Callable[[], tuple[dict[str, Any], str]]


def event(kind: str, data: dict[str, Any], ident: str | None = None) -> bytes:
    """One server-sent event: its kind, an optional id and its data, one JSON line."""
    lines = [f"event: {kind}"]
    if ident is not None:
        lines.append(f"id: {ident}")
    lines.append("data: " + json.dumps(data, separators=(",", ":")))
    return ("\n".join(lines) + "\n\n").encode("utf-8")


class Hub:
    """The open streams' meeting point: one wake-up per record, and the updates already
    built (a move's update is built once, whatever the number of phones)."""

    def __init__(self) -> None:
        # each record's wake-up, on the loop of the streams that wait on it
        self._wake: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Event]] = {}
        self._closing = False
        self._built: OrderedDict[tuple[str, ...], bytes] = OrderedDict()
        self._lock = threading.Lock()
        # what a change's update says beyond the two views, by record: the record's
        # fingerprint it made (each page has its own version of it) and who took a move
        # back (an undo leaves no trace in the record)
        self._notes: dict[str, dict[str, Any]] = {}

    def waiter(self, name: str) -> asyncio.Event:
        """What a stream of `name` waits on; set by the next change of the record."""
        loop = asyncio.get_running_loop()
        with self._lock:
            held = self._wake.get(name)
            if held is None or held[0] is not loop:
                held = self._wake[name] = (loop, asyncio.Event())
        return held[1]

    def changed(self, name: str, note: dict[str, Any] | None = None) -> None:
        """Wake every stream of `name` at once: from the event loop or from a worker
        thread, once the record is written. `note`: what the update to the record whose
        fingerprint is `note["stamp"]` says besides (`taken_back_by`)."""
        with self._lock:
            if note is not None:
                self._notes[name] = note
            held = self._wake.pop(name, None)
        if held is not None:
            _set(*held)

    def close(self) -> None:
        """End every stream: the server is shutting down."""
        self._closing = True
        with self._lock:
            held, self._wake = list(self._wake.values()), {}
        for loop, woken in held:
            _set(loop, woken)

    @property
    def closing(self) -> bool:
        return self._closing

    def forget(self) -> None:
        """Drop the updates built so far (the bench's commits repeat one version, which a
        table never does: each must cost what a new one costs)."""
        with self._lock:
            self._built.clear()

    def update(
        self, key: tuple[str, ...], old: dict[str, Any], new: dict[str, Any], stamp: str = ""
    ) -> bytes:
        """The `update` event from the view `old` to `new`, built once per `key`, with
        the note of the change that made `new` (`changed`), drawn from the record whose
        fingerprint is `stamp`."""
        name = key[1]
        with self._lock:
            if key in self._built:
                self._built.move_to_end(key)
                return self._built[key]
            note = self._notes.get(name, {})
        said = {k: v for k, v in note.items() if k != "stamp"}
        besides = said if stamp and note.get("stamp") == stamp else {}
        built = event("update", {**build_update(old, new), **besides}, str(new.get("version")))
        with self._lock:
            self._built[key] = built
            while len(self._built) > _CACHE_SIZE:
                self._built.popitem(last=False)
        return built


def _set(loop: asyncio.AbstractEventLoop, woken: asyncio.Event) -> None:
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        woken.set()
    elif not loop.is_closed():
        loop.call_soon_threadsafe(woken.set)


def _signature(path: Path) -> tuple[int, int, int] | None:
    # an atomic write (a new file renamed over the record) changes the inode, an
    # append in place the size or the time
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


async def _events(hub: Hub, name: str, path: Path, view: View, scope: str) -> AsyncIterator[bytes]:
    loop = asyncio.get_running_loop()
    woken = hub.waiter(name)  # before the view: a change while it is built wakes us
    seen = _signature(path)
    last, _stamp = await run_in_threadpool(view)
    yield f"retry: {RETRY_MS}\n\n".encode()
    yield event("hello", {"version": last.get("version")})
    quiet_since = loop.time()
    while not hub.closing:
        with contextlib.suppress(TimeoutError):  # a second gone: look at the file
            await asyncio.wait_for(woken.wait(), timeout=STAT_S)
        if hub.closing:
            return
        now = _signature(path)
        if not woken.is_set() and now == seen:
            if loop.time() - quiet_since >= HEARTBEAT_S:
                quiet_since = loop.time()
                yield b": still here\n\n"
            continue
        if woken.is_set():
            woken = hub.waiter(name)
        seen = now
        try:
            new, stamp = await run_in_threadpool(view)
        except Exception as exc:  # a record gone or broken: the page's fetch says why
            log.warning("events of %s: %s", name, exc)
            yield event("gone", {"error": str(exc).splitlines()[0] if str(exc) else "error"})
            return
        if new.get("version") == last.get("version"):
            continue
        key = (scope, name, str(last.get("version")), str(new.get("version")))
        yield hub.update(key, last, new, stamp)
        last = new
        quiet_since = loop.time()


async def _gzipped(chunks: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    # one gzip stream for the connection, flushed after every event: each event arrives
    # whole, and the markup an update shares with the ones before it costs next to nothing
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)
    async for chunk in chunks:
        yield packer.compress(chunk) + packer.flush(zlib.Z_SYNC_FLUSH)
    yield packer.flush()


def stream_response(
    hub: Hub, name: str, path: Path, view: View, scope: str = "", gzip: bool = False
) -> StreamingResponse:
    """The event stream of one record for one page. `view`: the view this page may see
    (the same as `GET /api/g/NAME` gives it), with its record's fingerprint; `scope`:
    what tells apart pages that see different views, for the cache of built updates;
    `gzip`: compressed, event by event (the page accepts gzip; Starlette's GZipMiddleware
    leaves event streams alone)."""
    chunks = _events(hub, name, path, view, scope)
    headers = {"cache-control": "no-cache", "x-accel-buffering": "no"}
    if gzip:
        headers |= {"content-encoding": "gzip", "vary": "accept-encoding"}
    return StreamingResponse(
        _gzipped(chunks) if gzip else chunks, media_type="text/event-stream", headers=headers
    )


async def live(
    request: Request,
    hub: Hub,
    records: RecordDir,
    view: Callable[[RecordDir, str], tuple[dict[str, Any], str]],
    scope: str = "",
) -> StreamingResponse:
    """`GET /api/g/NAME/events`: the stream of the record the request names, of the view
    `view` gives (checked by the caller, as `GET /api/g/NAME` is); `scope`: who sees
    that view (a seat, the host), so each update is built once for each of them."""
    name = request.path_params["name"]
    await run_in_threadpool(records.read, name)  # no such record: one line, not a stream
    packed = "gzip" in request.headers.get("accept-encoding", "")
    return stream_response(
        hub, name, records.path(name), partial(view, records, name), scope=scope, gzip=packed
    )


def server(app: Any, **config: Any) -> Any:
    """A uvicorn server of `app` that ends the app's event streams when it shuts down,
    before it waits for the open connections (else each open page would hold Ctrl+C
    until the graceful timeout; that timeout stays as the last resort)."""
    import uvicorn

    from adjudicator.web.server_limits import quiet_when_out_of_files

    class Server(uvicorn.Server):
        async def serve(self, sockets: Any = None) -> None:
            quiet_when_out_of_files(asyncio.get_running_loop())
            await super().serve(sockets)

        async def shutdown(self, sockets: Any = None) -> None:
            hub = getattr(app.state, "hub", None)
            if isinstance(hub, Hub):
                hub.close()
            await super().shutdown(sockets)

    return Server(uvicorn.Config(app, timeout_graceful_shutdown=5, **config))
