"""Game records: a plain-text notation a person can write at the table.

A record is a header of tag pairs, then one move a line::

    [Edition "gads-hill-1874"]
    [Players "ann, bob, cid"]
    [Frames "frame-east=cemetery, frame-west=bison-field, frame-south=railway-station"]
    [Buildings "ann=hotel bank; bob=saloon church; cid=doc jail"]
    [Seed "7"]                        # optional: hands and draw piles dealt from it
                                      # [Buildings "chosen"]: taken by the first moves (T7)

    ann: 23 as hotel; 41 as bank {7}  # one or two cards, with "my building"
    ann draws 17                      # the card drawn, or the pile: its top card is dealt
    ann draws from the condition pile # (Old Town with two players: ann's own pile)
    bob: STOP {2}                     # another player claims what logic removes
    bob: discard 12 30 take hotel@c3
    cid: buy casino                   # a buy on its own line, before or after the action
    cid: 44 as casino
    ann: 23 as hotel; buy casino; 41 as casino   # or inside the turn, at any point (A2)
    bob: discard 12 30 take hotel@c3; buy casino
    ann: pass
    ann: take church                  # Old Town: back up to two buildings (A4)
                                      # (or, at the set-up, the one building chosen, T7)

`{n}` is the points the table gave for the move (optional; replay checks it).
Everything after `#` is a comment; a move may start with a number (`12.`).
Reading collects every error with its line number instead of stopping at the
first; writing then reading gives the same record. The moves are `moves.py`, one line of
them `notation.py`; here are the header and whole records.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_text
from adjudicator.core.limits import MAX_MOVES
from adjudicator.core.names import (
    duplicate,
    player_key,
    players_of,
    same_player,
    same_player_problem,
    seated,
    written_name,
)
from adjudicator.core.pairs import flag_or_number, name_values
from adjudicator.core.record_text import LinesError, record_lines
from adjudicator.core.table import BUILDINGS_CHOSEN
from adjudicator.deduction.game.moves import (
    Buy,
    Discard,
    Draw,
    DrawFrom,
    Move,
    Pass,
    Play,
    Stop,
    Take,
)
from adjudicator.deduction.game.notation import (
    building_id,
    format_move,
    parse_marker,
    parse_move,
)

__all__ = [
    "Buy",
    "Discard",
    "Draw",
    "DrawFrom",
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
    "parse_marker",
    "parse_move",
    "read_record",
    "record_from_text",
    "record_to_text",
    "remove_last_move",
]


class RecordError(LinesError):
    """An Old Town or Gads Hill record with one or more errors, each with its line number."""


@dataclass(frozen=True, slots=True)
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
    # T7: each player chooses their buildings by the record's first moves, one each in seat
    # order and then a second (`[Buildings "chosen"]`), instead of the header listing them
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class Record:
    header: Header
    moves: tuple[Move, ...] = ()
    source: str = field(default="record", compare=False)  # the file, for errors
    # where the board it names is found (a relative path starts in its folder)
    base: Base = field(default=Base(Path(".")), compare=False)

    def with_move(self, move: Move) -> Record:
        return replace(self, moves=(*self.moves, replace(move, line=None)))


# ----- the header -----------------------------------------------------------------------


def _ints(value: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.split(r"[\s,]+", value.strip()) if x)


def _players(value: str) -> tuple[str, ...]:
    """The Players tag: names separated by commas (a name may hold spaces: `Anna Lena`),
    or, in old records without a comma, by spaces."""
    if "," in value:
        return players_of(value)
    return tuple(written_name(x) for x in value.split())


def _words(value: str) -> tuple[str, ...]:
    return tuple(x.lower() for x in re.split(r"[\s,]+", value.strip()) if x)


#: Tags the reader understands; any other tag is reported (a misspelt [Seed] would
#: silently leave the hands untracked).
SETUP_TAGS = ("Edition", "Players", "Frames", "Buildings", "Seed", "Hands", "Deck", "Options")
#: The Buildings tag's value when the players choose their buildings by moves (T7).
CHOSEN = BUILDINGS_CHOSEN
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
    players = _players(tags.pop("Players", ""))
    if not players:
        err("Players", 'missing: list the players in seat order, e.g. [Players "ann, bob"]')
    twice = duplicate(players)
    if twice is not None:
        err("Players", f"duplicate player {twice}")
    pair = same_player(players)
    if pair is not None:
        err("Players", same_player_problem(*pair))

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

    def at(k: str) -> str:  # a player's entry names them in any case (`jürgen=...`)
        return seated(k, players)

    chosen = tags.get("Buildings", "").strip().lower() == CHOSEN
    if chosen:
        del tags["Buildings"]
    buildings = parse("Buildings", lambda v: {at(k): _words(x) for k, x in name_values(v)}, {})
    seed = parse("Seed", int, None)
    hands = parse("Hands", lambda v: {at(k): _ints(x) for k, x in name_values(v)}, None)
    deck = parse("Deck", lambda v: {k: _ints(x) for k, x in name_values(v)}, None)
    options = parse("Options", options_of, {})
    known = set(players)  # a set: checking names stays linear in the header
    for tag, who_list in (("Buildings", buildings), ("Hands", hands or {})):
        for who in who_list:
            if who not in known:
                err(tag, f"{who!r} is not one of the players")
    free = {k: v for k, v in tags.items() if k in FREE_TAGS}
    return Header(edition, players, frames, buildings, seed, hands, deck, options, free, chosen)


def _header_text(h: Header) -> list[str]:
    def tag(name: str, value: str) -> str:
        return f'[{name} "{value}"]'

    out = [tag("Edition", h.edition), tag("Players", ", ".join(h.players))]
    for k, v in h.tags.items():
        out.append(tag(k, v))
    if h.frames:
        out.append(tag("Frames", ", ".join(f"{k}={v}" for k, v in h.frames.items())))
    if h.chosen:
        out.append(tag("Buildings", CHOSEN))
    elif h.buildings:
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
    for entry in record_lines(text):
        number, line = entry.number, entry.body
        if line.startswith("["):
            if entry.tag is None or entry.value is None:
                errors.append((number, f'a header line is [Tag "value"], found {line!r}'))
            elif moves:
                errors.append((number, "header lines come before the first move"))
            else:
                tags[entry.tag] = entry.value
                tag_lines[entry.tag] = number
            continue
        if len(moves) == MAX_MOVES:
            errors.append((number, f"more than {MAX_MOVES} moves (the limit)"))
            break
        try:
            moves.append(replace(parse_move(line), line=number))
        except ValueError as exc:
            errors.append((number, str(exc)))
    header = _header(tags, errors, tag_lines)
    # Each move's player as the header spells them: `jürgen: 23` is Jürgen's move.
    keys = {player_key(p): p for p in header.players}  # linear in the moves
    seated_names = set(header.players)
    moves = [
        mv
        if mv.player in seated_names
        else replace(mv, player=keys.get(player_key(mv.player), mv.player))
        for mv in moves
    ]
    for mv in moves:
        if seated_names and mv.player not in seated_names:
            errors.append((mv.line or 0, f"{mv.player!r} is not one of the players"))
    if errors:
        raise RecordError(source, sorted(errors))
    return Record(header, tuple(moves))


def record_to_text(record: Record) -> str:
    lines = _header_text(record.header)
    lines.append("")
    lines.extend(format_move(m) for m in record.moves)
    return "\n".join(lines) + "\n"


def read_record(path: Path) -> Record:
    record = record_from_text(read_text(path), str(path))
    return replace(record, source=str(path), base=Base(Path(path).parent))


def moves_of(record: Record, kinds: Iterable[type[Move]]) -> list[Move]:
    wanted = tuple(kinds)
    return [m for m in record.moves if isinstance(m, wanted)]


# ----- editing a record's text --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
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
