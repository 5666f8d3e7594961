"""The live updates' builder (`web/updates.py`): what a move's update holds, that a page
applying it has exactly the next view, its size in a mid-game record of each edition, and
the first page's bytes (issue 26: an update at most 5 KB, the first page at most 40 KB
compressed, the SVG in it once)."""

from __future__ import annotations

import gzip
import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from adjudicator.web.app import create_app
from adjudicator.web.updates import (
    apply_svg_patch,
    apply_update,
    build_update,
    canonical,
    svg_patch,
    update_size,
)

EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
API = "/api/g/club.game"
#: The moves played before the measured ones: the opening's first move marks half the
#: board of Old Town and Gads Hill, and is sent whole (see test_the_opening...).
OPENING = 6
MEASURED = 14


def _client(root: Path, edition: str) -> TestClient:
    c = TestClient(create_app(root), base_url="http://127.0.0.1:8000")
    new = {"name": "club", "edition": edition, "players": "ann, bob, cid", "seed": "11"}
    assert c.post("/api/games", json=new).status_code == 201
    return c


def _play_first_move(c: TestClient) -> str:
    listed = c.get(f"{API}/moves").json()
    assert listed["moves"], "the game ended before the moves measured"
    move: str = listed["moves"][0]
    if move in listed["blind"]:  # a face-down choice (a draw) is made first, as a page does
        move = c.post(f"{API}/reveal", json={"move": move}).json()["moves"][0]
    r = c.post(f"{API}/move", json={"move": move})
    assert r.status_code == 200, r.json()
    written: str = r.json()["move"]  # a draw as the server dealt it (issue 35)
    return written


def _views(root: Path, edition: str, n: int) -> list[tuple[str, dict[str, Any]]]:
    """The view before and after each of the first `n` moves (the first's move is '')."""
    c = _client(root, edition)
    views = [("", c.get(API).json())]
    for _ in range(n):
        move = _play_first_move(c)
        views.append((move, c.get(API).json()))
    return views


@pytest.fixture(scope="module", params=EDITIONS)
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    edition = request.param
    return edition, _views(tmp_path_factory.mktemp(edition), edition, OPENING + MEASURED)


def _same_view(got: dict[str, Any], want: dict[str, Any]) -> None:
    got, want = dict(got), dict(want)
    assert canonical(got.pop("svg")) == canonical(want.pop("svg"))
    assert got == want


def test_each_update_turns_the_view_into_the_next(played: Any) -> None:
    edition, views = played
    for (_, old), (move, new) in pairwise(views):
        update = build_update(old, new)
        assert (update["from"], update["version"]) == (old["version"], new["version"])
        assert update["move"] == move == new["moves"][-1]["text"]
        assert update["undone"] is False
        # nothing a view does not hold: every field it sets is the new view's own
        assert set(update["set"]) | set(update["splice"]) <= set(new)
        applied = apply_update(old, update)
        assert applied is not None, edition
        _same_view(applied, new)


def test_a_mid_game_move_is_a_few_kilobytes_with_the_board_as_a_patch(played: Any) -> None:
    edition, views = played
    sizes, patched = [], 0
    for (_, old), (_, new) in pairwise(views[OPENING:]):
        update = build_update(old, new)
        sizes.append(update_size(update))
        patched += "svg_patch" in update
        if old["svg"] != new["svg"]:
            # the board changed: it travels as a patch, never whole, mid-game
            assert "svg" not in update["set"], (edition, new["moves"][-1])
        # a move adds one line to the list: the list's head is not sent again
        assert update["splice"]["moves"] == [len(old["moves"]), new["moves"][-1:]]
    assert max(sizes) <= 5 * 1024, (edition, sizes)
    assert patched, f"{edition}: no move changed the board"
    # and far below the view a poll fetched whole
    assert max(sizes) < len(json.dumps(views[-1][1])) / 3


def test_the_moves_words_say_who_made_it(played: Any) -> None:
    _, views = played
    for (_, old), (move, new) in pairwise(views):
        update = build_update(old, new)
        player, colon, _ = move.partition(":")
        assert update["by"] == (player.strip() if colon else None)


def test_an_undo_says_so_and_cuts_the_list(tmp_path: Path) -> None:
    c = _client(tmp_path, "dry-gulch")
    _play_first_move(c)
    _play_first_move(c)
    before = c.get(API).json()
    assert c.post(f"{API}/undo", json={}).status_code == 200
    after = c.get(API).json()
    update = build_update(before, after)
    assert update["undone"] is True and update["move"] is None
    assert update["splice"]["moves"] == [len(after["moves"]), []]
    applied = apply_update(before, update)
    assert applied is not None
    _same_view(applied, after)


def test_an_update_from_another_version_is_not_applied(played: Any) -> None:
    _, views = played
    update = build_update(views[1][1], views[2][1])
    assert apply_update(views[0][1], update) is None


def test_a_patch_replaces_the_changed_elements_only() -> None:
    old = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">\n'
        '  <text id="caption">turn 1</text>\n'
        '  <g id="space-a1"><rect width="1"/></g>\n'
        '  <g id="space-b1"><rect width="2"/></g>\n'
        "</svg>"
    )
    new = old.replace("turn 1", "turn 2").replace(
        '<rect width="2"/>', '<rect width="2"/><circle r="1"/>'
    )
    ops = svg_patch(old, new)
    assert ops is not None
    # the caption's text and the space's new marker; space a1 untouched
    assert sorted(op[0] for op in ops) == [[], [2]]
    assert all("space-a1" not in xml for op in ops if len(op) == 4 for xml in op[3])
    assert any(op[3] == ['<circle r="1" />'] for op in ops if len(op) == 4)
    assert canonical(apply_svg_patch(old, ops)) == canonical(new)


def test_a_resized_drawing_and_a_moved_entry_cost_their_attributes_alone() -> None:
    """The board grew a key row: the root's new size is one op; a key entry that moved
    along (a new badge before it) is its new place, not its contents again."""
    entry = '<g transform="translate({x} 0)"><rect width="20"/><text>{name}</text></g>'
    old = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><g class="key">'
        + entry.format(x=0, name="Bank")
        + entry.format(x=40, name="Hotel")
        + "</g></svg>"
    )
    new = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 12"><g class="key">'
        + entry.format(x=0, name="Bank")
        + entry.format(x=40, name="Doc")
        + entry.format(x=80, name="Hotel")
        + "</g></svg>"
    )
    ops = svg_patch(old, new)
    assert ops is not None
    assert [[], {"viewBox": "0 0 9 12"}] in ops
    assert [[0, 1], {"transform": "translate(80 0)"}] in ops
    assert [xml for op in ops if len(op) == 4 for xml in op[3]] == [
        '<g transform="translate(40 0)"><rect width="20" /><text>Doc</text></g>'
    ]
    assert canonical(apply_svg_patch(old, ops)) == canonical(new)


def test_a_changed_root_or_a_broken_drawing_goes_whole() -> None:
    old = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><g id="a"/></svg>'
    assert svg_patch(old, old.replace("<svg ", "<svgx ").replace("</svg>", "</svgx>")) is None
    assert svg_patch(old, "<svg") is None
    update = build_update({"version": "a", "svg": old}, {"version": "b", "svg": "not xml"})
    assert update["set"] == {"svg": "not xml"} and "svg_patch" not in update


def test_text_between_children_replaces_the_element_whole() -> None:
    # a <text> with <tspan>s: the words between them are drawn, so no splice inside
    rest = "".join(f'<g id="space-{i}"><rect width="{i}"/></g>' for i in range(9))
    old = f'<svg xmlns="http://www.w3.org/2000/svg"><text>a <tspan>b</tspan> c</text>{rest}</svg>'
    new = old.replace(" c<", " d<")
    ops = svg_patch(old, new)
    assert ops == [[[], 0, 1, ["<text>a <tspan>b</tspan> d</text>"]]]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_first_page_is_small_compressed_with_the_board_once(
    tmp_path: Path, edition: str
) -> None:
    c = _client(tmp_path, edition)
    for _ in range(OPENING + MEASURED):
        _play_first_move(c)
    r = c.get("/g/club.game", headers={"accept-encoding": "gzip"})
    assert r.status_code == 200
    assert r.headers["content-encoding"] == "gzip"
    page = r.text
    assert page.count("<svg") == 1  # in the board, not again in the view's JSON
    assert len(gzip.compress(r.content)) <= 40 * 1024
    # the embedded view is the view without its board
    view = c.get(API).json()
    start = page.index('<script id="initial" type="application/json">')
    embedded = json.loads(page[start:].split(">", 1)[1].split("</script>", 1)[0])
    assert "svg" not in embedded and embedded["version"] == view["version"]
