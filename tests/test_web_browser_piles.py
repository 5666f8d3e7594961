"""Gads Hill's draw by a tap, in Chromium (issue 38): after a turn the player chooses the
pile (T2: "from the pile of the player's choice"): a button per pile, a preview that
says only the choice, and "Draw" commits it, the server dealing the pile's top card from
the seed. Before the choice the hand shows no card of any pile."""

from __future__ import annotations

from pathlib import Path

from adjudicator.deduction.game.record import record_from_text
from adjudicator.deduction.game.replay import replay_to
from tests.browser import (
    ARGS,
    ARTIFACTS,
    CHROMIUM,
    new_game_from_page,
    record_moves,
    require_browser,
    serving,
)

require_browser()
from playwright.sync_api import expect, sync_playwright  # noqa: E402


def test_the_pile_is_chosen_by_a_tap_previewed_and_dealt(tmp_path: Path) -> None:
    with serving(tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        new_game_from_page(phone, url, "gads-hill-1874", 5)
        record = tmp_path / "club.game"
        expect(phone.locator("#draw-set")).to_be_hidden()  # ann plays first
        phone.click("#pass")
        expect(phone.locator("#move-status")).to_contain_text("recorded: ann: pass")
        piles = phone.locator("#draw-row button")
        expect(piles).to_have_text(["the building pile", "the district pile", "the condition pile"])
        expect(phone.locator("#draw-button")).to_be_disabled()
        phone.click('#draw-row button[data-move="ann draws from the condition pile"]')
        expect(phone.locator("#ruling")).to_contain_text(
            "Preview: ann draws from the condition pile"
        )
        expect(phone.locator("#ruling")).not_to_contain_text("undefined")
        expect(phone.locator("#draw-button")).to_be_enabled()
        ARTIFACTS.mkdir(exist_ok=True)
        phone.locator("#move-card").screenshot(path=str(ARTIFACTS / "gads-hill-pile-choice.png"))
        top = replay_to(record_from_text(record.read_text("utf-8"))).pile_map["condition"][0]
        phone.click("#draw-button")
        expect(phone.locator("#move-status")).to_contain_text(f"recorded: ann draws {top}")
        assert record_moves(record)[-1] == f"ann draws {top}"
        expect(phone.locator("#draw-set")).to_be_hidden()  # bob's turn: nothing to draw
        browser.close()


def test_only_the_drawer_s_phone_asks_the_pile(tmp_path: Path) -> None:
    """At a table of seats: ann's phone asks her pile; bob's phone and the shared screen,
    which may not draw for her, show no pile to choose."""
    from adjudicator.web.seats import SeatKeys

    token, name = "piles-token", "club.game"
    text = (
        '[Edition "gads-hill-1874"]\n[Players "ann, bob, cid"]\n'
        '[Buildings "ann=stable jail; bob=smithy bank; cid=hotel laundry"]\n'
        '[Seed "5"]\n\nann: pass\n'
    )
    (tmp_path / name).write_text(text, "utf-8")
    with serving(tmp_path, token=token) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        screens = {}
        for who in ("ann", "bob", "host"):
            page = browser.new_page(viewport={"width": 390, "height": 844})
            key = f"token={token}" if who == "host" else f"seat={SeatKeys(token).key(name, who)}"
            page.goto(f"{url}/g/{name}?{key}")
            screens[who] = page
        expect(screens["ann"].locator("#draw-row button")).to_have_count(3)
        for who in ("bob", "host"):
            expect(screens[who].locator("#draw-set[data-version]")).to_be_attached()
            expect(screens[who].locator("#draw-set")).to_be_hidden()
        screens["ann"].click('#draw-row button[data-move="ann draws from the building pile"]')
        expect(screens["ann"].locator("#draw-button")).to_be_enabled()
        screens["ann"].click("#draw-button")
        expect(screens["ann"].locator("#draw-set")).to_be_hidden()
        assert record_moves(tmp_path / name)[-1].startswith("ann draws ")
        browser.close()
