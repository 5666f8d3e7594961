"""`adjudicator serve`: the table companion in the browser, on the same game records.

Starlette, uvicorn and the engine are imported inside the command, so the command line
starts as fast as before (tests/test_startup.py).
"""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.output import N_, console, handle_errors
from adjudicator.core.errors import InputError

__all__ = ["is_loopback", "register", "server_names", "shown_host"]


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach `host` (then no token is needed)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server_names(host: str, shown: str) -> tuple[str, ...]:
    """The Host names the server answers to: the loopback names, and off loopback the
    address it listens on and prints, and this machine's name (`pi`, `pi.local`)."""
    from adjudicator.web.app import LOOPBACK_HOSTS

    if is_loopback(host):
        return LOOPBACK_HOSTS
    machine = socket.gethostname().lower()
    named = (host, shown, f"[{shown}]" if ":" in shown else shown, machine, f"{machine}.local")
    return (*LOOPBACK_HOSTS, *dict.fromkeys(n for n in named if n not in ("0.0.0.0", "::", "")))


def shown_host(host: str) -> str:
    """The address other devices type: for a wildcard (0.0.0.0, ::), this machine's
    address on its network, found by the route a datagram would take (none is sent)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed, never reached
            return str(probe.getsockname()[0])
    except OSError:
        return host


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, or one line saying why there cannot be one."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise InputError(f"--host {host}", "", f"not an address here ({exc.strerror})") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise InputError(
            f"--port {port}", "", f"cannot listen on {host}:{port} ({exc.strerror})"
        ) from None
    return sock


def register(main: typer.Typer) -> None:
    @main.command(
        help=N_(
            "Serve the table companion in the browser: the board, the hands, moves with "
            "their ruling before they are committed, STOP claims, the hint, undo and the "
            "timeline, on a game record (or a directory of them); in a directory, also the "
            "solo puzzles (*.puzzle.toml) to solve by tapping, and new ones."
        )
    )
    @handle_errors
    def serve(
        target: Annotated[
            Path,
            typer.Argument(
                metavar="RECORD|DIR",
                help=N_(
                    "A game record, or a directory of *.game records and *.puzzle.toml puzzles."
                ),
            ),
        ] = Path("."),
        host: Annotated[
            str, typer.Option("--host", help=N_("Address to listen on; loopback unless you say."))
        ] = "127.0.0.1",
        port: Annotated[
            int, typer.Option("--port", min=1, max=65535, help=N_("Port to listen on."))
        ] = 8000,
        seats: Annotated[
            bool | None,
            typer.Option(
                "--seats/--pass-and-play",
                help=N_(
                    "Seats: the host's screen shows the public table and each phone "
                    "joins as one player by its seat link (the default off loopback). "
                    "Pass-and-play: one screen on loopback, every hand opened there "
                    "(the default on loopback)."
                ),
            ),
        ] = None,
    ) -> None:
        """Serve the table companion in the browser."""
        import secrets

        from adjudicator.web import events, server_limits
        from adjudicator.web.app import create_app
        from adjudicator.web.records import RecordDir

        default: str | None = None
        if target.is_dir():
            root = target
        elif target.is_file() and target.suffix == ".game":
            root, default = target.parent, target.name
            RecordDir(root).path(default)  # a name the app can open, or one line now
        elif target.exists():
            raise InputError(str(target), "", "not a game record (*.game) or a directory")
        else:
            raise InputError(str(target), "", "no such file or directory")
        # The socket first: a port in use or a wrong address is one line, before any URL.
        listening = _listen(host, port)
        # Off loopback, anyone on the network could reach the server: only the host's
        # link (its token, shown once here) and the seat links made from it see a game.
        if seats is False and not is_loopback(host):
            raise InputError(
                "--pass-and-play",
                "",
                "only on loopback: anyone on the network would see every hand",
            )
        token = secrets.token_urlsafe(16) if (seats or not is_loopback(host)) else None
        where = shown_host(host)
        shown = f"[{where}]" if ":" in where else where
        address = f"http://{shown}:{port}"
        app = create_app(
            root, token=token, default=default, hosts=server_names(host, where), address=address
        )
        url = f"{address}/" + (f"?token={token}" if token else "")
        console.print(f"Serving {target} at {url}", highlight=False, soft_wrap=True)
        if token:
            console.print(
                "That is the host's link (keep it for the screen beside the board): it shows "
                "each player's seat link and QR code. Ctrl+C stops.",
                highlight=False,
            )
        else:
            console.print(
                "Pass-and-play: one screen for the table, every hand opened there. Ctrl+C stops.",
                highlight=False,
            )
        # half-sent requests time out, and the connections stay below the open files
        limits = server_limits.config(server_limits.raise_open_files())
        server = events.server(app, log_level="warning", **limits)
        server.run(sockets=[listening])
