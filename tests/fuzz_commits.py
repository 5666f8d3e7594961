"""The fuzzer's kinds of round two (issue 29), beside the file kinds of `tests/fuzz.py`:

- `move`: a move's text, mutated with every Unicode line break and other control and
  format characters (and case, spaces, lookalike digits, the byte mutations), committed
  by `game move` to a record of each of the four games and by the web's move and preview.
  Beyond the usual oracle: a commit the program answers legal leaves the record as it was
  plus exactly the line it ruled on, and the record still replays; a refused one leaves
  it byte for byte as it was.
- `special`: every file kind's reading command given a device (`/dev/zero`,
  `/dev/urandom`, `/dev/null`), a named pipe with no writer, one a thread writes the
  shipped file into, a folder, a dangling or looping symlink. The oracle: a clean answer
  within the time limit.
- `write`: a state file of each game with one of its integers set at or near a loader's
  limit, then the command that writes it (`play/discard/buy --write`, Dry Gulch's state
  commands, `black-hills turn --write`). A write that succeeds leaves a file `state
  check` reads; a refused one leaves it unchanged.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import tempfile
import threading
import time
import unicodedata
from collections.abc import Callable, Generator
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from adjudicator.core.limits import MAX_INT

ROOT = Path(__file__).resolve().parent.parent
Inputs = Generator[None, None, None]

#: Every character `str.splitlines` breaks at, then other controls and format characters.
LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
CONTROLS = LINE_BREAKS + "".join(
    c for c in map(chr, range(0x110000)) if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
)
#: Characters `str.isdigit` takes for digits that `int` refuses, and digits of other scripts.
ODD_DIGITS = "²³¹⁴₀₅٣۴०১௫๓"


# ----- `move` --------------------------------------------------------------------------------


@dataclass
class MoveSeed:
    """A record of one game cut after `k` of its moves, and the legal move that follows."""

    game: str
    header_and_moves: str
    next_move: str


def _deduction(edition: str, seed: int) -> list[MoveSeed]:
    from adjudicator.deduction.game.record import Record, format_move, record_to_text
    from adjudicator.deduction.game.simulate import play_game

    rec = play_game(edition, ("ann", "bob", "cid"), seed, "greedy").record
    out = []
    for k in range(0, min(len(rec.moves), 24), 3):
        text = record_to_text(Record(rec.header, rec.moves[:k]))
        out.append(MoveSeed(edition, text, format_move(rec.moves[k])))
    return out


def _dry_gulch(seed: int) -> list[MoveSeed]:
    from adjudicator.dry_gulch.game.record import format_move, record_to_text
    from adjudicator.dry_gulch.game.simulate import play_game

    rec = play_game(seed, 3, "random").record
    return [
        MoveSeed("dry-gulch", record_to_text(replace(rec, moves=rec.moves[:k])), format_move(m))
        for k, m in list(enumerate(rec.moves))[:30:3]
    ]


def _black_hills(seed: int) -> list[MoveSeed]:
    from adjudicator.black_hills.game.record import format_move, record_to_text
    from adjudicator.black_hills.game.simulate import play_game

    rec = play_game(["ann", "bob", "cid"], seed, "random").record
    return [
        MoveSeed("black-hills", record_to_text(replace(rec, moves=rec.moves[:k])), format_move(m))
        for k, m in list(enumerate(rec.moves))[:30:3]
    ]


def move_seeds() -> list[MoveSeed]:
    return [
        *_deduction("old-town", 1),
        *_deduction("gads-hill-1874", 2),
        *_dry_gulch(3),
        *_black_hills(4),
    ]


def mutate_move(rng: random.Random, text: str, byte_mutant: Callable[[str], str]) -> str:
    """A mutant of a move: a control character put in, case or spaces changed, a digit
    made a lookalike, a part repeated, or the fuzzer's byte mutations."""
    how = rng.random()
    at = rng.randrange(len(text) + 1)
    if how < 0.45:
        odd = rng.choice(LINE_BREAKS) if rng.random() < 0.6 else rng.choice(CONTROLS)
        return text[:at] + odd + text[at:]
    if how < 0.55:
        return text.upper() if rng.random() < 0.5 else text.swapcase()
    if how < 0.65:
        return text[:at] + rng.choice([" ", "  ", "\u00a0", "\u3000", ";", ",", "#"]) + text[at:]
    if how < 0.75:
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        if digits:
            i = rng.choice(digits)
            return text[:i] + rng.choice(ODD_DIGITS) + text[i + 1 :]
    if how < 0.82:
        return text + rng.choice([" {1}", " {99999999999}", " # a comment", "; pass", "; STOP"])
    if how < 0.9:
        return text + rng.choice(LINE_BREAKS) + text
    return byte_mutant(text)


def moves_written(game: str, text: str) -> list[str]:
    """The record's moves as its game writes them (what a commit must leave)."""
    from adjudicator.tables import entry_of_edition

    return entry_of_edition(game).table().moves_as_written(text, "record")


def commit_check(game: str, before: str, after: str, legal: bool, line: str) -> str | None:
    """Why a commit's answer and the record it left disagree, or None."""
    if not legal:
        return None if after == before else "a refused move changed the record"
    expected = before + ("" if before.endswith("\n") or not before else "\n") + line + "\n"
    if after != expected:
        return f"the record holds other than the line ruled on: {after[len(before) :]!r}"
    try:
        moves_written(game, after)
    except Exception as exc:  # the record must read after a commit
        return f"the record no longer reads: {exc}"
    return None


# ----- `special` -----------------------------------------------------------------------------

#: A reading command of each file kind, `{F}` the path (the gates of `tests/fuzz.py`).
READERS = [
    ["state", "check", "{F}"],
    ["stop", "{F}"],
    ["hint", "{F}"],
    ["replay", "{F}"],
    ["game", "show", "{F}"],
    ["game", "undo", "{F}"],
    ["game", "move", "{F}", "ann: 3"],
    ["board", "show", "{F}"],
    ["cards", "list", "{F}"],
    ["puzzle", "rate", "{F}"],
    ["dry-gulch", "score", "{F}"],
    ["state", "check", "{F}"],
    ["play", "{F}", "3", "--write"],
]
SPECIALS = ("zero", "urandom", "null", "fifo", "fifo-fed", "folder", "dangling", "loop")
#: The shipped files a fed pipe carries: mostly one its command reads, else any of them.
FED = {
    "state": "examples/gads-hill-mid.toml",
    "stop": "examples/gads-hill-mid.toml",
    "hint": "examples/old-town-mid.toml",
    "play": "examples/gads-hill-late.toml",
    "replay": "examples/old-town-table.game",
    "game": "examples/dry-gulch-table.game",
    "board": "boards/old-town.toml",
    "cards": "boards/gads-hill-1874.toml",
    "puzzle": "tests/fixtures/fuzz/seeds/old-town-easy-1.puzzle.toml",
    "dry-gulch": "examples/dry-gulch-turn.toml",
    "black-hills": "examples/black-hills-round1.toml",
}


def _feed(path: Path, data: bytes, seconds: float) -> threading.Thread:
    """A writer already at the named pipe at `path`, as a shell's `<(cat file)` is: it
    holds the pipe open, puts `data` in, and closes once a reader has taken it all (or
    after `seconds`, if no reader came). (Opened for reading and writing, it waits for no
    reader; its data stays in the pipe until one reads it.)"""
    import fcntl
    import struct
    import termios

    fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)

    def write() -> None:
        stop = time.monotonic() + seconds
        view = memoryview(data)
        try:
            while time.monotonic() < stop:
                if view:
                    with suppress(BlockingIOError):
                        view = view[os.write(fd, view) :]
                else:
                    left = fcntl.ioctl(fd, termios.FIONREAD, struct.pack("i", 0))
                    if struct.unpack("i", left)[0] == 0:
                        return
                time.sleep(0.001)
        finally:
            os.close(fd)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def lay_special(rng: random.Random, folder: Path, how: str, command: list[str]) -> Path:
    """A path of kind `how` in `folder`, with the file ending `command` expects."""
    path = folder / f"s{rng.randrange(10**9)}{_suffix(command)}"
    if how in ("zero", "urandom", "null"):
        path.symlink_to(f"/dev/{how}")
    elif how.startswith("fifo"):
        os.mkfifo(path)
        if how == "fifo-fed":
            fed = FED[command[0]] if rng.random() < 0.8 else rng.choice(list(FED.values()))
            _feed(path, (ROOT / fed).read_bytes(), 5.0)
    elif how == "folder":
        path.mkdir()
    elif how == "dangling":
        path.symlink_to(folder / "nothing-here")
    else:
        path.symlink_to(path)  # a loop
    return path


def _suffix(command: list[str]) -> str:
    if command[0] in ("replay", "game"):
        return ".game"
    if command[0] == "puzzle":
        return ".puzzle.toml"
    return ".toml"


# ----- `write` -------------------------------------------------------------------------------

#: A state of each game and a command that writes it (`{F}` the state file).
WRITE_SEEDS = [
    ("examples/gads-hill-mid.toml", ["play", "{F}", "43", "--as", "school", "--write"]),
    ("examples/gads-hill-mid.toml", ["play", "{F}", "23", "--as", "casino", "--write"]),
    ("examples/old-town-mid.toml", ["play", "{F}", "58", "--as", "stage-coach-office", "--write"]),
    ("examples/gads-hill-late.toml", ["play", "{F}", "1", "--write"]),
    ("examples/dry-gulch-turn.toml", ["dry-gulch", "place", "{F}", "saloon", "nw-3", "--write"]),
    ("examples/black-hills-round1.toml", ["black-hills", "turn", "{F}", "ann: miner", "--write"]),
]
LIMIT_VALUES = [MAX_INT, MAX_INT - 1, MAX_INT - 2, MAX_INT - 5, MAX_INT - 20, 2**31 - 1, 2**31]
_INTEGER = re.compile(rb"(?m)^(\s*[a-z_]+\s*=\s*)(-?\d+)(\s*(#.*)?)$")


def limit_mutant(rng: random.Random, data: bytes) -> bytes:
    """`data` with one or two of its integer values set at or near a limit."""
    spots = list(_INTEGER.finditer(data))
    if not spots:
        return data
    for m in rng.sample(spots, min(len(spots), rng.choice([1, 1, 2]))):
        value = str(rng.choice(LIMIT_VALUES)).encode()
        data = data.replace(m.group(0), m.group(1) + value + m.group(3), 1)
    return data


# ----- the loops -----------------------------------------------------------------------------


def move_inputs(ctx: Any, rng: random.Random, stats: Any, limit: float, report: Any) -> Inputs:
    """The `move` kind: each input one mutant move, committed through the CLI or the web."""
    from starlette.testclient import TestClient

    from adjudicator.cli.main import app
    from adjudicator.web.app import create_app

    cli = ctx.Cli(app)
    seeds = move_seeds()
    others = [s.text for group in ctx.seeds().values() for s in group]
    work = Path(tempfile.mkdtemp(prefix="fuzz-move-"))
    client = TestClient(create_app(work), base_url="http://127.0.0.1:8000")
    try:
        while True:
            seed = rng.choice(seeds)
            text = mutate_move(rng, seed.next_move, lambda t: ctx._mutant_text(rng, t, others))
            n = stats.inputs
            stats.inputs += 1
            stats.runs += 1
            record = work / f"m{n}.game"
            record.write_text(seed.header_and_moves, encoding="utf-8")
            web = seed.game in ("old-town", "gads-hill-1874") and rng.random() < 0.4
            finding = (
                _web_commit(ctx, client, record, seed, text, limit, rng)
                if web
                else _cli_commit(ctx, cli, record, seed, text, limit)
            )
            if finding is None:
                stats.accepted += record.read_text(encoding="utf-8") != seed.header_and_moves
                stats.refused += record.read_text(encoding="utf-8") == seed.header_and_moves
            else:
                report.add(finding, text.encode("utf-8", "surrogatepass"), ".txt")
            ctx._clear(work)
            yield
    finally:
        client.close()
        shutil.rmtree(work, ignore_errors=True)


def _cli_commit(ctx: Any, cli: Any, record: Path, seed: MoveSeed, text: str, limit: float) -> Any:
    args = ["game", "move", str(record), text, "--json"]
    code, finding = ctx.run_one(cli, "move", args, limit)
    if finding is not None or code is None:
        return finding
    after = record.read_text(encoding="utf-8")
    problem = commit_check(seed.game, seed.header_and_moves, after, code == 0, text.strip())
    if problem is None and code == 0:
        code, finding = ctx.run_one(cli, "move", ["replay", str(record), "--json"], limit)
        if finding is None and code != 0:
            problem = "a record a commit wrote does not replay"
    return finding or (None if problem is None else ctx.Finding("move", "commit", args, problem))


def _web_commit(
    ctx: Any, client: Any, record: Path, seed: MoveSeed, text: str, limit: float, rng: random.Random
) -> Any:
    path = f"/api/g/{record.name}/{'move' if rng.random() < 0.7 else 'preview'}"
    try:
        with ctx.deadline(limit):
            # as the web kind sends a body: a lone surrogate of a mutant as its bytes
            body = json.dumps({"move": text}, ensure_ascii=rng.random() < 0.5)
            response = client.post(
                path,
                content=body.encode("utf-8", "surrogateescape"),
                headers={"content-type": "application/json"},
            )
    except ctx.Hang as exc:
        return ctx.Finding("move", "hang", [path, text], str(exc))
    except Exception:  # past the app's own guard: a finding
        import traceback

        return ctx.Finding("move", "crash", [path, text], traceback.format_exc())
    failed = ctx.web_check(path, response.status_code, response.content, "")
    if failed is not None:
        return ctx.Finding("move", failed[0], [path, text], failed[1])
    legal = response.status_code == 200 and response.json().get("legal") is True
    after = record.read_text(encoding="utf-8")
    if path.endswith("preview"):
        legal = False  # a preview writes nothing
    problem = commit_check(seed.game, seed.header_and_moves, after, legal, text.strip())
    return None if problem is None else ctx.Finding("move", "commit", [path, text], problem)


def special_inputs(ctx: Any, rng: random.Random, stats: Any, limit: float, report: Any) -> Inputs:
    """The `special` kind: each input one reading command on a device, pipe or folder."""
    from adjudicator.cli.main import app

    cli = ctx.Cli(app)
    work = Path(tempfile.mkdtemp(prefix="fuzz-special-"))
    try:
        while True:
            command = rng.choice(READERS)
            how = rng.choice(SPECIALS)
            stats.inputs += 1
            stats.runs += 1
            path = lay_special(rng, work, how, command)
            args = [str(path) if a == "{F}" else a for a in command]
            if rng.random() < 0.5:
                args.append("--json")
            code, finding = ctx.run_one(cli, "special", args, limit)
            if finding is None:
                stats.accepted += code == 0
                stats.refused += code != 0
            else:
                finding.detail = f"{how}: {finding.detail}"
                report.add(finding, how.encode(), ".txt")
            ctx._clear(work)
            yield
    finally:
        shutil.rmtree(work, ignore_errors=True)


def write_inputs(ctx: Any, rng: random.Random, stats: Any, limit: float, report: Any) -> Inputs:
    """The `write` kind: each input one state at a limit, written by a command."""
    from adjudicator.cli.main import app

    cli = ctx.Cli(app)
    work = Path(tempfile.mkdtemp(prefix="fuzz-write-"))
    texts = {name: (ROOT / name).read_bytes() for name, _ in WRITE_SEEDS}
    try:
        while True:
            name, command = rng.choice(WRITE_SEEDS)
            data = limit_mutant(rng, texts[name])
            n = stats.inputs
            stats.inputs += 1
            state = work / f"w{n}.toml"
            state.write_bytes(data)
            args = [str(state) if a == "{F}" else a for a in command]
            stats.runs += 1
            code, finding = ctx.run_one(cli, "write", args, limit)
            if finding is None and code is not None:
                after = state.read_bytes()
                if code != 0 and after != data:
                    finding = ctx.Finding("write", "torn", args, "a refused write changed the file")
                elif code == 0 and after != data:
                    stats.runs += 1
                    checked, finding = ctx.run_one(
                        cli, "write", ["state", "check", str(state)], limit
                    )
                    if finding is None and checked != 0:
                        finding = ctx.Finding(
                            "write", "unreadable", args, "a write left a file `state check` refuses"
                        )
            if finding is None:
                stats.accepted += code == 0
                stats.refused += code != 0
            else:
                report.add(finding, data, ".toml")
            ctx._clear(work)
            yield
    finally:
        shutil.rmtree(work, ignore_errors=True)


#: The kinds of this module, each its loop.
LOOPS = {"move": move_inputs, "special": special_inputs, "write": write_inputs}
