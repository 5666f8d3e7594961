"""Semantic nonsense that parses is refused (issue 19): `state check`, `replay` and `game new`
exit 1 with one line that blames the entry that is wrong, for all four games."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.errors import InputError
from adjudicator.core.validation import duplicate, name_problem
from adjudicator.dry_gulch.data import load_rules as dg_rules

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

Data = dict[str, Any]
Change = Callable[[Data], None]


def example(name: str) -> Data:
    with (EXAMPLES / name).open("rb") as f:
        return tomllib.load(f)


def refused(path: Path, *args: str) -> str:
    """Run a command on `path`; it must fail with exactly one line naming the file."""
    result = runner.invoke(app, [*args, str(path)])
    assert result.exit_code == 1, result.output
    assert result.stdout == "", result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def check_state(tmp_path: Path, data: Data, entry: str, problem: str) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    line = refused(path, "state", "check")
    assert f"{path}: {entry}: " in line, line
    assert problem in line, line


def player(data: Data, name: str) -> Data:
    return next(p for p in data["players"] if p["name"] == name)


# ----- Old Town and Gads Hill state files -------------------------------------------------


def _twelve_players(d: Data) -> None:
    d["players"] = [{"name": f"p{i}"} for i in range(12)]
    d["active"] = "p0"


def _one_player(d: Data) -> None:
    d["players"] = d["players"][:1]
    d["active"] = d["players"][0]["name"]


def _rename(new: str) -> Change:
    def change(d: Data) -> None:
        d["players"][0]["name"] = new

    return change


def _retired_in_front(d: Data) -> None:
    d["retired"] = ["stable"]  # in front of ann, neither placed nor marked


def _sixty_cards(d: Data) -> None:
    for p in d["players"]:
        p.pop("hand")
    player(d, "ann")["hand"] = list(range(1, 61))


def _six_buildings(d: Data) -> None:
    player(d, "ann")["buildings"] = ["hotel", "stable", "bank", "saloon", "jail", "laundry"]


def _option(key: str, value: object) -> Change:
    def change(d: Data) -> None:
        d["options"][key] = value

    return change


def _no_players_but_active(d: Data) -> None:
    d["players"] = []
    d["active"] = "cid"


def _points(value: object) -> Change:
    def change(d: Data) -> None:
        player(d, "bob")["points"] = value

    return change


def _hand_card(value: object) -> Change:
    def change(d: Data) -> None:
        player(d, "bob")["hand"][0] = value

    return change


DEDUCTION = [
    # (case, change to gads-hill-mid, entry blamed, words of the problem)
    ("12 players", _twelve_players, "players", "seats 2 to 5 players, not 12"),
    ("1 player", _one_player, "players", "seats 2 to 5 players, not 1"),
    ("name with ': '", _rename("ann: bob"), "players 'ann: bob'", "cannot hold ':'"),
    ("right-to-left mark", _rename("ann\u200f"), "players 'ann\\u200f'.name", "U+200F"),
    ("bidi override", _rename("\u202eann"), "players '\\u202eann'.name", "U+202E"),
    ("newline in a name", _rename("ann\nbob"), "players 'ann\\nbob'.name", "U+000A"),
    ("empty name", _rename(""), "players ''", "cannot be empty"),
    ("retired and in front", _retired_in_front, "players 'ann'.buildings", "is retired"),
    ("60 cards in a hand", _sixty_cards, "players 'ann'.hand", "60 cards"),
    ("6 buildings in front", _six_buildings, "players 'ann'.buildings", "at most 2"),
    ("no players, active cid", _no_players_but_active, "active", "'cid'"),
    ("end_at -5", _option("end_at", -5), "options.end_at", "-5"),
    (
        "two_cards_until 10**9",
        _option("two_cards_until", 10**9),
        "options.two_cards_until",
        "1000000000",
    ),
    ("max_bought -1", _option("max_bought", -1), "options.max_bought", "-1"),
    ("end_at past the board", _option("end_at", 100), "options.end_at", "out of range"),
    ("max_bought 99", _option("max_bought", 99), "options.max_bought", "out of range"),
    ("points true", _points(True), "players 'bob'.points", "valid integer"),
    ("points '7'", _points("7"), "players 'bob'.points", "valid integer"),
    ("hand card '10'", _hand_card("10"), "players 'bob'.hand[0]", "valid integer"),
    ("bought true", lambda d: player(d, "bob").update(bought=True), "players 'bob'.bought", "int"),
]


@pytest.mark.parametrize(
    ("change", "entry", "problem"),
    [c[1:] for c in DEDUCTION],
    ids=[c[0] for c in DEDUCTION],
)
def test_deduction_state_nonsense(tmp_path: Path, change: Change, entry: str, problem: str) -> None:
    data = example("gads-hill-mid.toml")
    change(data)
    check_state(tmp_path, data, entry, problem)


def test_the_unchanged_examples_are_accepted(tmp_path: Path) -> None:
    """The cases above fail because of their change: the examples themselves pass."""
    for name in (
        "gads-hill-mid.toml",
        "old-town-early.toml",
        "dry-gulch-turn.toml",
        "black-hills-round1.toml",
    ):
        path = tmp_path / "state.json"
        path.write_text(json.dumps(example(name)))
        result = runner.invoke(app, ["state", "check", str(path)])
        assert result.exit_code == 0, (name, result.output)


def test_old_town_hand_limit_counts_the_others_deal() -> None:
    """Old Town, 4 players: each other player was dealt 2 4s and 2 8+8s that never come
    back, so by the cards alone one hand holds at most 60 - 3 * 4 = 48 cards (the table's
    limit, `MAX_HAND`, is lower: see the next test)."""
    from adjudicator.deduction.files.editions import load_edition
    from adjudicator.deduction.files.state_file import hand_limit

    assert hand_limit(load_edition("old-town"), 4) == 48
    assert hand_limit(load_edition("gads-hill-1874"), 3) == 60 - 2 * 4  # district reshuffles


def test_a_hand_holds_at_most_the_table_limit(tmp_path: Path) -> None:
    """A hand grows only by passing (T2): 16 cards is the deal and a dozen passes' draws;
    16 is accepted, 17 is not."""
    from adjudicator.core.limits import MAX_HAND

    data = example("old-town-early.toml")
    data["players"].append({"name": "dan", "buildings": ["bank"]})
    for p in data["players"]:
        p.pop("hand", None)
    data["players"][0]["buildings"] = ["bank", "sheriff"]
    data["players"][3]["buildings"] = []
    data["players"][0]["hand"] = list(range(1, MAX_HAND + 1))
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    assert runner.invoke(app, ["state", "check", str(path)]).exit_code == 0
    data["players"][0]["hand"] = list(range(1, MAX_HAND + 2))
    check_state(tmp_path, data, "players 'ann'.hand", f"at most {MAX_HAND}")


def test_bought_buildings_raise_the_limit(tmp_path: Path) -> None:
    """Gads Hill: two at setup plus one a buy, so three in front after one buy is fine."""
    data = example("gads-hill-mid.toml")
    ann = player(data, "ann")
    ann["buildings"] = ["hotel", "stable", "bank"]
    ann["bought"] = 1
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    assert runner.invoke(app, ["state", "check", str(path)]).exit_code == 0
    ann["bought"] = 0
    check_state(tmp_path, data, "players 'ann'.buildings", "3 buildings in front of ann")


# ----- records ----------------------------------------------------------------------------

RECORD_HEAD = '[Edition "old-town"]\n[Players "ann, bob, cid"]\n[Seed "7"]\n'

RECORDS = [
    # (case, header, tag blamed, words of the problem)
    ("unknown Deck pile", RECORD_HEAD + '[Deck "weird=1 2"]\n', "[Deck]", "unknown pile 'weird'"),
    ("1 player", '[Edition "old-town"]\n[Players "ann"]\n', "[Players]", "not 1"),
    (
        "right-to-left mark in a name",
        '[Edition "old-town"]\n[Players "ann\u200f, bob"]\n',
        "[Players]",
        "cannot hold the control character U+200F",
    ),
    (
        "12 players",
        '[Edition "gads-hill-1874"]\n[Players "' + ", ".join(f"p{i}" for i in range(12)) + '"]\n',
        "[Players]",
        "not 12",
    ),
    ("end_at -5", RECORD_HEAD + '[Options "end_at=-5"]\n', "[Options]", "end_at"),
    (
        "two_cards_until 10**9",
        '[Edition "gads-hill-1874"]\n[Players "ann, bob"]\n[Seed "1"]\n'
        '[Options "two_cards_until=1000000000"]\n',
        "[Options]",
        "two_cards_until",
    ),
    ("end_at past the board", RECORD_HEAD + '[Options "end_at=100"]\n', "[Options]", "range"),
    ("max_bought -1", RECORD_HEAD + '[Options "max_bought=-1"]\n', "[Options]", "max_bought"),
    (
        "three buildings at setup",
        '[Edition "old-town"]\n[Players "ann, bob"]\n'
        '[Buildings "ann=bank doc hotel; bob=jail judge"]\n',
        "[Buildings]",
        "not 3",
    ),
    (
        "a hand above the limit",
        '[Edition "old-town"]\n[Players "ann, bob, cid, dan"]\n'
        '[Buildings "ann=bank doc; bob=jail judge; cid=hotel saloon; dan=school sheriff"]\n'
        '[Hands "ann=' + " ".join(map(str, range(1, 18))) + '"]\n',
        "[Hands]",
        "at most 16",
    ),
]


@pytest.mark.parametrize(
    ("header", "tag", "problem"), [c[1:] for c in RECORDS], ids=[c[0] for c in RECORDS]
)
def test_record_nonsense(tmp_path: Path, header: str, tag: str, problem: str) -> None:
    path = tmp_path / "table.game"
    path.write_text(header + "\n")
    line = refused(path, "replay")
    assert f"{path}: {tag}: " in line, line
    assert problem in line, line


def test_duplicate_players_in_a_record_header(tmp_path: Path) -> None:
    path = tmp_path / "table.game"
    path.write_text('[Edition "old-town"]\n[Players "ann, bob, ann"]\n\n')
    line = refused(path, "replay")
    assert "[Players]: duplicate player ann" in line, line


def test_game_new_names_a_duplicate_player(tmp_path: Path) -> None:
    path = tmp_path / "new.game"
    result = runner.invoke(
        app, ["game", "new", str(path), "--edition", "old-town", "--players", "ann,ann"]
    )
    assert result.exit_code == 1, result.output
    assert result.stderr.strip().endswith("[Players]: duplicate player ann"), result.stderr
    assert "takes two buildings" not in result.stderr
    assert not path.exists()


# ----- Dry Gulch --------------------------------------------------------------------------

DG = dg_rules()
CENTRE = next(s for s, site in DG.sites.items() if not site.edge and not site.bank_only)


def _dg_hand(d: Data) -> None:
    player(d, "cid")["hand"] = ["mason"] * 8  # the deck prints 7 Masons, ann holds one


def _dg_labor(d: Data) -> None:
    player(d, "cid")["hand"] = ["labor:7"]  # 1 to 9 parses; no Labor card prints 7


def _dg_homeless(d: Data) -> None:
    d["buildings"] = [b for b in d["buildings"] if b["owner"] != "cid"]


def _dg_centre(d: Data) -> None:
    d["buildings"][2]["site"] = CENTRE


def _dg_two_homes(d: Data) -> None:
    edge = next(
        s
        for s, site in DG.sites.items()
        if site.edge and s not in {b["site"] for b in d["buildings"]}
    )
    d["buildings"].append({"permit": "residence", "owner": "ann", "site": edge})


def _dg_players(n: int) -> Change:
    def change(d: Data) -> None:
        d["players"] = [{"name": f"p{i}"} for i in range(n)]
        d["active"] = "p0"
        d["buildings"] = []

    return change


def _dg_duplicate(d: Data) -> None:
    d["players"][1]["name"] = "ann"


def _dg_damaged(value: object) -> Change:
    def change(d: Data) -> None:
        d["buildings"][4]["damaged"] = value

    return change


DRY_GULCH = [
    ("8 Masons in the hands", _dg_hand, "players 'cid'.hand", "the game prints 7"),
    ("a Labor card never printed", _dg_labor, "players 'cid'.hand", "the game prints 0"),
    ("a player without residence", _dg_homeless, "players 'cid'", "has no residence"),
    ("a residence on a centre site", _dg_centre, "buildings[2]", f"not on {CENTRE!r}"),
    ("two residences", _dg_two_homes, "buildings[5]", "ann already has a residence"),
    ("2 players", _dg_players(2), "players", "seats 3 to 6 players, not 2"),
    ("12 players", _dg_players(12), "players", "seats 3 to 6 players, not 12"),
    ("duplicate player", _dg_duplicate, "players 'ann'", "duplicate player ann"),
    ("damaged 'yes'", _dg_damaged("yes"), "buildings[4].damaged", "valid boolean"),
    ("damaged 1", _dg_damaged(1), "buildings[4].damaged", "valid boolean"),
]


@pytest.mark.parametrize(
    ("change", "entry", "problem"), [c[1:] for c in DRY_GULCH], ids=[c[0] for c in DRY_GULCH]
)
def test_dry_gulch_nonsense(tmp_path: Path, change: Change, entry: str, problem: str) -> None:
    data = copy.deepcopy(example("dry-gulch-turn.toml"))
    change(data)
    check_state(tmp_path, data, entry, problem)


# ----- Black Hills ------------------------------------------------------------------------


def _bh_players(n: int) -> Change:
    def change(d: Data) -> None:
        d["players"] = [{"name": f"p{i}"} for i in range(n)]
        d["active"] = d["sheriff"] = "p0"
        d["supply"]["jail"] = 0

    return change


def _bh_characters(d: Data) -> None:
    player(d, "ann")["characters"] = ["miner", "merchant", "hunter", "tracker", "gambler"]
    d["discarded"] = ["shaman", "engineer", "colonel"]


def _bh_gold(value: object) -> Change:
    def change(d: Data) -> None:
        player(d, "ann")["gold"] = value

    return change


def _bh_supply(d: Data) -> None:
    d["supply"]["gold"] = "7"


def _bh_duplicate(d: Data) -> None:
    d["players"][1]["name"] = "ann"


BLACK_HILLS = [
    ("1 player", _bh_players(1), "players", "seats 2 to 4 players, not 1"),
    ("12 players", _bh_players(12), "players", "seats 2 to 4 players, not 12"),
    ("5 characters in a hand", _bh_characters, "players 'ann'.characters", "dealt 4"),
    ("gold true", _bh_gold(True), "players 'ann'.gold", "valid integer"),
    ("gold '1'", _bh_gold("1"), "players 'ann'.gold", "valid integer"),
    ("supply '7'", _bh_supply, "supply.gold", "valid integer"),
    ("duplicate player", _bh_duplicate, "players 'ann'", "duplicate player ann"),
]


@pytest.mark.parametrize(
    ("change", "entry", "problem"),
    [c[1:] for c in BLACK_HILLS],
    ids=[c[0] for c in BLACK_HILLS],
)
def test_black_hills_nonsense(tmp_path: Path, change: Change, entry: str, problem: str) -> None:
    data = copy.deepcopy(example("black-hills-round1.toml"))
    change(data)
    check_state(tmp_path, data, entry, problem)


# ----- names and the duplicate check ------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("ann", True),
        ("Ann Smith", True),
        ("zoë", True),
        ("", False),
        (" ann", False),
        ("ann:bob", False),
        ("a\tb", False),
        ("a\u200eb", False),  # left-to-right mark
        ("a\u2066b", False),  # left-to-right isolate
        ("a\u2028b", False),  # line separator
    ],
)
def test_name_problem(name: str, ok: bool) -> None:
    assert (name_problem(name) is None) is ok


class _Counted(str):
    """A name that counts how often it is compared with another."""

    compared = 0
    __hash__ = str.__hash__

    def __eq__(self, other: object) -> bool:
        _Counted.compared += 1
        return str.__eq__(self, other)


def test_duplicate_is_linear() -> None:
    """The duplicate check takes one pass with a set (the quadratic check took 21 s for
    16,000 names): counted in comparisons, not seconds, so a busy machine cannot fail it.
    A set compares a name only on a hash collision; a scan of the names before it would
    compare 200,000 names 2 * 10^10 times."""
    names = [_Counted(f"p{i}") for i in range(200_000)]
    _Counted.compared = 0
    assert duplicate(names) is None
    assert duplicate([*names, _Counted("p5")]) == "p5"
    assert _Counted.compared <= len(names) // 100


def test_many_players_are_refused_fast(tmp_path: Path) -> None:
    """16,000 players: refused by the seat count (the duplicate check is linear:
    `test_duplicate_is_linear`)."""
    data = example("gads-hill-mid.toml")
    data["players"] = [{"name": f"p{i}"} for i in range(16_000)]
    check_state(tmp_path, data, "players", "16000 entries; at most")


def test_a_record_that_is_not_utf8_or_a_folder_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "table.game"
    path.write_bytes(b'[Edition "old-town"]\n[Players "ann, bob"]\n\nann: 4\xff\n')
    line = f"{path}: line 4: not UTF-8 text (byte 0xff at offset 49)"
    assert refused(path, "replay").endswith(line)
    folder = tmp_path / "folder.game"
    folder.mkdir()
    assert refused(folder, "replay").endswith(f"{folder}: is a folder, not a file")


def test_reading_a_record_is_linear_in_its_header_and_moves() -> None:
    """50,000 names and 1,000 moves (the limit): each move's player is looked up in a set
    (a tuple made this 10^8 comparisons); one move more is refused. Its speed is the
    bench's (`limit-replay-longest-*`), never a test's."""
    from adjudicator.core.limits import MAX_MOVES
    from adjudicator.deduction.game.record import record_from_text

    names = [f"p{i}" for i in range(50_000)]
    text = f'[Edition "old-town"]\n[Players "{", ".join(names)}"]\n\n'
    text += "".join(f"{names[-1 - i % 7]}: {i % 60 + 1}\n" for i in range(MAX_MOVES))
    record = record_from_text(text)
    assert len(record.moves) == MAX_MOVES
    with pytest.raises(InputError, match=f"more than {MAX_MOVES} moves"):
        record_from_text(text + f"{names[-1]}: 1\n")


@pytest.mark.parametrize("name", ["a[/]n", "[red]ann", "ann [b]x", "ann[bold]"])
def test_a_name_that_reads_as_rich_markup_is_shown_as_written(tmp_path: Path, name: str) -> None:
    """Not refused, and not read as markup (`[/]` alone once crashed Rich): every command
    shows what the file says."""
    data = example("gads-hill-mid.toml")
    _rename(name)(data)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    for args in (["state", "check"], ["stop"], ["hint"]):
        result = runner.invoke(app, [*args, str(path)], terminal_width=200)
        assert result.exit_code == 0, result.output
        if args == ["state", "check"]:  # the stop and the hint (cid's) name no ann
            assert name in result.stdout


def test_a_board_name_that_reads_as_rich_markup_is_shown_as_written(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    board = (root / "boards" / "old-town.toml").read_text()
    assert 'name = "Old Town"' in board
    (tmp_path / "x.toml").write_text(board.replace('name = "Old Town"', 'name = "Town [/] x"', 1))
    (tmp_path / "x-cards.toml").write_text((root / "cards" / "old-town.toml").read_text())
    for args in (["board", "export"], ["board", "show"], ["cards", "list"]):
        result = runner.invoke(app, [*args, str(tmp_path / "x.toml")], terminal_width=200)
        assert result.exit_code == 0, result.output
        if args != ["cards", "list"]:  # the list's title is the card set's name
            assert "Town [/] x" in result.stdout


def test_no_control_character_is_printable() -> None:
    """`control_character` skips a printable text whole: no character it refuses is one."""
    import unicodedata

    from adjudicator.core.names import control_character

    refused = ("Cc", "Cf", "Zl", "Zp")
    assert not [
        c
        for c in map(chr, range(0x110000))
        if unicodedata.category(c) in refused and c.isprintable()
    ]
    assert control_character("Bank\x1b[2J") == "U+001B"
    assert control_character("Bank\u2028") == "U+2028" and control_character("Bank") is None
