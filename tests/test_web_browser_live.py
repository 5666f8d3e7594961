"""Live updates in a real browser (issue 26): two devices on one game; a move committed on
one shows on the other from its update alone (no whole view fetched), with who did what;
when the server stops the other device says the connection is lost, and when it starts
again on the same port the page reconnects by itself and catches up with a move written
meanwhile. One game of each page script (app.js: Old Town; table.js: Dry Gulch)."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.browser import (
    ARGS,
    ARTIFACTS,
    CHROMIUM,
    free_port,
    record_moves,
    require_browser,
    serving,
)

require_browser()
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402 (after the skip)

WAIT = 30_000  # ms: generous, for a loaded machine; nothing here is timed
NEW = {"name": "club", "edition": "", "players": "ann, bob, cid", "seed": "11"}


def _words(text: str) -> str:
    return " ".join(text.split())


def _board_text(page: Page) -> str:
    return _words(page.locator("#board svg").evaluate("svg => svg.textContent"))


def _served_board_text(page: Page, url: str) -> str:
    svg = page.request.get(f"{url}/api/g/club.game").json()["svg"]
    return _words("".join(ET.fromstring(svg).itertext()))


def _first_move(page: Page, url: str) -> str:
    """The first move listed; a face-down choice (a draw) is made first, then the first
    move it shows is the one."""
    listed = page.request.get(f"{url}/api/g/club.game/moves").json()
    move: str = listed["moves"][0]
    if move in listed["blind"]:
        shown = page.request.post(f"{url}/api/g/club.game/reveal", data={"move": move}).json()
        move = shown["moves"][0]
    return move


def _next_line(record: Path, lines: int) -> str:
    """The line the commit wrote after the record's first `lines`, once it is written."""
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        now = record.read_text(encoding="utf-8").splitlines()
        if len(now) > lines:
            return now[-1]
        time.sleep(0.05)
    raise AssertionError(f"no move written to {record.name}")


@pytest.mark.parametrize("edition", ("old-town", "dry-gulch"))
def test_a_move_shows_on_the_other_device_and_a_lost_server_is_seen(
    tmp_path: Path, edition: str
) -> None:
    port = free_port()
    record = tmp_path / "club.game"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        phone = {"viewport": {"width": 390, "height": 844}}
        mine, other = (browser.new_context(**phone).new_page() for _ in range(2))
        errors: list[str] = []
        for page in (mine, other):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        whole: list[str] = []  # the other device's fetches of the whole view
        other.on(
            "request",
            lambda r: whole.append(r.url) if r.url.endswith("/api/g/club.game") else None,
        )
        with serving(tmp_path, port=port) as url:
            made = mine.request.post(f"{url}/api/games", data={**NEW, "edition": edition})
            assert made.status == 201
            for page in (mine, other):
                page.goto(f"{url}/g/club.game")
                expect(page.locator("#to-play")).to_have_text("ann to play")

            for _ in range(2):
                move = _first_move(mine, url)
                lines = len(record.read_text(encoding="utf-8").splitlines())
                mine.fill("#move-text", move)
                mine.click("#commit")
                # this device's own move is its 'recorded:', not another's 'new move:'; a
                # draw chosen by its pile is recorded as the card the server dealt
                written = _next_line(record, lines)
                assert written == move or move.split(" draws ")[0] + " draws " in written
                expect(mine.locator("#status")).to_have_text(f"recorded: {written}")
                seen = written  # pass-and-play: one table, every move as written
                expect(other.locator("#moves li").last).to_have_text(seen, timeout=WAIT)
                expect(other.locator("#status")).to_have_text(f"new move: {seen}")
                # the other board is the server's board, drawn from the update's patch
                expect(other.locator("#board svg")).to_be_visible()
                assert _board_text(other) == _served_board_text(other, url)
            assert whole == [], "the other device fetched the whole view"

            expect(other.locator("#connection")).to_be_hidden()
            move = _first_move(mine, url)
        # the server stopped: the page says so at once, where a screen reader hears it
        lost = other.locator("#connection")
        expect(lost).to_have_text("connection lost: reconnecting…", timeout=WAIT)
        assert lost.get_attribute("role") == "status"
        ARTIFACTS.mkdir(exist_ok=True)
        other.screenshot(path=str(ARTIFACTS / f"serve-connection-lost-{edition}.png"))

        # a move written while the server is down, by the command line
        cli = [sys.executable, "-m", "adjudicator.cli.main", "game", "move", str(record)]
        done = subprocess.run([*cli, move], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert record_moves(record)[-1] == move
        with serving(tmp_path, port=port) as url:
            # back by itself, and caught up
            expect(lost).to_be_hidden(timeout=WAIT)
            seen = move
            expect(other.locator("#moves li").last).to_have_text(seen, timeout=WAIT)
            expect(other.locator("#status")).to_have_text(
                re.compile("new move: " + re.escape(seen))
            )
            assert _board_text(other) == _served_board_text(other, url)
        browser.close()
    assert errors == []
