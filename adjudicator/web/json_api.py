"""The app's JSON calls: a request body read within its limits, and every failure answered
as one line of JSON (`{"error": ..., "code": ...}`), as the command line prints it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse as StarletteJSON
from starlette.responses import Response

from adjudicator.core.errors import AdjudicatorError, InputError
from adjudicator.core.i18n import translated
from adjudicator.core.safe_parse import parse_json
from adjudicator.web.seats import Refused

__all__ = [
    "MAX_BODY",
    "Endpoint",
    "HttpError",
    "JSONResponse",
    "error_response",
    "guarded",
    "json_body",
]

MAX_BODY = 16 * 1024  # a move or a new game's form is a few hundred bytes

log = logging.getLogger("adjudicator.web")

Endpoint = Callable[[Request], Awaitable[Response]]


class JSONResponse(StarletteJSON):
    """The app's JSON: the reasons in it (`core.i18n.Message`) in the request's language,
    which `i18n.PageLanguage` set for the context the endpoint runs in."""

    def render(self, content: Any) -> bytes:
        return super().render(translated(content))


class HttpError(Exception):
    """A request the app refuses before the engine sees it (size, type, token)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def error_response(status: int, message: str, code: str = "error") -> JSONResponse:
    # One line, as the command line prints it: never a traceback.
    return JSONResponse(
        {"error": message.splitlines()[0] if message else code, "code": code}, status_code=status
    )


def guarded(fn: Endpoint) -> Endpoint:
    """Turn every failure of an API call into a one-line JSON error."""

    @wraps(fn)
    async def wrapper(request: Request) -> Response:
        try:
            return await fn(request)
        except HttpError as exc:
            return error_response(exc.status, str(exc), "request")
        except Refused as exc:
            return error_response(403, str(exc), exc.code)
        except AdjudicatorError as exc:
            return error_response(400, str(exc), exc.code)
        except Exception as exc:  # the page shows one line; the log keeps one line too
            log.error("internal error on %s: %s: %s", request.url.path, type(exc).__name__, exc)
            return error_response(
                500, f"internal error ({type(exc).__name__}); nothing was written", "internal"
            )

    return wrapper


async def json_body(request: Request) -> dict[str, Any]:
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
