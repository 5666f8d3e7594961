"""Issue 39, item 2: a German table in a real browser. Playwright drives Debian's Chromium
on a 390 px phone whose browser asks for German (`Accept-Language: de`): the front page
and a game's page speak German from the server's templates and from the page's scripts
(what they draw after loading: whose turn it is, a move's preview, a refusal), with
`<html lang="de">`, and axe-core finds nothing serious in German either. The language
menu turns the page to English and the choice stays on the next page.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.browser import (
    ARGS,
    CHROMIUM,
    new_game_from_page,
    record_moves,
    require_axe,
    require_browser,
    serious_violations,
    serving,
)

require_browser()
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402 (after the skip)


def _serious(page: Page) -> list[str]:
    return serious_violations(page)


def test_a_german_phone_gets_a_german_page(tmp_path: Path) -> None:
    require_axe()
    record = tmp_path / "club.game"
    with serving(tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(
            viewport={"width": 390, "height": 844},
            locale="de-DE",
            extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"},
            bypass_csp=True,  # for axe's injected script only
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        page.goto(f"{url}/?list=1")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("h2", has_text="Neue Partie")).to_be_visible()
        expect(page.locator("#create")).to_have_text("Anlegen")
        axe_found = {"index": _serious(page)}

        new_game_from_page(page, url, "dry-gulch", seed=3)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        # drawn by table.js from the catalog the page carries
        expect(page.locator("#to-play")).to_have_text("ann ist am Zug")
        expect(page.locator("#when")).to_contain_text("zum Sieg")
        expect(page.locator("#commit")).to_have_text("Eintragen")
        page.click("#preview")  # nothing written yet: refused by the page itself
        expect(page.locator("#move-status")).to_have_text("erst einen Zug schreiben oder wählen")
        page.click("#moves-button")
        first = page.locator("#moves-list button.choice").first
        expect(first).to_be_visible()
        move = first.get_attribute("data-move")
        assert move
        first.click()
        expect(page.locator("#ruling")).to_contain_text(f"Vorschau: {move}")
        page.click("#commit")
        expect(page.locator("#status")).to_have_text(f"eingetragen: {move}")
        assert record_moves(record)[-1] == move  # the record's notation, not translated
        axe_found["game"] = _serious(page)

        # the menu: English, kept in a cookie for the next page
        page.select_option("form.lang-menu select", "en")
        page.click("form.lang-menu button")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("#commit")).to_have_text("Commit")
        page.goto(f"{url}/?list=1")
        expect(page.locator("h2", has_text="New game")).to_be_visible()
        context.close()
        browser.close()
    assert {k: v for k, v in axe_found.items() if v} == {}, json.dumps(axe_found, indent=1)
    assert errors == []


def test_a_german_seat_shows_the_buildings_german_names(tmp_path: Path) -> None:
    """Gads Hill from Jürgen's phone in German: the players' buildings, the buy menu and
    the hand name the buildings as the German cards print them; the menus' values stay
    the ids the record is written with."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import create_app
    from adjudicator.web.seats import SeatKeys

    token = "german-seat-token"
    made = TestClient(create_app(tmp_path), base_url="http://127.0.0.1").post(
        "/api/games",
        json={"name": "g", "edition": "gads-hill-1874", "players": "Jürgen, Käthe, Sören",
              "seed": "3"},
    )
    assert made.status_code == 201, made.text
    with serving(tmp_path, token=token) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(
            viewport={"width": 390, "height": 844},
            locale="de-DE",
            extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"},
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(SeatKeys(token).link(url, "g.game", "Jürgen"))  # the link Jürgen's QR holds
        expect(page.locator("html")).to_have_attribute("lang", "de")
        row = page.locator("#players tbody tr", has_text="Käthe")
        expect(row).to_contain_text("Gerichtsgebäude, Zeitungsbüro")
        expect(page.locator("#buy option[value=barber]")).to_have_text("Barbier")
        expect(page.locator("#hand")).to_be_visible()  # a seat's own hand opens by itself
        # the card's building (its printed text stays as printed on the English card)
        expect(page.locator(".hand-card", has_text="· Postamt:")).to_have_count(1)
        expect(page.locator(".hand-card", has_text="· Post Office:")).to_have_count(0)
        context.close()
        browser.close()
    assert errors == []
