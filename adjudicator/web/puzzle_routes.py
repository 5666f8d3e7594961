"""The app's routes of the solo puzzles (`web/puzzles.py` answers them): the page, its
JSON, "board", "check" and "hint" (the player's markers travel in each request), the list
and a new puzzle.

Who may solve one: a solo puzzle holds no one's secret, but off loopback a device the
host has not let in sees nothing (README: seats). The host's screen may, and any phone
seated at a game here; and any phone the host hands the puzzle to: the host's puzzle page
shows its phone link (a QR code) with the puzzle's key (`SeatKeys.puzzle_key`), which
opens that puzzle only, from a camera's scan as from a tap. The page keeps the key in a
cookie of its own for the page's requests. Making a puzzle writes a file: the host only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from adjudicator.web import puzzles
from adjudicator.web.json_api import Endpoint, HttpError, guarded, json_body
from adjudicator.web.qr import qr_svg
from adjudicator.web.seats import SeatKeys

__all__ = ["NO_PUZZLE_KEY", "puzzle_cookie", "routes"]

#: What a device the host has not let in is told, page or API.
NO_PUZZLE_KEY = (
    "this device may not open this puzzle: open its link on the host's puzzle page (scan "
    "its QR code)"
)

#: The page of a view: `(request, template, view, extra)` -> the page (app.py's view_page).
ViewPage = Callable[..., Awaitable[Response]]


def puzzle_cookie(name: str) -> str:
    """The cookie that keeps a phone's key of the puzzle `name` (one per puzzle)."""
    return f"puzzle.{quote(name, safe='')}"


def routes(
    puzzle_dir: puzzles.PuzzleDir,
    keys: SeatKeys | None,
    address: str | None,
    is_host: Callable[[Request], bool],
    has_any_seat: Callable[[Request], bool],
    view_page: ViewPage,
    refused: Callable[[Request, str], Response],
) -> list[Route]:
    """The puzzle routes over `puzzle_dir`; `refused(request, message)` is the error page
    a device that may not see a puzzle gets."""

    def key_of(request: Request, name: str) -> str | None:
        return (
            request.query_params.get("key")
            or request.headers.get("x-puzzle")
            or request.cookies.get(puzzle_cookie(name))
        )

    def may_solve(request: Request, name: str | None = None) -> bool:
        if keys is None or is_host(request) or has_any_seat(request):
            return True
        return name is not None and keys.opens_puzzle(name, key_of(request, name))

    def guard(request: Request) -> None:
        if not may_solve(request, request.path_params.get("name")):
            raise HttpError(403, NO_PUZZLE_KEY)

    def phone_link(request: Request) -> Callable[[dict[str, Any]], dict[str, Any]]:
        """The host's puzzle page shows the link (and QR code) that opens it on a phone."""

        def link(data: dict[str, Any]) -> dict[str, Any]:
            if keys is None or not is_host(request):
                return {}
            base = address or str(request.base_url).rstrip("/")
            name = data["name"]
            url = f"{base}/p/{quote(name, safe='')}?key={keys.puzzle_key(name)}"
            return {"phone_link": {"url": url, "qr": qr_svg(url, f"{name} on a phone")}}

        return link

    async def page(request: Request) -> Response:
        name = request.path_params["name"]
        if not may_solve(request, name):
            return refused(request, NO_PUZZLE_KEY)
        view = partial(puzzles.puzzle_view, puzzle_dir)
        response = await view_page(request, "puzzle.html", view, phone_link(request))
        given = request.query_params.get("key")
        if keys is not None and keys.opens_puzzle(name, given):
            # the page's own requests carry it from now on (same site: a strict cookie)
            cookie = puzzle_cookie(name)
            response.set_cookie(cookie, str(given), httponly=True, samesite="strict")
        return response

    @guarded
    async def listed(request: Request) -> Response:
        if not may_solve(request):
            raise HttpError(403, NO_PUZZLE_KEY)
        return JSONResponse({"puzzles": puzzle_dir.names()})

    @guarded
    async def new(request: Request) -> Response:
        if not is_host(request):
            raise HttpError(403, "only the host's screen (the link `serve` printed) may do that")
        form = await json_body(request)
        name = await run_in_threadpool(puzzles.new_puzzle, puzzle_dir, form, puzzles.editions())
        return JSONResponse({"puzzle": name, "url": f"/p/{name}"}, status_code=201)

    @guarded
    async def as_json(request: Request) -> Response:
        guard(request)
        data = await run_in_threadpool(puzzles.puzzle_view, puzzle_dir, request.path_params["name"])
        return JSONResponse(data)

    def call(fn: Callable[[puzzles.PuzzleDir, str, dict[str, Any]], Any]) -> Endpoint:
        @guarded
        async def endpoint(request: Request) -> Response:
            guard(request)
            form = await json_body(request)  # read-only: no token needed
            data = await run_in_threadpool(fn, puzzle_dir, request.path_params["name"], form)
            return JSONResponse(data)

        return endpoint

    return [
        Route("/p/{name}", page),
        Route("/api/puzzles", listed, methods=["GET"]),
        Route("/api/puzzles", new, methods=["POST"]),
        Route("/api/p/{name}", as_json),
        Route("/api/p/{name}/board", call(puzzles.board_view), methods=["POST"]),
        Route("/api/p/{name}/check", call(puzzles.check_marks), methods=["POST"]),
        Route("/api/p/{name}/hint", call(puzzles.hint_view), methods=["POST"]),
    ]
