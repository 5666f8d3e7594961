"""The end of a game at a real table, in Chromium (issue 38): a host's screen at 1440x900
and two seats at 390x844, open while the last move is made, name the winner, the final
scores and what the replay finds, live (no reload); the panels of the turn before (a
hint, a refused hint, "recorded: ...", a space's "take the ... marker") are cleared by
the update; "Play again" takes a seat to its own seat in the new game. The screenshots
of each game's end land in tests/artifacts/end/ (docs/screenshots/ holds the ones looked
at)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import (
    ARTIFACTS,
    AXE,
    launched_chromium,
    opened,
    replayed,
    require_browser,
    serious_violations,
    serving,
)

require_browser()
from playwright.sync_api import Browser, Page, expect  # noqa: E402

from adjudicator.core.base_folder import Base  # noqa: E402
from adjudicator.web.seats import SeatKeys  # noqa: E402
from tests.test_web_counts import game_show_json  # noqa: E402
from tests.test_web_end import finished  # noqa: E402

TOKEN = "end-test-token"
EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
SHOTS = ARTIFACTS / "end"


def _before_the_end(edition: str, root: Path) -> str:
    """The record `EDITION.game` one move before the end; the move that ends it."""
    from adjudicator.render.pages import page
    from adjudicator.tables import table_of_record

    lines = finished(edition, root)
    last = len(lines)
    while True:  # in Old Town and Gads Hill a draw follows the turn that ends the game
        last -= 1
        text = "".join(lines[:last])
        table = table_of_record(text)
        drawn = page(table.name)
        game, _legal = drawn.opened(table, table.read(text, "x.game", Base(root)))
        if not drawn.view(table, game, "x.game")["over"]:
            break
    (root / f"{edition}.game").write_text(text, encoding="utf-8")
    return lines[last].strip()


#: The numeric cells of a table (`td.num`) whose text does not end where their heading's
#: does.
_UNDER_ITS_HEADING = """(table) => {
  const heads = [...document.querySelectorAll(table + " thead th")];
  const out = [];
  document.querySelectorAll(table + " tbody tr").forEach((row) => {
    [...row.children].forEach((cell, i) => {
      if (!cell.classList.contains("num") || !heads[i]) return;
      // where the text ends, not the cell's box (every cell of a column is as wide)
      const edge = (n) => {
        const r = document.createRange();
        r.selectNodeContents(n);
        return r.getBoundingClientRect().right;
      };
      const gap = Math.abs(edge(cell) - edge(heads[i]));
      if (gap > 1) out.push(heads[i].textContent + ": " + cell.textContent);
    });
  });
  return out;
}"""


def _axe(page: Page) -> list[str]:
    return serious_violations(page)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from launched_chromium()


def _open(browser: Browser, url: str, width: int, height: int) -> Page:
    page = opened(browser, url, width, height)
    expect(page.locator("#board svg")).to_be_visible()
    return page


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_screen_names_the_winner_when_the_last_move_is_made(
    browser: Browser, tmp_path: Path, edition: str
) -> None:
    last = _before_the_end(edition, tmp_path)
    mover = last.split(":")[0].strip()
    other = next(p for p in ("ann", "bob", "cid") if p != mover)
    name = f"{edition}.game"
    keys = SeatKeys(TOKEN)
    with serving(tmp_path, token=TOKEN) as url:
        host = _open(browser, f"{url}/g/{name}?token={TOKEN}", 1440, 900)
        phone = _open(browser, f"{url}/g/{name}?seat={keys.key(name, mover)}", 390, 844)
        watcher = _open(browser, f"{url}/g/{name}?seat={keys.key(name, other)}", 390, 844)
        for page in (host, phone, watcher):
            expect(page.locator("#end-card")).to_be_hidden()
        # the turn's panels: the mover's hint, the other seat's refused hint
        phone.click("#hint-button")
        expect(phone.locator("#hint li").first).to_be_visible()
        watcher.click("#hint-button")
        expect(watcher.locator("#hint-status")).to_contain_text(mover)
        if edition in ("old-town", "gads-hill-1874"):
            # a space with a marker read out on the watcher's phone, with its take button
            with_marker = watcher.locator("#board .space:has(.marker)").first
            with_marker.click()
            expect(watcher.locator("#space-info .space-words")).to_be_visible()
        phone.fill("#move-text", last)
        phone.click("#commit")
        expect(phone.locator("#move-status")).to_contain_text("recorded:")
        report = replayed(tmp_path / name)
        winners = report.get("winners") or [report["winner"]]
        said = ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners)
        for page in (host, phone, watcher):
            expect(page.locator("#end-card")).to_be_visible()
            expect(page.locator("#end-winner")).to_have_text(said)
            rows = page.locator("#end-scores tbody tr")
            expect(rows).to_have_count(3)
            expect(page.locator("#play-again")).to_be_visible()
        if edition in ("old-town", "gads-hill-1874"):
            # the counts every screen drew from the update are `game show --json`'s
            shown = game_show_json(tmp_path / name)
            piles = ", ".join(f"{k} {n}" for k, n in shown["piles"].items())
            for page in (host, watcher):
                expect(page.locator("#turn")).to_have_text(f"turn {shown['turn']}")
                expect(page.locator("#piles")).to_have_text(f"draw piles: {piles}")
                for player, hand in shown["hands"].items():
                    row = page.locator("#players tbody tr", has_text=player)
                    expect(row.locator("td").nth(3)).to_have_text(str(len(hand)))
        # each number stands under its own heading on the host's wide screen (issue 38:
        # right-aligned under left-aligned headings, they sat under the next one's)
        for table in ("#players", "#end-scores"):
            assert host.evaluate(_UNDER_ITS_HEADING, table) == [], table
        # nothing left to play: the move form keeps Undo alone
        expect(phone.locator("#commit")).to_be_hidden()
        expect(phone.locator("#move-text")).to_be_hidden()
        expect(phone.locator("#undo")).to_be_visible()
        # no panel of the turn before outlives the update
        expect(phone.locator("#hint li")).to_have_count(0)
        expect(watcher.locator("#hint-status")).to_have_text("")
        expect(watcher.locator("#move-status")).to_have_text("")
        expect(watcher.locator(".take-marker")).to_have_count(0)
        if AXE.exists():  # the end as every screen shows it reads well (CI has axe-core)
            for page in (host, watcher):
                assert _axe(page) == [], page.url
        SHOTS.mkdir(parents=True, exist_ok=True)
        for page in (host, watcher):
            page.evaluate("window.scrollTo(0, 0)")
        host.screenshot(path=str(SHOTS / f"{edition}-host-end.png"), full_page=False)
        watcher.screenshot(path=str(SHOTS / f"{edition}-seat-end.png"), full_page=False)
        # play again from a phone: its own seat at the new game, dealt anew
        watcher.click("#play-again")
        watcher.wait_for_url(f"{url}/g/{edition}.2.game")
        expect(watcher.locator("#end-card")).to_be_hidden()
        expect(watcher.locator("#hand")).to_be_visible()
        if edition == "old-town":
            # the last move taken back: the end goes, the move form comes back
            phone.on("dialog", lambda dialog: dialog.accept())
            phone.click("#undo")
            expect(phone.locator("#end-card")).to_be_hidden()
            expect(host.locator("#end-card")).to_be_hidden()
            expect(phone.locator("#commit")).to_be_visible()
        for page in (host, phone, watcher):
            page.context.close()
