"""Play again (issue 38): once a game is over, a new record of the same edition, the same
players in the same seats and the same table options, dealt from a new seed. Any game's
record: it reads only the header's edition (the registry's `edition_tag`), players and
options, which every game writes, and sets the new game up through the game protocol as
`game new` does.

The rematch of `club.game` is `club.2.game`, of that `club.3.game` (a number after a
dot, which a name such as `gads-hill-1874.game` does not end in): one name, so every
screen of the old game that taps "play again" opens the same new game (the first tap
starts it), each as it sat at the old one, with no other note kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from adjudicator.core.errors import AdjudicatorError, RulesError
from adjudicator.core.names import players_of
from adjudicator.core.record_text import record_lines
from adjudicator.core.table import BUILDINGS_CHOSEN, Setup, fresh_seed
from adjudicator.tables import edition_tag, table_of_record
from adjudicator.web.events import Hub
from adjudicator.web.json_api import JSONResponse, guarded
from adjudicator.web.opened import open_record
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import SeatKeys, Viewer

__all__ = ["is_rematch", "next_name", "rematch", "rematch_of", "routes"]

_NUMBERED = re.compile(r"^(?P<stem>.*?)\.(?P<n>[0-9]{1,6})$")


def next_name(name: str) -> str:
    """The record a rematch of `name` is written to."""
    stem = name.removesuffix(".game")
    numbered = _NUMBERED.match(stem)
    if numbered:
        return f"{numbered['stem']}.{int(numbered['n']) + 1}.game"
    return f"{stem}.2.game"


def rematch_of(records: RecordDir, name: str) -> str | None:
    """The rematch of `name`, once one was started, for every screen of the old game."""
    after = next_name(name)
    try:
        return after if records.path(after).exists() else None
    except AdjudicatorError:  # a name too long for the directory: no rematch was written
        return None


def _header(text: str) -> dict[str, str]:
    """The header's tags as every game's reader walks them (`core/record_text.py`)."""
    return {ln.tag: ln.value or "" for ln in record_lines(text) if ln.tag is not None}


def is_rematch(records: RecordDir, name: str, after: str) -> bool:
    """Whether `after` is the rematch of `name` that `rematch` starts: `name` is over and
    `after` seats the same players of the same edition. A record that only happens to be
    named so (a host's `friday` and `friday.2`, two tables of one evening) is not: a seat
    of one table is never handed a seat at another."""
    try:
        text, later = records.read(name), records.read(after)
        o = open_record(records, name, text)
        if o.page.end(o.table, o.game, o.rec) is None:
            return False
    except AdjudicatorError:
        return False
    before, now = _header(text), _header(later)
    return edition_tag(text) == edition_tag(later) and players_of(
        before.get("Players", "")
    ) == players_of(now.get("Players", ""))


def rematch(records: RecordDir, name: str) -> str:
    """The rematch of the finished game `name`, started now or found: its record's name."""
    text = records.read(name)
    o = open_record(records, name, text)
    if o.page.end(o.table, o.game, o.rec) is None:
        raise RulesError(f"{name}: the game is not over: play again once it has a winner")
    tags = _header(text)
    after = next_name(name)
    with records.locked(after) as path:
        if path.exists():
            return after  # another screen tapped "play again" first: the same new game
        table = table_of_record(text)
        # a table that chose its set-up at the table chooses it again: Dry Gulch's
        # residences in turn, the deduction games' buildings (T7)
        in_turn = tags.get("Residences") if tags.get("Residences") == "in turn" else None
        chosen = BUILDINGS_CHOSEN if tags.get("Buildings") == BUILDINGS_CHOSEN else None
        setup = Setup(
            after,
            records.root,
            options=tags.get("Options") or None,
            buildings=chosen,
            residences=in_turn,
        )
        edition = edition_tag(text) or ""
        head, _game = table.new_record(
            edition, tuple(players_of(tags.get("Players", ""))), fresh_seed(None), setup
        )
        records.write(path, head)
    return after


def routes(
    records: RecordDir,
    hub: Hub,
    at_table: Callable[[Request], Viewer],
    viewer_of: Callable[[Request, str], Viewer],
    keys: SeatKeys | None,
    nothing_here: Callable[[Request], Response],
) -> list[Route]:
    """The app's two routes of a rematch: `POST /api/g/NAME/rematch` starts it (from any
    screen at the table, once the game is over), `GET /g/NAME/next` opens it as the device
    sat at the old game: a seat at its own player's seat in the new one."""

    @guarded
    async def play_again(request: Request) -> Response:
        at_table(request)
        name = request.path_params["name"]
        after = await run_in_threadpool(rematch, records, name)
        hub.changed(after)
        return JSONResponse({"record": after, "url": f"/g/{name}/next"}, status_code=201)

    async def next_game(request: Request) -> Response:
        old = request.path_params["name"]
        who = viewer_of(request, old)
        after = rematch_of(records, old)
        if not who.known or after is None:
            return nothing_here(request)
        if not await run_in_threadpool(is_rematch, records, old, after):
            return nothing_here(request)
        url = f"/g/{after}"
        if keys is not None and who.seat is not None:
            url = keys.link("", after, who.seat)
        return RedirectResponse(url, status_code=303)

    return [
        Route("/api/g/{name}/rematch", play_again, methods=["POST"]),
        Route("/g/{name}/next", next_game),
    ]
