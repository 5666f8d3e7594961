"""The page lists every legal move, a page at a time, in a real browser (issue 37: the list
was cut, and the page said only "the first 400"). With 2 moves a page, at the set-up of a
seeded Black Hills game (6 moves for ann, the characters she may keep): "My moves now"
lists 2, then says how many there are once it has counted them, and "the next moves" adds
2 more at each tap, until all 6 are there and no such button is left."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.web import games
from tests.browser import ARGS, CHROMIUM, new_game_from_page, require_browser, serving

require_browser()
from playwright.sync_api import expect, sync_playwright  # noqa: E402 (after the skip)


def test_the_next_moves_on_a_tap_until_all_are_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games, "MAX_LISTED_MOVES", 2)
    with serving(tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        new_game_from_page(page, url, "black-hills", 11)
        page.click("#moves-button")
        choices = page.locator("#moves-list button.choice")
        expect(page.locator("#moves-note")).to_have_text("ann: 2 moves (the first 2 of 6)")
        expect(choices).to_have_count(2)
        for listed in (4,):
            page.click("#moves-list button.more-moves")
            expect(choices).to_have_count(listed)
            expect(page.locator("#moves-note")).to_contain_text(f"(the first {listed} of 6)")
        page.click("#moves-list button.more-moves")
        expect(choices).to_have_count(6)
        expect(page.locator("#moves-note")).to_have_text("ann: 6 moves")
        expect(page.locator("#moves-list button.more-moves")).to_have_count(0)
        browser.close()
        assert errors == []
