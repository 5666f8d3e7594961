"""A mutation fuzzer for every input the command line and the web app read (issue 19).

It mutates the shipped files (state files of all four games in `examples/`, the deduction
boards and card sets, the game records, solo puzzles) and runs each mutant in-process
through the commands that read it; the `web` kind mutates the JSON bodies, paths and query
strings of the browser app's API and sends them through Starlette's test client.

The oracle: a command accepts the input (exit 0), refuses it with one line (exit 1) or
refuses its arguments (typer's usage error, 2); it never raises an uncaught exception,
never prints an error line longer than `LONG_LINE`, prints one strict JSON object under
`--json`, and finishes within the time limit. A web request gets no 5xx, and an API error
is a 4xx whose body is one line of JSON error text. Every failure is saved with its
traceback under `--out`, beside `summary.json` (the numbers of the summary table).

What each mutant runs (the sampling keeps the rate near 100 inputs/s a core):
- the kind's gate, the one command that parses and checks the file, on every mutant;
- the cheap commands on every mutant the gate accepts;
- the costly ones (hint, audit, puzzle check, ...) on 1 accepted mutant in `COSTLY_EVERY`;
- `--json` on most runs and Rich's rendering on `RENDERED` of them (rendering is most of
  the time of a cheap command, and the JSON is checked as well).

    python -m tests.fuzz --minutes 60 --jobs 2         # all kinds, two processes
    python -m tests.fuzz --minutes 10 --kind board     # one kind
    python -m tests.fuzz --inputs 500 --seed 3         # a fixed number per kind, repeatable
    python -m tests.fuzz --inputs 500 --json           # the summary as one JSON object

With `--minutes` the kinds take turns, the one with the fewest inputs next, so each ends
with about as many (the slow ones taking more of the time); `--jobs N` shares the kinds
among N processes. The mutations are seeded, each kind by its own random numbers: the same
`--seed` and `--inputs` give the same inputs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import tomllib
import traceback
import urllib.parse
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from typer.testing import CliRunner

from adjudicator.core.limits import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parent.parent
#: Solo puzzles to mutate: none ship with the package, so a few made by `puzzle new`.
PUZZLE_SEEDS = Path(__file__).resolve().parent / "fixtures" / "fuzz" / "seeds"
#: An error line longer than this echoes a value in full instead of naming it.
LONG_LINE = 2000
#: Seconds one command may take on one input before it counts as a hang.
TIME_LIMIT = 10.0
#: An accepted mutant runs the costly commands once in this many (the cheap ones always).
COSTLY_EVERY = 10
#: The share of runs rendered by Rich; the others print `--json`.
RENDERED = 0.1
#: Inputs between clearing the per-path caches (every mutant has a path of its own).
FORGET_EVERY = 200


class Hang(BaseException):
    """Raised by the alarm inside a command that ran too long (a BaseException, so that no
    `except Exception` in the code under test swallows it)."""


@dataclass
class Seed:
    """A shipped file to mutate, and the commands that read it ("{F}" is the mutant; for
    boards "{C}" the card set beside it, for card sets "{B}" the board beside it)."""

    name: str
    text: bytes
    suffix: str  # the mutant's file ending
    gate: list[str]  # parses and checks the file: every mutant
    cheap: list[list[str]] = field(default_factory=list)  # every mutant the gate accepts
    costly: list[list[str]] = field(default_factory=list)  # 1 accepted in COSTLY_EVERY
    #: The costly commands read the file more leniently than the gate (the audit reads a
    #: card set that `cards list` refuses): they run on sampled mutants the gate refused too.
    lenient: bool = False


@dataclass
class Finding:
    kind: str
    what: str  # crash, hang, long-line, bad-json, many-lines, exit-N, http-5xx, ...
    args: list[str]
    detail: str  # the traceback or the offending output

    @property
    def signature(self) -> str:
        """What makes two findings the same bug: the kind of failure, the exception and
        the last frame of the traceback."""
        lines = [x for x in self.detail.strip().splitlines() if x.strip()]
        frames = [x.strip() for x in lines if x.strip().startswith("File ")]
        last = lines[-1].split(":")[0] if lines else ""
        return f"{self.what}|{self.args[0]}|{frames[-1] if frames else ''}|{last}"


@dataclass
class Stats:
    inputs: int = 0
    runs: int = 0
    accepted: int = 0  # mutants the gate accepted (exit 0, or a 2xx for the web)
    refused: int = 0  # mutants the gate refused cleanly (exit 1 or 2, a 4xx)
    costly: int = 0  # mutants that also ran the costly commands
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # this process's CPU time: the rate on a busy machine
    findings: list[Finding] = field(default_factory=list)

    def count(self, what: str) -> int:
        return sum(1 for f in self.findings if f.what == what)

    def summary(self) -> dict[str, Any]:
        """The numbers of one kind, as the table prints them and summary.json keeps them."""
        crashes, hangs = self.count("crash"), self.count("hang")
        return {
            "inputs": self.inputs,
            "inputs_per_s": round(self.inputs / self.seconds, 1) if self.seconds else 0.0,
            "accepted": self.accepted,
            "refused": self.refused,
            "crashes": crashes,
            "hangs": hangs,
            "other": len(self.findings) - crashes - hangs,
            "runs": self.runs,
            "costly": self.costly,
            "seconds": round(self.seconds, 1),
            "inputs_per_cpu_s": (
                round(self.inputs / self.cpu_seconds, 1) if self.cpu_seconds else 0.0
            ),
            "distinct": len({f.signature for f in self.findings}),
        }


# ----- the seeds: every shipped file, with the commands that read it -----------------------

_PLAY = {  # a card each example's active player can name ("Try:" lines of the examples)
    "gads-hill-mid.toml": ["43", "--as", "school"],
    "gads-hill-early.toml": ["1"],
    "gads-hill-late.toml": ["1"],
    "old-town-early.toml": ["36", "--as", "sheriff"],
    "old-town-mid.toml": ["58", "--as", "stage-coach-office"],
}

#: Every kind, with `web` last (its inputs are requests, not files).
#: `move`, `special` and `write` are in `tests/fuzz_commits.py` (issue 29).
KINDS = (
    "state",
    "dry-gulch",
    "black-hills",
    "board",
    "cards",
    "record",
    "puzzle",
    "move",
    "special",
    "write",
    "web",
)


#: The kinds whose inputs are not mutants of seed files (requests, moves, special paths).
_OWN_LOOPS = ("web", "move", "special", "write")


def _game_of(text: str) -> str:
    found = re.search(r'^game\s*=\s*"([a-z-]+)"', text, re.M)
    return found.group(1) if found else "deduction"


def seeds() -> dict[str, list[Seed]]:
    """The seeds of each file kind (every kind of KINDS but `web`, see `web_seeds`)."""
    kinds: dict[str, list[Seed]] = {k: [] for k in KINDS if k not in _OWN_LOOPS}
    for path in sorted((ROOT / "examples").glob("*.toml")):
        text = path.read_bytes()
        game = _game_of(text.decode())
        if game == "dry-gulch":
            seed = Seed(
                path.name,
                text,
                ".toml",
                ["state", "check", "{F}"],
                cheap=[
                    ["dry-gulch", "score", "{F}"],
                    ["dry-gulch", "pay", "{F}", "pharmacist"],
                    ["dry-gulch", "place", "{F}", "saloon", "nw-3"],
                    ["dry-gulch", "plan", "{F}"],
                ],
            )
        elif game == "black-hills":
            seed = Seed(
                path.name,
                text,
                ".toml",
                ["state", "check", "{F}"],
                cheap=[
                    ["black-hills", "turn", "{F}", "ann: miner; event stolen-gold"],
                ],
                costly=[["black-hills", "best", "{F}"], ["black-hills", "invest", "{F}"]],
            )
        else:
            game = "state"
            costly = [["hint", "{F}", "--top", "1"]]
            named = re.search(r'^edition\s*=\s*"([a-z0-9-]+)"', text.decode(), re.M)
            if named:  # drawing the board takes longer than the rulings
                costly.append(["board", "show", named.group(1), "--state", "{F}"])
            seed = Seed(
                path.name,
                text,
                ".toml",
                ["state", "check", "{F}"],
                cheap=[["stop", "{F}"], ["play", "{F}", *_PLAY.get(path.name, ["1"])]],
                costly=costly,
            )
        kinds[game].append(seed)
    for edition in ("old-town", "gads-hill-1874"):
        board = (ROOT / "boards" / f"{edition}.toml").read_bytes()
        cards = (ROOT / "cards" / f"{edition}.toml").read_bytes()
        # The mutant is the board ({F}); its card set lies beside it as {C}.
        kinds["board"].append(
            Seed(
                f"{edition} board",
                board,
                ".toml",
                ["board", "show", "{F}"],
                cheap=[["board", "export", "{F}"]],
                # (the card set read against the board: the `cards` kind reads it always)
                costly=[["cards", "list", "{F}"], ["audit", "{C}", "--board", "{F}"]],
            )
        )
        kinds["cards"].append(
            Seed(
                f"{edition} cards",
                cards,
                ".toml",
                ["cards", "list", "{B}"],
                cheap=[["cards", "show", "{B}", "1"]],
                costly=[["cards", "export", "{B}"], ["audit", "{F}", "--board", "{B}"]],
                lenient=True,
            )
        )
    for path in sorted((ROOT / "examples").glob("*.game")):
        kinds["record"].append(Seed(path.name, path.read_bytes(), ".game", ["replay", "{F}"]))
    for path in sorted(PUZZLE_SEEDS.glob("*.puzzle.toml")):
        kinds["puzzle"].append(
            Seed(
                path.name,
                path.read_bytes(),
                ".puzzle.toml",
                ["puzzle", "rate", "{F}"],
                cheap=[["puzzle", "solve", "{F}"]],
                costly=[["puzzle", "check", "{F}"], ["puzzle", "sheet", "{F}", "--svg", "{S}"]],
            )
        )
    return kinds


# ----- mutations ----------------------------------------------------------------------------

_EXTREMES = [
    "-1",
    "0",
    "-5",
    "1000000000",
    "-9223372036854775809",
    "9" * 5000,
    "1e308",
    "nan",
    "inf",
    "0x7fffffff",
    "true",
    '"7"',
    "[]",
    "{}",
    '""',
]
_JUNK = [
    "\u200f",  # right-to-left mark
    "\u202e",  # right-to-left override
    "\x00",
    "\x1b[31m",
    "\ufeff",
    "\U0001f920",
    "e\u0301",
    "\u2028",
    ": ",
    "#",
    '"',
    "\\",
    "\n[[players]]\n",
    "\n[",
]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _flip(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]


def _line_edit(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    how = rng.randrange(4)
    if how == 0:
        del lines[i]
    elif how == 1:
        lines.insert(i, lines[i])
    elif how == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines[i:i] = [lines[i]] * rng.choice([2, 10, 1000])
    return b"\n".join(lines)


def _splice(rng: random.Random, data: bytes, others: list[bytes]) -> bytes:
    other = _lines(rng.choice(others))
    lines = _lines(data)
    i, j = rng.randrange(len(other)), rng.randrange(len(lines))
    return b"\n".join(lines[:j] + other[i : i + rng.randint(1, 8)] + lines[j:])


def _number(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    spots = [m.span() for m in re.finditer(rb"(?<![\w.-])-?\d+(?![\w.])", data)]
    if not spots:
        return data
    a, b = rng.choice(spots)
    return data[:a] + rng.choice(_EXTREMES).encode() + data[b:]


def _nest(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    depth = rng.choice([50, 500, 5000, 100_000])
    value = rng.choice(
        [
            "[" * depth + "]" * depth,
            "{a = " * depth + "1" + "}" * depth,
            ".".join(["a"] * depth) + " = 1",
            "(" * depth + "x" + ")" * depth,
            "not " * depth + "x",
        ]
    )
    lines = _lines(data)
    i = rng.randrange(len(lines) + 1)
    line = value if value.startswith("a.") else f"zz = {value}"
    lines.insert(i, line.encode())
    return b"\n".join(lines)


def _swap_type(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    spots = [m.span() for m in re.finditer(rb'"[^"\n]*"', data)]
    if not spots:
        return data
    a, b = rng.choice(spots)
    return (
        data[:a]
        + rng.choice([*_EXTREMES, "[1, 2]", "{ x = 1 }", '"' + "x" * 100_000 + '"']).encode()
        + data[b:]
    )


def _junk(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    i = rng.randrange(len(data) + 1)
    bad = rng.choice(
        [rng.choice(_JUNK).encode(), b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"x" * 100_000]
    )
    return data[:i] + bad + data[i:]


def _truncate(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _word(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    """Replace one word with another word of the file: names, ids and numbers in the wrong
    place, the kind of mistake a person makes (and what a record's moves are made of)."""
    words = [m.span() for m in re.finditer(rb"[a-z0-9][a-z0-9_-]*", data)]
    if len(words) < 2:
        return data
    a, b = rng.choice(words)
    c, d = rng.choice(words)
    return data[:a] + data[c:d] + data[b:]


def _clue(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    """A card's clue grown deep or long: the clue language is parsed, and its parser must
    refuse what is too deep or too long in one line, never overflow the stack."""
    spots = [m.span(1) for m in re.finditer(rb'clue = "([^"\n]*)"', data)]
    if not spots:
        return data
    a, b = rng.choice(spots)
    clue = data[a:b].decode("utf-8", "surrogateescape")  # (a byte-level step may have run)
    depth = rng.choice([10, 100, 1000, 100_000])
    grown = rng.choice(
        [
            "not " * depth + clue,
            "(" * depth + clue + ")" * depth,
            " or ".join([clue] * depth),
            " and ".join([clue] * min(depth, 1000)),
            clue + ")" * 3,
            clue.replace("(", "(" * 2, 1),
        ]
    )
    return data[:a] + grown.encode("utf-8", "surrogateescape") + data[b:]


def _leaf(value: Any, rng: random.Random) -> Any:
    """A structured mutation of parsed TOML: one value swapped for another type or an
    extreme, a key removed or added, a list grown."""
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        how = rng.randrange(10)
        if how == 0:
            del value[key]
        elif how == 1:
            value["zz-unknown"] = 1
        else:
            value[key] = _leaf(value[key], rng)
        return value
    if isinstance(value, list) and value and rng.random() < 0.7:
        i = rng.randrange(len(value))
        how = rng.randrange(4)
        if how == 0:
            value.append(value[i])
        elif how == 1:
            value.extend([value[i]] * rng.choice([50, 5000]))
        else:
            value[i] = _leaf(value[i], rng)
        return value
    return rng.choice(
        [True, False, -1, 0, 10**9, 2**63, -(2**63) - 1, 1.5, "7", "", "x" * 10_000, [], {}, None]
    )


_PARSED: dict[bytes, str] = {}


def _structured(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    # tomllib takes memory quadratic in a dotted key's parts (100,000 parts: 20 GB): what
    # is too big or too deep for the fuzzer's own parse stays a text mutant.
    if len(data) > 200_000 or re.search(rb"(?:\w\.){64}", data):
        return data
    try:
        # A seed's parse is kept (as JSON, a quicker copy): tomllib is most of the step.
        known = _PARSED.get(data)
        parsed = json.loads(known) if known is not None else tomllib.loads(data.decode())
        if known is None and len(_PARSED) < 64:
            _PARSED[data] = json.dumps(parsed, default=str)
            parsed = json.loads(_PARSED[data])  # the same types as a copy from the cache
        return b"JSON" + json.dumps(_leaf(parsed, rng), default=str).encode()
    except Exception:  # unreadable, or too deep for tomllib or json: keep the text
        return data


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if value != value else str(value).replace("Infinity", "inf")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(_toml_pairs(value)) + "}"
    return _toml_string(str(value))


def _toml_string(text: str) -> str:
    # A JSON string is a TOML basic string, but for DEL, which TOML wants escaped.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_pairs(table: dict[str, Any]) -> list[str]:
    return [f"{_toml_string(k)} = {_toml_value(v)}" for k, v in table.items() if v is not None]


def _as_toml(data: bytes) -> bytes:
    """A structured mutant (JSON) written as TOML, for the files that are TOML only, laid
    out as the shipped ones are: `[table]` and `[[array]]` headers, a line a value (one
    long inline line would be a different input). A JSON text garbled by a later step
    stays as it is: a file that is neither. So does a mutant over the file size limit,
    which the loaders refuse unread (converting it only exhausted the fuzzer's memory)."""
    if len(data) > MAX_FILE_BYTES:
        return data
    try:
        parsed = json.loads(data)
    except (ValueError, RecursionError):  # garbled, or nested past the fuzzer's own stack
        return data
    if not isinstance(parsed, dict):
        return f"value = {_toml_value(parsed)}".encode("utf-8", "surrogatepass")
    top = {k: v for k, v in parsed.items() if not _is_table(v)}
    lines = _toml_pairs(top)
    for key, value in parsed.items():
        if key in top:
            continue
        for table in [value] if isinstance(value, dict) else value:
            name = _toml_string(key)
            header = f"[{name}]" if isinstance(value, dict) else f"[[{name}]]"
            lines += ["", header, *_toml_pairs(table)]
    return "\n".join(lines).encode("utf-8", "surrogatepass")  # a "\ud800" escape: bad UTF-8


def _is_table(value: Any) -> bool:
    if isinstance(value, list):
        return bool(value) and all(isinstance(v, dict) for v in value)
    return isinstance(value, dict)


MUTATORS: list[Callable[[random.Random, bytes, list[bytes]], bytes]] = [
    _flip,
    _line_edit,
    _splice,
    _number,
    _nest,
    _swap_type,
    _junk,
    _truncate,
    _word,
    _structured,
    _clue,
]


WEIGHTS = [
    3 if m in (_number, _word, _structured, _clue) else 2 if m is _line_edit else 1
    for m in MUTATORS
]


#: A mutant this big is not mutated further (growth steps repeat lines and values).
MAX_MUTANT = 4_000_000


def mutate(rng: random.Random, data: bytes, others: list[bytes]) -> tuple[bytes, bool]:
    """A mutant of `data` and whether it is JSON (from a structured mutation)."""
    as_json = False
    for _ in range(rng.choice([1, 1, 1, 1, 2, 3])):
        # The mutations that keep the file readable come up more often: they reach the
        # checks of meaning and the rules behind them, not only the parser.
        step = rng.choices(MUTATORS, WEIGHTS)[0]
        if as_json and step is _structured:
            continue
        if len(data) > MAX_MUTANT:
            break  # big enough to test the size limits; more steps only cost the fuzzer
        try:
            out = step(rng, data, others)
        except MemoryError:  # the fuzzer's own step (a mutant already grown huge)
            break
        if out.startswith(b"JSON"):
            out, as_json = out[4:], True
        data = out
    return data, as_json


# ----- running --------------------------------------------------------------------------------


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise `Hang` in the running command after `seconds` (SIGALRM: main thread only)."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no answer after {seconds:g} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _forget_editions() -> None:
    """Board and card files are read once per path and kept; every mutant has its own
    path, so the kept ones are dropped now and then to keep the memory flat."""
    from adjudicator.deduction.files import editions

    clear = getattr(getattr(editions, "_load_files", None), "cache_clear", None)
    if clear is not None:
        clear()


@dataclass
class Ran:
    """What one command did: its exit status, its output, and an uncaught exception."""

    code: int
    stdout: str
    stderr: str
    crash: str | None = None  # the traceback of an uncaught exception


class Cli:
    """The command line, called in-process as `adjudicator ARGS` would call it.

    typer's `CliRunner.invoke` builds the click command from the Typer app on every call,
    which was three quarters of the fuzzer's time: here it is built once, and each call
    only swaps the standard streams (CliRunner's isolation) around `main`."""

    def __init__(self, app: Any) -> None:
        import typer.main

        self.command = typer.main.get_command(app)
        self.runner = CliRunner()

    def __call__(self, args: list[str]) -> Ran:
        with self.runner.isolation() as (out, err, _):
            code, crash = 0, None
            try:
                self.command.main(args=args, prog_name="adjudicator")
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
            except Exception:  # the oracle's business: a Hang (BaseException) goes up
                code, crash = 1, traceback.format_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                stdout = out.getvalue().decode("utf-8", "replace")
                stderr = err.getvalue().decode("utf-8", "replace")
        return Ran(code, stdout, stderr, crash)


def _strict_json(text: str) -> str | None:
    """Why `text` is not one strict JSON object (no NaN, no Infinity), or None."""

    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not strict JSON")

    try:
        value = json.loads(text, parse_constant=constant)
    except ValueError as exc:
        return f"not one strict JSON object: {exc}"
    return None if isinstance(value, dict) else "JSON, but not an object"


def check(ran: Ran, args: list[str]) -> tuple[str, str] | None:
    """The oracle on one run: (what failed, the detail), or None when it held."""
    if ran.crash is not None:
        return "crash", ran.crash
    if ran.code not in (0, 1, 2):
        return f"exit-{ran.code}", (ran.stdout + ran.stderr)[-4000:]
    if ran.code != 0:
        lines = ran.stderr.splitlines()
        long = [x for x in lines if len(x) > LONG_LINE]
        if long:
            return "long-line", f"{len(long[0])} chars: {long[0][:300]}..."
        # exit 1 is one error line; warnings may stand before it (exit 2: click's usage box)
        errors = [x for x in lines if x.strip() and not x.startswith("warning:")]
        if ran.code == 1 and len(errors) > 1:
            return "many-lines", ran.stderr[-4000:]
    if "--json" in args and (ran.code == 0 or ran.stdout.strip()):
        problem = _strict_json(ran.stdout)
        if problem is not None:
            return "bad-json", f"{problem}\n{ran.stdout[:2000]}"
    return None


def run_one(
    cli: Callable[[list[str]], Ran], kind: str, args: list[str], limit: float
) -> tuple[int | None, Finding | None]:
    """Run one command: its exit status (None after a hang) and a Finding when the oracle
    fails."""
    try:
        with deadline(limit):
            ran = cli(args)
    except Hang as exc:
        return None, Finding(kind, "hang", args, str(exc))
    failed = check(ran, args)
    return ran.code, Finding(kind, failed[0], args, failed[1]) if failed else None


class _Report:
    """Collects the findings of one kind, saves the first of each signature, prints it."""

    def __init__(self, kind: str, stats: Stats, out: Path | None, quiet: bool) -> None:
        self.kind, self.stats, self.out, self.quiet = kind, stats, out, quiet
        self.seen: set[str] = set()

    def add(self, finding: Finding, data: bytes, suffix: str) -> None:
        self.stats.findings.append(finding)
        if finding.signature in self.seen:
            return
        self.seen.add(finding.signature)
        if self.out is not None:
            _save(self.out, finding, data, suffix)
        if not self.quiet:
            last = finding.detail.strip().splitlines()[-1:] or [""]
            print(
                f"  {self.kind} {finding.what}: {' '.join(finding.args[:2])[:80]} ... "
                f"{last[0][:160]}",
                file=sys.stderr,
                flush=True,
            )


def _lay_out(kind: str, seed: Seed, data: bytes, folder: Path, n: int) -> dict[str, str]:
    """Write the mutant (and the shipped file it needs beside it) under a name of its own:
    the editions are cached by path. The placeholders of the seed's commands."""
    name = seed.name.split()[0]
    if kind == "board":  # the shipped card set beside the mutant board
        mutant = folder / f"m{n}.toml"
        (folder / f"m{n}-cards.toml").write_bytes(_shipped("cards", name))
        paths = {"{C}": str(folder / f"m{n}-cards.toml")}
    elif kind == "cards":  # the mutant beside a copy of the shipped board
        mutant = folder / f"e{n}-cards.toml"
        (folder / f"e{n}.toml").write_bytes(_shipped("boards", name))
        paths = {"{B}": str(folder / f"e{n}.toml")}
    else:
        mutant = folder / f"m{n}{seed.suffix}"
        paths = {"{S}": str(folder / f"m{n}.svg")}
    mutant.write_bytes(data)
    paths["{F}"] = str(mutant)
    return paths


_SHIPPED: dict[tuple[str, str], bytes] = {}


def _shipped(folder: str, name: str) -> bytes:
    if (folder, name) not in _SHIPPED:
        _SHIPPED[folder, name] = (ROOT / folder / f"{name}.toml").read_bytes()
    return _SHIPPED[folder, name]


def _clear(folder: Path) -> None:
    for path in folder.iterdir():
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


#: A kind's inputs, one a step (`next`), its files removed at `close`.
Inputs = Generator[None, None, None]


def fuzz_kind(
    kind: str,
    kind_seeds: list[Seed] | None,
    rng: random.Random,
    *,
    inputs: int | None = None,
    seconds: float | None = None,
    limit: float = TIME_LIMIT,
    out: Path | None = None,
    quiet: bool = True,
) -> Stats:
    """Fuzz one kind for `inputs` mutants or `seconds`, whichever is given."""
    stats = Stats()
    loop = kind_inputs(kind, kind_seeds, rng, stats, limit, _Report(kind, stats, out, quiet))
    try:
        _drive(loop, stats, inputs, seconds)
    finally:
        loop.close()
    return stats


def kind_inputs(
    kind: str,
    kind_seeds: list[Seed] | None,
    rng: random.Random,
    stats: Stats,
    limit: float,
    report: _Report,
) -> Inputs:
    """The inputs of one kind, one a step, counted in `stats`: `_drive` runs as many as it
    likes, and a balanced run takes turns between the kinds."""
    if kind == "web":
        yield from _web_inputs(rng, stats, limit, report)
        return
    from tests import fuzz_commits

    if kind in fuzz_commits.LOOPS:
        yield from fuzz_commits.LOOPS[kind](sys.modules[__name__], rng, stats, limit, report)
        return
    assert kind_seeds, f"no seeds for {kind}"
    from adjudicator.cli.main import app

    cli = Cli(app)
    others = [s.text for seeds_ in seeds().values() for s in seeds_]
    work = Path(tempfile.mkdtemp(prefix=f"fuzz-{kind}-"))
    try:
        while True:
            seed = rng.choice(kind_seeds)
            try:
                data, as_json = mutate(rng, seed.text, others)
                if as_json and kind in ("board", "cards", "puzzle"):  # TOML only
                    data, as_json = _as_toml(data), False
            except Exception:  # the fuzzer's own bug: a finding, not the end of a campaign
                stats.inputs += 1
                report.add(
                    Finding(kind, "fuzzer", [seed.name], traceback.format_exc()), b"", ".txt"
                )
                yield
                continue
            if as_json:
                seed = Seed(seed.name, seed.text, ".json", seed.gate, seed.cheap, seed.costly)
            n = stats.inputs
            stats.inputs += 1
            paths = _lay_out(kind, seed, data, work, n)
            costly = rng.randrange(COSTLY_EVERY) == 0
            code, finding = _run(cli, kind, seed.gate, paths, rng, limit, stats)
            if finding is None:
                stats.accepted += code == 0
                stats.refused += code != 0
                # A refused mutant would be refused the same way by the other commands.
                plan = seed.cheap if code == 0 else []
                if costly and seed.costly and (code == 0 or seed.lenient):
                    plan = plan + seed.costly
                    stats.costly += 1
                for command in plan:
                    code, finding = _run(cli, kind, command, paths, rng, limit, stats)
                    if finding is not None:
                        break  # one failure an input is enough; the next input
            if finding is not None:
                report.add(finding, data, Path(paths["{F}"]).suffix)
            _clear(work)
            if stats.inputs % FORGET_EVERY == 0:
                _forget_editions()
            yield
    finally:
        shutil.rmtree(work, ignore_errors=True)
        _forget_editions()


def _drive(loop: Inputs, stats: Stats, inputs: int | None, seconds: float | None) -> None:
    """Run a kind's inputs until it has `inputs` of them or `seconds` have passed; the time
    is added to the kind's."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        while not (inputs is not None and stats.inputs >= inputs):
            if seconds is not None and time.perf_counter() - start >= seconds:
                break
            next(loop)
    finally:
        stats.seconds += time.perf_counter() - start
        stats.cpu_seconds += time.process_time() - cpu


#: A balanced run gives the kind with the fewest inputs a turn of at most this long.
TURN = 2.0


def fuzz_balanced(
    kinds: list[str],
    seed: int,
    seconds: float | None,
    *,
    inputs: int | None = None,
    limit: float = TIME_LIMIT,
    out: Path | None = None,
    quiet: bool = True,
) -> dict[str, Stats]:
    """Fuzz `kinds` for `seconds` in all (or until they have `inputs` in all), each turn to
    the kind with the fewest inputs: the kinds end with about as many inputs each, the slow
    ones taking more of the time (so a campaign's weakest kind reaches its count the soonest
    it can)."""
    all_seeds = seeds()
    stats = {k: Stats() for k in kinds}
    loops = {
        k: kind_inputs(
            k,
            all_seeds.get(k),
            kind_rng(seed, k),
            stats[k],
            limit,
            _Report(k, stats[k], out, quiet),
        )
        for k in kinds
    }
    end = None if seconds is None else time.perf_counter() + seconds
    shown = time.perf_counter()

    def more() -> float:
        """How long the next turn may take, or 0 when the run is done."""
        if inputs is not None and sum(s.inputs for s in stats.values()) >= inputs:
            return 0.0
        return TURN if end is None else max(0.0, end - time.perf_counter())

    try:
        while (left := more()) > 0:
            kind = min(kinds, key=lambda k: stats[k].inputs)
            ahead = min((stats[k].inputs for k in kinds if k != kind), default=0)
            _drive(loops[kind], stats[kind], max(ahead, stats[kind].inputs) + 50, min(TURN, left))
            if not quiet and time.perf_counter() - shown >= 60:
                shown = time.perf_counter()
                counts = " ".join(f"{k} {stats[k].inputs}" for k in kinds)
                print(
                    f"  {time.strftime('%H:%M:%S')} inputs: {counts}", file=sys.stderr, flush=True
                )
    finally:
        for loop in loops.values():
            loop.close()
    return stats


def kind_rng(seed: int, kind: str) -> random.Random:
    """A kind's own random numbers: its inputs do not depend on the other kinds run."""
    return random.Random(f"{seed}:{kind}")


def _run(
    cli: Cli,
    kind: str,
    command: list[str],
    paths: dict[str, str],
    rng: random.Random,
    limit: float,
    stats: Stats,
) -> tuple[int | None, Finding | None]:
    """One command of a mutant, with `--json` but for a RENDERED share of the runs."""
    args = [paths.get(a, a) for a in command]
    if rng.random() >= RENDERED:
        args.append("--json")
    stats.runs += 1
    return run_one(cli, kind, args, limit)


def _save(out: Path, finding: Finding, data: bytes, suffix: str) -> None:
    """The input and its traceback, named by the failure's signature."""
    out.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(finding.signature.encode()).hexdigest()[:10]
    stem = f"{finding.kind}-{finding.what}-{digest}"
    (out / f"{stem}{suffix}").write_bytes(data)
    (out / f"{stem}.txt").write_text(
        f"command: {' '.join(finding.args)}\n(the input is saved as {stem}{suffix})\n\n"
        f"{finding.detail}\n",
        encoding="utf-8",
        errors="backslashreplace",  # a mutant move may hold a lone surrogate
    )


# ----- the web app: mutated requests through Starlette's test client -----------------------

#: The game the web kind makes in its folder (as tests/test_web_api.py does), and moves
#: for it and for the shipped Old Town record; a mutant of one is a request's `move`.
WEB_NEW = {
    "name": "club",
    "edition": "gads-hill-1874",
    "players": "ann, bob, cid",
    "seed": "50",
    "options": "logic_to_active=false",
}
WEB_MOVES = [
    "ann: 9; 25 as jail",
    "bob: 8; 36 as hotel",
    "cid: 3; 42 as stage-coach-office",
    "ann: buy bank; 47 as bank; 38 as bank",
    "ann: 46 as stable {4}",
    "cid: take saloon",
    "bob: pass",
    "ann: STOP",
]
#: A clean state is laid again after this many web inputs (moves and games pile up).
WEB_RESET_EVERY = 100


@dataclass
class WebSeed:
    """A request the page's script sends: `{R}` is a record's name, `{P}` a puzzle's."""

    method: str
    path: str
    body: dict[str, Any] | None = None
    weight: int = 4


def web_seeds() -> list[WebSeed]:
    marks: dict[str, Any] = {"marks": {"sheriff": "a1", "smith": "b2"}}
    return [
        WebSeed("POST", "/api/games", WEB_NEW),
        WebSeed("POST", "/api/g/{R}/preview", {"move": WEB_MOVES[0]}, 8),
        WebSeed("POST", "/api/g/{R}/move", {"move": WEB_MOVES[0], "base": "0"}, 6),
        WebSeed("POST", "/api/g/{R}/undo", {"base": "0"}),
        WebSeed("GET", "/api/g/{R}/hint?top=1", weight=1),  # a hint takes ~0.1 s
        WebSeed("GET", "/api/g/{R}/step/3"),
        WebSeed("GET", "/api/g/{R}/hand/ann"),
        WebSeed("GET", "/api/g/{R}"),
        WebSeed("GET", "/api/g/{R}/version"),
        WebSeed("GET", "/api/g/{R}/replay", weight=2),
        WebSeed("GET", "/g/{R}", weight=2),
        WebSeed("GET", "/g/{R}/record", weight=1),
        WebSeed("GET", "/g/{R}/board.svg", weight=1),
        WebSeed("GET", "/?list=1", weight=1),
        WebSeed("GET", "/api/p/{P}"),
        WebSeed("GET", "/p/{P}", weight=2),
        WebSeed("POST", "/api/p/{P}/board", marks),
        WebSeed("POST", "/api/p/{P}/check", marks),
        WebSeed("POST", "/api/p/{P}/hint", marks, weight=2),
        # making a puzzle takes about a second: rare (a mutant seed makes a new one)
        WebSeed("POST", "/api/puzzles", {"edition": "old-town", "level": "easy", "seed": 1}, 0),
    ]


def _web_lay(root: Path, client: Any) -> tuple[list[str], list[str]]:
    """A clean folder for the app: the shipped records, the puzzle seeds, a new game."""
    _clear(root)
    records = []
    for path in sorted((ROOT / "examples").glob("*.game")):
        shutil.copy(path, root / path.name)
        records.append(path.name)
    puzzles = []
    for path in sorted(PUZZLE_SEEDS.glob("*.puzzle.toml")):
        shutil.copy(path, root / path.name)
        puzzles.append(path.name)
    made = client.post("/api/games", json=WEB_NEW)
    if made.status_code == 201:
        records.append(made.json()["record"])
    return records, puzzles


def _mutant_text(rng: random.Random, text: str, others: list[bytes]) -> str:
    """A text mutant of a path part, a query value or a move (byte mutations)."""
    data, _ = mutate(rng, text.encode(), others)
    return data.decode("utf-8", "surrogateescape")


def _mutant_request(
    rng: random.Random, seed: WebSeed, records: list[str], puzzles: list[str], others: list[bytes]
) -> tuple[str, bytes | None, dict[str, str]]:
    """A mutant of one request: its path (with its query) and its body, and the headers."""
    path = seed.path.replace("{R}", rng.choice(records)).replace("{P}", rng.choice(puzzles))
    if rng.random() < 0.3:  # one part of the path or the query string mutated
        parts = re.split(r"([/?=])", path)
        spots = [i for i, p in enumerate(parts) if p and p not in "/?=" and p not in ("api", "g")]
        if spots:
            i = rng.choice(spots)
            # (clipped: the client itself refuses a URL over 64 KB before sending it)
            if parts[i].isdigit() and rng.random() < 0.5:  # a number that is no number
                mutant = rng.choice([*"²³٣", "9" * rng.choice([19, 31, 4301]), "-1", "1.5"])
            else:
                mutant = _mutant_text(rng, parts[i], others)[:4000]
            parts[i] = urllib.parse.quote(mutant, safe="", errors="surrogateescape")
        path = "".join(parts)
    body: bytes | None = None
    if seed.body is not None:
        form = json.loads(json.dumps(seed.body))
        if "move" in form:
            form["move"] = rng.choice(WEB_MOVES)
        if "name" in form and rng.random() < 0.8:  # a new name: not refused as existing
            form["name"] = f"g{rng.randrange(10**6)}"
        how = rng.random()
        if how < 0.45:  # a value swapped, a key dropped or added
            form = _leaf(form, rng)
        elif how < 0.75 and form:  # one string value mutated as text
            key = rng.choice(list(form))
            value = form[key]
            form[key] = (
                _mutant_text(rng, value, others) if isinstance(value, str) else _leaf(value, rng)
            )
        text = json.dumps(form, default=str, ensure_ascii=rng.random() < 0.5)
        body = text.encode("utf-8", "surrogateescape")
        if how > 0.9:  # the body's bytes mutated: not JSON, not UTF-8, too big
            body, _ = mutate(rng, body, others)
    headers = {"content-type": "application/json"}
    if body is not None and rng.random() < 0.05:
        headers["content-type"] = rng.choice(
            ["text/plain", "", "application/json; charset=latin-1"]
        )
    return path, body, headers


class _WebLog(logging.Handler):
    """The traceback of the last exception the app turned into a 500 (it logs one line,
    inside the `except`, where the traceback is still at hand)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.last = ""
        self.status = 0  # the last response's status

    def emit(self, record: logging.LogRecord) -> None:
        self.last = traceback.format_exc() if sys.exc_info()[0] else record.getMessage()


def web_check(path: str, status: int, body: bytes, content_type: str) -> tuple[str, str] | None:
    """The oracle on one response: no 5xx; an API error is a JSON object whose `error` (or,
    for a refused move, `message`) is one line."""
    if status >= 500:
        return f"http-{status}", body[:2000].decode("utf-8", "replace")
    if status >= 400 and path.startswith("/api/"):
        if status in (404, 405) and body in (b"Not Found", b"Method Not Allowed"):
            return None  # no route matched: Starlette's router answers, not the app
        try:
            data = json.loads(body)
        except ValueError:
            return "bad-error", f"{content_type}: {body[:2000]!r}"
        error = data.get("error", data.get("message")) if isinstance(data, dict) else None
        if not isinstance(error, str) or "\n" in error or len(error) > LONG_LINE:
            return "bad-error", repr(data)[:2000]
    return None


def _web_inputs(rng: random.Random, stats: Stats, limit: float, report: _Report) -> Inputs:
    """The web kind's inputs: mutated requests, one a step (see `kind_inputs`)."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import create_app

    others = [s.text for seeds_ in seeds().values() for s in seeds_]
    requests = web_seeds()
    weights = [s.weight or 0.05 for s in requests]
    root = Path(tempfile.mkdtemp(prefix="fuzz-web-"))
    handler = _WebLog()
    web_log = logging.getLogger("adjudicator.web")
    web_log.addHandler(handler)
    web_log.propagate, propagated = False, web_log.propagate  # no 500 printed by logging
    try:
        with TestClient(create_app(root), base_url="http://127.0.0.1:8000") as client:
            records, puzzles = _web_lay(root, client)
            while True:
                if stats.inputs and stats.inputs % WEB_RESET_EVERY == 0:
                    records, puzzles = _web_lay(root, client)
                seed = rng.choices(requests, weights)[0]
                path, body, headers = _mutant_request(rng, seed, records, puzzles, others)
                stats.inputs += 1
                stats.runs += 1
                handler.last = ""
                failed = _web_one(client, seed.method, path, body, headers, limit, handler)
                if failed is not None:
                    finding = Finding("web", failed[0], [seed.method, path], failed[1])
                    report.add(finding, body or b"", ".json")
                else:
                    stats.accepted += handler.status < 400
                    stats.refused += handler.status >= 400
                yield
    finally:
        web_log.removeHandler(handler)
        web_log.propagate = propagated
        shutil.rmtree(root, ignore_errors=True)


def _web_one(
    client: Any,
    method: str,
    path: str,
    body: bytes | None,
    headers: dict[str, str],
    limit: float,
    handler: _WebLog,
) -> tuple[str, str] | None:
    """Send one request: (what failed, the detail), or None when the oracle held."""
    try:
        with deadline(limit):
            response = client.request(method, path, content=body, headers=headers)
    except Hang as exc:
        return "hang", str(exc)
    except Exception:  # the app raised past its own guard: Starlette's test client says so
        return "crash", traceback.format_exc()
    handler.status = response.status_code
    failed = web_check(
        urllib.parse.urlsplit(path).path,
        response.status_code,
        response.content,
        response.headers.get("content-type", ""),
    )
    return None if failed is None else (failed[0], f"{failed[1]}\n{handler.last}")


# ----- the command ----------------------------------------------------------------------------

_HEAD = ("kind", "inputs", "inputs/s", "/cpu-s", "accepted", "refused", "crashes", "hangs", "other")


def summary_line(kind: str, numbers: dict[str, Any]) -> str:
    """One kind's line of the summary table (the same numbers as summary.json)."""
    cells = [numbers[k] for k in ("inputs", "inputs_per_s", "inputs_per_cpu_s", "accepted")]
    cells += [numbers["refused"]]
    cells += [numbers[k] for k in ("crashes", "hangs", "other")]
    return f"{kind:<12} " + " ".join(f"{c:>8}" for c in cells)


#: Each kind's CPU milliseconds an input (measured), to share the kinds among `--jobs`.
COST = {
    "state": 5,
    "dry-gulch": 5,
    "black-hills": 4,
    "board": 9,
    "cards": 15,
    "record": 9,
    "puzzle": 4,
    "move": 30,
    "special": 3,
    "write": 15,
    "web": 3,
}


def groups(kinds: list[str], jobs: int) -> list[list[str]]:
    """The kinds shared among `jobs` processes, about the same cost in each."""
    shares: list[list[str]] = [[] for _ in range(min(jobs, len(kinds)))]
    for kind in sorted(kinds, key=lambda k: -COST.get(k, 5)):
        min(shares, key=lambda g: sum(COST.get(k, 5) for k in g)).append(kind)
    return [sorted(g, key=kinds.index) for g in shares]


@dataclass
class Plan:
    """What one process fuzzes: its kinds, and for how many inputs or seconds."""

    kinds: list[str]
    seed: int
    inputs: int | None
    seconds: float | None
    limit: float
    out: Path
    memory_gb: float


def run_plan(plan: Plan) -> dict[str, Stats]:
    """Fuzz a plan's kinds in this process: each for `inputs`, or all of them in turns for
    `seconds`. (The entry of every `--jobs` process.)"""
    try:  # a mutant that asks for gigabytes fails as a MemoryError, a finding, not the run
        import resource

        hard = resource.getrlimit(resource.RLIMIT_AS)[1]
        cap = int(plan.memory_gb * 2**30)
        if cap > 0:  # (0: no cap of our own; the soft limit only, which can be lifted)
            cap = cap if hard == resource.RLIM_INFINITY else min(cap, hard)
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, ValueError, OSError):
        pass
    if plan.seconds is not None:
        return fuzz_balanced(
            plan.kinds, plan.seed, plan.seconds, limit=plan.limit, out=plan.out, quiet=False
        )
    all_seeds = seeds()
    results = {}
    for kind in plan.kinds:
        results[kind] = fuzz_kind(
            kind,
            all_seeds.get(kind),
            kind_rng(plan.seed, kind),
            inputs=plan.inputs,
            limit=plan.limit,
            out=plan.out,
            quiet=False,
        )
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--minutes", type=float, default=None, help="total time; the kinds take turns"
    )
    parser.add_argument("--inputs", type=int, default=None, help="mutants per kind instead")
    parser.add_argument("--kind", action="append", help=f"one of {', '.join(KINDS)}; repeatable")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes, the kinds shared")
    parser.add_argument("--limit", type=float, default=TIME_LIMIT, help="seconds an input may take")
    parser.add_argument("--out", type=Path, default=ROOT / "fuzz-findings")
    parser.add_argument("--memory-gb", type=float, default=4.0, help="address-space cap (0: none)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    args = parser.parse_args(argv)
    kinds = list(dict.fromkeys(args.kind or KINDS))
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r} (kinds: {', '.join(KINDS)})")
    if args.jobs < 1:
        parser.error("--jobs: at least 1")
    if args.minutes is None and args.inputs is None:
        args.minutes = 1.0
    seconds = args.minutes * 60 if args.inputs is None else None
    plans = [
        Plan(g, args.seed, args.inputs, seconds, args.limit, args.out, args.memory_gb)
        for g in groups(kinds, args.jobs)
    ]
    table = sys.stderr if args.json else sys.stdout
    print(f"{_HEAD[0]:<12} " + " ".join(f"{h:>8}" for h in _HEAD[1:]), file=table, flush=True)
    stats: dict[str, Stats] = {}
    if len(plans) == 1:
        stats = run_plan(plans[0])
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(len(plans)) as pool:
            for done in pool.imap_unordered(run_plan, plans):
                stats.update(done)
    results = {k: stats[k].summary() for k in kinds}
    findings = [f for k in kinds for f in stats[k].findings]
    for kind in kinds:
        print(summary_line(kind, results[kind]), file=table, flush=True)
    total = {
        "inputs": sum(r["inputs"] for r in results.values()),
        "failing": len(findings),
        "distinct": len({f.signature for f in findings}),
    }
    report = {
        "seed": args.seed,
        "jobs": len(plans),
        "costly_every": COSTLY_EVERY,
        "rendered": RENDERED,
        "kinds": results,
        "total": total,
        "out": str(args.out),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "summary.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(
        f"total: {total['inputs']} inputs, {total['failing']} failing "
        f"({total['distinct']} distinct, saved in {args.out}; summary.json there)",
        file=table,
    )
    if args.json:
        print(json.dumps(report, indent=2))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
