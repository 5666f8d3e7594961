"""The page's language: the cookie the language menu sets, else the browser's
Accept-Language (Babel's `negotiate_locale`), else English. The templates translate
through Jinja2's i18n extension; the page's scripts through a JSON catalog of their own
strings, rendered into the page (`#i18n`) and read by `common.js`'s `_()`.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from babel.core import negotiate_locale
from babel.messages.extract import extract_javascript
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from adjudicator.core.i18n import (
    DEFAULT,
    LANGUAGE_NAMES,
    LANGUAGES,
    known,
    reset_language,
    set_language,
    translations,
)

LANG_COOKIE = "adjudicator_lang"
STATIC = Path(__file__).parent / "static"
_ONE_YEAR = 365 * 24 * 3600


def accepted(header: str) -> list[str]:
    """The languages of an Accept-Language header, most wanted first (q=0: refused)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, i, tag.strip().replace("-", "_")))
    return [tag for _q, _i, tag in sorted(ranked)]


def negotiate(header: str | None) -> str:
    """The language of LANGUAGES the browser prefers, English when it asks for none."""
    wanted = accepted(header or "")
    # Babel matches "de_AT" to "de" through its aliases; a bare "de" matches directly.
    found = negotiate_locale(wanted, list(LANGUAGES), sep="_")
    return known(found) or DEFAULT


def page_language(request: Request) -> tuple[str, bool]:
    """The request's language, and whether the menu just chose it (`?lang=`): then the
    page keeps it in the cookie."""
    chosen = known(request.query_params.get("lang"))
    if chosen is not None:
        return chosen, True
    kept = known(request.cookies.get(LANG_COOKIE))
    if kept is not None:
        return kept, False
    return negotiate(request.headers.get("accept-language")), False


class PageLanguage:
    """Each request speaks its page's language (`page_language`) in its own context: what
    the server writes for the page (a ruling's reasons, a panel's lines) reads it through
    `core.i18n`. Starlette runs the sync work of an endpoint in a copy of that context
    (anyio's `to_thread.run_sync`), so phones served at once in two languages never mix."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = set_language(page_language(Request(scope))[0])
        try:
            await self.app(scope, receive, send)
        finally:
            reset_language(token)


@functools.cache
def script_messages() -> tuple[str, ...]:
    """Every `_("...")` of the page's scripts, as `pybabel extract` finds them."""
    found: set[str] = set()
    for path in sorted(STATIC.glob("*.js")):
        with path.open("rb") as fh:
            for _line, _func, message, _comments in extract_javascript(fh, {"_": None}, [], {}):
                if isinstance(message, str):
                    found.add(message)
    return tuple(sorted(found))


@functools.cache
def script_catalog(lang: str) -> str:
    """The page's scripts' strings in `lang`, as JSON safe inside a <script> element."""
    catalog = translations(lang)
    shown = {m: catalog.gettext(m) for m in script_messages()} if lang != DEFAULT else {}
    return json.dumps(shown, ensure_ascii=False).replace("</", "<\\/")


def context(request: Request, lang: str) -> dict[str, Any]:
    """What every template needs to speak `lang`."""
    catalog = translations(lang)
    # the seat's key and the host's token are kept in cookies: the menu's link drops them
    others = {k: v for k, v in request.query_params.items() if k not in ("lang", "seat", "token")}
    return {
        "lang": lang,
        "gettext": catalog.gettext,
        "ngettext": catalog.ngettext,
        "_": catalog.gettext,
        "i18n_json": script_catalog(lang),
        "languages": LANGUAGE_NAMES,
        "menu_keep": others,
    }


def remember(response: Any, lang: str) -> None:
    response.set_cookie(LANG_COOKIE, lang, max_age=_ONE_YEAR, samesite="lax")
