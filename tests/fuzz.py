"""A mutation fuzzer for every input the command line reads (issue 19).

It mutates the shipped files (state files of all four games in `examples/`, the deduction
boards and card sets, the game records) and runs each mutant in-process through the
commands that read it. The oracle: the command accepts the input (exit 0), refuses it with
one line (exit 1) or refuses its arguments (typer's usage error, 2); it never raises an
uncaught exception, never prints an error line longer than `LONG_LINE`, and finishes within
the time limit. Every failure is saved with its traceback under `--out`.

    python -m tests.fuzz --minutes 30                  # all kinds, the time split evenly
    python -m tests.fuzz --minutes 10 --kind board     # one kind
    python -m tests.fuzz --inputs 500 --seed 3         # a fixed number per kind, repeatable

The mutations are seeded: the same `--seed` and `--inputs` give the same inputs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import tomllib
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
#: An error line longer than this echoes a value in full instead of naming it.
LONG_LINE = 2000
#: Seconds one command may take on one input before it counts as a hang.
TIME_LIMIT = 10.0


class Hang(BaseException):
    """Raised by the alarm inside a command that ran too long (a BaseException, so that no
    `except Exception` in the code under test swallows it)."""


@dataclass
class Seed:
    """A shipped file to mutate, and how its mutants are laid out and run."""

    name: str
    text: bytes
    suffix: str  # the mutant's file ending
    commands: list[list[str]]  # arguments; "{F}" is the mutant, "{D}" its folder
    #: The first command reads the file as every other does: when it refuses the mutant,
    #: the others would refuse it the same way, and are skipped (about 3x the inputs/s).
    gate: bool = True


@dataclass
class Finding:
    kind: str
    what: str  # crash, hang, long-line, exit-N
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
    accepted: int = 0  # runs that exited 0: the mutant got past the checks to the rules
    seconds: float = 0.0
    findings: list[Finding] = field(default_factory=list)

    def count(self, what: str) -> int:
        return sum(1 for f in self.findings if f.what == what)


# ----- the seeds: every shipped file, with the commands that read it -----------------------

_PLAY = {  # a card each example's active player can name ("Try:" lines of the examples)
    "gads-hill-mid.toml": ["43", "--as", "school"],
    "gads-hill-early.toml": ["1"],
    "gads-hill-late.toml": ["1"],
    "old-town-early.toml": ["36", "--as", "sheriff"],
    "old-town-mid.toml": ["58", "--as", "stage-coach-office"],
}


def _game_of(text: str) -> str:
    found = re.search(r'^game\s*=\s*"([a-z-]+)"', text, re.M)
    return found.group(1) if found else "deduction"


def seeds() -> dict[str, list[Seed]]:
    """The seeds of each kind: state (Old Town, Gads Hill), dry-gulch, black-hills, board,
    cards, record."""
    kinds: dict[str, list[Seed]] = {
        k: [] for k in ("state", "dry-gulch", "black-hills", "board", "cards", "record")
    }
    for path in sorted((ROOT / "examples").glob("*.toml")):
        text = path.read_bytes()
        game = _game_of(text.decode())
        if game == "dry-gulch":
            commands = [
                ["state", "check", "{F}"],
                ["dry-gulch", "score", "{F}"],
                ["dry-gulch", "pay", "{F}", "pharmacist"],
                ["dry-gulch", "place", "{F}", "saloon", "nw-3"],
                ["dry-gulch", "plan", "{F}"],
            ]
        elif game == "black-hills":
            commands = [
                ["state", "check", "{F}"],
                ["black-hills", "show", "{F}"],
                ["black-hills", "best", "{F}"],
                ["black-hills", "invest", "{F}"],
                ["black-hills", "turn", "{F}", "ann: miner; event stolen-gold"],
            ]
        else:
            game = "state"
            commands = [
                ["state", "check", "{F}"],
                ["stop", "{F}"],
                ["play", "{F}", *_PLAY.get(path.name, ["1"])],
                ["hint", "{F}", "--top", "1"],
            ]
            named = re.search(r'^edition\s*=\s*"([a-z0-9-]+)"', text.decode(), re.M)
            if named:
                commands.append(["board", "show", named.group(1), "--state", "{F}"])
        kinds[game].append(Seed(path.name, text, ".toml", commands))
    for edition in ("old-town", "gads-hill-1874"):
        board = (ROOT / "boards" / f"{edition}.toml").read_bytes()
        cards = (ROOT / "cards" / f"{edition}.toml").read_bytes()
        # The mutant is the board ({F}); its card set lies beside it as {F}-cards.
        kinds["board"].append(
            Seed(
                f"{edition} board",
                board,
                ".toml",
                [
                    ["board", "show", "{F}"],
                    ["board", "export", "{F}"],
                    ["cards", "list", "{F}"],
                    ["audit", "{C}", "--board", "{F}"],
                ],
            )
        )
        kinds["cards"].append(
            Seed(
                f"{edition} cards",
                cards,
                ".toml",
                [["cards", "list", "{B}"], ["audit", "{F}", "--board", "{B}"]],
                gate=False,  # the audit reads a card set leniently: it sees more
            )
        )
    for path in sorted((ROOT / "examples").glob("*.game")):
        kinds["record"].append(
            Seed(
                path.name,
                path.read_bytes(),
                ".game",
                [["replay", "{F}"], ["replay", "{F}", "--json"]],
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
    clue = data[a:b].decode()
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
    return data[:a] + grown.encode() + data[b:]


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


def _structured(rng: random.Random, data: bytes, _: list[bytes]) -> bytes:
    # tomllib takes memory quadratic in a dotted key's parts (100,000 parts: 20 GB): what
    # is too big or too deep for the fuzzer's own parse stays a text mutant.
    if len(data) > 200_000 or re.search(rb"(?:\w\.){64}", data):
        return data
    try:
        parsed = tomllib.loads(data.decode())
        return b"JSON" + json.dumps(_leaf(parsed, rng), default=str).encode()
    except Exception:  # unreadable, or too deep for tomllib or json: keep the text
        return data


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


def run_one(
    runner: CliRunner,
    app: Any,
    kind: str,
    args: list[str],
    limit: float,
    exits: list[int] | None = None,
) -> Finding | None:
    """Run one command; a Finding when the oracle fails. `exits` collects exit codes."""
    try:
        with deadline(limit):
            result = runner.invoke(app, args, catch_exceptions=True)
    except Hang as exc:
        return Finding(kind, "hang", args, str(exc))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        if isinstance(result.exception, Hang):
            return Finding(kind, "hang", args, str(result.exception))
        info = result.exc_info
        detail = "".join(traceback.format_exception(*info)) if info else repr(result.exception)
        return Finding(kind, "crash", args, detail)
    if exits is not None:
        exits.append(result.exit_code)
    if result.exit_code not in (0, 1, 2):
        return Finding(kind, f"exit-{result.exit_code}", args, result.output[-4000:])
    if result.exit_code != 0:
        err = result.stderr if result.stderr_bytes is not None else result.output
        long = [x for x in err.splitlines() if len(x) > LONG_LINE]
        if long:
            return Finding(kind, "long-line", args, f"{len(long[0])} chars: {long[0][:300]}...")
    return None


def fuzz_kind(
    kind: str,
    kind_seeds: list[Seed],
    rng: random.Random,
    *,
    inputs: int | None = None,
    seconds: float | None = None,
    limit: float = TIME_LIMIT,
    out: Path | None = None,
    quiet: bool = True,
) -> Stats:
    """Fuzz one kind for `inputs` mutants or `seconds`, whichever is given."""
    from adjudicator.cli.main import app

    runner = CliRunner()
    stats = Stats()
    others = [s.text for seeds_ in seeds().values() for s in seeds_]
    work = Path(tempfile.mkdtemp(prefix=f"fuzz-{kind}-"))
    seen: set[str] = set()
    start = time.perf_counter()
    try:
        while True:
            if inputs is not None and stats.inputs >= inputs:
                break
            if seconds is not None and time.perf_counter() - start >= seconds:
                break
            seed = rng.choice(kind_seeds)
            data, as_json = mutate(rng, seed.text, others)
            n = stats.inputs
            folder = work / f"{n % 50}"
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir()
            suffix = ".json" if as_json and kind not in ("board", "cards") else seed.suffix
            if kind in ("board", "cards") and as_json:
                data = seed.text  # boards and card sets are TOML only: keep the text mutant
            mutant = folder / f"m{n}{suffix}"
            mutant.write_bytes(data)
            paths = {"{F}": str(mutant), "{D}": str(folder)}
            name = seed.name.split()[0]
            if kind == "board":  # the shipped card set beside the mutant board
                cards = folder / f"m{n}-cards.toml"
                shutil.copy(ROOT / "cards" / f"{name}.toml", cards)
                paths["{C}"] = str(cards)
            elif kind == "cards":  # the mutant beside a copy of the shipped board
                board = folder / f"e{n}.toml"
                shutil.copy(ROOT / "boards" / f"{name}.toml", board)
                mutant.rename(folder / f"e{n}-cards.toml")
                mutant = folder / f"e{n}-cards.toml"
                paths.update({"{F}": str(mutant), "{B}": str(board)})
            stats.inputs += 1
            for i, command in enumerate(seed.commands):
                args = [paths.get(a, a) for a in command]
                stats.runs += 1
                exits: list[int] = []
                finding = run_one(runner, app, kind, args, limit, exits)
                stats.accepted += exits == [0]
                if finding is None:
                    if i == 0 and seed.gate and exits == [1]:
                        break
                    continue
                stats.findings.append(finding)
                if finding.signature not in seen:
                    seen.add(finding.signature)
                    if out is not None:
                        _save(out, finding, mutant, data)
                    if not quiet:
                        last = finding.detail.strip().splitlines()[-1:] or [""]
                        print(f"  {kind} {finding.what}: {' '.join(args[:2])} ... {last[0][:160]}")
                break  # one failure an input is enough; the next input
            if stats.inputs % 200 == 0:
                _forget_editions()
    finally:
        stats.seconds = time.perf_counter() - start
        shutil.rmtree(work, ignore_errors=True)
        _forget_editions()
    return stats


def _save(out: Path, finding: Finding, mutant: Path, data: bytes) -> None:
    """The input and its traceback, named by the failure's signature."""
    out.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(finding.signature.encode()).hexdigest()[:10]
    stem = f"{finding.kind}-{finding.what}-{digest}"
    (out / f"{stem}{mutant.suffix}").write_bytes(data)
    (out / f"{stem}.txt").write_text(
        f"command: adjudicator {' '.join(finding.args)}\n"
        f"(the file argument was {mutant.name}; saved as {stem}{mutant.suffix})\n\n"
        f"{finding.detail}\n",
        encoding="utf-8",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--minutes", type=float, default=None, help="total time, split over kinds")
    parser.add_argument("--inputs", type=int, default=None, help="mutants per kind instead")
    parser.add_argument("--kind", action="append", help="state, dry-gulch, black-hills, board, ...")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=TIME_LIMIT, help="seconds an input may take")
    parser.add_argument("--out", type=Path, default=ROOT / "fuzz-findings")
    parser.add_argument("--memory-gb", type=float, default=4.0, help="address-space cap")
    args = parser.parse_args(argv)
    all_seeds = seeds()
    kinds = args.kind or list(all_seeds)
    unknown = [k for k in kinds if k not in all_seeds]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r} (kinds: {', '.join(all_seeds)})")
    if args.minutes is None and args.inputs is None:
        args.minutes = 1.0
    try:  # a mutant that asks for gigabytes fails as a MemoryError, a finding, not the run
        import resource

        cap = int(args.memory_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ImportError, ValueError, OSError):
        pass
    rng = random.Random(args.seed)
    total = Stats()
    head = ("kind", "inputs", "runs", "accepted", "inputs/s", "crashes", "hangs", "other")
    print(f"{head[0]:<12} " + " ".join(f"{h:>8}" for h in head[1:]))
    for kind in kinds:
        seconds = args.minutes * 60 / len(kinds) if args.minutes is not None else None
        stats = fuzz_kind(
            kind,
            all_seeds[kind],
            random.Random(rng.random()),
            inputs=args.inputs,
            seconds=seconds,
            limit=args.limit,
            out=args.out,
            quiet=False,
        )
        other = len(stats.findings) - stats.count("crash") - stats.count("hang")
        rate = stats.inputs / stats.seconds if stats.seconds else 0.0
        print(
            f"{kind:<12} {stats.inputs:>8} {stats.runs:>8} {stats.accepted:>8} {rate:>8.1f} "
            f"{stats.count('crash'):>8} {stats.count('hang'):>8} {other:>8}",
            flush=True,
        )
        total.inputs += stats.inputs
        total.findings += stats.findings
    distinct = len({f.signature for f in total.findings})
    print(
        f"total: {total.inputs} inputs, {len(total.findings)} failing "
        f"({distinct} distinct, saved in {args.out})"
    )
    return 1 if total.findings else 0


if __name__ == "__main__":
    sys.exit(main())
