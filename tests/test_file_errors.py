"""The words of a data file's type errors, one pydantic translator for every game
(`core/validation.py`): each names the file, the entry (a list's table by its id, number
or name) and what is wrong, in the author's words; the first error named is the first a
reader going down the file meets. What `core/schema.py` said before pydantic read these
files, held on the readers now."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from adjudicator.core.base_folder import Base
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.deduction.files.board_file import board_from_data, load_board
from adjudicator.deduction.files.card_file import cards_from_data
from adjudicator.deduction.files.state_file import state_from_data
from adjudicator.dry_gulch.state import state_from as dry_gulch_state

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
Data = dict[str, Any]


def changed(base: Data, path: tuple[str | int, ...], value: object) -> Data:
    """`base` with the entry at `path` set to `value` (or deleted, for `...`)."""
    data = copy.deepcopy(base)
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    if value is ...:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


def problem(read: Any, data: Data) -> str:
    with pytest.raises(InputError) as caught:
        read(data)
    return f"{caught.value.entry}: {caught.value.problem}"


OLD_TOWN = read_data(data_dir("boards") / "old-town.toml")
GADS_HILL = read_data(data_dir("boards") / "gads-hill-1874.toml")

BOARDS = [
    (
        OLD_TOWN,
        ("edition", "id"),
        "Old Town",
        "edition.id: 'Old Town' should be lower-case words joined by hyphens",
    ),
    (OLD_TOWN, ("edition", "id"), 3, "edition.id: should be text, not an integer"),
    (OLD_TOWN, ("edition", "id"), "a\x01", "edition.id: should hold no control character (U+0001)"),
    (OLD_TOWN, ("edition",), ..., "edition: missing"),
    (OLD_TOWN, ("edition", "zz"), 1, "edition.zz: unknown key"),
    (OLD_TOWN, ("options",), [], "options: should be a table, not a list"),
    (
        OLD_TOWN,
        ("streets", 0, "between"),
        [1, 2, 3],
        "streets 'main-st'.between: should be two integers, [a, b]",
    ),
    (
        OLD_TOWN,
        ("streets", 0, "span"),
        None,
        "streets 'main-st'.span: should be two integers, [a, b]",
    ),
    (
        OLD_TOWN,
        ("streets", 0, "between"),
        [1, 10**6],
        "streets 'main-st'.between[1]: 1000000 should be at most 100",
    ),
    (
        OLD_TOWN,
        ("streets", 0, "runs"),
        "up",
        "streets 'main-st'.runs: should be one of east-west, north-south, not 'up'",
    ),
    (OLD_TOWN, ("streets",), {}, "streets: should be a list, not a table"),
    (
        OLD_TOWN,
        ("spaces", 0, "x"),
        1.0,
        "spaces 'b1'.x: should be a valid integer, not a number with a point",
    ),
    (
        GADS_HILL,
        ("frames", 0, "x"),
        True,
        "frames 'frame-east'.x: should be a valid integer, not true/false",
    ),
    (
        GADS_HILL,
        ("landmarks", 0, "x"),
        None,
        "landmarks 'railway-station'.x: should be a valid integer, not null",
    ),
    (
        GADS_HILL,
        ("regions", "Bad Key"),
        ["f1"],
        "regions.Bad Key: region names are lower-case words joined by hyphens",
    ),
    (
        OLD_TOWN,
        ("edition", "card_sizes", "house"),
        [1],
        "edition.card_sizes.house: unknown key (known: building, district, condition)",
    ),
    (
        OLD_TOWN,
        ("edition", "card_sizes", "building"),
        [1, -1],
        "edition.card_sizes.building[1]: -1 should be at least 0",
    ),
    (OLD_TOWN, ("deal", "players"), [4], "deal.players: should be two integers, [a, b]"),
    (
        OLD_TOWN,
        ("deal", "top_of_common", "9"),
        {},
        "deal.top_of_common.9: should be a number of players, 1 to 8",
    ),
    (
        OLD_TOWN,
        ("deal", "common"),
        "x",
        "deal.common: should be one of building, district, condition, not 'x'",
    ),
    (
        OLD_TOWN,
        ("deal", "refill"),
        "yes",
        "deal.refill: should be a valid boolean (true or false), not text",
    ),
    (OLD_TOWN, ("deal",), [9], "deal: should be a table, not a list"),
]


@pytest.mark.parametrize(("base", "path", "value", "said"), BOARDS)
def test_a_board_s_type_error_in_the_author_s_words(
    base: Data, path: tuple[str | int, ...], value: object, said: str
) -> None:
    assert problem(lambda d: board_from_data(d, "b.toml"), changed(base, path, value)) == said


def test_a_table_s_unknown_key_comes_before_anything_inside_it() -> None:
    data = changed(changed(OLD_TOWN, ("zz",), 1), ("edition", "id"), 3)
    assert problem(lambda d: board_from_data(d, "b.toml"), data) == "zz: unknown key"


def test_a_list_too_long_is_named_before_its_entries() -> None:
    # pydantic's own max_length counts only the valid entries: 2,000 bad cards would be
    # named by the first one's problem rather than by their number
    board = load_board(data_dir("boards") / "old-town.toml")
    data = {"set": {"edition": "old-town", "name": "x"}, "cards": [1] * 2000}
    read = lambda d: cards_from_data(d, "c.toml", board)  # noqa: E731
    assert problem(read, data) == "cards: 2000 entries; at most 1000"


CARDS = read_data(data_dir("cards") / "old-town.toml")


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("text", "", "cards 3.text: should hold at least 1 character"),
        ("number", True, "cards[2].number: should be a valid integer, not true/false"),
        ("kind", 3, "cards 3.kind: should be one of building, district, condition, not an integer"),
        ("map", [], "cards 3.map: should hold at least 1 entries"),
        ("map", [1], "cards 3.map[0]: should be text, not an integer"),
        ("relation", None, "cards 3.relation: should be text, not null"),
        ("clue", ..., "cards 3.clue: missing"),
        ("zz", 1, "cards 3.zz: unknown key"),
    ],
)
def test_a_card_s_type_error_in_the_author_s_words(key: str, value: object, said: str) -> None:
    board = load_board(data_dir("boards") / "old-town.toml")
    data = changed(CARDS, ("cards", 2, key), value)
    assert problem(lambda d: cards_from_data(d, "c.toml", board), data) == said


STATE = read_data(EXAMPLES / "gads-hill-mid.toml")


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("active",), None, "active: should be text, not null"),
        (("active",), "a\x1bb", "active: should hold no control character (U+001B)"),
        (("edition",), 7, "edition: should be text, not an integer"),
        (("edition",), {"board": "a", "cards": "b", "x": 1}, "edition.x: unknown key"),
        (("edition",), {"board": "a"}, "edition.cards: missing"),
        (("players", 0, "hand"), None, "players 'ann'.hand: should be a list, not null"),
        (("players", 0, "points"), -1, "players 'ann'.points: -1 should be at least 0"),
        (("placed",), "x", "placed: should be a table, not text"),
        (("players", 0), 1, "players[0]: should be a table, not an integer"),
    ],
)
def test_a_state_s_type_error_in_the_author_s_words(
    path: tuple[str | int, ...], value: object, said: str
) -> None:
    data = changed(STATE, path, value)
    assert problem(lambda d: state_from_data(d, "s.json", Base(EXAMPLES)), data) == said


def test_dry_gulch_files_are_told_in_the_same_words() -> None:
    # before, pydantic's own: "Input should be a valid list"
    with (EXAMPLES / "dry-gulch-turn.toml").open("rb") as f:
        data = tomllib.load(f)
    data["players"][0]["hand"] = 7
    said = problem(lambda d: dry_gulch_state(d, "s.toml"), data)
    name = data["players"][0]["name"]
    assert said == f"players {name!r}.hand: should be a list, not an integer", said


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("placed",), {"<x>": 1}, "placed.<x>: should be text, not an integer"),
        (("markers",), {"[key]": [1]}, "markers.[key][0]: should be text, not an integer"),
    ],
)
def test_a_key_of_the_author_s_is_named_even_if_it_reads_like_pydantic_s(
    path: tuple[str | int, ...], value: object, said: str
) -> None:
    # pydantic's locations hold parts of its own (a union's `<tag>`, `[key]`): they are
    # left out of the entry only when the file holds no such key
    data = changed(STATE, path, value)
    assert problem(lambda d: state_from_data(d, "s.json", Base(EXAMPLES)), data) == said
