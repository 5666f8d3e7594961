"""Input beyond the limits of `core/limits.py`, or of the wrong shape, is one clean line.

One test per cause the fuzzing campaign of issue 19 found: deep TOML and JSON, long
integers, non-UTF-8 files, folders named as files, huge boards, bad `[options]`, deep and
long clues, paths escaping a state file's folder, another game's edition. Each goes
through the command line (exit 1, one line on stderr, no traceback) or asserts the exact
`InputError` of the loader.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.core.limits import (
    MAX_BOARD_COORD,
    MAX_CARDS,
    MAX_CLUE_CHARS,
    MAX_CLUE_DEPTH,
    MAX_DEPTH,
    MAX_ECHO,
    MAX_FILE_BYTES,
    MAX_MESSAGE,
    clip,
    one_line,
)
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.files.card_file import load_cards
from adjudicator.deduction.files.editions import load_edition, resolve_edition
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.models.clue import ClueError, Not, Op, parse
from adjudicator.deduction.models.ruleset import Ruleset
from tests.budget import examples

runner = CliRunner()

OLD_TOWN_BOARD = (data_dir("boards") / "old-town.toml").read_text(encoding="utf-8")
OLD_TOWN_CARDS = (data_dir("cards") / "old-town.toml").read_text(encoding="utf-8")
STATE = 'edition = "old-town"\n'


def one_error(*args: str) -> str:
    """Run the command line; assert a clean failure and return its one line."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert len(lines[0]) < MAX_MESSAGE + 200
    return lines[0]


def check_state(path: Path) -> str:
    return one_error("state", "check", str(path))


def served_error(path: Path) -> str:
    """The one line the server's reader of a state file (confined to its folder) gives."""
    with pytest.raises(InputError) as caught:
        load_state(path)
    return one_line(str(caught.value))


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def board_copy(folder: Path, old: str = "", new: str = "", name: str = "town") -> Path:
    """The Old Town board (and its cards beside it) in `folder`, `old` replaced by `new`."""
    text = OLD_TOWN_BOARD
    if old:
        assert old in text
        text = text.replace(old, new, 1)
    write(folder / f"{name}-cards.toml", OLD_TOWN_CARDS)
    return write(folder / f"{name}.toml", text)


# ----- files: nesting, numbers, bytes, folders, size -----------------------------------------


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("x = " + "[" * 3000 + "]" * 3000, f"nested more than {MAX_DEPTH} deep"),
        ("x = " + "[" * 40 + "]" * 40, f"nested more than {MAX_DEPTH} deep"),
        ("x = " + "{a = " * 3000 + "1" + "}" * 3000, f"nested more than {MAX_DEPTH} deep"),
        ("x" + ".y" * 100_000 + " = 1", f"a dotted key of more than {MAX_DEPTH} parts"),
        ("[x" + ".y" * 5000 + "]\nz = 1", f"a dotted key of more than {MAX_DEPTH} parts"),
        ("x = " + "9" * 5000, "an integer of more than"),
        ("x = " + "9" * 25, "beyond the largest integer"),
        ("x = inf", "not a number a game uses"),
        ("x = [nan]", "not a number a game uses"),
    ],
    ids=[
        "deep-arrays",
        "arrays-past-limit",
        "inline-tables",
        "dotted-key",
        "dotted-header",
        "5000-digits",
        "int-beyond-64-bit",
        "inf",
        "nan",
    ],
)
def test_toml_beyond_the_limits_is_one_line(tmp_path: Path, body: str, problem: str) -> None:
    path = write(tmp_path / "state.toml", STATE + body + "\n")
    line = check_state(path)
    assert str(path) in line and problem in line


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 5000 + "]" * 5000, f"nested more than {MAX_DEPTH} deep"),
        ('{"edition": ' + '{"a": ' * 3000 + "1" + "}" * 3001, f"nested more than {MAX_DEPTH}"),
        ('{"edition": ' + "9" * 5000 + "}", "an integer of more than"),
        ('{"edition": NaN}', "NaN is not a number a game uses"),
        ('{"edition": 1e999}', "inf is not a number a game uses"),
    ],
    ids=["deep-arrays", "deep-objects", "5000-digits", "nan", "overflowing-float"],
)
def test_json_beyond_the_limits_is_one_line(tmp_path: Path, text: str, problem: str) -> None:
    path = write(tmp_path / "state.json", text)
    line = check_state(path)
    assert str(path) in line and problem in line


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = write(tmp_path / "state.toml", STATE.encode() + b'active = "\xff\xfe"\n')
    line = check_state(path)
    assert line.endswith(f"{path}: line 2: not UTF-8 text (byte 0xff at offset 31)")


def test_a_folder_named_as_a_file_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "state.toml"
    folder.mkdir()
    with pytest.raises(InputError) as caught:
        read_data(folder)
    assert (caught.value.source, caught.value.problem) == (str(folder), "is a folder, not a file")
    assert "is a folder" in check_state(folder)


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    # Malformed past the limit: only a refusal on size can say "larger than".
    path = write(tmp_path / "state.toml", STATE + "#" * MAX_FILE_BYTES + "\n[[[")
    assert f"larger than {MAX_FILE_BYTES} bytes" in check_state(path)


def test_a_huge_value_is_clipped_in_the_error(tmp_path: Path) -> None:
    path = write(tmp_path / "state.toml", STATE + 'active = "' + "a" * 1_000_000 + '"\n')
    line = check_state(path)
    assert "a text of 1000000 characters" in line and len(line) < 300


def test_input_error_is_one_bounded_line() -> None:
    error = InputError("f.toml", "players 'x\ny'", "bad value " + "v\n" * 1_000_000)
    text = str(error)
    assert "\n" not in text and len(text) <= MAX_MESSAGE + 20
    assert text.startswith("f.toml: players 'x\\ny': bad value v\\n")


def test_clip_cuts_long_values_and_keeps_short_ones() -> None:
    assert clip("short") == "'short'"
    assert clip(7) == "7"
    long = clip("x" * 1_000_000)
    assert long.startswith("'xxx") and long.endswith("... (cut)") and len(long) < MAX_ECHO + 20
    assert clip(list(range(100))).endswith("(390 characters)")
    assert one_line("a\u200fb\tc") == "a\\u200fb\\tc"  # a right-to-left mark is shown, not obeyed
    # A fuzz finding: escapes were added after the cut, so 3,000 line breaks made 6,000
    # characters; the limit holds for what is printed.
    for text in ("\n" * 5000, "\u200f" * 5000, "x" * 5000):
        printed = one_line(text)
        assert len(printed) <= MAX_MESSAGE + len("... (cut)") and printed.isprintable()


# ----- boards and options ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "entry", "problem"),
    [
        ("x = 1\ny = 0", "x = 1000000000000\ny = 0", "spaces 'b1'.x", "should be at most 100"),
        ("x = 1\ny = 0", "x = 1\ny = -1000000", "spaces 'b1'.y", "should be at least -100"),
        ("x = 1\ny = 0", "x = 1\ny = 10000000000000000000000", "spaces[0].y", "beyond"),
        ("x = 1\ny = 0", 'x = "one"\ny = 0', "spaces 'b1'.x", "valid integer"),
        ("buying = false", 'buying = "no"', "options.buying", "takes true or false, not 'no'"),
        ("end_at = 16", "end_at = -5", "options.end_at", "from 1 to 2500, not -5"),
        ("buying = false", "bying = false", "options.bying", "unknown option (known: "),
        ("\n[options]", "\n[[options]]", "options", "should be a table, not a list"),
    ],
    ids=[
        "huge-x",
        "huge-y",
        "int64-y",
        "x-not-int",
        "option-type",
        "option-range",
        "option-unknown",
        "options-not-a-table",
    ],
)
def test_bad_board_is_one_line(
    tmp_path: Path, old: str, new: str, entry: str, problem: str
) -> None:
    board = board_copy(tmp_path, old, new)
    with pytest.raises(InputError) as caught:
        load_board(board)
    assert caught.value.source == str(board)
    assert caught.value.entry == entry
    assert problem in caught.value.problem
    # The audit once saw a bad [options] as a TypeError / KeyError traceback.
    line = one_error("audit", str(tmp_path / "town-cards.toml"), "--board", str(board))
    assert f"{board}: {entry}: " in line


def test_a_board_at_the_coordinate_limit_still_loads(tmp_path: Path) -> None:
    board = board_copy(tmp_path, "x = 1\ny = 0", f"x = {MAX_BOARD_COORD}\ny = 0")
    assert load_board(board).spaces["b1"].x == MAX_BOARD_COORD


def test_state_options_unknown_and_out_of_range(tmp_path: Path) -> None:
    path = write(tmp_path / "state.toml", STATE + "[options]\nmax_bought = -1\n")
    assert "options.max_bought: option max_bought takes a whole number from 0" in (
        check_state(path)
    )
    with pytest.raises(KeyError):  # callers still read an unknown option as a KeyError
        Ruleset().with_options({"nonsense": 1})
    with pytest.raises(TypeError, match="option end_at takes a whole number, not True"):
        Ruleset().with_options({"end_at": True})
    assert Ruleset().with_options({"end_at": 30}).end_at == 30


def test_too_many_cards_fail_fast(tmp_path: Path) -> None:
    board = board_copy(tmp_path)
    card = '[[cards]]\nnumber = {n}\nkind = "building"\nsubject = "bank"\ntext = "t"\n'
    body = '[set]\nedition = "old-town"\nname = "many"\n' + "".join(
        card.format(n=n) + 'clue = "all()"\nmap = ["a1"]\n' for n in range(1, MAX_CARDS + 2)
    )
    cards = write(tmp_path / "many.toml", body)
    with pytest.raises(InputError) as caught:
        load_cards(cards, load_board(board))
    assert caught.value.entry == "cards"
    assert f"1001 entries; at most {MAX_CARDS}" in caught.value.problem


# ----- clues --------------------------------------------------------------------------------


def card_set_with_clue(folder: Path, clue: str) -> Path:
    """The Old Town board and cards in `folder`, card 1's clue replaced."""
    first = re.search(r'^clue = ".*"$', OLD_TOWN_CARDS, flags=re.MULTILINE)
    assert first is not None
    board = board_copy(folder)
    cards = (
        OLD_TOWN_CARDS[: first.start()]
        + f"clue = {json.dumps(clue)}"
        + (OLD_TOWN_CARDS[first.end() :])
    )
    write(folder / "town-cards.toml", cards)
    return board


@pytest.mark.parametrize(
    ("clue", "problem"),
    [
        ("not " * 1000 + "all()", f"a clue of 4005 characters (the limit is {MAX_CLUE_CHARS})"),
        ("not " * (MAX_CLUE_DEPTH + 1) + "all()", f"nested more than {MAX_CLUE_DEPTH} deep"),
        ("(" * 250 + "all()" + ")" * 250, f"nested more than {MAX_CLUE_DEPTH} deep"),
    ],
    ids=["not-1000", "not-past-limit", "250-parentheses"],
)
def test_clue_beyond_the_limits_names_the_card(tmp_path: Path, clue: str, problem: str) -> None:
    board = card_set_with_clue(tmp_path, clue)
    with pytest.raises(InputError) as caught:
        load_cards(tmp_path / "town-cards.toml", load_board(board))
    assert caught.value.entry == "card 1" and problem in caught.value.problem
    line = one_error("cards", "list", str(board))
    assert ": card 1: clue: " in line and problem in line


def test_a_clue_of_100k_operands_is_refused_as_too_long(tmp_path: Path) -> None:
    # Longer than any string a data file may hold: refused on reading, naming the card.
    board = card_set_with_clue(tmp_path, " or ".join(["all()"] * 100_000))
    line = one_error("cards", "list", str(board))
    assert ": cards[0].clue: a text of 899996 characters (the limit is 10000)" in line
    with pytest.raises(ClueError, match="a clue of 899996 characters"):
        parse(" or ".join(["all()"] * 100_000))


def test_clues_within_the_limits_parse() -> None:
    deep = parse("not " * MAX_CLUE_DEPTH + "all()")
    for _ in range(MAX_CLUE_DEPTH):
        assert isinstance(deep, Not)
        deep = deep.operand
    wide = parse(" or ".join(["all()"] * 200))
    assert isinstance(wide, Op) and len(wide.operands) == 200
    with pytest.raises(ClueError, match="a clue of 2696 characters"):
        parse(" or ".join(["all()"] * 300))


@st.composite
def nested_clues(draw: st.DrawFn) -> tuple[str, int]:
    """A clue of `not`s and parentheses around an atom, and how deep it nests."""
    wrappers = draw(st.lists(st.sampled_from(["not", "()", "and"]), max_size=MAX_CLUE_DEPTH + 8))
    text, depth = "all()", 0
    for w in wrappers:
        if w == "not":
            text, depth = f"not {text}", depth + 1
        elif w == "()":
            text, depth = f"({text})", depth + 1
        else:
            text = f"{text} and street(main-st)"  # widens, nests no deeper
    return text, depth


@settings(max_examples=examples(200), deadline=None)
@given(nested_clues())
def test_clue_depth_is_refused_exactly_past_the_limit(case: tuple[str, int]) -> None:
    text, depth = case
    if depth > MAX_CLUE_DEPTH:
        with pytest.raises(ClueError) as caught:
            parse(text)
        assert caught.value.code == "limit"
    else:
        tree = parse(text)
        assert parse(str(tree)) == tree  # what is printed reads back as the same clue


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet="not()aldr_ ,", max_size=3 * MAX_CLUE_CHARS // 2))
def test_any_clue_text_parses_or_is_a_clue_error(text: str) -> None:
    """Never a RecursionError or another crash: a tree that prints back as itself, or a
    syntax / limit error."""
    try:
        tree = parse(text)
    except ClueError as exc:
        assert exc.code in ("syntax", "limit"), exc
        return
    assert parse(str(tree)) == tree


# ----- paths and other games --------------------------------------------------------------------


def test_an_edition_inside_the_state_folder_is_read(tmp_path: Path) -> None:
    board_copy(tmp_path / "boards")
    state = write(tmp_path / "state.toml", 'edition = "boards/town.toml"\n')
    assert load_state(state).board.id == "old-town"


@pytest.mark.parametrize(
    ("edition", "entry"),
    [
        ('"../outside/town.toml"', "edition"),
        ('"../outside/missing.toml"', "edition"),
        ('"/etc/nothing-here.toml"', "edition"),
        (
            '{ board = "../outside/town.toml", cards = "../outside/town-cards.toml" }',
            "edition.board",
        ),
        ('{ board = "town.toml", cards = "../outside/town-cards.toml" }', "edition.cards"),
    ],
    ids=["existing", "missing", "absolute", "files-board", "files-cards"],
)
def test_an_edition_outside_the_state_folder_is_refused_where_served(
    tmp_path: Path, edition: str, entry: str
) -> None:
    """The reader of a file the server holds (the default `Base`, `core/base_folder.py`):
    a path out of the file's folder is refused; the command line reads it as written
    (tests/test_board_paths.py)."""
    board_copy(tmp_path / "outside")
    board_copy(tmp_path / "game")
    state = write(tmp_path / "game" / "state.toml", f"edition = {edition}\n")
    line = served_error(state)
    # The same words whether or not the file exists there: nothing is learnt about it.
    assert f"{state}: {entry}: " in line and "is outside this file's folder" in line
    assert str(tmp_path / "outside") not in line


def test_a_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    board_copy(tmp_path / "outside")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "town.toml").symlink_to(tmp_path / "outside" / "town.toml")
    state = write(tmp_path / "game" / "state.toml", 'edition = "town.toml"\n')
    assert "is outside this file's folder" in served_error(state)


@pytest.mark.parametrize(
    ("edition", "problem"),
    [
        ('"a\\u0000b.toml"', "should hold no control character (U+0000)"),
        ('"loop.toml"', "is not a file name"),
        ('{ board = "a\\u0000", cards = "b" }', "should hold no control character (U+0000)"),
    ],
)
def test_an_edition_no_file_can_have_is_one_line(
    tmp_path: Path, edition: str, problem: str
) -> None:
    (tmp_path / "loop.toml").symlink_to(tmp_path / "loop.toml")
    state = write(tmp_path / "state.toml", f"edition = {edition}\n")
    assert problem in check_state(state)


def test_a_served_record_cannot_name_a_board_outside_its_folder(tmp_path: Path) -> None:
    """The web server opens no file out of its folder from a record's text."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import create_app

    board_copy(tmp_path / "outside")
    write(
        tmp_path / "game" / "table.game",
        '[Edition "../outside/town.toml"]\n[Players "ann, bob"]\n[Seed "1"]\n',
    )
    client = TestClient(create_app(tmp_path / "game"), base_url="http://127.0.0.1")
    r = client.get("/api/g/table.game")
    assert r.status_code >= 400
    assert "is outside this file's folder" in r.json()["error"]
    assert str(tmp_path / "outside") not in r.text


@pytest.mark.parametrize("game", ["dry-gulch", "black-hills"])
def test_another_games_edition_says_which_command(tmp_path: Path, game: str) -> None:
    path = write(tmp_path / "state.toml", f'edition = "{game}"\n')
    line = check_state(path)
    name = {"dry-gulch": "Dry Gulch", "black-hills": "Black Hills"}[game]
    assert line.endswith(f"{game} is a {name} edition: use `adjudicator {game} ...`")
    assert "_data" not in line and str(data_dir("boards")) not in line
    for finder in (load_edition, resolve_edition):
        with pytest.raises(InputError, match=f"use `adjudicator {game} ...`"):
            finder(game)
    # A board file of another game, named by path, says the same (not "edition: missing").
    with pytest.raises(InputError, match=f"use `adjudicator {game} ...`"):
        load_board(data_dir("boards") / f"{game}.toml")


@pytest.mark.parametrize(
    "key", ["9" * 5000, '"³"', "0", "9"], ids=["5000-digits", "superscript", "0", "9"]
)
def test_a_deal_for_an_odd_number_of_players_is_one_line(tmp_path: Path, key: str) -> None:
    # A fuzz finding: int() refused a 5,000-digit key with a ValueError traceback.
    board = tmp_path / "town.toml"
    text = (data_dir("boards") / "old-town.toml").read_text()
    board.write_text(text.replace("top_of_common = { 3 =", f"top_of_common = {{ {key} ="))
    with pytest.raises(InputError) as caught:
        load_board(board)
    assert caught.value.entry.startswith("deal.top_of_common.")
    assert "should be a number of players, 1 to 8" in caught.value.problem
