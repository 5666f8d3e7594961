"""Derived facts and relations of the shipped boards, checked against what the boards show."""

from __future__ import annotations

import pytest

from adjudicator.core.data import data_dir
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.models.board import RELATIONS, Board
from adjudicator.deduction.models.clue import evaluate


@pytest.fixture(scope="module")
def gads_hill() -> Board:
    return load_board(data_dir("boards") / "gads-hill-1874.toml")


@pytest.fixture(scope="module")
def old_town() -> Board:
    return load_board(data_dir("boards") / "old-town.toml")


def test_gads_hill_c2_facts(gads_hill: Board) -> None:
    facts = gads_hill.facts("c2")
    for fact in (
        "street(main-st)",
        "corner(piedmont-st, main-st)",
        "north_of(railway)",
        "next_to_railway()",
        "south_of(piedmont-st)",
        "west_of(main-st)",
    ):
        assert fact in facts
    assert not any(f.startswith("edge(") for f in facts)


def test_gads_hill_main_street(gads_hill: Board) -> None:
    assert evaluate("street(main-st)", gads_hill) == {"c2", "c3", "d2", "d3"}


def test_gads_hill_frames_are_not_building_spaces(gads_hill: Board) -> None:
    assert set(gads_hill.frames) == {"frame-east", "frame-west", "frame-south"}
    assert gads_hill.facts("frame-east") == ["frame"]
    assert not set(gads_hill.frames) & set(gads_hill.building_spaces)
    assert len(gads_hill.building_spaces) == 22
    for relation in RELATIONS:
        for a, b in gads_hill.relation_pairs(relation):
            assert a in gads_hill.building_spaces and b in gads_hill.building_spaces


def test_gads_hill_eastern_suburbia(gads_hill: Board) -> None:
    assert evaluate("east_of(oak-st)", gads_hill) == gads_hill.regions["eastern-suburbia"]
    assert "region(eastern-suburbia)" in gads_hill.facts("f3")


def test_gads_hill_railway_separates_rows(gads_hill: Board) -> None:
    assert gads_hill.related("opposite", "c2", "c3")
    assert not gads_hill.related("next_to", "c2", "c3")
    assert evaluate("next_to_railway()", gads_hill) == {
        "a2", "b2", "c2", "d2", "e2", "f2", "b3", "c3", "d3", "e3", "f3",
    }  # fmt: skip


def test_old_town_in_sight_of_cemetery(old_town: Board) -> None:
    assert evaluate("in_sight(cemetery)", old_town) == {"e1", "e2", "e3", "f3"}
    for space in ("e1", "e2", "e3", "f3"):
        assert "in_sight(cemetery)" in old_town.facts(space)


def test_old_town_next_to(old_town: Board) -> None:
    pairs = old_town.relation_pairs("next_to")
    assert ("c1", "d1") in pairs
    # Cavendish St starts at Main St: the two houses north of it share a wall.
    assert ("d1", "e1") in pairs
    # Dalton Rd runs between B1 and C1.
    assert ("b1", "c1") not in pairs
    assert ("b1", "c1") in old_town.relation_pairs("opposite")


def test_old_town_station_is_a_field_not_a_space(old_town: Board) -> None:
    assert "station" in old_town.fields
    assert "station" not in old_town.spaces
    assert "in_sight(station)" in old_town.facts("b2")


@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
def test_relations_are_consistent(edition: str) -> None:
    board = load_board(data_dir("boards") / f"{edition}.toml")
    for symmetric in ("next_to", "opposite", "same_street", "in_sight"):
        pairs = board.relation_pairs(symmetric)
        assert all((b, a) in pairs for a, b in pairs)
    for one, other in (("north_of", "south_of"), ("east_of", "west_of")):
        assert {(b, a) for a, b in board.relation_pairs(one)} == board.relation_pairs(other)
    assert not board.relation_pairs("next_to") & board.relation_pairs("opposite")
    assert board.relation_pairs("next_to") <= board.relation_pairs("in_sight")


@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
def test_every_space_has_its_street_fact(edition: str) -> None:
    board = load_board(data_dir("boards") / f"{edition}.toml")
    for sid in board.building_spaces:
        space = board.spaces[sid]
        assert f"street({space.street})" in board.facts(sid)
        assert board.borders(sid, space.street or "")


@pytest.mark.parametrize("spaces", [0, 50, 200])
def test_neighbours_are_the_networkx_graphs(old_town: Board, gads_hill: Board, spaces: int) -> None:
    # A ruling reads `neighbours` from plain dicts; the networkx graph must say the same.
    from adjudicator.deduction.files.board_file import board_from_data
    from benchmarks.synthetic import synthetic_board_data

    boards = [old_town, gads_hill]
    if spaces:
        boards = [board_from_data(synthetic_board_data(spaces), f"synthetic-{spaces}")]
    for board in boards:
        graph = board.graph
        for site in graph.nodes:
            for relation in ("next_to", "opposite", "in_sight"):
                expected = {b for _, b, key in graph.edges(site, keys=True) if key == relation}
                assert board.neighbours(site, relation) == expected, (board.name, site, relation)
        assert board.neighbours("nowhere", "next_to") == frozenset()
