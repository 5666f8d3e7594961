"""Game records: a plain-text notation a person can write at the table.

A record is a header of tag pairs, then one move a line::

    [Edition "gads-hill-1874"]
    [Players "ann, bob, cid"]
    [Frames "frame-east=cemetery, frame-west=bison-field, frame-south=railway-station"]
    [Buildings "ann=hotel bank; bob=saloon church; cid=doc jail"]
    [Seed "7"]                        # optional: hands and draw piles dealt from it

    ann: 23 as hotel; 41 as bank {7}  # one or two cards, with "my building"
    ann draws 17
    bob: STOP {2}                     # another player claims what logic removes
    bob: discard 12 30 take hotel@c3
    cid: buy casino                   # a buy on its own line, before or after the action
    cid: 44 as casino
    ann: 23 as hotel; buy casino; 41 as casino   # or inside the turn, at any point (A2)
    bob: discard 12 30 take hotel@c3; buy casino
    ann: pass
    ann: take church                  # Old Town: back up to two buildings (A4)

`{n}` is the points the table gave for the move (optional; replay checks it).
Everything after `#` is a comment; a move may start with a number (`12.`).
Reading collects every error with its line number instead of stopping at the
first; writing then reading gives the same record.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_text
from adjudicator.core.limits import MAX_MOVES
from adjudicator.core.pairs import flag_or_number, name_values
from adjudicator.core.record import record
from adjudicator.core.validation import duplicate

__all__ = [
    "Buy",
    "Discard",
    "Draw",
    "Header",
    "Move",
    "Pass",
    "Play",
    "Record",
    "RecordError",
    "RemovedMove",
    "Stop",
    "Take",
    "building_id",
    "format_move",
    "moves_as_written",
    "parse_marker",
    "parse_move",
    "read_record",
    "record_from_text",
    "record_to_text",
    "remove_last_move",
]


class RecordError(InputError):
    """A record with one or more errors, each with its line number."""

    def __init__(self, source: str, errors: list[tuple[int, str]]) -> None:
        self.errors = errors
        first_line, first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(source, f"line {first_line}", first + more)


@record
class Header:
    edition: str
    players: tuple[str, ...]
    frames: dict[str, str] = field(default_factory=dict)
    buildings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    seed: int | None = None
    hands: dict[str, tuple[int, ...]] | None = None
    deck: dict[str, tuple[int, ...]] | None = None  # pile -> cards, top first
    options: dict[str, bool | int] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)  # Event, Date, Site, ...


@record
class Move:
    player: str
    claimed: int | None = field(default=None, kw_only=True)  # the table's points, {n}
    line: int | None = field(default=None, kw_only=True, compare=False)


@record
class Play(Move):
    plays: tuple[tuple[int, str | None], ...] = ()
    buy: str | None = None  # a building bought in the turn (A2) ...
    buy_at: int = 0  # ... after this many of its cards


@record
class Discard(Move):
    cards: tuple[int, int] = (0, 0)
    take: tuple[str, str] = ("", "")
    buy: str | None = None
    buy_at: int = 0  # 0: before the discard, 1: after it


@record
class Buy(Move):
    building: str = ""


@record
class Take(Move):
    """Old Town's refill before a turn (A4)."""

    buildings: tuple[str, ...] = ()


@record
class Stop(Move):
    pass


@record
class Pass(Move):
    buy: str | None = None
    buy_at: int = 0  # 0: before the pass, 1: after it


@record
class Draw(Move):
    cards: tuple[int, ...] = ()


@record
class Record:
    header: Header
    moves: tuple[Move, ...] = ()
    source: str = field(default="record", compare=False)  # the file, for errors
    base: Path = field(default=Path("."), compare=False)  # relative edition paths start here

    def with_move(self, move: Move) -> Record:
        return replace(self, moves=(*self.moves, replace(move, line=None)))


# ----- moves ------------------------------------------------------------------------------

_NAME = r"[a-z0-9][a-z0-9_-]*"
_ID = r"[a-z0-9]+(?:-[a-z0-9]+)*"
_CLAIM = r"(?:\s*\{\s*(?P<claimed>-?\d+)\s*\})?"
_MOVE = re.compile(rf"^(?:\d+\.\s*)?(?P<player>{_NAME})\s*:\s*(?P<body>.*?){_CLAIM}\s*$", re.I)
_DRAW = re.compile(rf"^(?:\d+\.\s*)?(?P<player>{_NAME})\s+draws\s+(?P<cards>[\d\s,]+)$", re.I)
#: A building as a player may write it after `as` or `buy`: its id or its printed name, in
#: any case (`stage-coach-office`, `Stage Coach Office`, `Printer's`); read as its id.
_NAMED = r"[a-z0-9][a-z0-9' _-]*?"
_ONE_PLAY = re.compile(rf"^(?P<card>\d+)(?:\s+as\s+(?P<as>{_NAMED}))?$", re.I)
_DISCARD = re.compile(
    rf"^discard\s+(?P<a>\d+)\s*,?\s*(?P<b>\d+)\s+take\s+(?P<bld>{_ID})\s*@\s*(?P<sp>{_ID})$", re.I
)
_BUY = re.compile(rf"^buy\s+(?P<bld>{_NAMED})$", re.I)
_TAKE = re.compile(rf"^take\s+(?P<blds>{_ID}(?:[\s,]+{_ID})*)$", re.I)


def building_id(written: str) -> str:
    """A building's id from its id or printed name as a player writes it: case dropped,
    apostrophes dropped, spaces and underscores as hyphens (`Printer's` is `printers`)."""
    return "-".join(written.strip().casefold().replace("'", "").replace("_", " ").split())


def parse_move(text: str) -> Move:
    """One move line (without comment). Raises ValueError with a plain message."""
    text = text.strip()
    m = _DRAW.match(text)
    if m:
        cards = tuple(int(c) for c in re.split(r"[\s,]+", m["cards"].strip()) if c)
        return Draw(m["player"].lower(), cards)
    m = _MOVE.match(text)
    if not m:
        raise ValueError(f"cannot read {text!r}: write a move as 'NAME: ACTION'")
    player = m["player"].lower()
    body = m["body"].strip()
    claimed = int(m["claimed"]) if m["claimed"] is not None else None
    if body.lower() == "stop":
        return Stop(player, claimed=claimed)
    d = _TAKE.match(body)
    if d:
        return Take(player, tuple(re.split(r"[\s,]+", d["blds"].lower())), claimed=claimed)
    # A turn: one or two cards, a discard or a pass, with a buy at any point of it (A2).
    plays: list[tuple[int, str | None]] = []
    discard: tuple[tuple[int, int], tuple[str, str]] | None = None
    passed = False
    buy: str | None = None
    buy_at = 0
    for part in (x.strip() for x in body.split(";")):
        if (b := _BUY.match(part)) is not None:
            if buy is not None:
                raise ValueError("one building a turn may be bought")
            buy, buy_at = building_id(b["bld"]), len(plays) + (discard is not None) + passed
        elif (d := _DISCARD.match(part)) is not None and discard is None:
            discard = ((int(d["a"]), int(d["b"])), (d["bld"].lower(), d["sp"].lower()))
        elif part.lower() == "pass" and not passed:
            passed = True
        elif (p := _ONE_PLAY.match(part)) is not None:
            plays.append((int(p["card"]), building_id(p["as"]) if p["as"] else None))
        else:
            raise ValueError(
                f"cannot read {part!r}: a play is 'CARD' or 'CARD as BUILDING' "
                "(or discard/buy/take/pass/STOP)"
            )
    if (bool(plays) + (discard is not None) + passed) > 1:
        raise ValueError("a turn is cards, a discard or a pass, not more than one of them")
    if len(plays) > 2:
        raise ValueError("at most two cards a turn")
    if discard is not None:
        return Discard(player, *discard, buy, buy_at, claimed=claimed)
    if passed:
        return Pass(player, buy, buy_at, claimed=claimed)
    if not plays:
        assert buy is not None
        return Buy(player, buy, claimed=claimed)
    return Play(player, tuple(plays), buy, buy_at, claimed=claimed)


def format_move(move: Move) -> str:
    claim = f" {{{move.claimed}}}" if move.claimed is not None else ""
    p = move.player
    if isinstance(move, Draw):
        return f"{p} draws {' '.join(map(str, move.cards))}"
    if isinstance(move, Play | Discard | Pass):
        if isinstance(move, Play):
            parts = [f"{c}" + (f" as {m}" if m else "") for c, m in move.plays]
        elif isinstance(move, Discard):
            parts = [f"discard {move.cards[0]} {move.cards[1]} take {move.take[0]}@{move.take[1]}"]
        else:
            parts = ["pass"]
        if move.buy is not None:
            parts.insert(move.buy_at, f"buy {move.buy}")
        body = "; ".join(parts)
    elif isinstance(move, Buy):
        body = f"buy {move.building}"
    elif isinstance(move, Take):
        body = "take " + " ".join(move.buildings)
    elif isinstance(move, Stop):
        body = "STOP"
    else:  # pragma: no cover - every Move subclass is handled above
        raise TypeError(move)
    return f"{p}: {body}{claim}"


# ----- the header -----------------------------------------------------------------------

_TAG = re.compile(r'^\[\s*(?P<tag>[A-Za-z]+)\s+"(?P<value>[^"]*)"\s*\]$')


def _ints(value: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.split(r"[\s,]+", value.strip()) if x)


def _words(value: str) -> tuple[str, ...]:
    return tuple(x.lower() for x in re.split(r"[\s,]+", value.strip()) if x)


#: Tags the reader understands; any other tag is reported (a misspelt [Seed] would
#: silently leave the hands untracked).
SETUP_TAGS = ("Edition", "Players", "Frames", "Buildings", "Seed", "Hands", "Deck", "Options")
FREE_TAGS = ("Event", "Site", "Date", "Round", "Table", "Annotator", "Result")


def _header(tags: dict[str, str], errors: list[tuple[int, str]], lines: dict[str, int]) -> Header:
    def err(tag: str, message: str) -> None:
        errors.append((lines.get(tag, 1), f"[{tag}]: {message}"))

    for tag in tags:
        if tag not in SETUP_TAGS + FREE_TAGS:
            close = difflib.get_close_matches(tag, SETUP_TAGS + FREE_TAGS, n=1)
            hint = f"; did you mean [{close[0]}]?" if close else ""
            err(tag, f"unknown tag (known: {', '.join(SETUP_TAGS + FREE_TAGS)}){hint}")
    edition = tags.pop("Edition", "")
    if not edition:
        err("Edition", 'missing: name the edition, e.g. [Edition "old-town"]')
    players = _words(tags.pop("Players", ""))
    if not players:
        err("Players", 'missing: list the players in seat order, e.g. [Players "ann, bob"]')
    twice = duplicate(players)
    if twice is not None:
        err("Players", f"duplicate player {twice}")

    def parse(tag: str, fn: Any, default: Any) -> Any:
        if tag not in tags:
            return default
        try:
            return fn(tags.pop(tag))
        except ValueError as exc:
            err(tag, str(exc).replace("invalid literal for int() with base 10", "not a number"))
            return default

    def options_of(value: str) -> dict[str, bool | int]:
        return {k: flag_or_number(k, v) for k, v in name_values(value)}

    frames = parse("Frames", lambda v: dict(name_values(v)), {})
    buildings = parse("Buildings", lambda v: {k: _words(x) for k, x in name_values(v)}, {})
    seed = parse("Seed", int, None)
    hands = parse("Hands", lambda v: {k: _ints(x) for k, x in name_values(v)}, None)
    deck = parse("Deck", lambda v: {k: _ints(x) for k, x in name_values(v)}, None)
    options = parse("Options", options_of, {})
    seated = set(players)  # a set: checking names stays linear in the header
    for tag, who_list in (("Buildings", buildings), ("Hands", hands or {})):
        for who in who_list:
            if who not in seated:
                err(tag, f"{who!r} is not one of the players")
    free = {k: v for k, v in tags.items() if k in FREE_TAGS}
    return Header(edition, players, frames, buildings, seed, hands, deck, options, free)


def _strip_comment(line: str) -> str:
    """The line without its comment: a `#` outside double quotes starts one."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def _header_text(h: Header) -> list[str]:
    def tag(name: str, value: str) -> str:
        return f'[{name} "{value}"]'

    out = [tag("Edition", h.edition), tag("Players", ", ".join(h.players))]
    for k, v in h.tags.items():
        out.append(tag(k, v))
    if h.frames:
        out.append(tag("Frames", ", ".join(f"{k}={v}" for k, v in h.frames.items())))
    if h.buildings:
        out.append(
            tag("Buildings", "; ".join(f"{k}={' '.join(v)}" for k, v in h.buildings.items()))
        )
    if h.seed is not None:
        out.append(tag("Seed", str(h.seed)))
    if h.hands is not None:
        out.append(
            tag("Hands", "; ".join(f"{k}={' '.join(map(str, v))}" for k, v in h.hands.items()))
        )
    if h.deck is not None:
        out.append(
            tag("Deck", "; ".join(f"{k}={' '.join(map(str, v))}" for k, v in h.deck.items()))
        )
    if h.options:
        out.append(tag("Options", ", ".join(f"{k}={str(v).lower()}" for k, v in h.options.items())))
    return out


# ----- whole records ----------------------------------------------------------------------


def record_from_text(text: str, source: str = "record") -> Record:
    """Parse a record; every error is collected with its line number (RecordError)."""
    errors: list[tuple[int, str]] = []
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    moves: list[Move] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        if line.startswith("["):
            m = _TAG.match(line)
            if not m:
                errors.append((number, f'a header line is [Tag "value"], found {line!r}'))
            elif moves:
                errors.append((number, "header lines come before the first move"))
            else:
                tags[m["tag"]] = m["value"]
                tag_lines[m["tag"]] = number
            continue
        if len(moves) == MAX_MOVES:
            errors.append((number, f"more than {MAX_MOVES} moves (the limit)"))
            break
        try:
            moves.append(replace(parse_move(line), line=number))
        except ValueError as exc:
            errors.append((number, str(exc)))
    header = _header(tags, errors, tag_lines)
    seated = set(header.players)  # a set: linear in the moves, whatever the header
    for mv in moves:
        if seated and mv.player not in seated:
            errors.append((mv.line or 0, f"{mv.player!r} is not one of the players"))
    if errors:
        raise RecordError(source, sorted(errors))
    return Record(header, tuple(moves))


def moves_as_written(text: str, source: str = "record") -> list[str]:
    """A record's moves, each as `format_move` writes it: what a commit reads back."""
    return [format_move(m) for m in record_from_text(text, source).moves]


def record_to_text(record: Record) -> str:
    lines = _header_text(record.header)
    lines.append("")
    lines.extend(format_move(m) for m in record.moves)
    return "\n".join(lines) + "\n"


def read_record(path: Path) -> Record:
    record = record_from_text(read_text(path), str(path))
    return replace(record, source=str(path), base=Path(path).parent)


def moves_of(record: Record, kinds: Iterable[type[Move]]) -> list[Move]:
    wanted = tuple(kinds)
    return [m for m in record.moves if isinstance(m, wanted)]


# ----- editing a record's text --------------------------------------------------------------

_MARKER = re.compile(rf"^(?P<bld>{_ID})\s*@\s*(?P<sp>{_ID})$", re.I)


def parse_marker(text: str) -> tuple[str, str]:
    """A marker written as a discard takes it, BUILDING@SPACE: (building, space), lower
    case. Raises ValueError with a plain message.

    >>> parse_marker("Hotel @ C3")
    ('hotel', 'c3')
    """
    m = _MARKER.match(text.strip())
    if m is None:
        raise ValueError(f"cannot read {text!r}: write a marker as BUILDING@SPACE, e.g. hotel@c3")
    return m["bld"].lower(), m["sp"].lower()


@record
class RemovedMove:
    """The last move taken off a record's text (`remove_last_move`)."""

    text: str  # the record without the move's line
    move: Move  # the move; its `line` is the line it stood on
    written: str  # that line as it was written, its comment included


def remove_last_move(text: str, source: str = "record") -> RemovedMove:
    """The record's text without the line of its last move: the header, the comments and
    every other line stay as written. An unreadable record is a `RecordError`, a record
    without moves an `InputError`.

    >>> text = '[Edition "old-town"]\\n[Players "ann, bob"]\\n\\nann: 3  # hm\\n'
    >>> removed = remove_last_move(text)
    >>> removed.written, removed.move.line
    ('ann: 3  # hm', 4)
    >>> removed.text
    '[Edition "old-town"]\\n[Players "ann, bob"]\\n\\n'
    """
    record = record_from_text(text, source)
    if not record.moves:
        raise InputError(source, "", "has no move to undo")
    last = record.moves[-1]
    assert last.line is not None  # every move read from a text knows its line
    lines = text.splitlines()
    written = lines.pop(last.line - 1)
    return RemovedMove("\n".join(lines) + "\n", last, written.strip())
