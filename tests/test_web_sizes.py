"""The pages as the table sees them, measured in Chromium at a phone's (390 x 844), a
tablet's (1024 x 768) and a desktop's (1440 x 900) size, for each edition in mid-game:
every visible text at least 12 CSS px (an SVG's text scaled by its screen CTM), every tap
target at least 24 px across (the board's spaces and markers 44 px), no sideways scroll,
the whole board (and its key) in the first screen at the two big sizes, and axe-core with
no critical or serious finding. Then one step of a puzzle solved by keyboard alone.

One browser for the module; the measures are taken by `tests/web_sizes.js` in the page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.browser import ARGS, AXE, CHROMIUM, require_axe, require_browser, serving

require_browser()
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from adjudicator.web import games, puzzles  # noqa: E402
from adjudicator.web.records import RecordDir  # noqa: E402
from adjudicator.web.seats import EVERYONE  # noqa: E402

EXAMPLES = Path(__file__).parents[1] / "examples"
JS = (Path(__file__).parent / "web_sizes.js").read_text(encoding="utf-8")
SIZES = ((390, 844), (1024, 768), (1440, 900))
PHONE = SIZES[0]
PUZZLE = "old-town-easy-3.puzzle.toml"
#: each edition's mid-game page, and the index and a puzzle
PAGES = {
    "old-town": "/g/old-town.game",
    "gads-hill": "/g/gads-hill.game",
    "dry-gulch": "/g/dry-gulch.game",
    "black-hills": "/g/black-hills.game",
    "index": "/?list=1",
    "puzzle": f"/p/{PUZZLE}",
}
MIN_FONT = 12.0
MIN_TARGET = 24.0
#: The board's spaces, markers, sites and areas: 44 px, a thumb's width
MIN_BOARD_TARGET = dict.fromkeys(("old-town", "gads-hill", "dry-gulch", "black-hills"), 44.0)


def _first_half(example: str) -> str:
    """A shipped example record cut in the middle of its game: its header and the first
    half of its move lines (comments and blank lines kept where they fall)."""
    lines = (EXAMPLES / example).read_text(encoding="utf-8").splitlines()
    moves = [i for i, ln in enumerate(lines) if ln and not ln.startswith(("[", "#"))]
    return "\n".join(lines[: moves[len(moves) // 2]]) + "\n"


def write_mid_games(root: Path) -> None:
    """The four mid-game records and a puzzle in `root`; Gads Hill's six turns are the
    hint's best, committed as a page would commit them."""
    for edition in ("old-town", "dry-gulch", "black-hills"):
        (root / f"{edition}.game").write_text(_first_half(f"{edition}-table.game"), "utf-8")
    records = RecordDir(root)
    form = {"name": "gads-hill", "edition": "gads-hill-1874", "players": "ann, bob, cid"}
    games.create(records, {**form, "seed": "50"})
    for _ in range(6):
        best = games.hint_view(records, "gads-hill.game", EVERYONE, 1)["actions"][0]["move"]
        assert games.commit(records, "gads-hill.game", best, None, EVERYONE)["legal"]
    form = {"edition": "old-town", "level": "easy", "seed": "3"}
    puzzles.new_puzzle(puzzles.PuzzleDir(root), form, puzzles.editions())


@contextmanager
def serve_mid_games(root: Path) -> Iterator[str]:
    write_mid_games(root)
    with serving(root) as url:
        yield url


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Browser]]:
    with serve_mid_games(tmp_path_factory.mktemp("served")) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield url, browser
        browser.close()


def _open(page: Page, url: str) -> dict[str, Any]:
    page.goto(url)  # loaded: the board and the scripts' first drawing with it
    page.wait_for_function("document.readyState === 'complete'")
    measured: dict[str, Any] = page.evaluate(JS)
    return measured


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_readable_and_tappable_at_every_size(
    site: tuple[str, Browser], size: tuple[int, int]
) -> None:
    url, browser = site
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    found: dict[str, list[str]] = {}
    for key, path in PAGES.items():
        m = _open(page, url + path)
        bad = found.setdefault(key, [])
        if m["font"] and m["font"][0][0] < MIN_FONT:
            bad.append(f"text {m['font'][0][0]:.1f} px: {m['font'][0][1]}")
        if m["target"] and m["target"][0][0] < MIN_TARGET:
            bad.append(f"target {m['target'][0][2:]} px: {m['target'][0][1]}")
        least = MIN_BOARD_TARGET.get(key, MIN_TARGET)
        if m["boardTarget"] and m["boardTarget"][0][0] < least:
            bad.append(f"board target {m['boardTarget'][0][2:]} px: {m['boardTarget'][0][1]}")
        if m["scrollWidth"] > m["innerWidth"]:
            bad.append(f"scrolls sideways: {m['scrollWidth']} > {m['innerWidth']}")
        if size != PHONE and m["boardBottom"] is not None and m["boardBottom"] > m["innerHeight"]:
            bad.append(f"the board ends at y = {m['boardBottom']:.0f}, below the first screen")
    context.close()
    assert {k: v for k, v in found.items() if v} == {}
    assert errors == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_axe_finds_nothing_serious(site: tuple[str, Browser], size: tuple[int, int]) -> None:
    url, browser = site
    require_axe()
    # the pages' CSP forbids the injected script: bypassed for this context only
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    page = context.new_page()
    found = {}
    for key, path in PAGES.items():
        _open(page, url + path)
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("async () => (await axe.run()).violations")
        serious = [
            f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}"
            for v in result
            if v["impact"] in ("critical", "serious")
        ]
        if serious:
            found[key] = serious
    context.close()
    assert found == {}, json.dumps(found, indent=1)


def _tab_to(page: Page, predicate: str, most: int = 120) -> None:
    """Tab on until the focused element satisfies `predicate` (a JS function of it)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(f"({predicate})(document.activeElement)"):
            return
    raise AssertionError(f"Tab never reached {predicate}")


def _focus_shows(page: Page) -> bool:
    """The focused element is seen to be focused: an outline, or on the board the
    space's box in the focus colour."""
    return bool(
        page.evaluate(
            """() => {
              const n = document.activeElement;
              const box = n.closest("svg") ? n.querySelector("rect") : n;
              const s = getComputedStyle(box);
              return n.closest("svg") ? s.stroke === "rgb(29, 78, 158)" : s.outlineStyle !== "none";
            }"""
        )
    )


def test_a_puzzle_step_and_a_space_by_keyboard_alone(site: tuple[str, Browser]) -> None:
    url, browser = site
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = context.new_page()
    page.goto(f"{url}/p/{PUZZLE}")
    page.evaluate("localStorage.clear()")
    page.reload()
    _tab_to(page, "n => n.id === 'hint'")
    assert _focus_shows(page)
    page.keyboard.press("Enter")
    # the hint names the next deduction; "Show where", the next key, its space
    expect(page.locator("#hint-text")).to_contain_text("Next: where the ")
    _tab_to(page, "n => n.id === 'where'")
    page.keyboard.press("Enter")
    expect(page.locator("#hint-text")).to_contain_text("Place the ")
    said = re.search(r"Place the (.+?) on (\w+)", page.inner_text("#hint-text"))
    assert said, page.inner_text("#hint-text")
    building, space = said.groups()
    page.keyboard.press("Shift+Tab")  # back up to the buildings, above the board
    _tab_to(page, f"n => n.classList.contains('pick') && n.textContent === {json.dumps(building)}")
    page.keyboard.press("Enter")
    expect(page.locator("#pick .pick.chosen")).to_have_text(building)
    ident = f"space-{space.lower()}"
    _tab_to(page, f"n => n.id === {json.dumps(ident)}")
    assert _focus_shows(page)
    page.keyboard.press("Enter")
    expect(page.locator(f'#board [id="{ident}"]')).to_have_class(re.compile(r"\bmark\b"))
    expect(page.locator("#placed")).to_contain_text("1 of ")
    assert page.evaluate("document.activeElement.id") == ident  # the focus stays put

    # a game's space: read out beside the board, and one of its markers taken by a key
    page.goto(f"{url}/g/old-town.game")
    _tab_to(page, "n => n.matches('#board .space') && !!n.querySelector('.marker')")
    page.keyboard.press("Enter")
    expect(page.locator("#space-info .space-words")).to_contain_text("markers of the ")
    _tab_to(page, "n => n.classList.contains('take-marker')")
    assert _focus_shows(page)
    take = page.evaluate("document.activeElement.dataset.take")
    page.keyboard.press("Enter")
    expect(page.locator("#take")).to_have_value(take)
    context.close()


def test_a_refusal_stands_beside_its_button_and_clears_the_preview(
    site: tuple[str, Browser],
) -> None:
    url, browser = site
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = context.new_page()
    page.goto(f"{url}/g/gads-hill.game")
    best = page.request.get(f"{url}/api/g/gads-hill.game/hint?top=1").json()["actions"][0]
    for wrong, click in (("ann: 999", "#preview"), ("bob: pass", "#commit")):
        page.fill("#move-text", best["move"])
        page.click("#preview")
        expect(page.locator("#ruling")).to_contain_text(f"Preview: {best['move']}")
        assert page.locator("#board .hl-placed").count() > 0
        page.fill("#move-text", wrong)
        page.click(click)
        expect(page.locator("#ruling")).to_contain_text("Refused: ")
        expect(page.locator("#ruling")).not_to_contain_text("Preview: ")
        expect(page.locator("#board .hl-placed")).to_have_count(0)
        said = page.locator("#move-status")
        expect(said).to_have_class(re.compile(r"\berror\b"))
        # beside the button: in the same screen, a line or two under it
        button, line = page.locator(click).bounding_box(), said.bounding_box()
        assert button and line and 0 <= line["y"] - button["y"] <= 120, (button, line)
        assert line["y"] + line["height"] <= PHONE[1]
    context.close()
