"""Solo puzzles in the browser companion: the JSON API with Starlette's test client, a
brute-force twin for "check" (straight from the printed cards, no `compile_card`), and
one short Playwright run (a generated easy puzzle solved by following the hints)."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from adjudicator.deduction.puzzle.model import Clue, Puzzle, set_up_frames, start_state
from adjudicator.deduction.puzzle.puzzle_file import load_puzzle
from adjudicator.deduction.puzzle.steps import solve_steps
from adjudicator.web import puzzles
from adjudicator.web.app import create_app
from adjudicator.web.seats import SeatKeys
from tests import puzzle_twin
from tests.browser import CHROMIUM, serving
from tests.budget import examples

LOCAL = "http://127.0.0.1:8000"
EASY = "gads-hill-1874-easy-1.puzzle.toml"
HARD = "old-town-hard-1.puzzle.toml"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A served folder with two generated puzzles, made through the API (read-only after)."""
    root = tmp_path_factory.mktemp("served")
    c = TestClient(create_app(root), base_url=LOCAL)
    for edition, level in (("gads-hill-1874", "easy"), ("old-town", "hard")):
        r = c.post("/api/puzzles", json={"edition": edition, "level": level, "seed": "1"})
        assert r.status_code == 201, r.text
    return root


@pytest.fixture
def client(folder: Path) -> TestClient:
    return TestClient(create_app(folder), base_url=LOCAL)


def _town(puzzle: Puzzle) -> dict[str, str]:
    """The one town, by the twin's enumeration (not CP-SAT, not the rules)."""
    found = puzzle_twin.towns(
        puzzle.edition,
        puzzle.buildings(),
        puzzle.givens,
        [(c.card, c.my) for c in puzzle.clues],
    )
    assert len(found) == 1
    return found[0]


# ----- making a puzzle --------------------------------------------------------------------


def test_a_new_puzzle_is_written_listed_and_shown(folder: Path, client: TestClient) -> None:
    assert client.get("/api/puzzles").json() == {"puzzles": [EASY, HARD]}
    puzzle = load_puzzle(folder / EASY)
    assert puzzle.level == "easy" and puzzle.seed == 1
    assert client.get("/?list=1").text.count('href="/p/') == 2
    page = client.get(f"/p/{EASY}")
    assert page.status_code == 200
    for clue in puzzle.clues:
        assert puzzle.edition.cards[clue.card].text.split("<")[0][:20] in page.text
    assert "<svg" in page.text and 'id="pick-' in page.text
    view = client.get(f"/api/p/{EASY}").json()
    assert [b["id"] for b in view["buildings"]] == list(puzzle.to_place())
    assert [c["card"] for c in view["clues"]] == [c.card for c in puzzle.clues]
    assert view["rating"]["level"] == "easy"


def test_the_gads_hill_board_has_its_landmarks_on_the_frames(
    folder: Path, client: TestClient
) -> None:
    """Gads Hill's railway station, cemetery and bison field stand on the three frame
    fields, as a table sets them up (by the puzzle's seed): the board the player knows."""
    svg = client.get(f"/api/p/{EASY}").json()["svg"]
    for landmark in ("Railway Station", "Cemetery", "Bison Field"):
        assert landmark in svg
    assert "a frame field, empty" not in svg
    puzzle = load_puzzle(folder / EASY)
    frames = start_state(puzzle).landmarks
    assert sorted(frames) == sorted(puzzle.board.frames)
    assert sorted(frames.values()) == ["bison-field", "cemetery", "railway-station"]
    assert set_up_frames(puzzle.board, puzzle.seed) == frames  # the same every time
    # Old Town's landmarks stand on fields of their own: no frame to set up
    assert set_up_frames(load_puzzle(folder / HARD).board, 1) == {}


def test_the_default_name_opens_the_same_puzzle_again(folder: Path, client: TestClient) -> None:
    before = (folder / EASY).read_text(encoding="utf-8")
    r = client.post("/api/puzzles", json={"edition": "gads-hill-1874", "level": "easy", "seed": 1})
    assert r.status_code == 201 and r.json() == {"puzzle": EASY, "url": f"/p/{EASY}"}
    assert (folder / EASY).read_text(encoding="utf-8") == before


def test_a_named_puzzle_lands_in_the_folder_and_is_never_overwritten(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    form = {"edition": "old-town", "level": "easy", "seed": 3, "name": "mine"}
    r = c.post("/api/puzzles", json=form)
    assert r.status_code == 201 and r.json()["puzzle"] == "mine.puzzle.toml"
    assert [p.name for p in tmp_path.iterdir()] == ["mine.puzzle.toml"]  # no temporary left
    again = c.post("/api/puzzles", json=form)
    assert again.status_code == 400
    assert (
        again.json()["error"] == "mine.puzzle.toml: already exists: open it, or choose another name"
    )


@pytest.mark.parametrize(
    ("form", "error"),
    [
        (
            {"edition": "dry-gulch", "level": "easy"},
            "edition: must be one of gads-hill-1874, old-town",
        ),
        ({"edition": "old-town", "level": "tricky"}, "level: must be one of easy, medium, hard"),
        ({"edition": "old-town", "seed": -1}, "seed: a whole number from 0 to 1000000000"),
        ({"edition": "old-town", "seed": "x"}, "seed: a whole number from 0 to 1000000000"),
        ({"edition": "old-town", "name": "../up"}, "../up.puzzle.toml: not a puzzle name"),
        ({"edition": "old-town", "name": "a/b"}, "a/b.puzzle.toml: not a puzzle name"),
    ],
)
def test_a_bad_new_puzzle_form_gets_one_line(
    tmp_path: Path, form: dict[str, Any], error: str
) -> None:
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    r = c.post("/api/puzzles", json=form)
    assert r.status_code == 400
    assert r.json()["error"].startswith(error) and "\n" not in r.json()["error"]
    assert list(tmp_path.iterdir()) == []


def test_off_loopback_a_new_puzzle_needs_the_token(folder: Path) -> None:
    c = TestClient(create_app(folder, token="s3cret"), base_url="http://192.0.2.1:8000")
    r = c.post("/api/puzzles", json={"edition": "old-town", "level": "easy", "seed": 9})
    assert r.status_code == 403
    assert not (folder / "old-town-easy-9.puzzle.toml").exists()
    # beyond loopback a device with no seat sees nothing; the host's screen solves
    assert c.post(f"/api/p/{EASY}/hint", json={"marks": {}}).status_code == 403
    host = {"x-token": "s3cret"}
    assert c.post(f"/api/p/{EASY}/hint", json={"marks": {}}, headers=host).status_code == 200


def test_off_loopback_the_host_hands_a_puzzle_to_a_phone(folder: Path) -> None:
    """A phone the host has not let in sees no puzzle; the host's puzzle page shows the
    link (with a QR code) that opens that puzzle, and that one only, on any phone; a phone
    seated at a game here opens puzzles as before."""
    app = create_app(folder, token="s3cret", hosts=("192.0.2.1",), address="http://192.0.2.1:8000")
    base = "http://192.0.2.1:8000"
    host = TestClient(app, base_url=base, headers={"x-token": "s3cret"})
    page = host.get(f"/p/{EASY}").text
    link = re.search(r'id="puzzle-link">([^<]+)<', page)
    assert link and 'class="qr"' in page
    url = link.group(1)
    assert url == f"{base}/p/{EASY}?key={SeatKeys('s3cret').puzzle_key(EASY)}"
    phone = TestClient(app, base_url=base)
    refused = phone.get(f"/p/{EASY}")
    assert refused.status_code == 403 and "may not open this puzzle" in refused.text
    assert phone.get(url.removeprefix(base)).status_code == 200  # the scanned link
    # the page's own requests carry its key in the cookie the page set
    assert phone.post(f"/api/p/{EASY}/hint", json={"marks": {}}).json()["next"]
    assert 'id="puzzle-link"' not in phone.get(f"/p/{EASY}").text  # the host's only
    # that puzzle only; a made-up key opens nothing; making a puzzle stays the host's
    assert phone.post(f"/api/p/{HARD}/hint", json={"marks": {}}).status_code == 403
    stranger = TestClient(app, base_url=base)
    assert stranger.get(f"/p/{EASY}?key=0123456789abcdef0123456789abcdef").status_code == 403
    form = {"edition": "old-town", "level": "easy", "seed": 4}
    assert phone.post("/api/puzzles", json=form).status_code == 403
    # a phone seated at a game of this folder opens them all
    game = {"name": "g", "edition": "old-town", "players": "ann, bob, cid", "seed": "5"}
    assert host.post("/api/games", json=game).status_code == 201
    seated = TestClient(app, base_url=base)
    seated.get(f"/g/g.game?seat={SeatKeys('s3cret').key('g.game', 'ann')}")
    assert seated.post(f"/api/p/{HARD}/hint", json={"marks": {}}).status_code == 200
    (folder / "g.game").unlink()  # the folder is the module's: leave it as it was


def test_unknown_and_unsafe_puzzle_names(client: TestClient) -> None:
    assert client.get("/p/nope.puzzle.toml").status_code == 404
    r = client.post("/api/p/..%2Fx.puzzle.toml/check", json={"marks": {}})
    assert r.status_code in (400, 404)
    r = client.post("/api/p/nope.puzzle.toml/check", json={"marks": {}})
    assert r.status_code == 400 and r.json()["error"] == "nope.puzzle.toml: no such puzzle"


def test_the_server_reads_no_board_outside_its_folder_for_a_puzzle(
    folder: Path, tmp_path: Path
) -> None:
    """A puzzle file in the served folder naming a board beside it is served; one naming a
    board outside the folder is refused in one line that does not say where the board is
    (the command line reads the same file as written: tests/test_puzzle.py)."""
    from adjudicator.core.data import data_dir

    served, outside = tmp_path / "served", tmp_path / "outside"
    for where in (served, outside):
        where.mkdir()
        (where / "town.toml").write_text((data_dir("boards") / "gads-hill-1874.toml").read_text())
        cards = (data_dir("cards") / "gads-hill-1874.toml").read_text()
        (where / "town-cards.toml").write_text(cards)
    text = (folder / EASY).read_text()
    assert 'edition = "gads-hill-1874"' in text
    mine = text.replace('"gads-hill-1874"', '"town.toml"', 1)
    (served / "in.puzzle.toml").write_text(mine)
    (served / "out.puzzle.toml").write_text(mine.replace('"town.toml"', '"../outside/town.toml"'))
    c = TestClient(create_app(served), base_url=LOCAL)
    assert c.post("/api/p/in.puzzle.toml/hint", json={"marks": {}}).status_code == 200
    r = c.post("/api/p/out.puzzle.toml/hint", json={"marks": {}})
    assert r.status_code == 400
    error = r.json()["error"]
    assert "is outside this file's folder" in error and str(outside) not in error, error


def test_a_broken_puzzle_file_gets_one_line(tmp_path: Path) -> None:
    (tmp_path / "bad.puzzle.toml").write_text('edition = "old-town"\n[[clue]]\ncard = 999\n')
    c = TestClient(create_app(tmp_path), base_url=LOCAL)
    r = c.post("/api/p/bad.puzzle.toml/hint", json={"marks": {}})
    assert r.status_code == 400
    assert r.json()["error"].endswith("clue[1]: card 999 is not a card of Old Town")
    page = c.get("/p/bad.puzzle.toml")
    assert page.status_code == 404 and "card 999" in page.text and "Traceback" not in page.text


@pytest.mark.parametrize(
    ("marks", "error"),
    [
        ([], "marks: must be an object of building: space"),
        ({"unicorn": "a1"}, "marks: unicorn: not a building this puzzle places"),
    ],
)
def test_bad_markers_get_one_line(client: TestClient, marks: Any, error: str) -> None:
    r = client.post(f"/api/p/{EASY}/check", json={"marks": marks})
    assert r.status_code == 400 and r.json()["error"] == error


def test_markers_on_one_space_or_a_given_are_refused(folder: Path, client: TestClient) -> None:
    puzzle = load_puzzle(folder / HARD)
    a, b = puzzle.to_place()[:2]
    free = [s for s in puzzle.board.building_spaces if s not in puzzle.givens.values()]
    r = client.post(f"/api/p/{HARD}/board", json={"marks": {a: free[0], b: free[0]}})
    assert r.status_code == 400 and "already holds" in r.json()["error"]
    if puzzle.givens:
        given, at = next(iter(puzzle.givens.items()))
        r = client.post(f"/api/p/{HARD}/board", json={"marks": {a: at}})
        assert r.json()["error"] == f"marks: {a}: {at} already holds the {given}"


# ----- solving: hints, check, solved ------------------------------------------------------


@pytest.mark.parametrize("name", [EASY, HARD])
def test_following_the_hints_solves_the_puzzle(folder: Path, client: TestClient, name: str) -> None:
    puzzle = load_puzzle(folder / name)
    town = _town(puzzle)
    marks: dict[str, str] = {}
    told: list[str] = []
    rounds = 0
    while True:
        board = client.post(f"/api/p/{name}/board", json={"marks": marks}).json()
        hint = client.post(f"/api/p/{name}/hint", json={"marks": marks}).json()
        if board["solved"]:
            assert hint["solved"] and hint["message"] == "solved!"
            break
        # the hint names the next deduction, not its answer: "show where" gives that
        assert not hint["solved"] and not hint["place"] and not hint["steps"], hint
        building = hint["next"]["building"]
        assert hint["message"].startswith(f"Next: where the {hint['next']['building_name']} ")
        where = client.post(f"/api/p/{name}/hint", json={"marks": marks, "where": True}).json()
        assert where["next"] == hint["next"]
        assert all(s["code"] in ("P6", "L1", "L2") for s in where["steps"])
        told += [f"[{s['code']}] {s['text']}" for s in where["steps"]]
        assert [p["building"] for p in where["place"]] == [building]
        for p in where["place"]:
            assert town[p["building"]] == p["space"]  # the hint leads to the twin's town
            marks[p["building"]] = p["space"]
        rounds += 1
        assert rounds <= len(puzzle.to_place())
    assert marks == {b: town[b] for b in puzzle.to_place()}
    # "show where" told the solution of `puzzle solve`, step by step, up to its last
    # building (a step that builds two is told with each)
    solution = solve_steps(puzzle)
    last = max(i for i, step in enumerate(solution.steps) if step.built)
    assert list(dict.fromkeys(told)) == [f"[{s.code}] {s.text}" for s in solution.steps[: last + 1]]
    check = client.post(f"/api/p/{name}/check", json={"marks": marks}).json()
    assert check["ok"] and check["solved"] and check["message"].startswith("solved!")


def _spaces_left(
    puzzle: Puzzle, known: Mapping[str, str], clues: list[tuple[int, str | None]], building: str
) -> list[str]:
    """The spaces the twin's enumeration leaves `building` with `known` standing and only
    `clues` in force (a town of every building of the puzzle, by backtracking)."""
    free = [s for s in puzzle.board.building_spaces if s not in set(known.values())]
    return [
        s
        for s in free
        if puzzle_twin.towns(
            puzzle.edition, puzzle.buildings(), {**known, building: s}, clues, limit=1
        )
    ]


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_the_hints_deduction_agrees_with_the_brute_force_twin(
    folder: Path, data: st.DataObject
) -> None:
    """From any markers that fit the town (the hint's own order or not), the hint names a
    building to place and the cards it rests on, not its space: with the buildings
    standing, the twin finds those cards leave the building one space, the town's, and
    leaving any one of them out leaves it more."""
    name = data.draw(st.sampled_from([EASY, HARD]))
    puzzle = load_puzzle(folder / name)
    town = _town(puzzle)
    marked = data.draw(st.lists(st.sampled_from(puzzle.to_place()), unique=True))
    marks = {b: town[b] for b in marked}
    hint = puzzles.hint_view(puzzles.PuzzleDir(folder), name, {"marks": marks})
    if len(marks) == len(puzzle.to_place()):
        assert hint["solved"]
        return
    nxt = hint["next"]
    building = nxt["building"]
    assert building not in marks and building in puzzle.to_place()
    space = town[building]
    assert hint["place"] == [] and hint["steps"] == []
    assert puzzle.board.space_name(space) not in hint["message"]
    assert repr(space) not in repr(nxt)  # no field of it is the answer's space
    assert nxt["because"][-1]["code"] == "L2"  # the last marker: where it stands
    known = {**puzzle.givens, **marks}
    cited = [(c["card"], c["my"]) for c in nxt["cards"]]
    assert cited and set(cited) <= {(c.card, c.my) for c in puzzle.clues}
    assert _spaces_left(puzzle, known, cited, building) == [space]
    for left_out in cited:
        fewer = [c for c in cited if c != left_out]
        assert len(_spaces_left(puzzle, known, fewer, building)) > 1, (building, left_out)


def test_a_wrong_marker_is_named_by_hint_and_check(folder: Path, client: TestClient) -> None:
    puzzle = load_puzzle(folder / HARD)
    town = _town(puzzle)
    b = puzzle.to_place()[0]
    wrong = next(s for s in puzzle.board.building_spaces if s not in town.values())
    hint = client.post(f"/api/p/{HARD}/hint", json={"marks": {b: wrong}}).json()
    assert hint["remove"] == [
        {
            "building": b,
            "space": wrong,
            "building_name": puzzle.board.building_name(b),
            "space_name": puzzle.board.space_name(wrong),
        }
    ]
    assert hint["message"].startswith(f"Take the {puzzle.board.building_name(b)} off")
    check = client.post(f"/api/p/{HARD}/check", json={"marks": {b: wrong}}).json()
    assert not check["ok"] and not check["solved"]


def _card_allows(puzzle: Puzzle, clue: Clue, known: Mapping[str, str]) -> bool:
    """The twin of one card: some placement of its buildings on free spaces (the known
    ones where they stand) fits its printed maps and relation. Brute force."""
    edition, board = puzzle.edition, puzzle.board
    card = edition.cards[clue.card]
    every = set(board.building_spaces)
    need: dict[str, set[str]] = {}
    if card.kind == "building":
        need[card.subject] = set(card.spaces)
    elif card.kind == "district":
        assert clue.my is not None
        need[clue.my] = set(card.spaces)
    else:
        assert clue.my is not None
        need[card.subject] = set(card.spaces)
        need[clue.my] = set(card.my_spaces) if card.my_spaces is not None else every
    free = [s for s in board.building_spaces if s not in set(known.values())]
    names = list(need)
    choices = [[known[b]] if b in known else free for b in names]
    for spots in itertools.product(*choices):
        if len(set(spots)) < len(spots):
            continue
        at = dict(zip(names, spots, strict=True))
        if any(at[b] not in need[b] for b in names):
            continue
        if card.kind == "condition":
            assert card.relation is not None and clue.my is not None
            if not board.related(card.relation, at[card.subject], at[clue.my]):
                continue
        return True
    return False


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_check_agrees_with_the_brute_force_twin(folder: Path, data: st.DataObject) -> None:
    # the hard Old Town puzzle has building, district and condition (relation) cards
    puzzle = load_puzzle(folder / HARD)
    town = _town(puzzle)
    free = [s for s in puzzle.board.building_spaces if s not in set(puzzle.givens.values())]
    chosen = data.draw(st.lists(st.sampled_from(puzzle.to_place()), unique=True, max_size=4))
    # half the time near the town, so both answers are drawn often
    spots = data.draw(
        st.lists(st.sampled_from(free), unique=True, min_size=len(chosen), max_size=len(chosen))
    )
    marks = {
        b: (town[b] if data.draw(st.booleans()) and town[b] not in spots else s)
        for b, s in zip(chosen, spots, strict=True)
    }
    if len(set(marks.values())) < len(marks):
        return
    answer = puzzles.check_marks(puzzles.PuzzleDir(folder), HARD, {"marks": marks})
    known = {**puzzle.givens, **marks}
    broken = [c.card for c in puzzle.clues if not _card_allows(puzzle, c, known)]
    assert [c["card"] for c in answer["contradictions"]] == broken
    assert all(c["code"] == "P3" and c["text"].endswith("(P3).") for c in answer["contradictions"])
    assert answer["ok"] == all(town[b] == s for b, s in marks.items())
    assert answer["solved"] == (marks == {b: town[b] for b in puzzle.to_place()})
    if not broken and not answer["ok"]:
        assert answer["message"].startswith("no card rules out a marker alone")
    elif answer["ok"] and not answer["solved"]:
        placed = f"{len(marks)} of {len(puzzle.to_place())} placed"
        assert answer["message"] == f"no contradiction so far ({placed})"


# ----- in a real browser ------------------------------------------------------------------


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path) as url:
        yield url


@pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"), reason="no /usr/bin/chromium here"
)
def test_an_easy_puzzle_solved_by_clicking_the_hints(server: str) -> None:
    if not os.environ.get("CI"):  # in CI a missing playwright is a failure, not a skip
        pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(server + "/?list=1")
        page.select_option("#new-puzzle select[name=edition]", "gads-hill-1874")
        page.select_option("#new-puzzle select[name=level]", "easy")
        page.fill("#new-puzzle input[name=seed]", "1")
        page.click("#create-puzzle")
        page.wait_for_url(f"**/p/{EASY}")
        for _ in range(10):
            if page.locator("#solved").is_visible():
                break
            # the hint names the next deduction and its steps, not the space
            page.click("#hint")
            expect(page.locator("#hint-text")).to_contain_text("Next: where the ")
            expect(page.locator("#hint-text")).not_to_contain_text("Place the ")
            expect(page.locator("#hint-steps li").last).to_contain_text("(L2)")
            expect(page.locator("#board .hl-placed")).to_have_count(0)
            # "Show where" gives the space and lights it
            page.click("#where")
            expect(page.locator("#hint-text")).to_contain_text("Place the ")
            # the hint picks the building; tap each space it lights up
            lit = page.locator("#board .hl-placed")
            for left in range(lit.count(), 0, -1):
                lit.first.click()
                expect(lit).to_have_count(left - 1)  # the board is drawn again, one fewer
        expect(page.locator("#solved")).to_be_visible()
        expect(page.locator("#status")).to_contain_text("solved!")
        page.click("#check")
        expect(page.locator("#status")).to_contain_text("solved!")
        browser.close()


@pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"), reason="no /usr/bin/chromium here"
)
def test_a_phone_opens_the_puzzle_from_the_hosts_link(tmp_path: Path) -> None:
    """Off loopback: the host makes a Gads Hill puzzle; its page shows the phone link and
    the board with the station, cemetery and bison field; a phone (390 px) opened from the
    link asks the hint, which names the next deduction, and solves on; both pages are
    axe-core clean."""
    if not os.environ.get("CI"):
        pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    from playwright.sync_api import expect, sync_playwright

    from tests.browser import ARGS, require_axe, serious_violations

    require_axe()
    token = "puzzle-phone-token"
    with serving(tmp_path, token=token) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        desk = {"width": 1440, "height": 900}
        host = browser.new_context(viewport=desk, bypass_csp=True).new_page()
        host.goto(f"{url}/?list=1&token={token}")
        host.select_option("#new-puzzle select[name=edition]", "gads-hill-1874")
        host.select_option("#new-puzzle select[name=level]", "easy")
        host.fill("#new-puzzle input[name=seed]", "1")
        host.click("#create-puzzle")
        host.wait_for_url(f"**/p/{EASY}")
        for landmark in ("Railway Station", "Cemetery", "Bison Field"):
            expect(host.locator("#board svg")).to_contain_text(landmark)
        host.click("#puzzle-phone summary")
        link = host.locator("#puzzle-link").get_attribute("href")
        assert link and "?key=" in link
        assert serious_violations(host) == []
        phone = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
        page = phone.new_page()
        # without the link the phone is refused in words
        page.goto(f"{url}/p/{EASY}")
        expect(page.locator("main")).to_contain_text("may not open this puzzle")
        page.goto(link)
        page.click("#hint")
        expect(page.locator("#hint-text")).to_contain_text("Next: where the ")
        expect(page.locator("#hint-steps li").first).to_contain_text("(P1)")
        page.click("#where")
        lit = page.locator("#board .hl-placed")
        expect(lit).to_have_count(1)
        lit.first.click()
        expect(page.locator("#placed")).to_contain_text("1 of 2 buildings placed")
        assert page.locator("#puzzle-phone").count() == 0  # the host's link is the host's
        assert serious_violations(page) == []
        browser.close()
