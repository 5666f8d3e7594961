"""A whole seeded Black Hills game at a real table, by taps only, in Chromium (issue 38):
the host's screen (1440x900) makes the game from the front page and three phones
(390x844) join through the host's seat links; every move is a tap on an offered button,
none typed: at each round's set-up every seat still to keep taps two characters of its
hand (all three choose at once; the header names all three, each seat's hint is its own
and the move box's example is a keep in its name), sees the preview and keeps them; in a
turn the seat to play asks the hint and taps its preview, then "play this", or, for the
Shaman's face-down draw, taps the hint's preview (the deal is shown), then one of
the moves it shows and Commit. The pages stay open throughout (no reload). After every
move every screen shows the round, each player's reputation, characters, resources,
gunmen and events, and the event deck of `adjudicator game show --json`; at the end the
host's screen names the winner and the scores of `adjudicator replay` of the record.

Seed 12 takes 45 moves this way, two of them the Shaman's draw. The screenshots of a
phone mid-game and of the host's end land in tests/artifacts/game/ (docs/screenshots/
holds the ones looked at)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser import (
    ARGS,
    ARTIFACTS,
    AXE,
    CHROMIUM,
    new_game_from_page,
    record_moves,
    replayed,
    require_browser,
    serious_violations,
    serving,
)

require_browser()
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from tests.test_web_counts import game_show_json  # noqa: E402

TOKEN = "bh-game-token"
SEED = 12
PLAYERS = ("ann", "bob", "cid")
SHOTS = ARTIFACTS / "game"
#: A guard against a game that never ends, not its length (seed 12: 45 moves).
MOST_MOVES = 200

#: What one screen shows of the counts, read in one call: the header, the players table
#: and the panels.
_SHOWN = """() => ({
  moves: document.getElementById("summary").dataset.moves,
  toPlay: document.getElementById("to-play").textContent,
  when: document.getElementById("when").textContent,
  players: [...document.querySelectorAll("#players tbody tr")].map((row) =>
    [row.dataset.player, ...[...row.children].slice(1).map((c) => c.textContent)]),
  panels: [...document.querySelectorAll("#panels li")].map((li) => li.textContent),
})"""


def _undealt(line: str) -> str:
    return re.sub(r" (die|dealt|drew)=\S+", "", line)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _check_counts(screens: dict[str, Page], record: Path, moves: int) -> dict[str, Any]:
    """Every screen, once it has drawn move `moves`, shows `game show --json`'s counts."""
    shown = game_show_json(record)
    state = shown["state"]
    for who, page in screens.items():
        expect(page.locator(f'#summary[data-moves="{moves}"]')).to_be_attached()
        got = page.evaluate(_SHOWN)
        where = f"{who}'s screen after move {moves}"
        assert f"round {shown['round']}" in got["when"], where
        rows = {row[0]: row for row in got["players"]}
        assert list(rows) == list(PLAYERS), where
        for p in state["players"]:
            _name, score, cards, detail = rows[p["name"]]
            assert int(score) == p["reputation"] == shown["reputation"][p["name"]], where
            assert int(cards) == len(p["characters"]), where
            assert detail == (
                f"gold {p['gold']}, logs {p['logs']}, fur {p['fur']}, gunmen {p['gunmen']}; "
                f"{_plural(len(p['events']), 'event')}"
            ), where
        assert f"events left in the deck: {state['event_deck_count']}" in got["panels"], where
        assert f"jail: {state['supply']['jail']}" in got["panels"], where
    return shown


def _keep(phone: Page, player: str, look: bool) -> str:
    """The seat taps the first two characters of its hand, sees the preview, keeps them."""
    picker = phone.locator("#keep-set")
    expect(picker).to_be_visible()
    cards = picker.locator(".keep-card")
    expect(cards).to_have_count(4)
    expect(phone.locator("#keep-commit")).to_be_disabled()
    ids = [cards.nth(i).get_attribute("data-card") for i in range(2)]
    for i in range(2):
        cards.nth(i).click()
    expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(phone.locator("#keep-said")).to_contain_text(f"Preview: keeps {ids[0]} and {ids[1]}")
    if look:  # the first keep: its picture, and axe-core on the page as it stands
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.locator("#players-card").screenshot(path=str(SHOTS / "black-hills-keep.png"))
        if AXE.exists():
            assert serious_violations(phone) == [], "the keep at the set-up"
    phone.click("#keep-commit")
    return f"{player}: keep {ids[0]} {ids[1]}"


def _by_steps(phone: Page, move: str, look: bool) -> bool:
    """The move built a choice at a time in "My moves now" (each action a tap, then "End
    the turn here", its preview and Commit), where its steps are offered."""
    phone.click("#moves-button")
    steps = phone.locator("#turn-steps")
    expect(steps).to_be_visible()
    for action in move.split(":", 1)[1].strip().split("; "):
        tap = steps.locator(f'button.step[data-step="{action}"]')
        if tap.count() == 0:  # not offered (a sure turn written otherwise): played whole
            phone.click("#moves-button")
            return False
        tap.click()
        chosen = steps.locator("h3")
        expect(chosen).to_contain_text("Your turn so far:")
        if action.startswith("event "):  # read by its printed name, not its id
            expect(chosen).not_to_contain_text(action)
        if look:  # the first step of the first turn built so: its picture, axe-core
            SHOTS.mkdir(parents=True, exist_ok=True)
            phone.locator("#move-card").screenshot(path=str(SHOTS / "black-hills-steps.png"))
            if AXE.exists():
                assert serious_violations(phone) == [], "a turn built a choice at a time"
            look = False
    end = steps.locator("button.step-end")
    expect(end).to_have_attribute("data-move", move)
    end.click()
    expect(phone.locator("#ruling")).to_contain_text(f"Preview: {move}")
    phone.click("#commit")
    return True


def _turn(phone: Page, player: str, stepwise: bool, look: bool) -> tuple[str, bool]:
    """The seat to play asks the hint and plays its first action: "play this" after its
    preview (or, `stepwise`, the same move built a choice at a time), or a face-down draw
    revealed, then the first move it shows, committed. Where the hint offers no move, the
    first of "My moves now". The move, and whether it was built a choice at a time."""
    phone.click("#hint-button")
    expect(phone.locator("#hint-status")).to_contain_text(f"hint for {player}")
    actions = phone.locator("#hint li")
    if actions.count():
        first = actions.first
        plays = first.locator(".hint-play")
        first.locator(".hint-preview").click()
        if plays.count():
            expect(phone.locator("#ruling")).to_contain_text("Preview:")
            move = phone.locator("#move-text").input_value()
            stepped = stepwise and _by_steps(phone, move, look)
            if not stepped:
                plays.click()
            return move, stepped
        # the Shaman's draw: the deal is shown, and its moves are the only ones left
        expect(phone.locator("#status")).to_contain_text("now pick one of what it shows")
    else:
        phone.click("#moves-button")
    choice = phone.locator("#moves-list button.choice").first
    expect(choice).to_be_visible()
    move = choice.get_attribute("data-move") or ""
    choice.click()
    expect(phone.locator("#ruling")).to_contain_text("Preview:")
    phone.click("#commit")
    return move, False


def test_a_seeded_game_is_played_to_its_end_by_taps_on_four_open_screens(
    tmp_path: Path,
) -> None:
    record = tmp_path / "club.game"
    with serving(tmp_path, token=TOKEN) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        host = browser.new_context(
            viewport={"width": 1440, "height": 900}, bypass_csp=True
        ).new_page()
        host.goto(f"{url}/?token={TOKEN}")
        new_game_from_page(host, url, "black-hills", SEED)
        links = {
            who: host.locator("#seats-card li.seat", has_text=who).locator("a.seat-link")
            for who in PLAYERS
        }
        screens: dict[str, Page] = {"host": host}
        for who in PLAYERS:
            href = links[who].get_attribute("href") or ""
            context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
            phone = context.new_page()
            phone.goto(href)
            expect(phone.locator("#hand h3")).to_contain_text(f"{who}'s hand")
            screens[who] = phone
        shown = _check_counts(screens, record, 0)
        written: list[str] = []
        by_steps = 0  # turns built a choice at a time
        shot = False
        while shown["winner"] is None:
            assert len(written) < MOST_MOVES, written[-5:]
            view = shown["state"]
            choosing = [p["name"] for p in view["players"] if len(p["characters"]) == 4]
            if choosing:  # the set-up: every seat still to keep chooses at once
                for page in screens.values():
                    expect(page.locator("#to-play")).to_have_text(f"{', '.join(choosing)} to play")
                who = choosing[0]
                for seat in choosing:  # the move box's example: the seat's keep
                    expect(screens[seat].locator("#move-text")).to_have_attribute(
                        "placeholder", f"{seat}: keep gambler outlaw"
                    )
                if not written:  # each seat choosing gets its own hint, not only the first
                    last = screens[choosing[-1]]
                    last.click("#hint-button")
                    expect(last.locator("#hint-status")).to_contain_text(
                        f"hint for {choosing[-1]}"
                    )
                    expect(last.locator("#hint li").first).to_contain_text(
                        f"{choosing[-1]}: keep "
                    )
                move = _keep(screens[who], who, look=not written)
            else:
                who = shown["active"]
                # the example follows the phase: a turn's, no longer the set-up's keep
                expect(screens[who].locator("#move-text")).to_have_attribute(
                    "placeholder", f"{who}: lumberjack"
                )
                stepwise = len(written) % 2 == 0
                move, stepped = _turn(screens[who], who, stepwise, look=not by_steps)
                by_steps += stepped
            written.append(move)
            # the mover's own screen has drawn its move (a seat may move twice running:
            # its last turn of a round, then its keep), and says it was recorded
            expect(screens[who].locator(f'#summary[data-moves="{len(written)}"]')).to_be_attached()
            expect(screens[who].locator("#move-status")).to_contain_text("recorded:")
            # the record holds the moves tapped, with what the server dealt (the die, the
            # Shaman's four, a stolen card) written beside them
            assert [_undealt(line) for line in record_moves(record)] == written
            shown = _check_counts(screens, record, len(written))
            placed = len(shown["state"]["this_round"]["placed"])
            if not shot and shown["round"] == 4 and placed == 3:
                # a phone mid-game, halfway through round 4: the board and the track in
                # the players' colours, the header, the hand (looked at: docs/screenshots/)
                SHOTS.mkdir(parents=True, exist_ok=True)
                phone = screens[shown["active"]]
                phone.evaluate("window.scrollTo(0, 0)")
                phone.screenshot(path=str(SHOTS / "black-hills-phone.png"))
                if AXE.exists():
                    assert serious_violations(phone) == [], "a phone mid-game"
                shot = True
        assert by_steps >= 5, by_steps
        # the end, live on every screen: the winner and the scores of `replay`
        report = replayed(record)
        assert report["clean"], report
        for page in screens.values():
            expect(page.locator("#end-card")).to_be_visible()
            expect(page.locator("#end-winner")).to_have_text(f"Winner: {report['winner']}")
        rows = host.locator("#end-scores tbody tr")
        expect(rows).to_have_count(len(PLAYERS))
        scores = {
            row[0].lstrip("★ ").strip(): int(row[1])
            for row in (r.split("\t") for r in rows.all_inner_texts())
        }
        assert scores == report["reputation"]
        host.evaluate("window.scrollTo(0, 0)")
        host.screenshot(path=str(SHOTS / "black-hills-end.png"))
        if AXE.exists():
            assert serious_violations(host) == [], "the host's end"
        # no screen scrolls sideways at a phone's width
        for who in PLAYERS:
            width = screens[who].evaluate("[document.documentElement.scrollWidth, innerWidth]")
            assert width[0] <= width[1], who
        browser.close()
