"""The server's limits (issue 35, item 12), on a real `adjudicator serve` on loopback.

Minimal input: the server with 256 open files, and 300 connections that each send half a
request's head and nothing more. Before, they stayed open for ever: every file was used,
`accept` failed ("Too many open files", a traceback a second in the log) and a whole
request from another device got no answer. Now a connection has a time limit to send its
request, and the server holds fewer connections than it has files, closing the oldest
half-sent one to take a new one.

Every loop is bounded (300 connections, each wait with a timeout); no time is asserted.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.web.server_limits import REQUEST_S, max_connections
from tests.browser import free_port

FILES = 256
HALF_SENT = 300
WAIT = 30.0  # seconds: an answer that has not come by then never comes
HALF_HEAD = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def _low_file_limit() -> None:  # in the server's process, before it starts
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "adjudicator.cli.main",
        "serve",
        str(tmp_path),
        "--port",
        str(port),
    ]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_low_file_limit,
        env={**os.environ, "COLUMNS": "200"},
    )
    try:
        deadline = time.monotonic() + 120  # a guard against a hang, not a time limit
        while _status(port, timeout=2) is None:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        yield port, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=30)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _status(port: int, timeout: float = WAIT) -> int | None:
    """The status of a whole request for the list of records, or None: no answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/api/games")
        return conn.getresponse().status
    except (OSError, http.client.HTTPException):
        return None
    finally:
        conn.close()


def _half_sent(port: int) -> socket.socket | None:
    sock = socket.socket()
    sock.settimeout(5)
    try:
        sock.connect(("127.0.0.1", port))
        sock.sendall(HALF_HEAD)
    except OSError:  # refused or reset: the server made room
        sock.close()
        return None
    return sock


def _log(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        _out, err = proc.communicate()
    return err


def test_half_sent_requests_leave_the_server_answering(
    server: tuple[int, subprocess.Popen[str]],
) -> None:
    port, proc = server
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft[0] < HALF_SENT + 64:  # this test's own sockets
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft[1], 4096), soft[1]))
    held = [s for s in (_half_sent(port) for _ in range(HALF_SENT)) if s is not None]
    try:
        assert _status(port) == 200  # a whole request is answered
        assert _status(port) == 200  # and the next
    finally:
        for s in held:
            s.close()
    log = _log(proc)
    assert "Traceback" not in log and "Too many open files" not in log, log[-2000:]


def test_a_half_sent_request_is_closed_in_time(
    server: tuple[int, subprocess.Popen[str]],
) -> None:
    port, proc = server
    sock = _half_sent(port)
    assert sock is not None
    sock.settimeout(REQUEST_S + WAIT)
    try:
        got = sock.recv(1024)
    except ConnectionResetError:
        got = b""
    finally:
        sock.close()
    assert got == b""  # closed by the server, with nothing sent
    assert _status(port) == 200
    log = _log(proc)
    assert "Traceback" not in log, log[-2000:]


def test_the_connections_stay_below_the_open_files() -> None:
    for files in (64, 256, 1024, 4096, 1 << 20):
        cap = max_connections(files)
        assert 8 <= cap <= files - 32 or files < 64
    assert max_connections(FILES) < HALF_SENT


def test_a_loop_out_of_files_says_so_in_one_line(caplog: pytest.LogCaptureFixture) -> None:
    """The last resort, should the cap not hold (files opened beside the connections):
    asyncio's `accept` failing with EMFILE is one warning line, not a traceback."""
    import asyncio
    import errno
    import logging

    from adjudicator.web.server_limits import quiet_when_out_of_files

    loop = asyncio.new_event_loop()
    try:
        quiet_when_out_of_files(loop)
        failed = OSError(errno.EMFILE, "Too many open files")
        with caplog.at_level(logging.WARNING, logger="adjudicator.web"):
            loop.call_exception_handler(
                {"message": "socket.accept() out of system resource", "exception": failed}
            )
        assert [r.getMessage() for r in caplog.records] == [
            "a connection waits: Too many open files"
        ]
        assert all(r.exc_info is None for r in caplog.records)
    finally:
        loop.close()
