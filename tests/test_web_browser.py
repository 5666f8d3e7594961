"""The table companion in a real browser: Playwright drives Debian's Chromium
(/usr/bin/chromium; Playwright's own browser download is not used) through a scripted
3-player Gads Hill game on a live uvicorn server, on a phone-sized screen.

The script (seed 50, logic_to_active=false, so STOP claims stay on the board): ann plays
9 and 25 as the Jail from the form, with a preview first; cid tries to play out of turn
(refused, the record unchanged); bob plays from his hand ("show my hand"); cid types a
move line; ann calls STOP on the claims the page highlights; ann buys the Bank before her
two cards; bob passes and takes it back (undo); bob plays the hint's best turn. A second
device sees each move without a reload. Then `adjudicator replay` reads the record on disk
clean, and a screenshot at 390 x 844 is kept in tests/artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
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


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    with serving(tmp_path) as url:
        yield url, tmp_path


def _moves(record: Path) -> list[str]:
    return record_moves(record)


def _commit(page: Page, record: Path, expected: str) -> None:
    page.click("#commit")
    expect(page.locator("#status")).to_have_text(f"recorded: {expected}")
    assert _moves(record)[-1] == expected


def test_a_scripted_game_in_the_browser(server: tuple[str, Path]) -> None:
    url, root = server
    record = root / "club.game"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        phone = browser.new_context(viewport={"width": 390, "height": 844})
        page = phone.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        # A new 3-player Gads Hill game.
        new_game_from_page(page, url, "gads-hill-1874", 50, "logic_to_active=false")
        expect(page.locator("#to-play")).to_have_text("ann to play")
        expect(page.locator("#board svg #space-b1")).to_be_visible()

        # A second device on the same table.
        other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        other.goto(f"{url}/g/club.game")

        # 1. ann: two cards from the form, previewed (markers highlighted), then committed.
        page.fill("#card1", "9")
        page.fill("#card2", "25")
        page.select_option("#as2", "jail")
        expect(page.locator("#move-text")).to_have_value("ann: 9; 25 as jail")
        page.click("#preview")
        expect(page.locator("#ruling")).to_contain_text("Preview: ann: 9; 25 as jail · 3 points")
        expect(page.locator("#ruling")).to_contain_text("P1")
        assert page.locator("#board .hl-placed").count() > 0
        assert _moves(record) == []
        _commit(page, record, "ann: 9; 25 as jail")
        expect(other.locator("#moves")).to_contain_text("ann: 9; 25 as jail")

        # 2. An illegal move: cid out of turn. Refused with its code; the record unchanged.
        before = record.read_text(encoding="utf-8")
        page.fill("#move-text", "cid: 3")
        page.click("#commit")
        expect(page.locator("#status")).to_have_text(
            "refused, the record is unchanged: T1: it is bob's turn, not cid's"
        )
        expect(page.locator("#ruling")).to_contain_text("Refused: T1")
        assert record.read_text(encoding="utf-8") == before

        # 3. bob plays from his hand, shown by "show my hand".
        page.click("button.show-hand[data-player=bob]")
        page.click("#hand .hand-card[data-card='8']")
        page.click("#hand .hand-card[data-card='36']")
        page.select_option("#as2", "hotel")
        expect(page.locator("#move-text")).to_have_value("bob: 8; 36 as hotel")
        _commit(page, record, "bob: 8; 36 as hotel")

        # 4. cid writes the move line; the STOP claims it leaves are highlighted.
        page.fill("#move-text", "cid: 3; 42 as stage-coach-office")
        _commit(page, record, "cid: 3; 42 as stage-coach-office")
        expect(page.locator("#stop-card")).to_be_visible()
        expect(page.locator("#stop")).to_contain_text("2 points for the player who calls STOP")
        expect(page.locator("#stop")).to_contain_text("L1:")
        assert page.locator("#board .hl-claim").count() > 0
        expect(page.locator("#stop button.call-stop[data-player=cid]")).to_have_count(0)
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#board").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "serve-phone-stop.png"))

        # 5. ann calls STOP: the tap previews what it claims, "Call STOP" commits it.
        page.click("#stop button.call-stop[data-player=ann]")
        expect(page.locator("#stop-said")).to_contain_text("ann: STOP claims 2 points")
        assert _moves(record)[-1] == "cid: 3; 42 as stage-coach-office"
        page.click("#stop-commit")
        expect(page.locator("#status")).to_have_text("recorded: ann: STOP")
        assert _moves(record)[-1] == "ann: STOP"
        expect(page.locator("#players tbody tr").first).to_contain_text("5")

        # 6. ann buys the Bank before her two cards (A2).
        page.select_option("#player", "ann")
        page.fill("#card1", "47")
        page.select_option("#as1", "bank")
        page.fill("#card2", "38")
        page.select_option("#as2", "bank")
        page.select_option("#buy", "bank")
        page.select_option("#buy-at", "0")
        expect(page.locator("#move-text")).to_have_value("ann: buy bank; 47 as bank; 38 as bank")
        _commit(page, record, "ann: buy bank; 47 as bank; 38 as bank")

        # 7. bob passes, then takes it back.
        page.click("#pass")
        expect(page.locator("#status")).to_have_text("recorded: bob: pass")
        page.click("#undo")
        expect(page.locator("#status")).to_have_text("you took back: bob: pass")
        assert _moves(record)[-1] == "ann: buy bank; 47 as bank; 38 as bank"

        # 8. The hint for bob, played as offered.
        page.click("#hint-button")
        first = page.locator("#hint li").first
        expect(first).to_contain_text("bob: ")
        offered = first.locator("span").inner_text().split(" · ")[0]
        first.locator("button.hint-play").click()
        expect(page.locator("#status")).to_have_text(f"recorded: {offered}")
        assert _moves(record)[-1] == offered

        # 9. The coach for cid: its best turn first, with the pile to draw from after it.
        page.click("#coach-button")
        best = page.locator("#hint li").first
        expect(best).to_contain_text("cid: ")
        expect(best.locator("p.draw")).to_contain_text("Then draw from the ")

        # The timeline steps through the moves.
        page.click("#replay-button")
        expect(page.locator("#replay li")).to_have_count(6)
        expect(page.locator("#step-label")).to_contain_text("after move 6 of 6")
        page.click("#step-back")
        expect(page.locator("#step-label")).to_contain_text("after move 5 of 6")

        # A phone shows it without sideways scrolling; the picture is kept.
        page.click("#step-close")
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot = ARTIFACTS / "serve-phone.png"
        page.screenshot(path=str(shot))
        browser.close()
    assert errors == []
    print(f"screenshot: {shot}")

    # The record on disk replays clean.
    replay = replayed(record)
    assert replay["illegal"] == [] and replay["score_differences"] == []
    assert [m["move"] for m in replay["moves"]][:6] == [
        "ann: 9; 25 as jail",
        "bob: 8; 36 as hotel",
        "cid: 3; 42 as stage-coach-office",
        "ann: STOP",
        "ann: buy bank; 47 as bank; 38 as bank",
        offered,
    ]


def test_the_shipped_example_in_the_browser(server: tuple[str, Path]) -> None:
    """The README's example record: the board, the moves, and the replay's findings."""
    url, root = server
    shipped = Path(__file__).parents[1] / "examples" / "old-town-table.game"
    (root / "table.game").write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{url}/g/table.game")
        expect(page.locator("#board svg")).to_be_visible()
        expect(page.locator("#moves li.illegal")).to_have_count(1)
        page.click("#replay-button")
        expect(page.locator("#status")).to_contain_text("replay: 1 refused move")
        expect(page.locator("#replay li").first).to_be_visible()
        page.click("#replay li >> nth=0")
        expect(page.locator("#step-label")).to_contain_text("after move 1 of")
        # the summary names the winner too (issue 38: it said "game over" alone)
        expect(page.locator("#to-play")).to_have_text("game over · won by ann")
        page.click("#hint-button")  # a finished game: the page says so, in one line
        expect(page.locator("#status")).to_have_text("table.game: the game is over")
        # and in the hint's panel, where it was asked (issue 35: nothing was shown there)
        expect(page.locator("#hint-status")).to_have_text("table.game: the game is over")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        browser.close()
    assert errors == []


def test_a_few_old_town_turns_by_tapping(server: tuple[str, Path]) -> None:
    """Old Town from the page's form, played by taps only: the acting player's hand opened
    and a card tapped into the form and previewed, then each turn the hint's best (its
    preview, then "play this"), the refill of Old Town (A4) by its Take button when due."""
    url, root = server
    record = root / "club.game"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        new_game_from_page(page, url, "old-town", 9)
        expect(page.locator("#to-play")).to_have_text("ann to play")
        page.click("button.show-hand[data-player=ann]")
        card = page.locator("#hand .hand-card").first
        number = card.get_attribute("data-card")
        card.click()
        expect(page.locator("#card1")).to_have_value(str(number))
        page.click("#preview")
        expect(page.locator("#ruling")).to_contain_text("ann: " + str(number))
        played: list[str] = []
        for _ in range(4):
            if page.locator("#refill-set").is_visible():
                # one choice per building owed, none made for the player; Take commits
                # the take previewed (issue 38)
                for i, select in enumerate(page.locator("#refill-row select").all()):
                    select.select_option(index=i + 1)
                expect(page.locator("#ruling")).to_contain_text("Preview:")
                page.click("#take-button")
                expect(page.locator("#status")).to_contain_text("recorded: ")
                played.append(record_moves(record)[-1])
                continue
            page.click("#hint-button")
            first = page.locator("#hint li").first
            offered = first.locator("span").inner_text().split(" · ")[0]
            first.locator("button.hint-preview").click()
            expect(page.locator("#ruling")).to_contain_text(f"Preview: {offered}")
            first.locator("button.hint-play").click()
            expect(page.locator("#status")).to_have_text(f"recorded: {offered}")
            played.append(offered)
        assert record_moves(record) == played
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        browser.close()
    assert errors == []
    report = replayed(record)
    assert report["illegal"] == [] and [m["move"] for m in report["moves"]] == played
