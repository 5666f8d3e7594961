"""Dry Gulch game records: a plain-text notation a person can write at the table, in the
style of the deduction games' records (`deduction/game/record.py`).

A record is a header of tag pairs, then one move a line::

    [Edition "dry-gulch"]
    [Players "ann, bob, cid"]            # seat order, the starting player first
    [Seed "7"]                           # the stacks shuffled from it, and every draw
    [Residences "ann=s01, bob=s05"]      # optional: where each residence stands, or
                                         # "in turn": each player chooses by a move
    [Options "half=up, open-permits=true"]  # optional: the table's options (`options.py`)
    [Picks "cid=bank hotel, ann=opera"]  # option advanced-setup: the permits each picks
    [Hands "ann=lumber brick food food labor:2 | saloon bank hotel"]  # a real table's deal

    ann: build residence at nw-1         # [Residences "in turn"]: the set-up's moves,
                                         # each player in seat order (DG-SETUP-1)
    ann: events discard fire take iou    # the event phase (not in the first round)
    ann: draw resources                  # or: draw permit discard ID | permit stack ID | bank
    ann: build saloon at s12 {4}         # a building from a permit, on a site, paid with
    ann: build bank at s30 paying brick mason labor:3   # the proposed payment or the named
    ann: fire s07                        # a misfortune from the hand (also: vandalism SITE)
    ann: play silk-lace                  # a violet card from the hand or face up
    ann: play land-grant                 # a face-up card without a triangle
    ann: play gunfight-in-the-saloon at s09   # one played against a building
    ann: discard lumber labor:2          # rewards, then the discard phase: the turn ends

A table with real cards names what it really drew or turned up; without names every
draw comes from `[Seed]` (a record without one deals from seed 1). A record with a
`[Seed]` served to seats is the seed's game: there a move names no draw (`chance.py`).
Named cards are refereed for being in their stack (its own cards before its reshuffled
discards), not for their order (`decks.draw_named`)::

    ann: draw resources lumber brick food                # the three drawn
    ann: draw permit stack hotel discarding opera        # the two taken, hotel kept
    ann: draw bank lumber labor:2 permit saloon          # the Bank's two and its permit
    ann: fire s07 losing brick event:iou                 # the cards drawn from the owner,
                                                         # in the order of those who draw
    ann: discard lumber rewards brick food               # the rewards drawn, seat order
    ann: discard over bob: event:iou lumber cid: food    # the random discards over the
                                                         # hand limit, each player's
    ann: draw resources food food lumber bank brick mason permit bank   # bank-draw=extra
    ann: events turned fire iou land-grant discard fire take iou        # the three turned up
    ann: play wells-fargo-wagon losing event:iou brick food drawing lumber lumber ...  # the
                            # cards drawn from hands, in the order of the draws, then those
                            # from the resource stack, in the order of who takes them
    ann: play land-grant permit hotel                    # the permit drawn
    ann: fire s07 losing ace brick food                  # the Ace shown before an I.O.U.,
                                                         # the I.O.U. set aside (kept)

`draw permit stack ID` keeps ID (the other of the two goes face up to the discards). The
deal is the header's `[Hands]` (each player's 5 resources, then `|` and 3 permits; either
alone; a player not named is dealt from the seed's stacks, what the others named taken out).

`{n}` is the influence the table counted for the player after the move (optional; replay
checks it). Everything after `#` is a comment; a move may start with a number (`12.`).
Reading collects every error with its line number instead of stopping at the first;
writing then reading gives the same record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_text
from adjudicator.core.limits import MAX_INT_DIGITS, MAX_MOVES, clip
from adjudicator.core.names import players_of, seated
from adjudicator.core.record_text import LinesError, record_lines, remove_last_line
from adjudicator.dry_gulch.game.notation import (
    WORD,
    Move,
    format_move,
    parse_move,
    seat_move,
)
from adjudicator.dry_gulch.options import DGOptions, options_from, options_pairs, options_text

__all__ = [
    "EDITION",
    "IN_TURN",
    "DGHeader",
    "DGRecord",
    "DGRecordError",
    "Move",
    "format_move",
    "header_text",
    "parse_move",
    "read_record",
    "record_from_text",
    "record_to_text",
    "remove_last_move",
]

EDITION = "dry-gulch"
#: `[Residences "in turn"]`: no residence is placed for the players; each chooses a free
#: edge site by a move, in seat order from the starting player, before the first turn.
IN_TURN = "in turn"


class DGRecordError(LinesError):
    """A Dry Gulch record with one or more errors, each with its line number."""


@dataclass(frozen=True, slots=True)
class DGHeader:
    players: tuple[str, ...]
    seed: int = 1
    residences: dict[str, str] = field(default_factory=dict)
    options: DGOptions = field(default_factory=DGOptions)
    picks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # advanced-setup
    # A real table's deal: each player's 5 resources and 3 permits (empty: the seed's).
    hands: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    # Whether the record says its `[Seed]`: a record without one is a real table's (`seed`
    # still deals what it does not name), whose moves name what chance gave them.
    seeded: bool = True
    # `[Residences "in turn"]`: the residences are the record's first moves (DG-SETUP-1)
    in_turn: bool = False


@dataclass(frozen=True, slots=True)
class DGRecord:
    header: DGHeader
    moves: tuple[Move, ...] = ()


def _player_pairs(
    text: str, form: str, line: int, errors: list[tuple[int, str]]
) -> list[tuple[str, str]]:
    """A tag's `NAME=VALUE` parts (split at `,` or `;`), each as written; a part that is not
    one, or has no value, is an error on `line` showing the `form` to write."""
    out = []
    for part in text.replace(";", ",").split(","):
        if part.strip():
            name, eq, value = part.partition("=")
            if not eq or not name.strip() or not value.strip():
                errors.append((line, f"write {form}, found {clip(part.strip())}"))
            else:
                out.append((name, value))
    return out


def _header(tags: dict[str, tuple[int, str]], errors: list[tuple[int, str]]) -> DGHeader:
    for name, (line, _) in tags.items():
        if name not in ("edition", "players", "seed", "residences", "options", "picks", "hands"):
            errors.append(
                (
                    line,
                    f"unknown tag {clip(name)} (Edition, Players, Seed, Residences, Options, "
                    "Picks, Hands)",
                )
            )
    line, edition = tags.get("edition", (1, ""))
    if edition.strip().lower() != EDITION:
        errors.append((line, f'a Dry Gulch record says [Edition "{EDITION}"]'))
    line, text = tags.get("players", (1, ""))
    players = players_of(text)  # as written: `Jürgen, Anna Lena`
    if not players:
        errors.append((line, 'name the players: [Players "ann, bob, cid"]'))
    seed = 1
    if "seed" in tags:
        line, text = tags["seed"]
        digits = text.strip()
        if digits.isascii() and digits.isdecimal() and len(digits) <= MAX_INT_DIGITS:
            seed = int(digits)
        else:
            errors.append((line, f"the seed is a whole number, not {clip(text)}"))
    residences: dict[str, str] = {}
    in_turn = False
    if "residences" in tags:
        line, text = tags["residences"]
        in_turn = " ".join(text.lower().split()) == IN_TURN
        for name, site in [] if in_turn else _player_pairs(text, "NAME=SITE", line, errors):
            residences[seated(name, players)] = site.strip().lower()
    options = DGOptions()
    if "options" in tags:
        line, text = tags["options"]
        try:
            options = options_from(options_pairs(text), "record", "Options")
        except ValueError as exc:
            errors.append((line, str(exc)))
        except InputError as exc:
            errors.append((line, f"{exc.entry}: {exc.problem}"))
    picks: dict[str, tuple[str, ...]] = {}
    if "picks" in tags:
        line, text = tags["picks"]
        for name, chosen in _player_pairs(text, "NAME=PERMIT [PERMIT]", line, errors):
            picks[seated(name, players)] = tuple(chosen.lower().split())
    hands: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    if "hands" in tags:
        line, text = tags["hands"]
        for part in text.split(","):
            if part.strip():
                name, eq, cards = part.partition("=")
                resources, _, permits = cards.lower().partition("|")
                words = resources.split() + permits.split()
                if (
                    not eq
                    or not name.strip()
                    or not words
                    or "|" in permits
                    or not all(WORD.match(w) for w in words)
                ):
                    errors.append(
                        (line, f"write NAME=CARD ... [| PERMIT ...], found {clip(part.strip())}")
                    )
                else:
                    hands[seated(name, players)] = (
                        tuple(resources.split()),
                        tuple(permits.split()),
                    )
    return DGHeader(players, seed, residences, options, picks, hands, "seed" in tags, in_turn)


def record_from_text(text: str, source: str = "record") -> DGRecord:
    """A record read from its text; every error collected with its line number."""
    errors: list[tuple[int, str]] = []
    tags: dict[str, tuple[int, str]] = {}
    moves: list[Move] = []
    for entry in record_lines(text):
        n, line = entry.number, entry.body
        if entry.tag is not None and entry.value is not None:
            if moves:
                errors.append((n, "a tag comes before the first move"))
            name = entry.tag.lower()
            if name in tags:
                errors.append((n, f"tag {entry.tag!r} given twice"))
            tags[name] = (n, entry.value)
            continue
        if len(moves) == MAX_MOVES:
            errors.append((n, f"more than {MAX_MOVES} moves (the limit)"))
            break
        try:
            moves.append(parse_move(line, n))
        except ValueError as exc:
            errors.append((n, str(exc)))
    header = _header(tags, errors)
    if errors:
        raise DGRecordError(source, sorted(errors))
    return DGRecord(header, tuple(seat_move(m, header.players) for m in moves))


def header_text(h: DGHeader) -> list[str]:
    out = [f'[Edition "{EDITION}"]', f'[Players "{", ".join(h.players)}"]']
    if h.seeded:
        out.append(f'[Seed "{h.seed}"]')
    if h.in_turn:
        out.append(f'[Residences "{IN_TURN}"]')
    elif h.residences:
        pairs = ", ".join(f"{k}={v}" for k, v in h.residences.items())
        out.append(f'[Residences "{pairs}"]')
    if options_text(h.options):
        out.append(f'[Options "{options_text(h.options)}"]')
    if h.picks:
        pairs = ", ".join(f"{k}={' '.join(v)}" for k, v in h.picks.items())
        out.append(f'[Picks "{pairs}"]')
    if h.hands:
        pairs = ", ".join(
            f"{k}={' '.join(r)}" + (f" | {' '.join(p)}" if p else "")
            for k, (r, p) in h.hands.items()
        )
        out.append(f'[Hands "{pairs}"]')
    return out


def record_to_text(record: DGRecord) -> str:
    lines = header_text(record.header) + [""] + [format_move(m) for m in record.moves]
    return "\n".join(lines) + "\n"


def read_record(path: Path) -> DGRecord:
    return record_from_text(read_text(path), str(path))


def remove_last_move(text: str, source: str = "record") -> tuple[str, str, int]:
    """The record's text without its last move line (comments and the header kept): the
    new text, the line taken off and its number."""
    return remove_last_line(text, source)
