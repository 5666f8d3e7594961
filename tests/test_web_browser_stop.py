"""STOP at a real table, in Chromium (issue 38): the host makes the game from the New game
form choosing "Players may call STOP" (offered for the deduction editions only); every
screen says which rule the table plays; after the turn that leaves markers logic removes,
the next seat's phone calls STOP by a tap: the tap previews what the call claims and its
points, "Call STOP" commits it; the seat whose turn left them reads why it may not, and
the host's screen calls none. The same Gads Hill game as tests/test_web_stop.py."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from tests.browser import ARGS, CHROMIUM, require_axe, require_browser, serious_violations, serving

require_browser()
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from adjudicator.web.seats import SeatKeys  # noqa: E402

TOKEN = "stop-browser-token"
OPENING = ("ann: 9; 25 as jail", "bob: 8; 36 as hotel", "cid: 3; 42 as stage-coach-office")
PHONE = {"width": 390, "height": 844}


def _seat_move(url: str, move: str) -> None:
    """A move from its player's seat, as that phone's page sends it."""
    player = move.split(":")[0]
    key = SeatKeys(TOKEN).key("club.game", player)
    ask = urllib.request.Request(
        f"{url}/api/g/club.game/move",
        data=json.dumps({"move": move}).encode(),
        headers={"x-seat": key, "content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(ask, timeout=60) as answer:
        assert json.load(answer)["legal"]


def test_a_seat_calls_stop_by_a_tap_with_its_preview(tmp_path: Path) -> None:
    require_axe()
    record = tmp_path / "club.game"
    with serving(tmp_path, token=TOKEN) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        desk = {"width": 1440, "height": 900}
        host = browser.new_context(viewport=desk, bypass_csp=True).new_page()
        errors: list[str] = []
        host.on("pageerror", lambda exc: errors.append(str(exc)))
        host.goto(f"{url}/?list=1&token={TOKEN}")
        # the choice is offered for the deduction editions only
        host.select_option("#new-game select[name=edition]", "dry-gulch")
        expect(host.locator("#stop-choice")).to_be_hidden()
        host.select_option("#new-game select[name=edition]", "gads-hill-1874")
        expect(host.locator("#stop-choice")).to_be_visible()
        expect(host.locator("#stop-choice")).to_contain_text("Victory points overseen")
        assert serious_violations(host) == []
        host.fill("#new-game input[name=name]", "club")
        host.fill("#new-game input[name=players]", "ann, bob, cid")
        host.fill("#new-game input[name=seed]", "50")
        host.check("#stop-choice input[value=table]")
        host.click("#create")
        host.wait_for_url(f"{url}/g/club.game")
        assert '[Options "logic_to_active=false"]' in record.read_text("utf-8")
        expect(host.locator("#stop-rule")).to_contain_text("This table plays STOP")

        phones = {}
        for player in ("bob", "cid"):
            # bypass_csp: for axe's injected script only
            phone = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
            phone.on("pageerror", lambda exc: errors.append(str(exc)))
            phone.goto(f"{url}/g/club.game?seat={SeatKeys(TOKEN).key('club.game', player)}")
            expect(phone.locator("#stop-rule")).to_contain_text("This table plays STOP")
            phones[player] = phone
        for move in OPENING:
            _seat_move(url, move)

        bob, cid = phones["bob"], phones["cid"]
        expect(bob.locator("#stop-card")).to_be_visible()
        expect(bob.locator("#stop")).to_contain_text("2 points for the player who calls STOP")
        # bob's phone calls for bob only; the host's screen and cid's phone call none
        expect(bob.locator("#stop button.call-stop")).to_have_count(1)
        expect(cid.locator("#stop-card")).to_be_visible()
        expect(cid.locator("#stop button.call-stop")).to_have_count(0)
        expect(cid.locator("#stop")).to_contain_text("another player may call STOP")
        expect(host.locator("#stop button.call-stop")).to_have_count(0)
        expect(host.locator("#stop")).to_contain_text("A player calls STOP from their own seat")

        # the tap previews the call: what it claims and the points, nothing written yet
        expect(bob.locator("#stop-commit")).to_be_hidden()
        bob.click("#stop button.call-stop[data-player=bob]")
        said = bob.locator("#stop-said")
        expect(said).to_contain_text("bob: STOP claims 2 points")
        expect(said).to_contain_text("the Jail marker on B3 goes")
        expect(said).to_contain_text("the Jail is built on C3")
        assert record.read_text("utf-8").splitlines()[-1] == OPENING[-1]
        assert serious_violations(bob) == []
        bob.click("#stop-commit")
        expect(bob.locator("#status")).to_have_text("recorded: bob: STOP")
        assert record.read_text("utf-8").splitlines()[-1] == "bob: STOP"
        # every screen sees the claims taken: the STOP card closes
        for page in (bob, cid, host):
            expect(page.locator("#stop-card")).to_be_hidden()
        assert errors == []
        browser.close()
