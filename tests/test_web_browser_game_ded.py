"""A whole game at a real table by taps, in Old Town and Gads Hill 1874 (issue 38), in
Chromium: the host makes a seeded game at its screen (1440x900) with the players choosing
their buildings (T7), and three phones (390x844) join from the host's seat links. Every
move is a tap on what the mover's own phone offers, the pages never reloaded: at the
set-up a building's button, its preview, then "Take this building"; each turn the hint's
preview, then its "play this" (before Old Town's refill, its ranked take); each draw a
pile's button, its preview, then "Draw". After every move each screen waits for its own
update signal (`body[data-moves]`, the draw panel's version) and its card, pile and turn
counts must be `game show --json`'s; at the end every screen names the winner, and the
host's the scores, of `adjudicator replay` of the record. A phone's screen mid-game and
the host's end screen land in tests/artifacts/game/ (docs/screenshots/ holds the ones
looked at)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    ARTIFACTS,
    launched_chromium,
    opened,
    record_moves,
    replayed,
    require_axe,
    require_browser,
    serious_violations,
    serving,
)

require_browser()
from playwright.sync_api import Browser, Page, expect  # noqa: E402

from adjudicator.core.base_folder import Base  # noqa: E402
from adjudicator.deduction.game.legal_moves import player_to_act  # noqa: E402
from adjudicator.tables import table_of_record  # noqa: E402
from tests.test_web_counts import game_show_json  # noqa: E402

TOKEN = "game-by-taps-token"
PLAYERS = ("ann", "bob", "cid")
SHOTS = ARTIFACTS / "game"
#: the seed each edition's game is dealt from (a game of some twenty turns)
SEEDS = {"old-town": 1, "gads-hill-1874": 1}

#: What a screen shows of the counts, read in one evaluate: the turn, the piles, and each
#: player's cards, with the moves it has drawn and whether its draw panel is current.
_COUNTS = """() => ({
  moves: document.body.dataset.moves,
  turn: document.getElementById("turn").textContent,
  piles: document.getElementById("piles").textContent,
  cards: Object.fromEntries([...document.querySelectorAll("#players tbody tr")].map(
    (row) => [row.children[0].textContent.replace("▶ ", ""), row.children[3].textContent])),
  wide: document.documentElement.scrollWidth > window.innerWidth,
})"""

#: The page drew the record's `n` moves, and its draw panel asked for that version.
_DRAWN = """(n) => document.body.dataset.moves === String(n)
  && document.getElementById("draw-set").dataset.version === document.body.dataset.version"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from launched_chromium()


def _page(browser: Browser, url: str, width: int, height: int) -> Page:
    return opened(browser, url, width, height)


def _new_game(host: Page, url: str, edition: str) -> str:
    """The host's new game from the front page: the players choose their buildings."""
    host.goto(f"{url}/?list=1&token={TOKEN}")
    assert serious_violations(host) == [], "the front page"
    host.fill("#new-game input[name=name]", edition)
    host.select_option("#new-game select[name=edition]", edition)
    host.fill("#new-game input[name=players]", ", ".join(PLAYERS))
    host.fill("#new-game input[name=seed]", str(SEEDS[edition]))
    host.check("#choose-buildings")
    host.click("#create")
    name = f"{edition}.game"
    host.wait_for_url(f"{url}/g/{name}")
    expect(host.locator("#to-play")).to_have_text("set-up: ann chooses a building")
    return name


def _acting(record: Path) -> str:
    """Whose phone the table passes the move to: the player the record waits for."""
    text = record.read_text(encoding="utf-8")
    table = table_of_record(text)
    game = table.replay(table.read(text, str(record), Base(record.parent))).game
    player = player_to_act(game)
    assert player is not None, "the game is over"
    return player


def _tip(record: Path, player: str) -> set[str]:
    """The buildings `player`'s building cards name (the rulebooks' tip at the set-up)."""
    text = record.read_text(encoding="utf-8")
    table = table_of_record(text)
    state = table.replay(table.read(text, str(record), Base(record.parent))).game.state
    cards = [state.cards[n] for n in state.player(player).hand or ()]
    return {state.board.building_name(c.subject) for c in cards if c.kind == "building"}


def _tap(phone: Page, rng: random.Random) -> str:
    """One move by taps on the phone of the player to act; what the tap chose."""
    if phone.locator("#setup-set").is_visible():
        # T7: a building of the player's choice; its preview says what it takes
        buttons = phone.locator("#setup-row .setup-building")
        choice = buttons.nth(rng.randrange(buttons.count()))
        move = choice.get_attribute("data-move") or ""
        choice.click()
        expect(phone.locator("#ruling")).to_contain_text("Preview: " + move)
        expect(phone.locator("#setup-take")).to_be_enabled()
        phone.click("#setup-take")
        return move
    if phone.locator("#draw-set").is_visible():
        # T2: the pile of the player's choice; the server deals its top card
        buttons = phone.locator("#draw-row .draw-pile")
        choice = buttons.nth(rng.randrange(buttons.count()))
        move = choice.get_attribute("data-move") or ""
        choice.click()
        expect(phone.locator("#ruling")).to_contain_text("Preview: " + move)
        expect(phone.locator("#draw-button")).to_be_enabled()
        phone.click("#draw-button")
        return move
    # a turn: the hint's best, previewed, then played (Old Town's refill is its take)
    phone.click("#hint-button")
    first = phone.locator("#hint li").first
    expect(first.locator(".hint-play")).to_be_visible()
    first.locator(".hint-preview").click()
    expect(phone.locator("#ruling")).to_contain_text("Preview:")
    move = phone.locator("#move-text").input_value()
    first.locator(".hint-play").click()
    return move


def _same_counts(page: Page, shown: dict[str, Any], where: str) -> None:
    seen: dict[str, Any] = page.evaluate(_COUNTS)
    piles = ", ".join(f"{k} {n}" for k, n in shown["piles"].items())
    assert seen["turn"] == f"turn {shown['turn']}", where
    assert seen["piles"] == f"draw piles: {piles}", where
    assert seen["cards"] == {p: str(len(h)) for p, h in shown["hands"].items()}, where
    assert not seen["wide"], f"{where}: the page scrolls sideways"


@pytest.mark.parametrize("edition", list(SEEDS))
def test_a_table_plays_a_seeded_game_to_its_end_by_taps_only(
    browser: Browser, tmp_path: Path, edition: str
) -> None:
    require_axe()
    rng = random.Random(SEEDS[edition])
    with serving(tmp_path, token=TOKEN) as url:
        host = _page(browser, "about:blank", 1440, 900)
        name = _new_game(host, url, edition)
        record = tmp_path / name
        seats = host.locator("#seats-card .seat").all()  # the host's seat links
        players = [seat.locator("strong").inner_text() for seat in seats]
        hrefs = [seat.locator(".seat-link").get_attribute("href") for seat in seats]
        assert players == list(PLAYERS)
        phones = {p: _page(browser, h or "", 390, 844) for p, h in zip(players, hrefs, strict=True)}
        screens = [host, *phones.values()]
        for page in screens:
            expect(page.locator("#board svg")).to_be_visible()
        # the set-up as each screen shows it: the chooser's buttons on ann's phone only
        expect(phones["ann"].locator("#setup-row .setup-building").first).to_be_visible()
        expect(phones["bob"].locator("#setup-who")).to_have_text(
            "ann chooses a building on their own screen."
        )
        expect(phones["bob"].locator("#setup-row button")).to_have_count(0)
        # the rulebook's tip, from ann's own hand: the buildings her building cards name
        tip = _tip(record, "ann")
        starred = phones["ann"].locator("#setup-row .setup-building", has_text="★")
        expect(starred).to_have_count(len(tip))
        assert {t.removesuffix(" ★") for t in starred.all_inner_texts()} == tip
        expect(phones["bob"].locator("#setup-tip")).to_have_text("")
        for page in (host, phones["ann"], phones["bob"]):
            assert serious_violations(page) == [], page.url
            assert not page.evaluate(_COUNTS)["wide"], page.url
        SHOTS.mkdir(parents=True, exist_ok=True)
        phones["ann"].locator("#setup-set").scroll_into_view_if_needed()
        phones["ann"].screenshot(path=str(SHOTS / f"{edition}-setup-phone.png"))
        moves = 0
        shot = False
        while True:
            shown = game_show_json(record)
            for page in screens:
                page.wait_for_function(_DRAWN, arg=moves)
                _same_counts(page, shown, f"{edition}, move {moves}, {page.url}")
            if shown["over"]:
                break
            mover = _acting(record)
            phone = phones[mover]
            if moves == 20 and not shot:  # a phone in mid-game, as its player sees it
                shot = True
                SHOTS.mkdir(parents=True, exist_ok=True)
                phone.evaluate("window.scrollTo(0, 0)")
                phone.screenshot(path=str(SHOTS / f"{edition}-phone.png"))
                assert serious_violations(phone) == [], phone.url
            chose = _tap(phone, rng)
            moves += 1
            phone.wait_for_function(_DRAWN, arg=moves)  # its commit's update drawn
            expect(phone.locator("#move-status")).to_contain_text("recorded:")
            lines = record_moves(record)
            assert len(lines) == moves, (chose, lines[-1:])
            assert moves < 400, "the game does not end"
        # the end: every screen names the winner of `adjudicator replay`, the host's the
        # scores too
        report = replayed(record)
        assert report["over"] and report["illegal"] == []
        winners = report["winners"]
        said = ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners)
        for page in screens:
            expect(page.locator("#end-winner")).to_have_text(said)
        cells = [
            row.locator("td").all_inner_texts()
            for row in host.locator("#end-scores tbody tr").all()
        ]
        got = {who.replace("★ ", ""): int(score) for who, score in cells}
        assert got == report["scores"]
        assert serious_violations(host) == [], host.url
        SHOTS.mkdir(parents=True, exist_ok=True)
        host.evaluate("window.scrollTo(0, 0)")
        host.screenshot(path=str(SHOTS / f"{edition}-end.png"))
        for page in screens:
            page.context.close()
