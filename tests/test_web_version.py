"""A page's `version` (issue 35, item 1): a keyed MAC of the record as that page's viewer
reads it, so it tells a seat nothing its player could not know.

It was the first 16 hex digits of an unkeyed SHA-256 of the record's text, which holds
`[Seed "N"]`: at a game's start every other tag is public, so a seat found the seed by
hashing candidate headers, and with it every hand and pile. Now two records that differ
only in what a viewer cannot see give that viewer one version; anything it can see
changes it; a commit's and an undo's stale check and the live updates still work, for a
seat as for the shared screen.
"""

from __future__ import annotations

import hashlib
import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.web import versions
from adjudicator.web.records import RecordDir
from adjudicator.web.seats import EVERYONE, HOST, SeatKeys, Viewer
from tests.browser import serving
from tests.test_web_events import WAIT, Listener

HEADER = '[Edition "black-hills"]\n[Players "ann, bob, cid"]\n[Seed "{seed}"]\n\n'
ANN, BOB = Viewer(seat="ann"), Viewer(seat="bob")
VIEWERS = {"ann": ANN, "bob": BOB, "host": HOST, "host-as-bob": Viewer(host=True, seat="bob")}


def _versions(records: RecordDir, name: str, text: str) -> dict[str, str]:
    (records.root / name).write_text(text, encoding="utf-8")
    return {
        who: versions.version(records, name, v) for who, v in {**VIEWERS, "all": EVERYONE}.items()
    }


def test_the_seed_does_not_change_any_version(tmp_path: Path) -> None:
    """Minimal input: two new records that differ only in their seed. Every viewer gets
    one version for both: the seed is no one's at the table."""
    records = RecordDir(tmp_path)
    one = _versions(records, "a.game", HEADER.format(seed=1))
    other = _versions(records, "b.game", HEADER.format(seed=987654))
    assert one == other


def test_the_version_is_no_unkeyed_hash_of_the_text(tmp_path: Path) -> None:
    """Hashing candidate headers was the attack: no viewer's version is the old
    fingerprint, and the same record gets other versions from another app (its key)."""
    text = HEADER.format(seed=5)
    old = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    here = _versions(RecordDir(tmp_path), "a.game", text)
    assert old not in here.values()
    elsewhere = _versions(RecordDir(tmp_path), "a.game", text)
    assert not set(here.values()) & set(elsewhere.values())


def test_what_a_seat_cannot_see_leaves_its_version(tmp_path: Path) -> None:
    """Two records that differ only in ann's keep (face down to the others): bob, the
    host's screen and the host sitting in bob's seat get one version for both; ann and
    the pass-and-play screen, who see her keep, get two."""
    records = RecordDir(tmp_path)
    one = _versions(records, "a.game", HEADER.format(seed=5) + "ann: keep hunter madam\n")
    other = _versions(records, "b.game", HEADER.format(seed=6) + "ann: keep miner outlaw\n")
    for who in ("bob", "host", "host-as-bob"):
        assert one[who] == other[who], who
    for who in ("ann", "all"):
        assert one[who] != other[who], who


def test_any_change_a_viewer_sees_changes_its_version(tmp_path: Path) -> None:
    records = RecordDir(tmp_path)
    start = HEADER.format(seed=5) + "ann: keep hunter madam\n"
    before = _versions(records, "a.game", start)
    after = _versions(records, "a.game", start + "bob: keep miner outlaw\n")
    assert all(before[w] != after[w] for w in before)  # a move, even one face down
    renamed = _versions(records, "a.game", start.replace("cid", "dan"))
    assert all(before[w] != renamed[w] for w in before)  # a public tag
    numbered = _versions(records, "a.game", start.replace("\n\n", "\n\n# a comment\n"))
    assert all(before[w] != numbered[w] for w in before)  # the moves' lines, as listed
    assert _versions(records, "a.game", start) == before  # undone: as it was


@given(st.integers(min_value=0, max_value=2**63 - 1), st.integers(min_value=0, max_value=2**63 - 1))
def test_no_seed_is_told_by_any_version(one: int, other: int) -> None:
    records = RecordDir(Path("/tmp"))
    texts = [HEADER.format(seed=s) + "ann: keep hunter madam\n" for s in (one, other)]
    got = []
    for text in texts:
        got.append(
            {w: versions.version_of_text(records, "x.game", text, v) for w, v in VIEWERS.items()}
        )
    assert got[0] == got[1]


# ----- the stale check and the live updates, for seats ----------------------------------------

TOKEN = "the-host-token"
NAME = "club.game"
API = f"/api/g/{NAME}"


def _call(url: str, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
    conn = http.client.HTTPConnection(url.removeprefix("http://"), timeout=WAIT)
    if body is not None:
        headers["content-type"] = "application/json"
    conn.request(method, path, None if body is None else json.dumps(body), headers)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, json.loads(data)


def _seat(player: str) -> dict[str, str]:
    return {"x-seat": SeatKeys(TOKEN).key(NAME, player)}


@pytest.fixture
def table(tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path, token=TOKEN) as url:
        form = {"name": NAME, "edition": "old-town", "players": "ann, bob, cid", "seed": "11"}
        assert _call(url, "POST", "/api/games", form, **{"x-token": TOKEN})[0] == 201
        yield url


def _view(url: str, player: str) -> dict[str, Any]:
    status, view = _call(url, "GET", API, **_seat(player))
    assert status == 200, view
    return view  # type: ignore[no-any-return]


def test_a_seats_stale_check_still_works(table: str) -> None:
    seen = _view(table, "ann")["version"]
    move = _call(table, "GET", f"{API}/moves", **_seat("ann"))[1]["moves"][0]
    status, done = _call(table, "POST", f"{API}/move", {"move": move, "base": seen}, **_seat("ann"))
    assert status == 200 and done["version"] == _view(table, "ann")["version"] != seen
    # the same tap again, on the version it saw: refused as stale, not written twice
    status, again = _call(
        table, "POST", f"{API}/move", {"move": move, "base": seen}, **_seat("ann")
    )
    assert status == 409 and again["stale"]
    status, _ = _call(table, "POST", f"{API}/undo", {"base": seen}, **_seat("ann"))
    assert status != 200
    status, undone = _call(table, "POST", f"{API}/undo", {"base": done["version"]}, **_seat("ann"))
    assert status == 200 and undone["version"] == seen == _view(table, "ann")["version"]


def test_every_seat_and_the_host_get_their_own_live_updates(table: str) -> None:
    """A commit from ann's seat and its undo reach bob's seat and the host's screen,
    each update from and to that page's own version, with who took the move back."""
    pages = {
        "bob": Listener(table, f"{API}/events?seat={_seat('bob')['x-seat']}"),
        "host": Listener(table, f"{API}/events?token={TOKEN}"),
    }
    hello = {who: p.next("hello")[1]["version"] for who, p in pages.items()}
    assert hello["bob"] == _view(table, "bob")["version"]
    move = _call(table, "GET", f"{API}/moves", **_seat("ann"))[1]["moves"][0]
    status, done = _call(table, "POST", f"{API}/move", {"move": move}, **_seat("ann"))
    assert status == 200
    now = {"bob": _view(table, "bob")["version"]}
    now["host"] = _call(table, "GET", API, **{"x-token": TOKEN})[1]["version"]
    assert len({done["version"], now["bob"], now["host"]}) == 3  # one version per viewer
    for who, page in pages.items():
        _, update = page.next("update")
        assert (update["from"], update["version"]) == (hello[who], now[who]), who
        assert update["by"] == "ann"
    assert _call(table, "POST", f"{API}/undo", {}, **_seat("ann"))[0] == 200
    for who, page in pages.items():
        _, update = page.next("update")
        assert update["undone"] and update["version"] == hello[who], who
        assert update["taken_back_by"] == "ann", who
        page.close()
