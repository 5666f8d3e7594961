"""A whole seeded Dry Gulch game at a real table, by taps only, in Chromium (issue 38): the
host makes the game on its 1440x900 screen from the New game form, three phones at 390x844
join through the host's seat links, and the pages stay open from the first move to the
winner (no reload). Each player places their residence by tapping a site on the town and
its button (the set-up, DG-SETUP-1), then plays every turn from the buttons "My moves now"
offers: a tap previews the move, Commit records it (no move line is typed). After every
move every screen's turn, player to play, card counts and stacks equal `adjudicator game
show --json` of the record (one `evaluate` a screen, once the screen has drawn the move:
the page's own list of the record's moves); at the end the host's screen names the winner
and the scores `adjudicator replay` finds. axe-core is clean on a phone and the host at the
start, mid-game and at the end; a phone does not scroll sideways. The screenshots of a
phone mid-game and of the host's end land in tests/artifacts/game-dg/ (docs/screenshots/
holds the ones looked at).

Which offered button a player taps is this test's table manners, chosen so the seeded game
ends in a few dozen moves (seed 16: cid wins on turn 15): the last free edge site listed
for the residence, the last event choice (it takes the most), "draw resources", the
building of most influence the hand pays for, a face-up card to play, else the end of the
turn (`discard`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.dry_gulch.data import load_rules
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
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from tests.test_web_counts import game_show_json  # noqa: E402

TOKEN = "dg-game-token"
SEED = 16
PLAYERS = ("ann", "bob", "cid")
SHOTS = ARTIFACTS / "game-dg"
#: a guard against a game that does not end, not a target (seed 16 ends after 64 moves)
MOST_MOVES = 120
INFLUENCE = {p.id: p.influence for p in load_rules().permits.values()}

#: What one screen shows of the counts, read at once: the record's moves drawn, the turn
#: line, who plays, each player's card count, the Stacks panel's lines.
READ = """() => ({
  moves: document.querySelectorAll("#moves li").length,
  when: document.getElementById("when").textContent,
  toPlay: document.getElementById("to-play").textContent,
  cards: Object.fromEntries([...document.querySelectorAll("#players tbody tr")].map((r) =>
    [r.children[0].firstChild.textContent.replace("▶ ", "").trim(), r.children[2].textContent])),
  stacks: [...document.querySelectorAll("#panels li")].map((li) => li.textContent),
  wide: document.documentElement.scrollWidth,
})"""


def _choose(moves: list[str]) -> str:
    """The button this table taps among those offered (the module's docstring)."""
    action = [m.split(": ", 1)[1] for m in moves]
    homes = [m for m, a in zip(moves, action, strict=True) if a.startswith("build residence ")]
    if homes:
        return homes[-1]
    if all(a.startswith("events ") for a in action):
        return moves[-1]
    for m, a in zip(moves, action, strict=True):
        if a == "draw resources":
            return m
    builds = [m for m, a in zip(moves, action, strict=True) if a.startswith("build ")]
    if builds:
        return max(builds, key=lambda m: INFLUENCE[m.split()[2]])
    for prefix in ("play ", "discard"):
        for m, a in zip(moves, action, strict=True):
            if a.startswith(prefix):
                return m
    return moves[0]


def _offered(page: Page) -> list[str]:
    """Every move "My moves now" lists (the next ones fetched by their button)."""
    page.click("#moves-button")
    expect(page.locator("#moves-note")).not_to_have_text("")
    more = page.locator("#moves-list button.more-moves")
    while more.count():
        shown = page.locator("#moves-list button.choice").count()
        more.click()
        expect(page.locator("#moves-list button.choice")).not_to_have_count(shown)
    listed = page.locator("#moves-list button.choice")
    return [str(b.get_attribute("data-move")) for b in listed.all()]


def _tap(page: Page, move: str) -> None:
    """The move's button tapped (its group opened first if closed), previewed."""
    button = page.locator(f'#moves-list button.choice[data-move="{move}"]')
    if not button.is_visible():
        page.locator(f'#moves-list details:has(button[data-move="{move}"]) > summary').click()
    button.click()
    expect(page.locator("#ruling")).to_contain_text(f"Preview: {move}")


def _place_residence(page: Page, move: str) -> None:
    """The residence's site tapped on the town: the list shows the moves there."""
    site = move.rsplit(" ", 1)[1]
    page.locator(f'#board svg g[id="site-{site}"]').click()
    expect(page.locator("#moves-note")).to_contain_text(f"at {site}")
    expect(page.locator("#moves-list button.choice")).to_have_count(1)
    _tap(page, move)
    # what is certain shows before the commit: the site, and the influence it brings
    expect(page.locator("#ruling")).to_contain_text(f"placed the residence on {site}")
    expect(page.locator("#ruling")).to_contain_text(" · 1 influence")


def _same_as_game_show(shown: dict[str, Any], cli: dict[str, Any], where: str) -> None:
    assert f"turn {cli['turn']}" in shown["when"].split(" · "), where
    assert f"round {cli['round']}" in shown["when"].split(" · "), where
    if not cli["over"]:
        assert shown["toPlay"] == f"{cli['active']} to play", where
    assert shown["cards"] == {p: str(len(h)) for p, h in cli["hands"].items()}, where
    decks = cli["state"]["decks"]
    face_up = ", ".join(decks["permit_discard"]) or "none"
    assert shown["stacks"][:3] == [
        f"resources: {len(decks['resources'])} ({len(decks['resource_discard'])} discarded)",
        f"permits: {len(decks['permits'])}; face up: {face_up}",
        f"events: {len(decks['events'])}",
    ], where
    events_up = [ln for ln in shown["stacks"] if ln.startswith("events face up to play: ")]
    assert events_up == (
        [f"events face up to play: {', '.join(decks['face_up'])}"] if decks["face_up"] else []
    ), where


def _open(browser: Browser, url: str, width: int, height: int) -> Page:
    # axe-core is injected as a script: the page's own CSP would refuse it
    page = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    return page.new_page()


def _axe_clean(*pages: Page) -> None:
    if AXE.exists():  # CI has axe-core (require_axe in the seats test)
        for page in pages:
            assert serious_violations(page) == [], page.url


def test_a_seeded_game_to_its_end_by_taps_at_a_table_of_three_phones(tmp_path: Path) -> None:
    record = tmp_path / "club.game"
    errors: list[str] = []
    with serving(tmp_path, token=TOKEN) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        host = _open(browser, url, 1440, 900)
        host.goto(f"{url}/?token={TOKEN}")
        new_game_from_page(host, url, "dry-gulch", SEED)
        assert '[Residences "in turn"]' in record.read_text("utf-8").splitlines()
        links = host.locator("#seats-card a.seat-link")
        expect(links).to_have_count(3)
        seats: dict[str, Page] = {}
        for i, player in enumerate(PLAYERS):
            seats[player] = _open(browser, url, 390, 844)
            seats[player].goto(str(links.nth(i).get_attribute("href")))
            expect(seats[player].locator("#board svg")).to_be_visible()
        screens = [host, *seats.values()]
        for page in screens:
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        expect(host.locator("#when")).to_contain_text("residence phase")
        _axe_clean(host, seats["ann"])

        played: list[str] = []
        while len(played) < MOST_MOVES:
            cli = game_show_json(record)
            if cli["over"]:
                break
            mover = seats[cli["active"]]
            offered = _offered(mover)
            move = _choose(offered)
            if " build residence at " in move:
                mover.click("#moves-button")  # closed: the tap on the town opens it again
                _place_residence(mover, move)
            else:
                _tap(mover, move)
            mover.click("#commit")
            expect(mover.locator("#status")).to_have_text(f"recorded: {move}")
            played.append(move)
            assert record_moves(record) == played
            cli = game_show_json(record)
            for page in screens:  # each screen has drawn the move: its counts are the CLI's
                expect(page.locator("#moves li")).to_have_count(len(played))
                shown = page.evaluate(READ)
                _same_as_game_show(shown, cli, f"{page.url} after {move!r}")
                assert shown["wide"] <= page.viewport_size["width"], page.url  # type: ignore[index]
            if len(played) == 30:  # mid-game: a phone as its player holds it
                phone = seats[cli["active"]] if not cli["over"] else seats["ann"]
                _axe_clean(phone)
                SHOTS.mkdir(parents=True, exist_ok=True)
                phone.evaluate("window.scrollTo(0, 0)")
                phone.screenshot(path=str(SHOTS / "dry-gulch-phone.png"))
        assert game_show_json(record)["over"], f"no winner after {len(played)} moves"

        report = replayed(record)
        assert report["clean"] and report["moves"] == len(played)
        expect(host.locator("#end-card")).to_be_visible()
        expect(host.locator("#end-winner")).to_have_text(f"Winner: {report['winner']}")
        rows = host.locator("#end-scores tbody tr")
        expect(rows).to_have_count(3)
        scores = {
            str(r.locator("td").nth(0).text_content()).replace("★ ", ""): int(
                str(r.locator("td").nth(1).text_content())
            )
            for r in rows.all()
        }
        assert scores == report["influence"]
        for page in seats.values():
            expect(page.locator("#end-winner")).to_have_text(f"Winner: {report['winner']}")
        _axe_clean(host, seats["ann"])
        host.evaluate("window.scrollTo(0, 0)")
        host.screenshot(path=str(SHOTS / "dry-gulch-end.png"))
        browser.close()
    assert errors == []
