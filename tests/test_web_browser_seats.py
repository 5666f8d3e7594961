"""Seats in Chromium (issue 26): a table served off loopback, for each edition in
mid-game. The host's screen (its link) shows the public table and every seat's QR code;
two phones opened from two seat links each show their own hand and no other's button,
and the page's own fetch of another hand is refused; a move committed on the acting
player's phone shows on the other phone. The host's and the seats' pages are measured as
`test_web_sizes` measures the pass-and-play pages (text, targets, no sideways scroll) and
checked by axe-core, at the phone's, the tablet's and the desktop's size."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    ARGS,
    CHROMIUM,
    require_axe,
    require_browser,
    serious_violations,
    serving,
)

require_browser()
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from adjudicator.tables import table as table_of  # noqa: E402
from adjudicator.web.seats import SeatKeys  # noqa: E402
from tests.test_web_sizes import JS, MIN_FONT, MIN_TARGET, SIZES, write_mid_games  # noqa: E402

TOKEN = "seats-test-token"
FIXTURES = Path(__file__).parent / "fixtures"
GAMES = ("old-town", "gads-hill", "dry-gulch", "black-hills")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Browser]]:
    root = tmp_path_factory.mktemp("seats")
    write_mid_games(root)
    # Old Town, seed 1: ann owes one building before her turn (A4)
    refill = (FIXTURES / "old-town-best-is-discard.game").read_text().splitlines()[:-1]
    (root / "old-town-refill.game").write_text("\n".join(refill) + "\n", "utf-8")
    with serving(root, token=TOKEN) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield url, browser
        browser.close()


def _seat_url(url: str, game: str, player: str) -> str:
    name = f"{game}.game"
    return f"{url}/g/{name}?seat={SeatKeys(TOKEN).key(name, player)}"


def _a_move(url: str, game: str) -> tuple[str, str]:
    """A seat with a move to make now, and one such move that tells nothing face down."""
    name = f"{game}.game"
    for player in ("ann", "bob", "cid"):
        key = SeatKeys(TOKEN).key(name, player)
        ask = urllib.request.Request(f"{url}/api/g/{name}/moves", headers={"x-seat": key})
        with urllib.request.urlopen(ask, timeout=60) as answer:
            listed = json.load(answer)
        # not a draw the server deals: this test takes its move back, and the page takes
        # back no dealt draw (a reveal is final; tests/test_ded_seat_draws.py holds that)
        plain = [m for m in listed["moves"] if m not in listed["blind"] and " draws " not in m]
        if plain:
            return player, plain[0]
    raise AssertionError(f"{name}: no seat has a move")


def _check_page(page: Page) -> list[str]:
    m: dict[str, Any] = page.evaluate(JS)
    bad = []
    if m["font"] and m["font"][0][0] < MIN_FONT:
        bad.append(f"text {m['font'][0][0]:.1f} px: {m['font'][0][1]}")
    if m["target"] and m["target"][0][0] < MIN_TARGET:
        bad.append(f"target {m['target'][0][2:]} px: {m['target'][0][1]}")
    if m["scrollWidth"] > m["innerWidth"]:
        bad.append(f"scrolls sideways: {m['scrollWidth']} > {m['innerWidth']}")
    return bad


def _axe(page: Page) -> list[str]:
    return serious_violations(page)


@pytest.mark.parametrize("game", GAMES)
def test_two_seats_see_their_own_hands_and_each_other_s_moves(
    table: tuple[str, Browser], game: str
) -> None:
    url, browser = table
    name = f"{game}.game"
    mover, move = _a_move(url, game)
    other = next(p for p in ("ann", "bob", "cid") if p != mover)
    phones = {}
    for player in (mover, other):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(_seat_url(url, game, player))
        expect(page.locator("#hand")).to_be_visible()
        expect(page.locator("#hand h3")).to_contain_text(f"{player}'s hand")
        # no other player's hand to open, and the page's own fetch of one is refused
        assert page.locator(".show-hand").count() <= 1
        for shown in page.locator(".show-hand").all():
            assert shown.get_attribute("data-player") == player
        status = page.evaluate(
            "async (who) => (await fetch(location.pathname.replace('/g/', '/api/g/')"
            " + '/hand/' + who)).status",
            "cid" if player != "cid" else "ann",
        )
        assert status == 403
        assert "seat" not in page.url
        phones[player] = (context, page)
    host_context = browser.new_context(viewport={"width": 1024, "height": 768})
    host = host_context.new_page()
    host.goto(f"{url}/g/{name}?token={TOKEN}")
    expect(host.locator("#seats-card")).to_be_attached()
    assert host.locator("#seats-card svg").count() == 3
    assert host.locator("#hand").is_hidden() and host.locator(".show-hand").count() == 0
    # the mover commits on their phone; the other phone and the host's screen show it
    mover_page = phones[mover][1]
    mover_page.fill("#move-text", move)
    mover_page.click("#commit")
    expect(mover_page.locator("#status")).to_contain_text("recorded")
    # as the others see it: a keep or a draw face down, as a count
    entry = table_of("deduction" if game in ("old-town", "gads-hill") else game)
    seen = entry.public_move(entry.parse_move(move, name))
    for page in (phones[other][1], host):
        expect(page.locator("#moves li").last).to_have_text(seen, timeout=10_000)
    # the other phone may not take it back; the mover may, and the others read who did
    other_page = phones[other][1]
    other_page.on("dialog", lambda d: d.accept())
    other_page.click("#undo")
    expect(other_page.locator("#move-status")).to_contain_text(f"only {mover} or the host")
    mover_page.on("dialog", lambda d: d.accept())
    mover_page.click("#undo")
    expect(mover_page.locator("#status")).to_contain_text("you took back")
    for page in (other_page, host):
        expect(page.locator("#status")).to_have_text(f"{mover} took the last move back")
    for context, _page in phones.values():
        context.close()
    host_context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_host_and_a_seat_read_well_and_pass_axe(
    table: tuple[str, Browser], size: tuple[int, int]
) -> None:
    require_axe()
    url, browser = table
    # the pages' CSP forbids the injected axe script: bypassed for these contexts only;
    # one context a device (the host's cookie would make a seat's page the host's too)
    found: dict[str, list[str]] = {}
    for who in ("host", "seat"):
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, bypass_csp=True
        )
        page = context.new_page()
        for game in GAMES:
            host_link = f"{url}/g/{game}.game?token={TOKEN}"
            page.goto(host_link if who == "host" else _seat_url(url, game, "bob"))
            page.wait_for_function("document.readyState === 'complete'")
            page.wait_for_timeout(300)  # the seat's own hand, fetched after the first draw
            bad = _check_page(page) + _axe(page)
            if bad:
                found[f"{game} {who}"] = bad
        context.close()
    nobody = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    response = nobody.goto(f"{url}/g/old-town.game")
    assert response is not None and response.status == 403
    assert "no seat at this table" in nobody.locator("#status").inner_text()
    assert found == {}, json.dumps(found, indent=1)


def _refused_seat(url: str, game: str) -> tuple[str, str]:
    """A seat whose hint is refused now (another player is to act), and the refusal."""
    name = f"{game}.game"
    for player in ("ann", "bob", "cid"):
        key = SeatKeys(TOKEN).key(name, player)
        ask = urllib.request.Request(f"{url}/api/g/{name}/hint", headers={"x-seat": key})
        try:
            urllib.request.urlopen(ask, timeout=60).close()
        except urllib.error.HTTPError as refused:
            return player, str(json.load(refused)["error"])
    raise AssertionError(f"{name}: every seat may ask for the hint")


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_hint_says_why_in_its_panel(table: tuple[str, Browser], game: str) -> None:
    """Issue 35, item 17: a hint asked out of turn showed nothing in the hint's panel.
    The refusal's one line now stands there."""
    url, browser = table
    player, refusal = _refused_seat(url, game)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(_seat_url(url, game, player))
    page.click("#hint-button")
    expect(page.locator("#hint-status")).to_have_text(refusal)
    expect(page.locator("#hint-status")).to_have_class("status hint-status error")
    assert page.locator("#hint li").count() == 0
    context.close()


def test_the_seat_owing_a_refill_takes_the_hint_s_building(table: tuple[str, Browser]) -> None:
    """Old Town before ann's refill (A4): her hint ranks the takes, each with its preview
    and play buttons; "play this" writes the take."""
    url, browser = table
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(_seat_url(url, "old-town-refill", "ann"))
    page.click("#hint-button")
    expect(page.locator("#hint-status")).to_have_text(
        "ann first takes 1 building from beside the board (A4): the takes, best first"
    )
    first = page.locator("#hint li").first
    expect(first).to_contain_text("ann: take judge · then ann: 43 as judge · 6 pt")
    expect(first.locator(".why")).to_contain_text("named by 1 card (54)")
    first.locator(".hint-play").click()
    expect(page.locator("#moves li").last).to_have_text("ann: take judge", timeout=10_000)
    context.close()
