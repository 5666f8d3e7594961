"""The server's limits (issue 35, item 12): a device that opens connections and never
finishes a request cannot leave the server answering nothing.

Before, a half-sent request (a head without its blank line, from a device with no token)
stayed open for ever: uvicorn times out only an idle connection after a response, not a
request's head. With 256 open files, 300 of them used every file, `accept` failed with
"Too many open files", and the server answered no one.

Here, with uvicorn's own settings (`config`: keep-alive, a head's size, the concurrency
limit) and its h11 protocol, each connection is given `REQUEST_S` seconds to send a whole
request (head and body) and is closed when it has not; and the server holds at most
`max_connections` connections, below the process's open-file limit: a new one beyond it
closes the oldest connection still sending its request, so a device that sends a whole
request is answered whatever the others hold. `raise_open_files` lifts the process's soft
limit on open files to its hard limit first.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import resource
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "HEAD_BYTES",
    "KEEP_ALIVE_S",
    "REQUEST_S",
    "TableProtocol",
    "config",
    "max_connections",
    "quiet_when_out_of_files",
    "raise_open_files",
]

log = logging.getLogger("adjudicator.web")

#: The time a connection has to send a whole request (a phone on a poor Wi-Fi sends a
#: page's request in well under a second; the bodies are at most 64 KiB).
REQUEST_S = 10.0
#: How long an idle connection stays open after a response (uvicorn's keep-alive).
KEEP_ALIVE_S = 5
#: The largest request head: the longest seat link's, with its cookies, is under 4 KiB.
HEAD_BYTES = 16 * 1024
#: At most this many connections, however many files the process may open: each phone
#: holds one event stream and a request or two.
_MOST = 4096
#: The process's files that are not connections: records, locks, the engine's data,
#: and the sockets accepted but not yet counted (`_ACCEPT_BATCH` at a time).
_RESERVE = 64
#: How many connections the event loop accepts at a time (uvicorn's `backlog`, which
#: asyncio also takes as the count of one burst of `accept`): each is a file before the
#: protocol counts it, so a burst of 2,048 (uvicorn's default) went past any cap.
_ACCEPT_BATCH = 16


def raise_open_files(target: int = 65536) -> int:
    """Lift the soft limit on open files toward the hard one (at most `target`), as far
    as the system lets; the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = target if hard == resource.RLIM_INFINITY else min(hard, target)
    if soft != resource.RLIM_INFINITY and soft < want:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return _MOST * 16 if soft == resource.RLIM_INFINITY else soft


def max_connections(open_files: int) -> int:
    """The connections the server holds at most with `open_files` files: a quarter of
    them (at least `_RESERVE`) kept for the records and the engine."""
    return max(8, min(_MOST, open_files - max(_RESERVE, open_files // 4)))


class TableProtocol(H11Protocol):
    """uvicorn's h11 protocol with a time limit on each request and a cap on the
    connections (`max_connections`, set by `config`)."""

    cap = _MOST

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_since: float | None = None  # sending a request since then

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()
        if len(self.connections) > self.cap:
            self._make_room()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE and self.conn.their_state is not h11.SEND_BODY:
            self._disarm()  # the whole request is in (or the connection is closing)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection has its time too

    def _arm(self) -> None:
        self._disarm()
        self._waiting_since = self.loop.time()
        self._deadline = self.loop.call_later(REQUEST_S, self._close)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = None
        self._waiting_since = None

    def _close(self) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self.transport.close()

    def _make_room(self) -> None:
        """Over the cap: close the connection that has waited longest for its request
        (an idle or half-sent one), or this one when every other is being answered."""
        waiting = [
            c
            for c in self.connections
            if isinstance(c, TableProtocol) and c is not self and c._waiting_since is not None
        ]
        oldest = min(waiting, key=lambda c: c._waiting_since or 0.0, default=self)
        oldest._close()


#: What `accept` fails with when the process or the system is out of files or memory:
#: asyncio then waits a second and tries again, and logged a traceback each time.
_OUT_OF = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


def quiet_when_out_of_files(loop: asyncio.AbstractEventLoop) -> None:
    """Make the loop say in one line, not a traceback, that it is out of files to
    accept a connection with (the cap keeps it from that; this is the last resort)."""
    earlier = loop.get_exception_handler()

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in _OUT_OF:
            log.warning("a connection waits: %s", exc.strerror or "out of files")
            return
        if earlier is not None:
            earlier(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)


def config(open_files: int) -> dict[str, Any]:
    """uvicorn's settings for a server that may open `open_files` files."""
    cap = max_connections(open_files)
    TableProtocol.cap = cap
    return {
        "http": TableProtocol,
        "timeout_keep_alive": KEEP_ALIVE_S,
        "h11_max_incomplete_event_size": HEAD_BYTES,
        # requests beyond this are answered 503 at once; the protocol keeps the
        # connections below it, so only a flood of whole requests meets it
        "limit_concurrency": cap + 1,
        "backlog": _ACCEPT_BATCH,
    }
