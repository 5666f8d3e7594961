"""The Starlette app of `adjudicator serve`: server-rendered pages (Jinja2) and a small JSON
API the page's script calls. It reads and calls the engine only through `web/games.py`.

Safe by default: the command binds to loopback, where one shared screen is passed round
the table. On any other address the host's token (printed once, in the host's link) makes
that device the host, and each player's seat link (`web/seats.py`, shown as QR codes on the
host's screen) makes a phone that player's seat; a device with neither sees nothing, and
no device is sent what its player could not see at the real table. Record names stay
inside the records directory (`web/records.py`); request bodies are limited; a bad
request gets the command line's one-line error, never a traceback.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from adjudicator.core.errors import AdjudicatorError
from adjudicator.core.i18n import translated
from adjudicator.core.limits import MAX_INT_DIGITS, whole_number
from adjudicator.web import events, games, i18n, puzzle_routes, puzzles, rematch, seats, versions
from adjudicator.web.json_api import MAX_BODY, Endpoint, HttpError, JSONResponse, guarded, json_body
from adjudicator.web.middleware import LOOPBACK_HOSTS, SECURITY_HEADERS, guards
from adjudicator.web.qr import qr_svg
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import EVERYONE, SeatKeys, Viewer, record_of_cookie, seat_cookie

__all__ = ["LOOPBACK_HOSTS", "MAX_BODY", "SECURITY_HEADERS", "TOKEN_COOKIE", "create_app"]

HERE = Path(__file__).parent
TOKEN_COOKIE = "adjudicator_token"


def create_app(
    root: Path,
    token: str | None = None,
    default: str | None = None,
    hosts: tuple[str, ...] | None = None,
    address: str | None = None,
) -> Starlette:
    """The app over the records in `root`. `token`: the host's, which turns seats on
    (none: pass-and-play, for loopback). `default`: the record the front page opens.
    `hosts`: the Host names it answers to (default: the loopback names, or, with a token
    and no names given, any). `address`: the URL other devices open (`http://pi:8000`),
    for the seat links; default: the one the host's browser used."""
    records = RecordDir(root, versions.versions_key(token))
    hub = events.Hub()  # the live pages' wake-ups: `changed` after every write
    puzzle_dir = puzzles.PuzzleDir(root)
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.add_extension("jinja2.ext.i18n")
    keys = None if token is None else SeatKeys(token)

    def is_host(request: Request) -> bool:
        if token is None:
            return True
        given = (
            request.headers.get("x-token")
            or request.cookies.get(TOKEN_COOKIE)
            or request.query_params.get("token")
            or ""
        )
        return secrets.compare_digest(given.encode(), token.encode())

    def seat_key(request: Request, name: str) -> str | None:
        given = request.query_params.get("seat")
        if given is not None:
            return None if given == "none" else given
        return request.headers.get("x-seat") or request.cookies.get(seat_cookie(name))

    def viewer_of(request: Request, name: str | None = None) -> Viewer:
        """Who asks, for the record `name` (no name: the index, the puzzles)."""
        if keys is None:
            return EVERYONE
        host = is_host(request)
        seat = None if name is None else keys.player_of(name, seat_key(request, name))
        return Viewer(host=host, seat=seat)

    def at_table(request: Request) -> Viewer:
        """The viewer of the request's record, who must have a seat there or be the host."""
        who = viewer_of(request, request.path_params["name"])
        if not who.known:
            raise HttpError(403, seats.NO_SEAT)
        return who

    def need_host(request: Request) -> None:
        if not is_host(request):
            raise HttpError(403, "only the host's screen (the link `serve` printed) may do that")

    def has_any_seat(request: Request) -> bool:
        assert keys is not None
        for cookie, value in request.cookies.items():
            record = record_of_cookie(cookie)
            if record is not None and keys.player_of(record, value) is not None:
                return True
        return False

    def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
        lang, chosen = i18n.page_language(request)
        response = templates.TemplateResponse(
            request,
            name,
            {"needs_token": token is not None, **i18n.context(request, lang), **context},
            status_code=status,
        )
        if chosen:
            i18n.remember(response, lang)
        given = request.query_params.get("token")
        if (
            token is not None
            and given is not None
            and secrets.compare_digest(given.encode(), token.encode())
        ):  # the host's link, printed once: this device is the host from now on
            response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="strict")
        record = request.path_params.get("name")
        seat = request.query_params.get("seat")
        if keys is not None and record and seat is not None:
            if seat == "none":  # the host's screen leaving a seat it sat in
                response.delete_cookie(seat_cookie(record))
            elif keys.player_of(record, seat) is not None:
                response.set_cookie(seat_cookie(record), seat, httponly=True, samesite="strict")
        return response

    def refused_page(request: Request, message: str) -> Response:
        return page(request, "error.html", {"message": message}, status=403)

    def nothing_here(request: Request) -> Response:
        return refused_page(request, seats.NO_SEAT)

    async def index(request: Request) -> Response:
        if default is not None and "list" not in request.query_params:
            query = f"?{request.url.query}" if request.url.query else ""
            return RedirectResponse(f"/g/{default}{query}", status_code=303)
        if not is_host(request):
            return nothing_here(request)
        return page(
            request,
            "index.html",
            {
                "records": records.names(),
                "editions": games.new_game_editions(),
                "puzzle_editions": puzzles.editions(),
                "puzzles": puzzle_dir.names(),
            },
        )

    async def view_page(
        request: Request,
        template: str | Callable[[dict[str, Any]], str],
        view: Callable[[str], dict[str, Any]],
        extra: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
        drawn: tuple[str, ...] = (),
    ) -> Response:
        """A page drawn from its view (a game's or a puzzle's), which the page's script
        also reads as JSON; a name that opens nothing is the error page. `template`: the
        page's, or how the view names it (each game has its own). `drawn`: the fields the
        template draws, left out of the JSON (the script reads them from the page)."""
        try:
            data = translated(await run_in_threadpool(view, request.path_params["name"]))
        except AdjudicatorError as exc:
            return page(request, "error.html", {"message": str(exc)}, status=404)
        if not isinstance(template, str):
            template = template(data)
        shown = {k: v for k, v in data.items() if k not in drawn}
        payload = json.dumps(shown).replace("</", "<\\/")  # in <script>, "</" would end it
        more = {} if extra is None else await run_in_threadpool(extra, data)
        return page(request, template, {"view": data, "view_json": payload, **more})

    def seat_links(request: Request, who: Viewer) -> Callable[[dict[str, Any]], dict[str, Any]]:
        """The host's screen lists every player's seat link, with its QR code."""

        def links(data: dict[str, Any]) -> dict[str, Any]:
            if keys is None or not who.host:
                return {}
            base = address or str(request.base_url).rstrip("/")
            name = data["name"]
            listed = []
            for player in games.players(records, name):
                url = keys.link(base, name, player)
                listed.append({"player": player, "url": url, "qr": qr_svg(url, f"{player}'s seat")})
            return {"seat_links": listed, "sitting": who.seat}

        return links

    async def game_page(request: Request) -> Response:
        who = viewer_of(request, request.path_params["name"])
        if not who.known:
            return nothing_here(request)
        return await view_page(
            request,
            games.template,
            partial(games.game_view, records, viewer=who, lang=i18n.page_language(request)[0]),
            seat_links(request, who),
            drawn=("svg",),
        )

    def download(body: str, media_type: str, file_name: str) -> Response:
        """A file the browser saves under `file_name` rather than shows."""
        headers = {"content-disposition": f'attachment; filename="{file_name}"'}
        return Response(body, media_type=media_type, headers=headers)

    @guarded
    async def record_file(request: Request) -> Response:
        need_host(request)  # the record holds the seed, and with it every hand and pile
        name = request.path_params["name"]
        text = await run_in_threadpool(records.read, name)
        return download(text, "text/plain; charset=utf-8", name)

    @guarded
    async def svg_file(request: Request) -> Response:
        at_table(request)
        name = request.path_params["name"]
        svg = await run_in_threadpool(games.svg_of, records, name)
        return download(svg, "image/svg+xml", f"{name.removesuffix('.game')}.svg")

    @guarded
    async def list_games(request: Request) -> Response:
        need_host(request)
        return JSONResponse({"records": records.names()})

    @guarded
    async def new_game(request: Request) -> Response:
        need_host(request)
        form = await json_body(request)
        name = await run_in_threadpool(games.create, records, form)
        hub.changed(name)
        return JSONResponse({"record": name, "url": f"/g/{name}"}, status_code=201)

    @guarded
    async def view(request: Request) -> Response:
        who, name = at_table(request), request.path_params["name"]
        lang = i18n.page_language(request)[0]
        data = await run_in_threadpool(games.game_view, records, name, who, None, lang)
        return JSONResponse(data)

    @guarded
    async def live(request: Request) -> Response:
        who = at_table(request)  # what `view` shows this device, as it changes (`web/events.py`)
        lang = i18n.page_language(request)[0]
        view = partial(games.live_view, viewer=who, lang=lang)
        # an update is shared by the devices that see it alike: the same seat and language
        return await events.live(request, hub, records, view, scope=f"{who!r} {lang}")

    @guarded
    async def version(request: Request) -> Response:
        # Polled by every open page: one read and a hash (the parse is kept by the text)
        who = at_table(request)
        data = await run_in_threadpool(versions.version, records, request.path_params["name"], who)
        return JSONResponse({"version": data})

    @guarded
    async def moves(request: Request) -> Response:
        who = at_table(request)
        name = request.path_params["name"]
        start = whole_number(request.query_params.get("from", "0"), 9)
        if start is None:
            raise HttpError(400, "from: the number of moves already listed, a whole number")
        counted = request.query_params.get("count", "0") == "1"
        data = await run_in_threadpool(games.legal_moves, records, name, who, start, counted)
        return JSONResponse(data)

    @guarded
    async def hand(request: Request) -> Response:
        p, who, lang = request.path_params, at_table(request), i18n.page_language(request)[0]
        data = await run_in_threadpool(games.hand, records, p["name"], p["player"], who, lang)
        return JSONResponse(data)

    def move_text(form: dict[str, Any]) -> str:
        text = form.get("move")
        if not isinstance(text, str) or not text.strip():
            raise HttpError(400, "write the move, e.g. 'ann: 23 as hotel'")
        return text  # one line of printable text: `games` refuses any other (move_line)

    def base_of(form: dict[str, Any]) -> str | None:
        base = form.get("base")
        return base if isinstance(base, str) else None

    # `web.games` is read at each request: a stand-in for one of its functions answers

    def seat_call(fn: str) -> Endpoint:
        """What the record answers a seat: `games.<fn>(records, name, who)`."""

        @guarded
        async def endpoint(request: Request) -> Response:
            who = at_table(request)
            answer = getattr(games, fn)
            data = await run_in_threadpool(answer, records, request.path_params["name"], who)
            return JSONResponse(data)

        return endpoint

    def move_call(fn: str) -> Endpoint:
        """What the record answers a seat of a move it sends (`move_text`), changing nothing:
        `games.<fn>(records, name, move, who)`."""

        @guarded
        async def endpoint(request: Request) -> Response:
            who = at_table(request)
            form = await json_body(request)
            answer = getattr(games, fn)
            data = await run_in_threadpool(
                answer, records, request.path_params["name"], move_text(form), who
            )
            return JSONResponse(data)

        return endpoint

    @guarded
    async def commit(request: Request) -> Response:
        who = at_table(request)
        form = await json_body(request)
        name = request.path_params["name"]
        data = await run_in_threadpool(
            games.commit, records, name, move_text(form), base_of(form), who
        )
        status = 200 if data["legal"] else (409 if data.get("stale") else 422)
        if data["legal"]:
            hub.changed(request.path_params["name"])
        return JSONResponse(data, status_code=status)

    @guarded
    async def undo(request: Request) -> Response:
        who = at_table(request)
        form = await json_body(request)
        data, stamp = await run_in_threadpool(
            games.undo, records, request.path_params["name"], base_of(form), who
        )
        # each page's update of the record now says who took the move back
        hub.changed(request.path_params["name"], {"stamp": stamp, "taken_back_by": data["by"]})
        return JSONResponse(data)

    @guarded
    async def hint(request: Request) -> Response:
        top = whole_number(request.query_params.get("top", "5"), 2)
        if top is None or not 1 <= top <= 50:
            raise HttpError(400, "top: a number from 1 to 50")
        coach = request.query_params.get("coach", "0")
        if coach not in ("0", "1"):
            raise HttpError(400, "coach: 0 or 1")
        who = at_table(request)
        data = await run_in_threadpool(
            games.hint_view, records, request.path_params["name"], who, top, coach == "1"
        )
        return JSONResponse(data)

    @guarded
    async def step(request: Request) -> Response:
        p = request.path_params
        at_table(request)
        # read here, not by Starlette's `int` convertor: 4,301 digits were a 500 there
        n = whole_number(p["step"], MAX_INT_DIGITS)
        if n is None:
            raise HttpError(400, "step: a whole number")
        data = await run_in_threadpool(games.step_view, records, p["name"], n)
        return JSONResponse(data)

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
        Route("/api/g/{name}/preview", move_call("preview"), methods=["POST"]),
        Route("/api/g/{name}/move", commit, methods=["POST"]),
        Route("/api/g/{name}/reveal", move_call("reveal"), methods=["POST"]),
        Route("/api/g/{name}/undo", undo, methods=["POST"]),
        Route("/api/g/{name}/hint", hint),
        *rematch.routes(records, hub, at_table, viewer_of, keys, nothing_here),
        Route("/api/g/{name}/replay", seat_call("timeline")),
        Route("/api/g/{name}/step/{step}", step),
        # the solo puzzles: the player's markers travel in each request
        *puzzle_routes.routes(
            puzzle_dir, keys, address, is_host, has_any_seat, view_page, refused_page
        ),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    # The token guards every change off loopback; the Host header guards every request.
    known = hosts if hosts is not None else (None if token is not None else LOOPBACK_HOSTS)
    app = Starlette(routes=routes, middleware=guards(known))
    app.state.hub = hub  # `serve` ends the streams when it shuts down (`events.Server`)
    app.state.root = records.root  # the bench puts its record back as the referee would
    app.state.records = records  # with what its players have seen (`face_down.Choices`)
    return app
