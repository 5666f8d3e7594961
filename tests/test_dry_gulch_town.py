"""Issue 38: Dry Gulch's town drawn from the board file. Every site stands at its place on
the board file's own sketch (its comments: "sketch column C, row R"), read back from the
picture; the streets lie between the blocks (Main Street between the north and the south
blocks, ending in boardwalks where sites face each other across it; the cross street
between the west and the east blocks; the roads outside); a sidewalk runs on the side a
site faces its street; and the whole is at most 376 px wide, for a phone at 390."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.state import Built
from adjudicator.render.dry_gulch_town import dg_town_svg

BOARD = Path(__file__).parents[1] / "boards" / "dry-gulch.toml"
NS = "{http://www.w3.org/2000/svg}"


def _sketch() -> dict[str, tuple[int, int]]:
    """Each site's (column, row) on the sketch the board file's comments draw."""
    found = re.findall(
        r"# sketch column (\d+), row (\d+)[^\n]*\nid = \"([^\"]+)\"", BOARD.read_text("utf-8")
    )
    return {site: (int(col), int(row)) for col, row, site in found}


@pytest.fixture(scope="module")
def svg() -> ET.Element:
    built = [Built("bank", "ann", "bank-lot"), Built("hatmaker", "bob", "sw-1", damaged=True)]
    return ET.fromstring(dg_town_svg(load_rules(), built, "Dry Gulch"))


def _boxes(svg: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    out = {}
    for g in svg.iter(f"{NS}g"):
        if g.get("class") == "site":
            r = g.find(f"{NS}rect")
            assert r is not None
            x, y, w, h = (float(r.get(k, "0")) for k in ("x", "y", "width", "height"))
            out[g.get("id", "")[len("site-") :]] = (x, y, w, h)
    return out


def test_every_site_is_drawn_at_its_board_position(svg: ET.Element) -> None:
    sketch, boxes = _sketch(), _boxes(svg)
    assert len(sketch) == len(load_rules().sites) == len(boxes) == 37
    for a, (ca, ra) in sketch.items():
        for b, (cb, rb) in sketch.items():
            xa, ya, *_ = boxes[a]
            xb, yb, *_ = boxes[b]
            # turned a quarter right: west to east runs down, north to south leftwards
            if ca < cb:
                assert ya < yb, (a, b)
            if ra < rb:
                assert xa > xb, (a, b)
            if ra == rb:
                assert xa == xb, (a, b)
            if ca == cb:
                assert ya == yb, (a, b)


def _streets(svg: ET.Element) -> dict[str, list[tuple[float, float, float, float]]]:
    """Each street's bands (x, y, width, height), by the label drawn in it."""
    bands = [
        tuple(float(r.get(k, "0")) for k in ("x", "y", "width", "height"))
        for r in svg.findall(f"{NS}rect")
        if r.get("fill") == "#cdb991"
    ]
    named: dict[str, list[tuple[float, float, float, float]]] = {}
    for t in svg.findall(f"{NS}text"):
        x, y = float(t.get("x", "0")), float(t.get("y", "0"))
        for b in reversed(bands):  # the band drawn on top: the cross street's over a road
            if b[0] <= x <= b[0] + b[2] and b[1] <= y <= b[1] + b[3]:
                named.setdefault(t.text or "", []).append(b)  # type: ignore[arg-type]
                break
    return named


def test_the_streets_lie_between_the_blocks(svg: ET.Element) -> None:
    boxes, streets = _boxes(svg), _streets(svg)
    assert set(streets) == {"Main Street", "Church Street", "North Road", "South Road"}

    def right(site: str) -> float:
        return boxes[site][0] + boxes[site][2]

    (church,) = streets["Church Street"]
    assert (
        boxes["nw-4"][1] + boxes["nw-4"][3] <= church[1]
        and church[1] + church[3] <= boxes["ne-1"][1]
    )
    assert church[0] <= boxes["sw-5"][0] and church[0] + church[2] >= right("nw-1")
    main = streets["Main Street"][0]
    assert right("sw-2") <= main[0] and main[0] + main[2] <= boxes["nw-6"][0]
    north, south = streets["North Road"][0], streets["South Road"][0]
    assert north[0] >= right("nw-1")
    assert right("bank-lot") <= south[0] and south[0] + south[2] <= boxes["sw-5"][0]


def test_main_street_ends_in_boardwalks_where_sites_face_each_other(svg: ET.Element) -> None:
    boxes = _boxes(svg)
    main = [
        b
        for b in (
            tuple(float(r.get(k, "0")) for k in ("x", "y", "width", "height"))
            for r in svg.findall(f"{NS}rect")
            if r.get("fill") == "#cdb991"
        )
        if boxes["sw-2"][0] < b[0] < boxes["nw-6"][0]
    ]
    covered = [(b[1], b[1] + b[3]) for b in main]
    for site in ("nw-5", "ne-9", "ne-10"):  # `across` pairs: no street between
        y = boxes[site][1] + 1
        assert not any(a <= y <= z for a, z in covered), site
    for site in ("nw-6", "ne-8"):
        y = boxes[site][1] + 1
        assert any(a <= y <= z for a, z in covered), site


def test_a_sidewalk_runs_on_the_side_facing_the_street(svg: ET.Element) -> None:
    boxes = _boxes(svg)
    for g in svg.iter(f"{NS}g"):
        walk = g.find(f"{NS}rect[@class='sidewalk']")
        if g.get("class") != "site":
            continue
        assert walk is not None
        site = g.get("id", "")[len("site-") :]
        x, _, w, _ = boxes[site]
        north = load_rules().sites[site].street in ("north-rd",) or site in {
            "sw-1", "sw-2", "sw-3", "sw-4", "se-1", "se-2", "se-3", "se-4", "se-5", "bank-lot"
        }  # fmt: skip
        assert float(walk.get("x", "0")) == (x + w - 2 if north else x), site


def test_the_town_fits_a_phone(svg: ET.Element) -> None:
    assert float(svg.get("width", "0")) <= 376
    corners = [p for p in svg.iter(f"{NS}path") if p.get("class") == "corner"]
    assert len(corners) == sum(s.position == "corner" for s in load_rules().sites.values())


@pytest.mark.parametrize(
    "keep",
    [
        lambda s: not s.bank_only,  # no Bank lot in front
        lambda s: s.block.startswith("north"),  # half a town: Main Street its southern road
        lambda s: s.block.endswith("west"),  # no cross street
        lambda s: s.block == "south-east",  # one block
        lambda s: s.street == "main-st",  # Main Street alone: no road outside
    ],
    ids=["no-bank", "north-half", "west-half", "one-block", "main-street"],
)
def test_a_board_transcribed_otherwise_is_drawn_too(keep: object) -> None:
    """The board file is a reconstruction its head asks an owner to replace with the
    printed board: a town of other blocks is drawn, every site once, none overlapping."""
    import dataclasses

    rules = load_rules()
    sites = {k: s for k, s in rules.sites.items() if keep(s)}  # type: ignore[operator]
    svg = ET.fromstring(dg_town_svg(dataclasses.replace(rules, sites=sites), [], "t"))
    boxes = _boxes(svg)
    assert set(boxes) == set(sites)
    assert float(svg.get("width", "0")) <= 376
    for a, (xa, ya, w, h) in boxes.items():
        for b, (xb, yb, _, _) in boxes.items():
            assert a == b or abs(xa - xb) >= w or abs(ya - yb) >= h, (a, b)
