"""The middleware every request of `adjudicator serve` passes: the Host header checked
against the names the server was started under, the security headers on every
response, and the page's language for what the server writes (`web/i18n.py`)."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from adjudicator.web.i18n import PageLanguage

__all__ = ["LOOPBACK_HOSTS", "SECURITY_HEADERS", "KnownHostsOnly", "SecurityHeaders", "guards"]

#: The names a loopback server answers to. Any other Host header is refused, so a web page
#: that rebinds its own name to 127.0.0.1 cannot reach the tokenless server (DNS rebinding).
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")


class KnownHostsOnly:
    """Refuse a request whose Host header is not one of the names this server was started
    under (loopback names, and off loopback the address it printed): a web page that
    rebinds its own name to this machine's address cannot reach the server (DNS
    rebinding), whatever it listens on."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...]) -> None:
        self.app = app
        self.hosts = {h.lower() for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = Headers(scope=scope).get("host", "")
            name = host if host.endswith("]") else host.rsplit(":", 1)[0]
            if name.lower() not in self.hosts:
                what = (
                    "not a loopback name"
                    if self.hosts <= set(LOOPBACK_HOSTS)
                    else "not a name of this server"
                )
                response = JSONResponse(
                    {"error": f"{host or 'no host'}: {what}", "code": "request"}, status_code=400
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


#: Every response's security headers: scripts and styles from this server only (a page's
#: JSON rides in a `type="application/json"` block, which is never run; the SVG boards
#: carry style attributes), never inside another site's frame, no sniffing, no referrer.
SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)


class SecurityHeaders:
    """Add `SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def guards(hosts: tuple[str, ...] | None) -> list[Middleware]:
    """Every request's middleware, the outermost first: the security headers, the page's
    language (a context of its own per request), gzip (which leaves the live pages'
    event streams alone), and with `hosts` the Host check."""
    guard = [
        Middleware(SecurityHeaders),
        Middleware(PageLanguage),
        Middleware(GZipMiddleware, minimum_size=1024),
    ]
    if hosts is not None:
        guard.append(Middleware(KnownHostsOnly, hosts=hosts))
    return guard
