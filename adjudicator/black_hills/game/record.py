"""A Black Hills game record: a header of tags, then one turn a line in the turn notation
(`black_hills/notation.py`), optionally with the reputation the table wrote down after it::

    # a game at the club
    [Edition "black-hills"]
    [Players "ann, bob, cid"]
    [Seed "7"]
    [Sheriff "ann"]              # optional: who had the most coins (default: the first)
    [Options "safeguard=holder"] # optional: the table's readings (black_hills/options.py)

    ann: keep miner preacher             # the round's set-up: every player's discard,
    bob: keep sheriff hunter             #   before the first turn
    ann: miner                           # the table's comment
    bob: sheriff; invest 1 {1}           # {N}: bob's reputation after it

The seed deals the cards at set-up and at each round's end, and rolls the die and deals the
Shaman's four when a turn does not write them (`die=N`, `dealt=...`), so a record replays
to the same table. A line that is not in the notation is bad input, not a refused turn.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from adjudicator.black_hills.errors import InvalidTurnError
from adjudicator.black_hills.notation import card_ids, parse_turn
from adjudicator.black_hills.options import BHOptions, parse_options_text
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_text
from adjudicator.core.limits import MAX_INT_DIGITS, MAX_MOVES, clip
from adjudicator.core.names import players_of, seated
from adjudicator.core.record_text import record_lines, remove_last_line, strip_comment

__all__ = [
    "BHHeader",
    "BHMove",
    "BHRecord",
    "format_move",
    "parse_move",
    "parse_record",
    "read_record",
    "record_to_text",
    "remove_last_move",
    "seat_move",
]

EDITION = "black-hills"
_CLAIM = re.compile(r"\{\s*(?P<n>\d{1,9})\s*\}\s*$")


@dataclass(frozen=True, slots=True)
class BHHeader:
    players: tuple[str, ...]
    seed: int = 1
    sheriff: str | None = None
    options: BHOptions = field(default_factory=BHOptions)
    seeded: bool = True  # the record writes `[Seed]`: the seed deals at a served table


@dataclass(frozen=True, slots=True)
class BHMove:
    text: str  # the turn in the notation, without the claim
    player: str
    claimed: int | None = None  # the reputation the table wrote down after the turn
    line: int = 0
    # Chance's outcome written in by the served table (`game/dealing.py`), not by the seat:
    # a preview shows the turn without it (`public_move.listed_move`).
    dealt: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class BHRecord:
    header: BHHeader
    moves: tuple[BHMove, ...] = ()


def parse_move(text: str, line: int = 0, source: str = "MOVE") -> BHMove:
    """One turn line: `ann: miner; invest {2}`."""
    body = strip_comment(text).strip()
    claimed = None
    m = _CLAIM.search(body)
    if m:
        claimed = int(m["n"])
        body = body[: m.start()].strip()
    try:
        player, _ = parse_turn(body)
    except InvalidTurnError as exc:
        raise InputError(
            source, f"line {line}" if line else repr(body), exc.reason.message
        ) from None
    # Cards named as printed (`keep Explorer "Gold Digger"`) are held by their ids.
    return BHMove(card_ids(body), player, claimed, line)


def parse_record(text: str, source: str = "record") -> BHRecord:
    tags: dict[str, str] = {}
    moves: list[BHMove] = []
    for entry in record_lines(text):
        n, body = entry.number, entry.body
        if entry.tag is not None and entry.value is not None:
            if moves:
                raise InputError(source, f"line {n}", "a tag after the first move")
            key = entry.tag.lower()
            if key not in ("edition", "players", "seed", "sheriff", "options"):
                raise InputError(source, f"line {n}", f"unknown tag {entry.tag!r}")
            tags[key] = entry.value.strip()
            continue
        if len(moves) == MAX_MOVES:
            raise InputError(source, f"line {n}", f"more than {MAX_MOVES} moves (the limit)")
        moves.append(parse_move(body, n, source))
    if tags.get("edition", "").lower() != EDITION:
        raise InputError(source, "Edition", f'a Black Hills record starts [Edition "{EDITION}"]')
    players = players_of(tags.get("players", ""))  # as written: `Jürgen, Anna Lena`
    if not players:
        raise InputError(source, "Players", 'name the players: [Players "ann, bob"]')
    seed = tags.get("seed", "1")
    if not (seed.isascii() and seed.isdecimal() and len(seed) <= MAX_INT_DIGITS):
        raise InputError(
            source, "Seed", f"{clip(seed)} is not a whole number of at most {MAX_INT_DIGITS} digits"
        )
    sheriff = seated(tags["sheriff"], players) if tags.get("sheriff") else None
    options = parse_options_text(tags.get("options", ""), source)
    seated_moves = tuple(seat_move(mv, players) for mv in moves)
    header = BHHeader(players, int(seed), sheriff, options, "seed" in tags)
    return BHRecord(header, seated_moves)


def seat_move(mv: BHMove, players: Sequence[str]) -> BHMove:
    """The turn with its player spelt as the table's `players` are (`jürgen: miner` is
    Jürgen's turn), in its text too: the text is what is replayed and written back. The
    players it robs are seated where it is refereed (`seat_actions`)."""
    player = seated(mv.player, players)
    if player == mv.player:
        return mv
    return replace(mv, player=player, text=f"{player}: {mv.text.partition(':')[2].strip()}")


def read_record(path: Path) -> BHRecord:
    return parse_record(read_text(path), str(path))


def record_to_text(rec: BHRecord) -> str:
    h = rec.header
    lines = [f'[Edition "{EDITION}"]', f'[Players "{", ".join(h.players)}"]', f'[Seed "{h.seed}"]']
    if h.sheriff:
        lines.append(f'[Sheriff "{h.sheriff}"]')
    if h.options.text():
        lines.append(f'[Options "{h.options.text()}"]')
    lines.append("")
    lines.extend(format_move(mv) for mv in rec.moves)
    return "\n".join(lines) + "\n"


def format_move(mv: BHMove) -> str:
    """A turn as a record writes it: the notation, then the claimed reputation."""
    return mv.text + (f" {{{mv.claimed}}}" if mv.claimed is not None else "")


def remove_last_move(text: str, source: str = "record") -> tuple[str, str, int]:
    """The text without its last turn line: the new text, the line taken off, its number."""
    return remove_last_line(text, source)
