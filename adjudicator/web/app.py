"""The Starlette app of `adjudicator serve`: server-rendered pages (Jinja2) and a small JSON
API the page's script calls. It reads and calls the engine only through `web/games.py`.

Safe by default: the command binds to loopback; on any other address a token (printed
once, in the URL) is needed by every request that changes a game. Record names stay
inside the records directory (`web/records.py`); request bodies are limited; a bad
request gets the command line's one-line error, never a traceback.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from functools import partial, wraps
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from adjudicator.core.errors import AdjudicatorError, InputError
from adjudicator.core.limits import MAX_INT_DIGITS, whole_number
from adjudicator.core.safe_parse import parse_json
from adjudicator.web import events, games, puzzles
from adjudicator.web.records import RecordDir

__all__ = ["LOOPBACK_HOSTS", "MAX_BODY", "SECURITY_HEADERS", "TOKEN_COOKIE", "create_app"]

HERE = Path(__file__).parent
MAX_BODY = 16 * 1024  # a move or a new game's form is a few hundred bytes
TOKEN_COOKIE = "adjudicator_token"
#: The names a loopback server answers to. Any other Host header is refused, so a web page
#: that rebinds its own name to 127.0.0.1 cannot reach the tokenless server (DNS rebinding).
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")

log = logging.getLogger("adjudicator.web")

Endpoint = Callable[[Request], Awaitable[Response]]


class HttpError(Exception):
    """A request the app refuses before the engine sees it (size, type, token)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _error(status: int, message: str, code: str = "error") -> JSONResponse:
    # One line, as the command line prints it: never a traceback.
    return JSONResponse(
        {"error": message.splitlines()[0] if message else code, "code": code}, status_code=status
    )


def _guarded(fn: Endpoint) -> Endpoint:
    """Turn every failure of an API call into a one-line JSON error."""

    @wraps(fn)
    async def wrapper(request: Request) -> Response:
        try:
            return await fn(request)
        except HttpError as exc:
            return _error(exc.status, str(exc), "request")
        except AdjudicatorError as exc:
            return _error(400, str(exc), exc.code)
        except Exception as exc:  # the page shows one line; the log keeps one line too
            log.error("internal error on %s: %s: %s", request.url.path, type(exc).__name__, exc)
            return _error(
                500, f"internal error ({type(exc).__name__}); nothing was written", "internal"
            )

    return wrapper


async def _json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, at most MAX_BODY bytes. Only `application/json` is taken:
    a plain form posted by another web site cannot change a game behind the players' back."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise HttpError(415, "send the request as application/json")
    declared = request.headers.get("content-length")
    # ASCII digits, and few: int() refuses 4,300 of them, and "³" is a digit to isdigit().
    sized = declared is not None and declared.isascii() and declared.isdigit()
    if declared is not None and (not sized or len(declared) > 12 or int(declared) > MAX_BODY):
        raise HttpError(413, f"request body over {MAX_BODY} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise HttpError(413, f"request body over {MAX_BODY} bytes")
    try:
        text = body.decode("utf-8") if body else "{}"
    except UnicodeDecodeError:
        raise HttpError(400, "the request body is not JSON") from None
    # The files' own limits (core/limits.py): nesting, integers, strings, one line an error.
    try:
        return parse_json(text, "the request body")
    except InputError as exc:
        raise HttpError(400, str(exc)) from None


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
                response = _error(400, f"{host or 'no host'}: {what}", "request")
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


def create_app(
    root: Path,
    token: str | None = None,
    default: str | None = None,
    hosts: tuple[str, ...] | None = None,
) -> Starlette:
    """The app over the records in `root`. `token`: required by every change when set.
    `default`: the record the front page opens. `hosts`: the Host names it answers to
    (default: the loopback names, or, with a token and no names given, any)."""
    records = RecordDir(root)
    hub = events.Hub()  # the live pages' wake-ups: `changed` after every write
    puzzle_dir = puzzles.PuzzleDir(root)
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    def check_token(request: Request) -> None:
        if token is None:
            return
        given = (
            request.headers.get("x-token")
            or request.cookies.get(TOKEN_COOKIE)
            or request.query_params.get("token")
            or ""
        )
        if not secrets.compare_digest(given.encode(), token.encode()):
            raise HttpError(403, "this server needs the token of its URL to change a game")

    def check_view(request: Request) -> None:
        """The one check of who may see a record's view and its live updates: today, all."""

    def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
        response = templates.TemplateResponse(
            request, name, {"needs_token": token is not None, **context}, status_code=status
        )
        given = request.query_params.get("token")
        if (
            token is not None
            and given is not None
            and secrets.compare_digest(given.encode(), token.encode())
        ):  # the URL printed once: this device may change games from now on
            response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="strict")
        return response

    async def index(request: Request) -> Response:
        if default is not None and "list" not in request.query_params:
            query = f"?{request.url.query}" if request.url.query else ""
            return RedirectResponse(f"/g/{default}{query}", status_code=303)
        return page(
            request,
            "index.html",
            {
                "records": records.names(),
                "editions": games.EDITIONS,
                "puzzle_editions": puzzles.EDITIONS,
                "puzzles": puzzle_dir.names(),
            },
        )

    async def view_page(
        request: Request,
        template: str | Callable[[dict[str, Any]], str],
        view: Callable[[str], dict[str, Any]],
        drawn: tuple[str, ...] = (),
    ) -> Response:
        """A page drawn from its view (a game's or a puzzle's), which the page's script
        also reads as JSON; a name that opens nothing is the error page. `template`: the
        page's, or how the view names it (each game has its own). `drawn`: the fields the
        template draws, left out of the JSON (the script reads them from the page)."""
        try:
            data = await run_in_threadpool(view, request.path_params["name"])
        except AdjudicatorError as exc:
            return page(request, "error.html", {"message": str(exc)}, status=404)
        if not isinstance(template, str):
            template = template(data)
        shown = {k: v for k, v in data.items() if k not in drawn}
        payload = json.dumps(shown).replace("</", "<\\/")  # in <script>, "</" would end it
        return page(request, template, {"view": data, "view_json": payload})

    async def game_page(request: Request) -> Response:
        return await view_page(
            request, games.template, partial(games.game_view, records), drawn=("svg",)
        )

    @_guarded
    async def record_file(request: Request) -> Response:
        name = request.path_params["name"]
        text = await run_in_threadpool(records.read, name)
        return Response(
            text,
            media_type="text/plain; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    @_guarded
    async def svg_file(request: Request) -> Response:
        name = request.path_params["name"]
        svg = await run_in_threadpool(games.svg_of, records, name)
        stem = name.removesuffix(".game")
        return Response(
            svg,
            media_type="image/svg+xml",
            headers={"content-disposition": f'attachment; filename="{stem}.svg"'},
        )

    @_guarded
    async def list_games(request: Request) -> Response:
        return JSONResponse({"records": records.names()})

    @_guarded
    async def new_game(request: Request) -> Response:
        check_token(request)
        form = await _json_body(request)
        name = await run_in_threadpool(games.create, records, form)
        hub.changed(name)
        return JSONResponse({"record": name, "url": f"/g/{name}"}, status_code=201)

    @_guarded
    async def view(request: Request) -> Response:
        check_view(request)
        data = await run_in_threadpool(games.game_view, records, request.path_params["name"])
        return JSONResponse(data)

    @_guarded
    async def live(request: Request) -> Response:
        check_view(request)  # what `view` shows, as it changes (`web/events.py`)
        return await events.live(request, hub, records, games.game_view)

    @_guarded
    async def version(request: Request) -> Response:
        # Polled by every open page: one read and a hash, no engine.
        from adjudicator.web.records import version_of

        text = await run_in_threadpool(records.read, request.path_params["name"])
        return JSONResponse({"version": version_of(text)})

    @_guarded
    async def moves(request: Request) -> Response:
        data = await run_in_threadpool(games.legal_moves, records, request.path_params["name"])
        return JSONResponse(data)

    @_guarded
    async def hand(request: Request) -> Response:
        p = request.path_params
        data = await run_in_threadpool(games.hand, records, p["name"], p["player"])
        return JSONResponse(data)

    def move_text(form: dict[str, Any]) -> str:
        text = form.get("move")
        if not isinstance(text, str) or not text.strip():
            raise HttpError(400, "write the move, e.g. 'ann: 23 as hotel'")
        return text  # one line of printable text: `games` refuses any other (move_line)

    def base_of(form: dict[str, Any]) -> str | None:
        base = form.get("base")
        return base if isinstance(base, str) else None

    @_guarded
    async def preview(request: Request) -> Response:
        form = await _json_body(request)
        data = await run_in_threadpool(
            games.preview, records, request.path_params["name"], move_text(form)
        )
        return JSONResponse(data)

    @_guarded
    async def commit(request: Request) -> Response:
        check_token(request)
        form = await _json_body(request)
        data = await run_in_threadpool(
            games.commit, records, request.path_params["name"], move_text(form), base_of(form)
        )
        status = 200 if data["legal"] else (409 if data.get("stale") else 422)
        if data["legal"]:
            hub.changed(request.path_params["name"])
        return JSONResponse(data, status_code=status)

    @_guarded
    async def undo(request: Request) -> Response:
        check_token(request)
        form = await _json_body(request)
        data = await run_in_threadpool(
            games.undo, records, request.path_params["name"], base_of(form)
        )
        hub.changed(request.path_params["name"])
        return JSONResponse(data)

    @_guarded
    async def hint(request: Request) -> Response:
        top = whole_number(request.query_params.get("top", "5"), 2)
        if top is None or not 1 <= top <= 50:
            raise HttpError(400, "top: a number from 1 to 50")
        data = await run_in_threadpool(games.hint_view, records, request.path_params["name"], top)
        return JSONResponse(data)

    @_guarded
    async def timeline(request: Request) -> Response:
        data = await run_in_threadpool(games.timeline, records, request.path_params["name"])
        return JSONResponse(data)

    @_guarded
    async def step(request: Request) -> Response:
        p = request.path_params
        # read here, not by Starlette's `int` convertor: 4,301 digits were a 500 there
        n = whole_number(p["step"], MAX_INT_DIGITS)
        if n is None:
            raise HttpError(400, "step: a whole number")
        data = await run_in_threadpool(games.step_view, records, p["name"], n)
        return JSONResponse(data)

    # ----- solo puzzles (`web/puzzles.py`): the player's markers travel in each request

    async def puzzle_page(request: Request) -> Response:
        return await view_page(request, "puzzle.html", partial(puzzles.puzzle_view, puzzle_dir))

    @_guarded
    async def list_puzzles(request: Request) -> Response:
        return JSONResponse({"puzzles": puzzle_dir.names()})

    @_guarded
    async def new_puzzle(request: Request) -> Response:
        check_token(request)
        form = await _json_body(request)
        name = await run_in_threadpool(puzzles.new_puzzle, puzzle_dir, form, puzzles.EDITIONS)
        return JSONResponse({"puzzle": name, "url": f"/p/{name}"}, status_code=201)

    @_guarded
    async def puzzle_json(request: Request) -> Response:
        data = await run_in_threadpool(puzzles.puzzle_view, puzzle_dir, request.path_params["name"])
        return JSONResponse(data)

    def puzzle_call(fn: Callable[[puzzles.PuzzleDir, str, dict[str, Any]], Any]) -> Endpoint:
        @_guarded
        async def endpoint(request: Request) -> Response:
            form = await _json_body(request)  # read-only: no token needed
            data = await run_in_threadpool(fn, puzzle_dir, request.path_params["name"], form)
            return JSONResponse(data)

        return endpoint

    routes = [
        Route("/", index),
        Route("/g/{name}", game_page),
        Route("/g/{name}/record", record_file),
        Route("/g/{name}/board.svg", svg_file),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/g/{name}", view),
        Route("/api/g/{name}/version", version),
        Route("/api/g/{name}/events", live),
        Route("/api/g/{name}/hand/{player}", hand),
        Route("/api/g/{name}/moves", moves),
        Route("/api/g/{name}/preview", preview, methods=["POST"]),
        Route("/api/g/{name}/move", commit, methods=["POST"]),
        Route("/api/g/{name}/undo", undo, methods=["POST"]),
        Route("/api/g/{name}/hint", hint),
        Route("/api/g/{name}/replay", timeline),
        Route("/api/g/{name}/step/{step}", step),
        Route("/p/{name}", puzzle_page),
        Route("/api/puzzles", list_puzzles, methods=["GET"]),
        Route("/api/puzzles", new_puzzle, methods=["POST"]),
        Route("/api/p/{name}", puzzle_json),
        Route("/api/p/{name}/board", puzzle_call(puzzles.board_view), methods=["POST"]),
        Route("/api/p/{name}/check", puzzle_call(puzzles.check_marks), methods=["POST"]),
        Route("/api/p/{name}/hint", puzzle_call(puzzles.hint_view), methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    # The token guards every change off loopback; the Host header guards every request.
    known = hosts if hosts is not None else (None if token is not None else LOOPBACK_HOSTS)
    # gzip leaves the event stream alone (Starlette excludes text/event-stream)
    guard = [Middleware(SecurityHeaders), Middleware(GZipMiddleware, minimum_size=1024)]
    if known is not None:
        guard.append(Middleware(KnownHostsOnly, hosts=known))
    app = Starlette(routes=routes, middleware=guard)
    app.state.hub = hub  # `serve` ends the streams when it shuts down (`events.Server`)
    return app
