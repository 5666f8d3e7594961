"""Old Town's page in its own words, in Chromium (issue 38): the refill (A4) asks one
choice per building owed, none made for the player, previews the take before "Take"
commits it; then the hand reads 4s, 8s and 8+8s, one card a turn (no second slot), and
the "as" menu lists only the player's own buildings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import ARGS, ARTIFACTS, CHROMIUM, record_moves, require_browser, serving

require_browser()
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[Page, Path]]:
    # Old Town, seed 1: ann owes one building before her turn (A4)
    lines = (FIXTURES / "old-town-best-is-discard.game").read_text().splitlines()[:-1]
    (tmp_path / "refill.game").write_text("\n".join(lines) + "\n", "utf-8")
    with serving(tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(f"{url}/g/refill.game")
        yield phone, tmp_path / "refill.game"
        browser.close()


def test_the_refill_is_chosen_previewed_and_taken(page: tuple[Page, Path]) -> None:
    phone, record = page
    expect(phone.locator("#refill-set")).to_be_visible()
    choice = phone.locator("#refill-row select")
    expect(choice).to_have_count(1)
    expect(choice).to_have_value("")  # nothing chosen for the player
    expect(phone.locator("#take-button")).to_be_disabled()
    choice.select_option("hotel")
    expect(phone.locator("#ruling")).to_contain_text("Preview: ann: take hotel")
    expect(phone.locator("#take-button")).to_be_enabled()
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "old-town-refill.png"))
    phone.click("#take-button")
    expect(phone.locator("#move-status")).to_contain_text("recorded: ann: take hotel")
    assert record_moves(record)[-1] == "ann: take hotel"
    expect(phone.locator("#refill-set")).to_be_hidden()


def test_the_hand_and_the_move_speak_old_town(page: tuple[Page, Path]) -> None:
    phone, _record = page
    phone.click('.show-hand[data-player="ann"]')
    cards = phone.locator("#hand .hand-card")
    expect(cards.first).to_be_visible()
    kinds = [t.split(":")[0].split(" · ")[0].split(" ", 1)[1] for t in cards.all_inner_texts()]
    assert set(kinds) <= {"4s", "8s", "8+8s"}, kinds
    # one card a turn: no second slot, and a second tap chooses another card instead
    expect(phone.locator("#card2")).to_be_hidden()
    cards.nth(0).click()
    cards.nth(1).click()
    number = cards.nth(1).get_attribute("data-card")
    expect(phone.locator("#card1")).to_have_value(number or "")
    assert ";" not in phone.locator("#move-text").input_value()
    # "as": ann's own buildings still to place (as printed: her Stable stands), no other
    shown = phone.locator("#as1 option").all_inner_texts()
    assert shown == ["—", "Sheriff"], shown
