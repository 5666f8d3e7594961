"""A record or state file that names a board file reads wherever it is moved (issue 40,
item 4): on the command line the board is found by the path as written (relative to the
file's folder, or absolute), or named from elsewhere with `--board`/`--cards`; `audit`
takes a board file, and a card file beside its board, as every other command does. The
web server still opens nothing out of its folder from a record's text
(tests/test_input_limits.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.base_folder import Base
from adjudicator.core.data import data_dir
from adjudicator.tables import table_of_record

runner = CliRunner()
EXAMPLES = Path(__file__).parents[1] / "examples"


def _own_board(folder: Path, cards: bool = True) -> Path:
    """Old Town's board as a table's own file, `town.toml`, its cards beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(data_dir("boards") / "old-town.toml", folder / "town.toml")
    if cards:
        shutil.copy(data_dir("cards") / "old-town.toml", folder / "town-cards.toml")
    return folder / "town.toml"


def _ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def _fails(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return result.stderr.strip()


def _a_legal_move(record: Path, *, board: Path | None = None) -> str:
    body = record.read_text(encoding="utf-8")
    table = table_of_record(body)
    game = table.replay(table.read(body, str(record), Base.command_line(record, board))).game
    return table.format_move(next(iter(table.legal_moves(game))))


def _new(record: Path, edition: str) -> None:
    _ok("game", "new", str(record), "--edition", edition, "--players", "ann,bob", "--seed", "3")


def _edition_tag(record: Path) -> str:
    return record.read_text(encoding="utf-8").splitlines()[0]


def test_a_record_naming_its_board_by_an_absolute_path_reads_wherever_it_is_moved(
    tmp_path: Path,
) -> None:
    board = _own_board(tmp_path / "boards")
    record = tmp_path / "games" / "t.game"
    record.parent.mkdir()
    _new(record, str(board))
    assert _edition_tag(record) == f'[Edition "{board}"]'
    moved = tmp_path / "elsewhere" / "deeper" / "t.game"
    moved.parent.mkdir(parents=True)
    record.rename(moved)
    move = _a_legal_move(moved)
    assert json.loads(_ok("game", "move", str(moved), move, "--json"))["legal"] is True
    assert moved.read_text(encoding="utf-8").endswith(f"{move}\n")
    assert "ann" in _ok("game", "show", str(moved))
    assert json.loads(_ok("replay", str(moved), "--json"))
    assert json.loads(_ok("state", "check", str(moved), "--json"))["ok"] is True


def test_a_relative_board_is_named_from_the_records_folder_and_moves_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--edition boards/town.toml` is a path from where the command runs; the record,
    read from its own folder, names it `../boards/town.toml`. The two folders moved
    together still read; the record moved alone says which board it misses."""
    _own_board(tmp_path / "club" / "boards")
    (tmp_path / "club" / "games").mkdir()
    monkeypatch.chdir(tmp_path / "club")
    _new(Path("games/t.game"), "boards/town.toml")
    monkeypatch.chdir(tmp_path)
    assert _edition_tag(tmp_path / "club/games/t.game") == '[Edition "../boards/town.toml"]'
    shutil.copytree(tmp_path / "club", tmp_path / "moved")
    record = tmp_path / "moved" / "games" / "t.game"
    _ok("game", "move", str(record), _a_legal_move(record))
    alone = tmp_path / "t.game"
    shutil.copy(record, alone)
    line = _fails("replay", str(alone))
    assert line.endswith("no such board file '../boards/town.toml'"), line


def test_board_and_cards_name_them_from_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = _own_board(tmp_path / "mine")
    record = tmp_path / "mine" / "t.game"
    monkeypatch.chdir(tmp_path / "mine")
    _new(record, "town.toml")
    monkeypatch.chdir(tmp_path)
    assert _edition_tag(record) == '[Edition "town.toml"]'
    away = tmp_path / "away" / "t.game"
    away.parent.mkdir()
    record.rename(away)
    assert "no such board file 'town.toml'" in _fails("game", "show", str(away))
    move = _a_legal_move(away, board=board)
    _ok("game", "move", str(away), move, "--board", str(board))
    assert away.read_text(encoding="utf-8").endswith(f"{move}\n")
    assert "ann" in _ok("game", "show", str(away), "--board", str(board))
    shown = json.loads(_ok("replay", str(away), "--board", str(board), "--json"))
    assert json.loads(_ok("state", "check", str(away), "--board", str(board), "--json"))["ok"]
    assert json.loads(_ok("stop", str(away), "--board", str(board), "--json"))
    # --cards: the board's own card set named separately (none beside the board)
    bare = _own_board(tmp_path / "bare", cards=False)
    cards = tmp_path / "deck.toml"
    shutil.copy(data_dir("cards") / "old-town.toml", cards)
    assert "no card set found" in _fails("replay", str(away), "--board", str(bare))
    again = _ok("replay", str(away), "--board", str(bare), "--cards", str(cards), "--json")
    assert json.loads(again) == shown
    missing = ("--board", str(board), "--cards", str(tmp_path / "x"))
    assert "no such card file" in _fails("replay", str(away), *missing)


def test_a_shipped_edition_record_takes_its_cards_from_the_command_line(tmp_path: Path) -> None:
    """--cards alone: the record's shipped board with the card set given; a copy of the
    shipped set rules as the shipped set does, and one the board refuses is that file's
    error."""
    record = tmp_path / "t.game"
    _new(record, "old-town")
    text = (data_dir("cards") / "old-town.toml").read_text(encoding="utf-8")
    copy = tmp_path / "copy.toml"
    copy.write_text(text, encoding="utf-8")
    plain = json.loads(_ok("game", "show", str(record), "--player", "ann", "--json"))
    assert (
        json.loads(
            _ok("game", "show", str(record), "--player", "ann", "--json", "--cards", str(copy))
        )
        == plain
    )
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('subject = "church"', 'subject = "casino-royale"', 1))
    line = _fails("game", "show", str(record), "--cards", str(wrong))
    assert line.startswith(f"error: {wrong}") and "casino-royale" in line, line


def test_another_games_record_names_no_board(tmp_path: Path) -> None:
    record = tmp_path / "dg.game"
    shutil.copy(EXAMPLES / "dry-gulch-table.game", record)
    line = _fails("replay", str(record), "--board", str(tmp_path / "town.toml"))
    assert line.endswith("--board: a Dry Gulch record names no board file"), line


def test_simulated_records_of_a_board_elsewhere_replay_from_anywhere(tmp_path: Path) -> None:
    board = _own_board(tmp_path / "boards")
    out = tmp_path / "runs"
    _ok("simulate", str(board), "--games", "1", "--seed", "2", "--records", str(out))
    (written,) = sorted(out.glob("*.game"))
    moved = tmp_path / "kept" / written.name
    moved.parent.mkdir()
    written.rename(moved)
    assert json.loads(_ok("replay", str(moved), "--json"))


def test_a_state_file_reads_its_board_by_the_path_as_written(tmp_path: Path) -> None:
    board = _own_board(tmp_path / "boards")
    mid = (EXAMPLES / "old-town-mid.toml").read_text(encoding="utf-8")
    assert 'edition = "old-town"' in mid
    state = tmp_path / "states" / "mid.toml"
    state.parent.mkdir()
    state.write_text(mid.replace('edition = "old-town"', 'edition = "../boards/town.toml"'))
    shipped = json.loads(
        _ok(
            "play",
            str(EXAMPLES / "old-town-mid.toml"),
            "58",
            "--as",
            "stage-coach-office",
            "--json",
        )
    )
    ruled = json.loads(_ok("play", str(state), "58", "--as", "stage-coach-office", "--json"))
    assert ruled["state"].pop("edition") == "../boards/town.toml"  # kept as written
    shipped["state"].pop("edition")
    assert ruled == shipped
    absolute = tmp_path / "abs.toml"
    absolute.write_text(mid.replace('edition = "old-town"', f'edition = "{board}"'))
    assert json.loads(_ok("state", "check", str(absolute), "--json"))["ok"] is True


# ----- audit takes what every other command takes ------------------------------------------


def _findings(*args: str) -> list[str]:
    result = runner.invoke(app, ["audit", *args, "--json"])
    assert "Traceback" not in result.output
    return sorted(f["code"] for f in json.loads(result.stdout)["findings"])


def test_audit_takes_a_board_file_and_a_card_file_beside_its_board(tmp_path: Path) -> None:
    board = _own_board(tmp_path / "mine")
    shipped = _findings("old-town")
    assert _findings(str(board)) == shipped
    assert _findings(str(tmp_path / "mine" / "town-cards.toml")) == shipped
    assert _findings(str(tmp_path / "mine" / "town-cards.toml"), "--board", str(board)) == shipped
    # the shipped layout: cards/NAME.toml beside boards/NAME.toml
    (tmp_path / "set" / "boards").mkdir(parents=True)
    (tmp_path / "set" / "cards").mkdir()
    shutil.copy(board, tmp_path / "set" / "boards" / "club.toml")
    shutil.copy(tmp_path / "mine" / "town-cards.toml", tmp_path / "set" / "cards" / "club.toml")
    assert _findings(str(tmp_path / "set" / "cards" / "club.toml")) == shipped
    assert _findings(str(tmp_path / "set" / "boards" / "club.toml")) == shipped


def test_audit_of_a_card_file_with_no_board_says_to_name_one(tmp_path: Path) -> None:
    text = (data_dir("cards") / "old-town.toml").read_text(encoding="utf-8")
    cards = tmp_path / "deck.toml"
    cards.write_text(text.replace('edition = "old-town"', 'edition = "my-town"', 1))
    assert 'edition = "my-town"' in cards.read_text()
    line = _fails("audit", str(cards))
    assert line.endswith("give the board with --board FILE"), line
    board = _own_board(tmp_path / "b", cards=False)
    assert "no card set found beside" in _fails("audit", str(board))


def test_hint_takes_the_board_from_elsewhere_for_a_record_and_a_state(tmp_path: Path) -> None:
    board = _own_board(tmp_path / "mine")
    record = tmp_path / "mine" / "t.game"
    _new(record, str(board))
    state = tmp_path / "mine" / "mid.toml"
    mid = (EXAMPLES / "old-town-mid.toml").read_text(encoding="utf-8")
    state.write_text(mid.replace('edition = "old-town"', 'edition = "town.toml"'))
    before = {f: json.loads(_ok("hint", str(f), "--json")) for f in (state, record)}
    moved = tmp_path / "moved"
    shutil.move(tmp_path / "mine", moved)

    def hint(away: Path, was: Path, *more: str) -> object:
        """The hint's JSON, the file's new name written as its old (the commands name it)."""
        return json.loads(_ok("hint", str(away), *more, "--json").replace(str(away), str(was)))

    for name, hinted in before.items():
        away = moved / name.name
        if name == state:  # the state's relative board moved with it: read by its path
            assert hint(away, name) == hinted
            for own in ("town.toml", "town-cards.toml"):
                (moved / own).rename(tmp_path / own)
            assert "no such board file 'town.toml'" in _fails("hint", str(away))
        else:  # the record's absolute board is gone: named with --board
            assert "no such board file" in _fails("hint", str(away))
            line = _fails("hint", str(away), "--board", str(board))
            assert line == f"error: --board: no such board file '{board}'", line
        assert hint(away, name, "--board", str(tmp_path / "town.toml")) == hinted


# ----- the state commands take --board/--cards as well ------------------------------------

# Each command that reads a state file, with what it asks of old-town-mid.toml (cid's turn).
_STATE_COMMANDS = [
    ("stop",),
    ("play", "{state}", "58", "--as", "stage-coach-office"),
    ("discard", "{state}", "19", "23", "--take", "undertaker@e1"),
    ("buy", "{state}", "hotel"),
    ("state", "check", "{state}"),
    ("board", "show", "old-town", "--state", "{state}"),
]


def _asked(command: tuple[str, ...], state: Path, *more: str) -> list[str]:
    args = command if "{state}" in command else (*command, "{state}")
    return [str(state) if a == "{state}" else a for a in args] + [*more, "--json"]


def _moved_state(tmp_path: Path) -> tuple[Path, Path]:
    """old-town-mid.toml naming the table's own board beside it, then moved away from it:
    the board it names, as written, is no longer there."""
    board = _own_board(tmp_path / "mine")
    state = tmp_path / "mine" / "mid.toml"
    mid = (EXAMPLES / "old-town-mid.toml").read_text(encoding="utf-8")
    state.write_text(mid.replace('edition = "old-town"', 'edition = "town.toml"'))
    away = tmp_path / "away" / "mid.toml"
    away.parent.mkdir()
    state.rename(away)
    return away, board


@pytest.mark.parametrize("command", _STATE_COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_state_moved_away_from_its_board_reads_with_board_and_cards(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    away, board = _moved_state(tmp_path)
    line = _fails(*_asked(command, away))
    assert line.endswith("no such board file 'town.toml'"), line
    beside = tmp_path / "mine" / "mid.toml"
    shutil.copy(away, beside)  # the same state where it names its board: what it should say
    shipped = json.loads(_ok(*_asked(command, beside)))
    ruled = json.loads(_ok(*_asked(command, away, "--board", str(board))))
    assert json.dumps(ruled).replace(str(away), str(beside)) == json.dumps(shipped)
    bare = _own_board(tmp_path / "bare", cards=False)
    cards = tmp_path / "deck.toml"
    shutil.copy(data_dir("cards") / "old-town.toml", cards)
    assert "no card set found" in _fails(*_asked(command, away, "--board", str(bare)))
    named = _ok(*_asked(command, away, "--board", str(bare), "--cards", str(cards)))
    assert json.loads(named.replace(str(away), str(beside))) == shipped
    line = _fails(*_asked(command, away, "--board", str(tmp_path / "nowhere.toml")))
    assert line == f"error: --board: no such board file '{tmp_path / 'nowhere.toml'}'", line
    line = _fails(*_asked(command, away, "--board", str(board), "--cards", str(tmp_path / "x")))
    assert line == f"error: --cards: no such card file '{tmp_path / 'x'}'", line


def test_play_writes_a_state_read_with_board_keeping_the_board_it_names(tmp_path: Path) -> None:
    away, board = _moved_state(tmp_path)
    args = ("play", str(away), "58", "--as", "stage-coach-office", "--board", str(board))
    assert json.loads(_ok(*args, "--write", "--json"))["playable"] is True
    assert 'edition = "town.toml"' in away.read_text(encoding="utf-8")
    assert json.loads(_ok("state", "check", str(away), "--board", str(board), "--json"))["ok"]


def test_another_games_state_names_no_board(tmp_path: Path) -> None:
    state = EXAMPLES / "dry-gulch-turn.toml"
    board = _own_board(tmp_path / "mine")
    line = _fails("state", "check", str(state), "--board", str(board))
    assert line.endswith("--board: a Dry Gulch state names no board file"), line
    line = _fails("board", "show", "dry-gulch", "--state", str(state), "--cards", str(board))
    assert line.endswith("--cards: a Dry Gulch state names no board file"), line
    line = _fails("board", "show", "old-town", "--board", str(board))
    assert line.endswith("--board: goes with --state: the state's board and cards"), line
