"""Dry Gulch and Black Hills at the table in a real browser (issue 25): Playwright drives
Debian's Chromium on a 390 px phone through a few turns of each, by tapping only.

A new 3-player game from the page's form; the player to act taps "My moves now" and a move
(the page previews its ruling), then Commit; a second device sees it without a reload; a
move out of turn is refused with its rule code and the record unchanged; a site or an area
tapped on the board lists the moves there; the hint answers; Undo takes the last move
back; the timeline steps through the moves. Then `adjudicator replay` reads the record on
disk clean, and a screenshot at 390 x 844 is kept in tests/artifacts/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import (
    ARGS,
    ARTIFACTS,
    CHROMIUM,
    new_game_from_page,
    record_moves,
    replayed,
    require_browser,
    serving,
)

require_browser()
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402 (after the skip)

#: each game's move out of turn right after the first move, and its rule code
OUT_OF_TURN = {"dry-gulch": ("cid: draw resources", "DG-PHASE"), "black-hills": None}


def _tap_a_move(page: Page, record: Path) -> str:
    """The acting player's moves, the first tapped (previewed), then committed."""
    page.click("#moves-button")
    first = page.locator("#moves-list button.choice").first
    expect(first).to_be_visible()
    move = first.get_attribute("data-move")
    assert move
    first.click()
    expect(page.locator("#ruling")).to_contain_text(f"Preview: {move}")
    assert move not in record_moves(record)[-1:]
    page.click("#commit")
    expect(page.locator("#status")).to_have_text(f"recorded: {move}")
    assert record_moves(record)[-1] == move
    return move


@pytest.mark.parametrize("edition", ("dry-gulch", "black-hills"))
def test_a_few_turns_by_tapping(tmp_path: Path, edition: str) -> None:
    record = tmp_path / "club.game"
    with serving(tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        new_game_from_page(page, url, edition, 11)
        # Black Hills' set-up: every player keeps two at once, and the header says so
        first = "ann, bob, cid" if edition == "black-hills" else "ann"
        expect(page.locator("#to-play")).to_have_text(f"{first} to play")
        expect(page.locator("#board svg")).to_be_visible()
        other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        other.goto(f"{url}/g/club.game")

        played = [_tap_a_move(page, record)]
        expect(other.locator("#moves")).to_contain_text(played[0])
        # the other device says who did what, and drops a preview it had drawn
        expect(other.locator("#status")).to_have_text(f"new move: {played[0]}")
        expect(other.locator("#ruling")).to_be_hidden()

        # out of turn: typed, refused with the rule, the record unchanged
        before = record.read_text(encoding="utf-8")
        wrong = OUT_OF_TURN[edition] or ("ann: keep a b", "BH-KEEP")
        page.fill("#move-text", wrong[0])
        page.click("#commit")
        expect(page.locator("#ruling")).to_contain_text(f"Refused: {wrong[1]}")
        expect(page.locator("#status")).to_contain_text(
            f"refused, the record is unchanged: {wrong[1]}"
        )
        assert record.read_text(encoding="utf-8") == before

        played += [_tap_a_move(page, record), _tap_a_move(page, record)]

        # a site or an area tapped lists the moves there (or says there are none)
        pick = page.locator('#board svg g[id^="site-"], #board svg g.area').first
        pick.click()
        expect(page.locator("#status")).to_contain_text("picked")
        # the tap opens the list itself (issue 38: it waited for "My moves now")
        expect(page.locator("#moves-note")).to_contain_text(" at ")
        page.click("#moves-button")

        # the hint answers for the player to act, in words or with moves to play
        page.click("#hint-button")
        expect(page.locator("#status")).not_to_have_text("thinking…")
        hint = page.locator("#status").inner_text()
        assert hint.startswith("hint for ") or "set-up" in hint or "first" in hint, hint

        page.click("#undo")
        expect(page.locator("#status")).to_have_text(f"you took back: {played[-1]}")
        played.pop()
        assert record_moves(record) == played

        page.click("#replay-button")
        expect(page.locator("#replay li")).to_have_count(len(played))
        page.click("#step-back")
        expect(page.locator("#step-label")).to_contain_text(f"after move {len(played) - 1} of")
        page.click("#step-close")

        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"serve-phone-{edition}.png"))
        browser.close()
    assert errors == []

    report = replayed(record)
    assert report["moves"] == len(played) == len(record_moves(record))
    assert report.get("illegal", [w for w in report.get("wrong", []) if not w["legal"]]) == []
