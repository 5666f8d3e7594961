"""Writes (issue 19, point 5): atomic even when killed, through symlinks, owner and mode
kept, read-only files refused in one line, stale temporary files cleaned, comments kept by
`--write`, and a lock so that two `game move` at once never lose a move nor add an
illegal one. The kill and race tests run real processes."""

from __future__ import annotations

import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.core.files import write_atomic, write_data
from adjudicator.core.writes import WriteError, clean_stale_temps, locked, merge_toml
from tests.budget import examples

runner = CliRunner()
EXAMPLES = data_dir("examples")
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def dead_pid() -> int:
    """The id of a process that has finished (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


# --- symlinks, owner, mode, read-only, folders -------------------------------------------


def test_symlink_is_written_through_to_its_target(tmp_path: Path) -> None:
    real = tmp_path / "data" / "state.toml"
    real.parent.mkdir()
    real.write_text("old = 1\n")
    link = tmp_path / "link.toml"
    link.symlink_to(Path("data") / "state.toml")  # relative, as people make them
    write_atomic(link, "new = 2\n")
    assert link.is_symlink()
    assert os.readlink(link) == str(Path("data") / "state.toml")
    assert real.read_text() == "new = 2\n"
    assert temps(tmp_path) == [] and temps(real.parent) == []


def test_mode_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text("a = 1\n")
    path.chmod(0o640)
    write_atomic(path, "a = 2\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    path.chmod(0o604)
    write_data(path, {"a": 3})
    assert stat.S_IMODE(path.stat().st_mode) == 0o604
    assert tomllib.loads(path.read_text()) == {"a": 3}


def test_a_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.toml", "a = 1\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == 0o640


@pytest.mark.skipif(not IS_ROOT, reason="only root may give a file to another owner")
def test_owner_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text("a = 1\n")
    os.chown(path, 4321, 8765)
    write_atomic(path, "a = 2\n")
    assert (path.stat().st_uid, path.stat().st_gid) == (4321, 8765)
    assert path.read_text() == "a = 2\n"


def test_a_read_only_file_is_refused_in_one_line_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text("a = 1\n")
    path.chmod(0o444)
    with pytest.raises(WriteError) as caught:
        write_atomic(path, "a = 2\n")
    assert str(caught.value) == f"{path}: is read-only"
    assert isinstance(caught.value, InputError)
    assert path.read_text() == "a = 1\n" and temps(tmp_path) == []


def test_play_write_on_a_read_only_state_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    original = (EXAMPLES / "gads-hill-mid.toml").read_text()
    path.write_text(original)
    path.chmod(0o444)
    result = runner.invoke(app, ["play", str(path), "43", "--as", "school", "--write"])
    assert result.exit_code == 1
    assert result.stderr.strip() == f"error: {path}: is read-only"
    assert "Traceback" not in result.output
    assert path.read_text() == original


def test_pipes_and_devices_are_written_to_not_replaced(tmp_path: Path) -> None:
    write_atomic(Path("/dev/null"), "gone\n")  # as root, a rename would replace the device
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # The read end is open before the write, so the pipe has a reader whatever the
    # machine's load (a reader thread raced the write, and its blocked open kept the
    # test process alive after a failure).
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        write_atomic(fifo, "through the pipe\n")
        got = os.read(reader, 1024)
    finally:
        os.close(reader)
    assert got == b"through the pipe\n" and stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda p: p.mkdir(), "is a directory"),
        (lambda p: p.symlink_to(p.name), "cannot be written: Too many levels of symbolic links"),
    ],
    ids=["directory", "symlink loop"],
)
def test_what_is_not_a_file_is_one_line(tmp_path: Path, make: Any, problem: str) -> None:
    path = tmp_path / "s.toml"
    make(path)
    with pytest.raises(WriteError) as caught:
        write_atomic(path, "a = 1\n")
    assert str(caught.value) == f"{path}: {problem}"


def test_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "plain-file"
    blocker.write_text("")
    with pytest.raises(WriteError) as caught:
        write_atomic(blocker / "s.toml", "a = 1\n")
    assert str(caught.value) == f"{blocker / 's.toml'}: cannot be written: Not a directory"
    result = runner.invoke(
        app, ["game", "new", str(tmp_path / "no" / "r.game"), "--edition", "old-town",
              "--players", "ann,bob"]
    )  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr.strip().endswith("r.game: cannot be written: No such file or directory")
    assert "Traceback" not in result.output


def test_a_folder_we_may_not_write_in_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EACCES on the folder. Root may write anywhere, so for root the folder's refusal is
    played by `os.open` refusing the temporary file, as the kernel would."""
    folder = tmp_path / "locked"
    folder.mkdir()
    state = folder / "game.toml"
    original = (EXAMPLES / "gads-hill-mid.toml").read_text()
    state.write_text(original)
    if IS_ROOT:
        real_open = os.open

        def refusing_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
            if str(path).endswith(".tmp"):
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", refusing_open)
    folder.chmod(0o555)
    try:
        result = runner.invoke(app, ["play", str(state), "43", "--as", "school", "--write"])
    finally:
        folder.chmod(0o755)
        monkeypatch.undo()
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == f"error: {state}: cannot be written: Permission denied"
    assert state.read_text() == original and temps(folder) == []


# --- kills and stale temporary files -------------------------------------------------

_WRITER = """
import sys
from pathlib import Path
from adjudicator.core.writes import write_atomic
path, size = Path(sys.argv[1]), int(sys.argv[2])
texts = [f'v = "{c * size}"\\n' for c in "AB"]
print("go", flush=True)
i = 0
while True:
    write_atomic(path, texts[i % 2])
    i += 1
"""


def test_a_killed_write_leaves_the_old_or_new_file_whole_and_no_temp_behind(
    tmp_path: Path,
) -> None:
    size = 400_000
    whole = {f'v = "{c * size}"\n' for c in "AB"}
    path = tmp_path / "state.toml"
    path.write_text(f'v = "{"A" * size}"\n')
    rng = random.Random(19)
    left_behind = 0
    killed: set[int] = set()
    for _ in range(30):
        child = subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path), str(size)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        assert child.stdout.readline() == "go\n"
        time.sleep(rng.uniform(0, 0.03))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        text = path.read_text()
        assert text in whole  # never torn, never empty
        assert tomllib.loads(text)["v"][0] in "AB"
        # what a kill may leave is only temp files named after the killed writers (this
        # one's, or an earlier one's if this one died before its first write cleaned up)
        killed.add(child.pid)
        left = temps(tmp_path)
        assert {int(name.split(".")[3]) for name in left} <= killed, left
        left_behind += bool(left)
    assert left_behind > 0  # the kills did land inside writes (11 of 30 when measured)
    write_atomic(path, "v = 1\n")  # the next write cleans up after the killed ones
    assert temps(tmp_path) == []
    assert path.read_text() == "v = 1\n"


def test_stale_temps_of_dead_writers_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text("a = 1\n")
    dead = tmp_path / f".s.toml.{dead_pid()}.0badf00d.tmp"
    other = tmp_path / f".r.game.{dead_pid()}.0badf00d.tmp"  # another file's, dead too
    live = tmp_path / f".s.toml.{os.getpid()}.12345678.tmp"  # a write in progress
    legacy_old = tmp_path / ".s.toml.ab_cd123.tmp"  # tempfile's names, before this module
    legacy_new = tmp_path / ".s.toml.zz_cd123.tmp"
    not_ours = [tmp_path / n for n in (".notes.txt.ab_cd123.tmp", "x.1.0badf00d.tmp", "a.tmp")]
    for p in (dead, other, live, legacy_old, legacy_new, *not_ours):
        p.write_text("x")
        os.utime(p, (time.time() - 7200, time.time() - 7200))
    os.utime(legacy_new, None)
    removed = clean_stale_temps(tmp_path)
    assert sorted(p.name for p in removed) == sorted([dead.name, other.name, legacy_old.name])
    write_atomic(path, "a = 2\n")
    assert temps(tmp_path) == sorted([live.name, legacy_new.name] + [p.name for p in not_ours])


# --- comments -------------------------------------------------------------------------


def commented_gads_hill() -> str:
    """examples/gads-hill-mid.toml with 14 numbered comments wherever comments stand."""
    text = (EXAMPLES / "gads-hill-mid.toml").read_text()
    edits = [
        ('edition = "gads-hill-1874"\n', "# C01 before the first key\n"
         'edition = "gads-hill-1874"  # C02 trailing an unchanged value\n'),
        ('active = "cid"\n', 'active = "cid"  # C03 trailing a value that may change\n'),
        ("\n[options]\n", "\n# C04 before [options]\n[options]\n"),
        ('frame-east = "cemetery"\n', 'frame-east = "cemetery"  # C05 in [landmarks]\n'),
        ("\n[placed]\n", "\n# C06 before [placed]\n[placed]\n"),
        ('courthouse = "c1"\n', 'courthouse = "c1"  # C07 trailing in [placed]\n'),
        ("\n[markers]\n", "\n# C08 before [markers]\n[markers]\n"),
        ('barber = ["b2", "c2", "b3", "c3"]\n',
         'barber = ["b2", "c2", "b3", "c3"]  # C09 trailing an unchanged list\n'),
        ('drugstore = ["f2", "f3", "f4"]\n',
         'drugstore = ["f2", "f3", "f4"]  # C10 trailing a changing list\n'),
        ("\n[[players]]\nname = \"ann\"\n",
         "\n# C11 before the first [[players]]\n[[players]]\nname = \"ann\"  # C12 a name\n"),
        ("\n[[players]]\nname = \"cid\"\n", "\n# C13 before cid\n[[players]]\nname = \"cid\"\n"),
    ]  # fmt: skip
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text + "# C14 the footer\n"


def comments(text: str) -> list[str]:
    return [line[line.index("#") :] for line in text.splitlines() if "#" in line]


def test_play_write_keeps_every_comment(tmp_path: Path) -> None:
    text = commented_gads_hill()
    commented, plain = tmp_path / "commented.toml", tmp_path / "plain.toml"
    commented.write_text(text)
    plain.write_text(tomlkit.dumps(tomllib.loads(text)))  # the same state, no comment
    for path in (commented, plain):
        result = runner.invoke(app, ["play", str(path), "43", "--as", "school", "--write"])
        assert result.exit_code == 0, result.output
    after = commented.read_text()
    assert after != text  # the play changed the state...
    assert comments(after) == comments(text)  # ...and every comment stands where it stood
    assert len([c for c in comments(text) if c.startswith("# C")]) == 14
    # the values are exactly those of the state written without comments
    assert tomllib.loads(after) == tomllib.loads(plain.read_text())
    # an unchanged line is kept byte for byte
    assert 'barber = ["b2", "c2", "b3", "c3"]  # C09 trailing an unchanged list\n' in after


BLACK_HILLS_COMMENTED = """\
# B1 a Black Hills state with comments
game = "black-hills"
round = 1   # B2 trailing
active = "ann"
sheriff = "ann"
seed = 11
discarded = ["hunter", "tracker", "gambler", "shaman", "engineer", "colonel"]
event_deck = ["storm", "plague", "protection", "the-sawmill", "jailbreak", "tax-collection"]

# B3 before [supply]
[supply]
gold = 7   # B4 trailing a resource
logs = 8
fur = 7
jail = 3

[this_round]
placed = []
turns = {}

# B5 before the players
[[players]]
name = "ann"
reputation = 0
gold = 1
logs = 0
fur = 1
characters = ["miner", "merchant"]
events = ["stolen-gold"]

[[players]]
name = "bob"   # B6 a name
reputation = 1
gold = 0
logs = 2
fur = 1
characters = ["lumberjack", "preacher"]
events = ["bank"]

[[players]]
name = "cid"
reputation = 2
gold = 2
logs = 0
fur = 1
characters = ["sheriff", "indian-chief"]
events = ["bearskins", "reinforcements"]
# B7 the footer
"""


def test_black_hills_write_keeps_every_comment(tmp_path: Path) -> None:
    path = tmp_path / "bh.toml"
    path.write_text(BLACK_HILLS_COMMENTED)
    turn = "ann: miner; event stolen-gold"
    result = runner.invoke(app, ["black-hills", "turn", str(path), turn, "--write"])
    assert result.exit_code == 0, result.output
    after = path.read_text()
    assert after != BLACK_HILLS_COMMENTED
    assert comments(after) == comments(BLACK_HILLS_COMMENTED)
    from adjudicator.black_hills.referee import referee_text
    from adjudicator.black_hills.state import load_bh_state, state_data

    (tmp_path / "plain.toml").write_text(BLACK_HILLS_COMMENTED)
    expected = referee_text(load_bh_state(tmp_path / "plain.toml"), turn).after
    assert tomllib.loads(after) == state_data(expected)


# merge_toml, by property: whatever the old file, the new text reads back as the data, and
# nothing changes in a file whose values did not change.
_KEYS = st.sampled_from(["a", "b", "name", "hand", "frame-east", "x y"])
_SCALARS = st.one_of(
    st.integers(-(2**63), 2**63 - 1),
    st.booleans(),
    st.text(max_size=8),
    st.floats(allow_nan=False, allow_infinity=False),
)
_VALUES = st.one_of(_SCALARS, st.lists(st.integers(0, 60), max_size=4))
_TABLE = st.dictionaries(_KEYS, _VALUES, max_size=4)
_DOCS = st.dictionaries(
    _KEYS,
    st.one_of(_VALUES, _TABLE, st.lists(_TABLE, min_size=1, max_size=3)),
    max_size=5,
)


def _typed(value: Any) -> Any:
    """The value with each scalar's type beside it: in Python `0 == False` and `1.0 == 1`,
    but TOML keeps `false`, `0` and `0.0` apart, and so must a comparison of what it reads
    back (issue 41: the random profile found {'name': 0} against {'name': False})."""
    if isinstance(value, dict):
        return {key: _typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_typed(item) for item in value]
    return (type(value).__name__, value)


def _with_comments(data: dict[str, Any]) -> str:
    """The TOML of data with a comment line before and after every line."""
    lines = tomlkit.dumps(data).split("\n")  # not splitlines: a string may hold U+0085
    return "".join(f"# c{i}\n{line}\n" for i, line in enumerate(lines)) + "# end\n"


@settings(max_examples=examples(150), deadline=None)
@given(_DOCS, _DOCS)
def test_merge_reads_back_as_the_new_data_and_keeps_comment_lines(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    old_text = _with_comments(old)
    merged = merge_toml(old_text, new)
    if merged is None:  # a shape that cannot change in place: written afresh instead
        return
    assert _typed(tomllib.loads(merged)) == _typed(new)
    if _typed(old) == _typed(new):
        assert merged == old_text


@settings(max_examples=examples(100), deadline=None)
@given(_DOCS)
def test_merging_the_same_data_changes_nothing(data: dict[str, Any]) -> None:
    text = _with_comments(data)
    assert merge_toml(text, data) == text


_HAND_WRITTEN = [
    "a = {x = 1, y = [1, 2]}  # inline\nb.c = 2\n# top\n[t]\nk = 1 # k\n[t.u]\nz = 3\n"
    "[[p]]\nn = 1\n# footer\n",
    'name = "x"\n[hand]\n# alone in a table\n',
    '"x y" = 1\n[[a]]\n[[a]]\nb = 2\n',
]


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(_HAND_WRITTEN), _DOCS)
def test_merge_into_hand_written_toml_reads_back_as_the_new_data(
    old_text: str, new: dict[str, Any]
) -> None:
    merged = merge_toml(old_text, new)
    assert merged is None or _typed(tomllib.loads(merged)) == _typed(new)


def test_a_bool_and_an_int_of_equal_value_are_different_data() -> None:
    # the minimal input the random profile found: the merge writes `false`, as it must
    merged = merge_toml(_with_comments({"name": 0}), {"name": False})
    assert merged is not None and tomllib.loads(merged) == {"name": False}
    assert _typed(tomllib.loads(merged)) != _typed({"name": 0})


def test_merge_gives_up_on_text_that_is_not_toml() -> None:
    assert merge_toml("a = [", {"a": 1}) is None


def test_merge_keeps_types_apart() -> None:
    # True == 1 in Python: a bool that became an int must still be written
    assert tomllib.loads(merge_toml("a = true  # c\n", {"a": 1}) or "") == {"a": 1}
    assert merge_toml("a = true  # c\n", {"a": 1}) == "a = 1  # c\n"


# --- the lock -------------------------------------------------------------------------


@pytest.fixture
def record_path(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "r.game"
    path.write_text("one\n")
    yield path


def test_a_held_lock_makes_another_wait_then_fail_in_one_line(record_path: Path) -> None:
    with locked(record_path):
        started = time.monotonic()
        with pytest.raises(WriteError) as caught, locked(record_path, timeout=0.2):
            pass
        assert time.monotonic() - started >= 0.2
    assert str(caught.value) == f"{record_path}: is locked by another command (waited 0.2 s)"
    with locked(record_path, timeout=0.2):  # released: granted at once
        pass


def test_the_lock_holds_across_the_records_rename_and_its_own_removal(
    record_path: Path,
) -> None:
    """The write renames a new record into place inside the lock: a command arriving
    after the rename must still wait. The lock file goes on release: a waiter granted the
    removed one must take the new one, and see the new record."""
    order: list[str] = []
    inside = threading.Event()

    def second() -> None:
        inside.wait()
        with locked(record_path):
            order.append(record_path.read_text())

    worker = threading.Thread(target=second)
    worker.start()
    with locked(record_path):
        inside.set()
        time.sleep(0.1)  # the second command waits on this lock file by now
        write_atomic(record_path, "two\n")
        # a third command arriving after the rename must wait for us as well
        with pytest.raises(WriteError), locked(record_path, timeout=0.05):
            pass
    worker.join(5)
    assert order == ["two\n"]
    assert [p.name for p in record_path.parent.iterdir()] == ["r.game"]  # no lock file left


_HOLDER = """
import sys, time
from pathlib import Path
from adjudicator.core.writes import locked
with locked(Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(60)
"""


def test_a_killed_holder_frees_the_lock_and_its_lock_file_goes(record_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(record_path)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "held\n"
    with pytest.raises(WriteError), locked(record_path, timeout=0.05):
        pass  # held by the child
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    assert (record_path.parent / ".r.game.lock").exists()  # what a kill leaves...
    with locked(record_path, timeout=1):
        pass
    assert [p.name for p in record_path.parent.iterdir()] == ["r.game"]  # ...goes next time


def test_a_record_not_written_yet_is_locked_too(tmp_path: Path) -> None:
    path = tmp_path / "new.game"
    with locked(path):
        with pytest.raises(WriteError), locked(path, timeout=0.05):
            pass
        write_atomic(path, "made\n")
    with locked(path, timeout=0.2):
        assert path.read_text() == "made\n"


# --- two `game move` at once ---------------------------------------------------------


def _new_record(path: Path, edition: str, seed: int) -> None:
    result = runner.invoke(
        app,
        ["game", "new", str(path), "--edition", edition, "--players", "ann,bob,cid",
         "--seed", str(seed)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output


def _exclusive_plays(path: Path, most: int) -> list[str]:
    """Single-card plays of the player to move, each legal now and none legal after
    another: of several sent at once, exactly one may be written."""
    from adjudicator.deduction.game.record import parse_move, read_record
    from adjudicator.deduction.game.replay import replay_to

    game = replay_to(read_record(path))
    player = game.state.players[0]
    legal = []
    for card in player.hand or ():
        for text in [f"{player.name}: {card}"] + [
            f"{player.name}: {card} as {b}" for b in player.buildings
        ]:
            if game.apply(parse_move(text))[1].legal:
                legal.append(text)
                break
    chosen = legal[:most]
    for x in chosen:
        after = game.apply(parse_move(x))[0]
        assert not any(after.apply(parse_move(y))[1].legal for y in chosen)
    return chosen


def _moves_in(path: Path) -> list[str]:
    from adjudicator.deduction.game.record import format_move, read_record

    return [format_move(m) for m in read_record(path).moves]


def test_concurrent_moves_never_lose_a_move_nor_write_an_illegal_one(tmp_path: Path) -> None:
    from adjudicator.deduction.game.record import format_move, parse_move, read_record
    from adjudicator.deduction.game.replay import replay

    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    # 6 rounds of 2 or 3 processes: without the lock, 18 of 20 rounds failed (measured),
    # the first one among them; more rounds would only cost time on a loaded machine
    for round_ in range(6):
        path = tmp_path / f"race-{round_}.game"
        _new_record(path, ("old-town", "gads-hill-1874")[round_ % 2], seed=round_ + 1)
        moves = _exclusive_plays(path, most=3 - round_ % 2)
        assert len(moves) >= 2, moves
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "adjudicator.cli.main", "game", "move", str(path), m],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
            )
            for m in moves
        ]
        codes = [p.wait(timeout=180) for p in procs]
        errors = [p.stderr.read() if p.stderr else "" for p in procs]
        assert all(c in (0, 1) for c in codes), errors
        assert "Traceback" not in "".join(errors)
        written = [format_move(parse_move(m)) for m, c in zip(moves, codes, strict=True) if not c]
        # exactly one was legal once another had been written; it is the record's only move
        assert len(written) == 1, (moves, codes, errors)
        assert _moves_in(path) == written
        assert replay(read_record(path)).illegal == []


def test_new_move_and_undo_hold_the_records_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import adjudicator.core.writes as writes

    held: list[str] = []
    real = writes.locked

    @contextmanager
    def spy(path: Path, timeout: float = writes.LOCK_TIMEOUT) -> Iterator[None]:
        with real(path, timeout):
            held.append(f"lock {path.name}")
            yield
            held.append(f"unlock {path.name}")

    monkeypatch.setattr(writes, "locked", spy)
    path = tmp_path / "r.game"
    _new_record(path, "old-town", seed=1)
    move = _exclusive_plays(path, most=1)[0]
    assert runner.invoke(app, ["game", "move", str(path), move]).exit_code == 0
    assert runner.invoke(app, ["game", "undo", str(path)]).exit_code == 0
    assert held == ["lock r.game", "unlock r.game"] * 3  # new, move, undo


def test_state_writes_hold_the_files_lock_and_plain_rulings_do_not(tmp_path: Path) -> None:
    """`play/stop/discard/buy --write` read, decide and write under the state file's lock,
    as `game move` does for a record; a ruling that writes nothing takes no lock."""
    from unittest import mock

    from adjudicator.core import writes

    state = tmp_path / "mid.toml"
    shutil.copy(data_dir("examples") / "gads-hill-mid.toml", state)
    held: list[Path] = []

    @contextmanager
    def spy(path: Path, timeout: float = 0) -> Iterator[None]:
        held.append(path)
        yield

    with mock.patch.object(writes, "locked", spy):
        runner = CliRunner()
        assert runner.invoke(app, ["play", str(state), "43", "--as", "school"]).exit_code == 0
        assert held == []
        result = runner.invoke(app, ["play", str(state), "43", "--as", "school", "--write"])
        assert result.exit_code == 0, result.output
        assert held == [state]
