"""Dry Gulch at a German table, in Chromium (issue 39): a seat's phone that asks for German
reads the buildings and resources by the German names the Dry Gulch data gives (the
rulebook's: Laden, Wohnsitz, Holz, Arbeit ...) on the town, in the hand, on the permit
cards and on the move buttons, while every button's move and the record keep the ids; an
English phone at the same table reads the English names. axe-core finds nothing serious
and the phone does not scroll sideways."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.core.german import german_names
from adjudicator.dry_gulch.data import load_rules
from tests.browser import (
    ARGS,
    ARTIFACTS,
    AXE,
    CHROMIUM,
    require_browser,
    serious_violations,
    serving,
)

require_browser()
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from adjudicator.web.seats import SeatKeys  # noqa: E402

TOKEN = "dg-german-token"
GERMAN = german_names("cards/dry-gulch")
#: seed 16 as test_web_browser_game_dg plays it: ann has built the General Store, her
#: build phase goes on
RECORD = """[Edition "dry-gulch"]
[Players "ann, bob, cid"]
[Seed "16"]
[Residences "in turn"]

ann: build residence at se-10
bob: build residence at se-9
cid: build residence at se-8
ann: draw resources
ann: build general-store at nw-1
"""


def _german(text: str) -> str:
    """The words of `text` that are ids with a German name, named so (the page's own
    reading, written again here from the data file)."""
    return re.sub(r"[a-z][a-z-]*", lambda m: GERMAN.get(m.group(0), m.group(0)), text)


def _phone(browser: Browser, url: str, lang: str) -> Page:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale=lang,
        extra_http_headers={"Accept-Language": f"{lang},{lang[:2]};q=0.9"},
        bypass_csp=True,  # for axe's injected script only
    )
    page = context.new_page()
    page.goto(SeatKeys(TOKEN).link(url, "g.game", "ann"))
    expect(page.locator("#hand")).to_be_visible()  # a seat's own hand opens by itself
    return page


def test_a_german_seat_reads_dry_gulch_s_things_by_their_german_names(tmp_path: Path) -> None:
    (tmp_path / "g.game").write_text(RECORD, "utf-8")
    rules = load_rules()
    with serving(tmp_path, token=TOKEN) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        errors: list[str] = []
        page = _phone(browser, url, "de-DE")
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        expect(page.locator("html")).to_have_attribute("lang", "de")
        # the town: the buildings by their German names, the picture's title too
        store = page.locator('#board g[data-permit="general-store"]')
        expect(store.locator("text.name")).to_have_text(["Laden"])
        expect(store.locator("title")).to_have_text("nw-1: Laden, ann's")
        home = page.locator('#board g[data-permit="residence"]').first
        expect(home.locator("text.name")).to_have_text(["Wohnsitz"])
        # the hand: resources and permits by their German names
        cards = page.locator("#hand .hand-card").all_text_contents()
        assert cards, "ann's hand is empty"
        for text in cards:
            kind = text.split(":")[0]
            assert kind not in GERMAN or kind == GERMAN[kind], text
        permits = page.locator("#hand .permit-card h4").all_text_contents()
        assert permits and all(p in GERMAN.values() for p in permits), permits
        # the move buttons: German labels, the ids in the move each commits
        page.click("#moves-button")
        buttons = page.locator("#moves-list button.choice")
        expect(buttons.first).to_be_visible()
        for b in buttons.all():
            move = str(b.get_attribute("data-move"))
            assert b.text_content() == _german(move.split(": ", 1)[1]), move
            for word in move.split()[2:3]:  # the permit a build names stays its id
                assert move.split()[1] != "build" or word in rules.permits, move
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        if AXE.exists():
            assert serious_violations(page) == []
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#hand").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "dry-gulch-german-hand.png"))
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / "dry-gulch-german.png"))
        # an English phone at the same table: the English names, as the data prints them
        english = _phone(browser, url, "en-GB")
        store = english.locator('#board g[data-permit="general-store"]')
        expect(store.locator("text.name")).to_have_text(["General", "Store"])  # two lines
        expect(store.locator("title")).to_have_text("nw-1: General Store, ann's")
        browser.close()
    assert errors == []
