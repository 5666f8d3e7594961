"""The SVG picture (render/svg.py), read back as XML: STOP claims drawn, the caption (whose
turn, locomotive, scores), a legend for every mark, no cut names, distinct badges, and a
picture that scales to a phone's width instead of scrolling sideways."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.data import data_dir
from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.ruling import StopReport
from adjudicator.render.svg import board_svg, state_caption
from adjudicator.render.svg_text import badges, fit_text, unique_badges
from tests.budget import examples

NS = "{http://www.w3.org/2000/svg}"
MID_GAME = data_dir("examples") / "gads-hill-mid.toml"
CHAR = 0.6  # the test's own estimate of a character's width, as a share of the font size


@pytest.fixture(scope="module")
def mid() -> tuple[GameState, StopReport]:
    state = load_state(Path(MID_GAME))
    return state, stop_report(state)


def _board(edition: str) -> Board:
    return load_edition(edition).board


def _old_town_crowded() -> GameState:
    """Old Town with Printer's and Prison markers side by side, and a long name built."""
    return GameState(
        edition=load_edition("old-town"),
        edition_ref="old-town",
        active=None,
        placed={"stage-coach-office": "b1"},
        markers={
            "printers": frozenset({"c1", "d1"}),
            "prison": frozenset({"c1"}),
            "stage-coach-office": frozenset({"d1"}),
        },
    )


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if cls in (g.get("class") or "").split()]


def _lines(text: ET.Element) -> Iterator[tuple[str, float, float]]:
    """Each drawn line of a <text>: its words, x and font size (a tspan keeps its text's)."""
    size = float(text.get("font-size") or 0)
    spans = text.findall(f"{NS}tspan")
    if not spans:
        yield text.text or "", float(text.get("x") or 0), size
    for span in spans:
        yield span.text or "", float(span.get("x") or text.get("x") or 0), size


def _cell_rect(group: ET.Element) -> tuple[float, float]:
    rect = group.find(f"{NS}rect")
    assert rect is not None
    return float(rect.get("x") or 0), float(rect.get("width") or 0)


# ----- STOP claims, caption, legend ----------------------------------------------------


def test_the_claims_of_the_mid_game_are_drawn(mid: tuple[GameState, StopReport]) -> None:
    state, report = mid
    assert report.removable and report.determined  # the example promises both kinds
    root = ET.fromstring(board_svg(state.board, state, claims=report))
    ringed = {
        (g.get("data-building"), space.get("id"))
        for space in _groups(root, "space")
        for g in _groups(space, "marker")
        if "claim" in (g.get("class") or "").split()
    }
    assert ringed == {(r.building, f"space-{r.space}") for r in report.removable}
    framed = {g.get("id") for g in _groups(root, "space") if "claim" in g.get("class", "")}
    assert framed == {f"space-{b.space}" for b in report.determined}
    for removable in report.removable:  # the sentence rides along as the tooltip
        space = next(g for g in root.iter(f"{NS}g") if g.get("id") == f"space-{removable.space}")
        disc = next(
            g for g in _groups(space, "marker") if g.get("data-building") == removable.building
        )
        assert removable.explanation in "".join(disc.find(f"{NS}title").itertext())  # type: ignore[union-attr]
    for built in report.determined:
        space = next(g for g in root.iter(f"{NS}g") if g.get("id") == f"space-{built.space}")
        named = [t for t in space.iter(f"{NS}text") if "determined" in (t.get("class") or "")]
        assert [" ".join(t.itertext()) for t in named] == [
            state.board.building_name(built.building)
        ]


def test_no_claims_no_claim_marks(mid: tuple[GameState, StopReport]) -> None:
    state, _ = mid
    svg = board_svg(state.board, state)
    assert "claim" not in svg and "STOP" not in svg


def test_the_caption_says_who_plays_the_locomotive_and_the_scores(
    mid: tuple[GameState, StopReport],
) -> None:
    state, _ = mid
    root = ET.fromstring(board_svg(state.board, state))
    captions = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "caption"]
    assert captions == [
        f"cid to play · locomotive {len(state.placed) + 3}/22",
        "scores: " + ", ".join(f"{p.name} {p.points}" for p in state.players),
    ]
    given = ET.fromstring(board_svg(state.board, state, caption=["turn 9 · the game is over"]))
    assert [t.text for t in given.iter(f"{NS}text") if t.get("class") == "caption"] == [
        "turn 9 · the game is over"
    ]
    bare = ET.fromstring(board_svg(state.board))
    assert not [t for t in bare.iter(f"{NS}text") if t.get("class") == "caption"]


def test_a_game_s_caption_has_its_turn_and_its_end(mid: tuple[GameState, StopReport]) -> None:
    state, _ = mid
    loco = f"locomotive {len(state.placed) + 3}/22"
    assert state_caption(state, turn=7)[0] == f"turn 7 · cid to play · {loco}"
    assert state_caption(state, turn=9, over=True)[0] == f"turn 9 · the game is over · {loco}"
    old_town = _old_town_crowded()  # no players, nobody to play, no locomotive: no caption
    assert state_caption(old_town) == []


def test_the_legend_names_every_mark_drawn(mid: tuple[GameState, StopReport]) -> None:
    state, report = mid
    root = ET.fromstring(board_svg(state.board, state, claims=report, highlight={"b2"}))
    legend = {g.get("data-mark"): " ".join(g.itertext()) for g in _groups(root, "legend")}
    assert {"entrance", "marker", "count", "built", "landmark", "claim", "claim-built", "map"} <= (
        set(legend)
    )
    assert "6 points" in legend["claim"] and "L4" in legend["claim"]
    drawn = {g.get("class") for g in root.iter(f"{NS}line")} | {
        t.get("class") for t in root.iter(f"{NS}text")
    }
    assert {"entrance", "marker-count"} <= drawn  # the marks the legend explains are there
    plain = ET.fromstring(board_svg(state.board))  # no state: only what is drawn
    assert {g.get("data-mark") for g in _groups(plain, "legend")} == {"entrance", "landmark"}


# ----- names whole and inside their boxes ----------------------------------------------


@pytest.mark.parametrize("which", ["gads-hill-mid", "old-town-crowded", "old-town-bare"])
def test_no_text_is_wider_than_its_cell(which: str, mid: tuple[GameState, StopReport]) -> None:
    if which == "gads-hill-mid":
        state: GameState | None = mid[0]
        board = mid[0].board
    elif which == "old-town-crowded":
        state = _old_town_crowded()
        board = state.board
    else:
        state, board = None, _board("old-town")
    svg = board_svg(board, state, claims=mid[1] if which == "gads-hill-mid" else None)
    root = ET.fromstring(svg)
    cells = [g for g in root.iter(f"{NS}g") if re.match(r"(space|landmark)-", g.get("id") or "")]
    assert len(cells) == len(board.spaces) + len(board.fields)
    checked = 0
    for cell in cells:
        left, width = _cell_rect(cell)
        for text in cell.iter(f"{NS}text"):
            anchor = text.get("text-anchor") or "start"
            for line, x, size in _lines(text):
                wide = len(line) * size * CHAR
                start = x - wide / 2 if anchor == "middle" else x
                assert wide <= width, (cell.get("id"), line, size)
                assert left - 0.5 <= start and start + wide <= left + width + 0.5, (line, size)
                checked += 1
    assert checked > len(cells)
    assert "…" not in svg


def test_names_are_whole_never_cut() -> None:
    state = _old_town_crowded()
    root = ET.fromstring(board_svg(state.board, state))
    names = [
        " ".join(t.itertext())
        for g in _groups(root, "marker")
        for t in g.iter(f"{NS}text")
        if "name" in (t.get("class") or "")
    ]
    assert sorted(names) == sorted(["Printer's", "Printer's", "Prison", "Stage Coach Office"])
    built = next(g for g in root.iter(f"{NS}g") if g.get("id") == "space-b1")
    assert "Stage Coach Office" in " ".join(" ".join(t.itertext()) for t in built.iter(f"{NS}text"))


# ----- badges ---------------------------------------------------------------------------


def test_printer_and_prison_have_distinct_badges_on_old_town() -> None:
    assert badges(_board("old-town"))["printers"] == "Pr"
    assert badges(_board("old-town"))["prison"] == "Ps"
    root = ET.fromstring(board_svg(_board("old-town"), _old_town_crowded()))
    c1 = next(g for g in root.iter(f"{NS}g") if g.get("id") == "space-c1")
    drawn = {
        g.get("data-building"): next(
            t.text for t in g.iter(f"{NS}text") if t.get("class") == "badge"
        )
        for g in _groups(c1, "marker")
    }
    assert drawn == {"printers": "Pr", "prison": "Ps"}


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_every_shipped_board_has_distinct_badges(edition: str) -> None:
    shown = list(badges(_board(edition)).values())
    assert len({b.casefold() for b in shown}) == len(shown)
    assert all(len(b) == 2 for b in shown)


NAMES = st.lists(
    st.text(alphabet="AbcPrisonte '", min_size=0, max_size=12), min_size=0, max_size=30
)


@settings(max_examples=examples(200), deadline=None)
@given(NAMES)
def test_badges_are_distinct_and_deterministic(names: list[str]) -> None:
    got = unique_badges(names)
    assert len(got) == len(names)
    assert len({b.casefold() for b in got}) == len(got)
    assert unique_badges(list(names)) == got


# ----- fitting text --------------------------------------------------------------------


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz'", min_size=1, max_size=14), max_size=5),
    st.integers(30, 200),
    st.integers(8, 80),
)
def test_fit_text_keeps_every_letter_and_fits(words: list[str], width: int, height: int) -> None:
    text = " ".join(words)
    fitted = fit_text(text, width, height, 12, 5)
    assert "".join(fitted.lines).replace(" ", "") == text.replace(" ", "")  # nothing lost
    assert 5 <= fitted.size <= 12
    if fitted.size > 5:  # above the smallest size it fits both ways, words whole
        assert all(len(line) * fitted.size * CHAR <= width for line in fitted.lines)
        assert len(fitted.lines) * fitted.size * 1.2 <= height
        assert [w for line in fitted.lines for w in line.split()] == text.split()


# ----- on a phone -----------------------------------------------------------------------


def test_the_root_scales_to_the_screen(mid: tuple[GameState, StopReport]) -> None:
    state, report = mid
    title = "Gads Hill 1874: " + "a-long-record-name " * 8 + "x" * 120  # wrapped, then broken
    root = ET.fromstring(board_svg(state.board, state, claims=report, title=title))
    heading = next(t for t in root.iter(f"{NS}text") if t.get("class") == "heading")
    assert "".join(heading.itertext()).replace(" ", "") == title.replace(" ", "")
    box = [float(v) for v in root.get("viewBox", "").split()]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0
    assert root.get("width") == "100%" and root.get("height") is None
    paper = root.find(f"{NS}rect")
    assert paper is not None and float(paper.get("height") or 0) == box[3]
    # everything drawn lies inside the viewBox (the legend and the caption included)
    for text in root.iter(f"{NS}text"):
        if text.get("transform"):
            continue
        for line, x, size in _lines(text):
            anchor = text.get("text-anchor") or "start"
            wide = len(line) * size * CHAR
            start = x - wide / 2 if anchor == "middle" else x
            assert start >= 0 and start + wide <= box[2], line
        assert float(text.get("y") or 0) <= box[3]


CHROMIUM = Path("/usr/bin/chromium")
# Every text of a cell, measured by the browser's own fonts, against the cell's box.
OVERFLOWS = """() => {
  const out = [];
  for (const g of document.querySelectorAll('g[id^="space-"], g[id^="landmark-"]')) {
    const box = g.querySelector('rect').getBBox();
    for (const t of g.querySelectorAll('text')) {
      const b = t.getBBox();
      if (b.x < box.x - 1 || b.x + b.width > box.x + box.width + 1) out.push(t.textContent);
    }
  }
  return out;
}"""


@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium here")
def test_on_a_phone_nothing_scrolls_sideways_and_no_text_leaves_its_cell(
    mid: tuple[GameState, StopReport], tmp_path: Path
) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    state, report = mid
    picture = tmp_path / "mid.svg"
    picture.write_text(board_svg(state.board, state, claims=report), encoding="utf-8")
    crowded = tmp_path / "old-town.svg"
    crowded.write_text(board_svg(_board("old-town"), _old_town_crowded()), encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            for width, height in ((390, 844), (1280, 800)):
                page = browser.new_page(viewport={"width": width, "height": height})
                for path in (picture, crowded):
                    page.goto(path.as_uri())
                    assert page.evaluate("document.documentElement.scrollWidth") <= width
                    shown = page.evaluate("document.documentElement.getBoundingClientRect().width")
                    assert 0 < shown <= width
                    assert page.evaluate(OVERFLOWS) == [], path.name
                page.close()
        finally:
            browser.close()
