"""Dry Gulch game records: a plain-text notation a person can write at the table, in the
style of the deduction games' records (`deduction/game/record.py`).

A record is a header of tag pairs, then one move a line::

    [Edition "dry-gulch"]
    [Players "ann, bob, cid"]            # seat order, the starting player first
    [Seed "7"]                           # the stacks shuffled from it, and every draw
    [Residences "ann=s01, bob=s05"]      # optional: where each residence stands
    [Options "half=up, open-permits=true"]  # optional: the table's options (`options.py`)
    [Picks "cid=bank hotel, ann=opera"]  # option advanced-setup: the permits each picks
    [Hands "ann=lumber brick food food labor:2 | saloon bank hotel"]  # a real table's deal

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
draw comes from `[Seed]`. Named cards are refereed for being in their stack (its own cards
before its reshuffled discards), not for their order (`decks.draw_named`)::

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

import re
from dataclasses import field
from pathlib import Path

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_text
from adjudicator.core.limits import MAX_INT_DIGITS, MAX_MOVES, clip
from adjudicator.core.record import record
from adjudicator.dry_gulch.draw import read_draw
from adjudicator.dry_gulch.options import DGOptions, options_from, options_pairs, options_text

__all__ = [
    "EDITION",
    "Build",
    "DGHeader",
    "DGRecord",
    "DGRecordError",
    "Discard",
    "Draw",
    "EventCard",
    "Events",
    "Misfortune",
    "Move",
    "Reopen",
    "Violet",
    "format_move",
    "header_text",
    "moves_as_written",
    "parse_move",
    "read_record",
    "record_from_text",
    "record_to_text",
    "remove_last_move",
]

EDITION = "dry-gulch"


class DGRecordError(InputError):
    """A record with one or more errors, each with its line number."""

    def __init__(self, source: str, errors: list[tuple[int, str]]) -> None:
        self.errors = errors
        first_line, first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(source, f"line {first_line}", first + more)


@record
class DGHeader:
    players: tuple[str, ...]
    seed: int = 1
    residences: dict[str, str] = field(default_factory=dict)
    options: DGOptions = field(default_factory=DGOptions)
    picks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # advanced-setup
    # A real table's deal: each player's 5 resources and 3 permits (empty: the seed's).
    hands: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)


@record
class Move:
    player: str
    claimed: int | None = None  # the influence the table counted after the move
    line: int = 0


@record
class Events(Move):
    discard: str = ""
    take: tuple[str, ...] = ()
    turned: tuple[str, ...] = ()  # the cards a real table turned up (none: the seed's)


@record
class Draw(Move):
    how: tuple[str, ...] = ()  # the words of `draw.draw_phase`


@record
class Build(Move):
    permit: str = ""
    site: str = ""
    paying: tuple[str, ...] = ()  # the cards named (DG-PAY-KEEP); none: the proposal


@record
class Misfortune(Move):
    event: str = ""  # fire or vandalism
    site: str = ""
    losing: tuple[str, ...] = ()  # the cards a real table drew from the owner (none: seed's)


@record
class Violet(Move):
    event: str = ""


@record
class EventCard(Move):
    """A face-up card played against a building's site (`play ID at SITE`: the Gunfight
    in the Saloon), or with the cards a real table drew for it named (`play ID [at SITE]
    [losing CARD ...] [drawing CARD ...] [permit ID]`); `play ID` alone is a `Violet`
    move, whatever the card's triangle."""

    event: str = ""
    site: str = ""  # empty: played against no building, with cards named below
    # The cards a real table drew for it (none: the seed's): from hands, in the order of
    # the draws; from the resource stack, in the order of who takes them; Land Grant's.
    losing: tuple[str, ...] = ()
    drawing: tuple[str, ...] = ()
    permit: str = ""


@record
class Discard(Move):
    cards: tuple[str, ...] = ()
    rewards: tuple[str, ...] = ()  # the reward cards a real table drew (none: the seed's)
    # The cards a real table discarded at random over the hand limit, by player (none named:
    # the seed's).
    over: tuple[tuple[str, tuple[str, ...]], ...] = ()


@record
class Reopen(Move):
    """Option city-hall: two cards discarded to reopen the City Hall (`reopen CARD CARD`)."""

    cards: tuple[str, ...] = ()


@record
class DGRecord:
    header: DGHeader
    moves: tuple[Move, ...] = ()


_MOVE = re.compile(r"^(?:\d+\.\s*)?([a-z0-9_-]+)\s*:\s*(.*?)\s*(?:\{\s*(\d{1,9})\s*\})?\s*$")
_TAG = re.compile(r'^\[\s*([A-Za-z]+)\s+"([^"]*)"\s*\]$')
_WORD = re.compile(r"^[a-z0-9][a-z0-9:_-]*$")


def parse_move(text: str, line: int = 0) -> Move:
    """One move (`ann: build saloon at s12 {4}`); `ValueError` says what is wrong."""
    m = _MOVE.match(_strip_comment(text).strip().lower())
    if m is None:
        raise ValueError(
            f"{clip(text.strip())}: a move is 'NAME: ...' (e.g. 'ann: draw resources')"
        )
    player, body, claim = m.group(1), m.group(2), m.group(3)
    claimed = int(claim) if claim is not None else None
    words = body.split()
    for w in words:
        if not _WORD.match(w):
            raise ValueError(f"{clip(w)}: not a word of the notation")
    head, rest = (words[0], words[1:]) if words else ("", [])
    if head == "events" and "discard" in rest:  # [turned ID ID ID] discard ID [take ...]
        at = rest.index("discard")
        turned, take = rest[:at], rest[at + 2 :]
        if (
            (turned and (turned[0] != "turned" or len(turned) == 1))
            or at + 1 == len(rest)
            or (take and take[0] != "take")
            or take == ["take"]
        ):
            raise ValueError("write 'events [turned ID ID ID] discard ID [take ID ...]'")
        return Events(player, claimed, line, rest[at + 1], tuple(take[1:]), tuple(turned[1:]))
    if head == "draw" and rest:
        try:
            read_draw(rest)  # the words' shape only
        except ValueError as exc:
            raise ValueError(f"{clip(body)}: a move is 'draw' and {exc}") from None
        return Draw(player, claimed, line, tuple(rest))
    if head == "build" and len(rest) == 3 and rest[1] == "at":
        return Build(player, claimed, line, rest[0], rest[2])
    if head == "build" and len(rest) > 4 and rest[1] == "at" and rest[3] == "paying":
        return Build(player, claimed, line, rest[0], rest[2], tuple(rest[4:]))
    if head in ("fire", "vandalism") and len(rest) == 1:
        return Misfortune(player, claimed, line, head, rest[0])
    if head in ("fire", "vandalism") and len(rest) > 2 and rest[1] == "losing":
        return Misfortune(player, claimed, line, head, rest[0], tuple(rest[2:]))
    if head == "play" and len(rest) > 1:
        return _event_card(player, claimed, line, rest)
    if head == "play" and len(rest) == 1:
        return Violet(player, claimed, line, rest[0])
    if head == "discard":  # discard [CARD ...] [rewards CARD ...] [over NAME: CARD ...]
        shape = "write 'discard [CARD ...] [rewards CARD ...] [over NAME: CARD ... ...]'"
        cut = rest.index("over") if "over" in rest else len(rest)
        over = _over(rest[cut + 1 :]) if cut < len(rest) else ()
        if over is None:
            raise ValueError(shape)
        rest = rest[:cut]
        at = rest.index("rewards") if "rewards" in rest else len(rest)
        if at == len(rest) - 1:
            raise ValueError(shape)
        return Discard(player, claimed, line, tuple(rest[:at]), tuple(rest[at + 1 :]), over)
    if head == "reopen" and len(rest) == 2:
        return Reopen(player, claimed, line, tuple(rest))
    raise ValueError(
        f"{clip(body)}: a move is 'events [turned ID ID ID] discard ID [take ID ...]', 'draw "
        "resources|permit discard ID|permit stack ID|bank', 'build PERMIT at SITE [paying CARD "
        "...]', 'fire SITE [losing CARD ...]', 'vandalism SITE [losing CARD]', 'play ID [at "
        "SITE] [losing CARD ...] [drawing CARD ...] [permit ID]', 'reopen CARD CARD' or "
        "'discard [CARD ...] [rewards CARD ...] [over NAME: CARD ...]'"
    )


def _event_card(player: str, claimed: int | None, line: int, rest: list[str]) -> EventCard:
    """`ID [at SITE] [losing CARD ...] [drawing CARD ...] [permit ID]` read."""
    shape = "write 'play ID [at SITE] [losing CARD ...] [drawing CARD ...] [permit ID]'"
    event, words = rest[0], rest[1:]
    site = ""
    if words[:1] == ["at"]:
        if len(words) < 2:
            raise ValueError(shape)
        site, words = words[1], words[2:]
    parts: dict[str, list[str]] = {}
    keys = ("losing", "drawing", "permit")
    for w in words:
        if w in keys:
            if any(keys.index(k) >= keys.index(w) for k in parts):  # once each, in order
                raise ValueError(shape)
            parts[w] = []
        elif parts:
            parts[list(parts)[-1]].append(w)
        else:
            raise ValueError(shape)
    if any(not v for v in parts.values()) or len(parts.get("permit", [""])) != 1:
        raise ValueError(shape)
    return EventCard(
        player,
        claimed,
        line,
        event,
        site,
        tuple(parts.get("losing", ())),
        tuple(parts.get("drawing", ())),
        parts.get("permit", [""])[0],
    )


def _over(words: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """`ann: lumber brick bob: food` read as each player's cards (None: not that shape)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for w in words:
        if w.endswith(":") and w.count(":") == 1 and len(w) > 1:
            if (out and not out[-1][1]) or any(n == w[:-1] for n, _ in out):
                return None
            out.append((w[:-1], ()))
        elif out:
            out[-1] = (out[-1][0], (*out[-1][1], w))
        else:
            return None
    return tuple(out) if out and out[-1][1] else None


def format_move(move: Move) -> str:
    """The move as written in a record (`parse_move` reads it back)."""
    if isinstance(move, Events):
        turned = f"turned {' '.join(move.turned)} " if move.turned else ""
        body = f"events {turned}discard {move.discard}" + (
            f" take {' '.join(move.take)}" if move.take else ""
        )
    elif isinstance(move, Draw):
        body = "draw " + " ".join(move.how)
    elif isinstance(move, Build):
        body = f"build {move.permit} at {move.site}" + (
            f" paying {' '.join(move.paying)}" if move.paying else ""
        )
    elif isinstance(move, Misfortune):
        body = " ".join((move.event, move.site, *(("losing", *move.losing) if move.losing else ())))
    elif isinstance(move, Violet):
        body = f"play {move.event}"
    elif isinstance(move, EventCard):
        body = " ".join(
            (
                "play",
                move.event,
                *(("at", move.site) if move.site else ()),
                *(("losing", *move.losing) if move.losing else ()),
                *(("drawing", *move.drawing) if move.drawing else ()),
                *(("permit", move.permit) if move.permit else ()),
            )
        )
    elif isinstance(move, Discard):
        over = [w for name, cards in move.over for w in (f"{name}:", *cards)]
        body = " ".join(
            (
                "discard",
                *move.cards,
                *(("rewards", *move.rewards) if move.rewards else ()),
                *(("over", *over) if over else ()),
            )
        )
    elif isinstance(move, Reopen):
        body = " ".join(("reopen", *move.cards))
    else:  # pragma: no cover - every kind is above
        raise TypeError(type(move).__name__)
    claim = f" {{{move.claimed}}}" if move.claimed is not None else ""
    return f"{move.player}: {body}{claim}"


def _strip_comment(line: str) -> str:
    return line.split("#", 1)[0]


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
    players = tuple(p.strip().lower() for p in text.split(",") if p.strip())
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
    if "residences" in tags:
        line, text = tags["residences"]
        for part in text.replace(";", ",").split(","):
            if part.strip():
                name, eq, site = part.partition("=")
                if not eq or not name.strip() or not site.strip():
                    errors.append((line, f"write NAME=SITE, found {clip(part.strip())}"))
                else:
                    residences[name.strip().lower()] = site.strip().lower()
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
        for part in text.replace(";", ",").split(","):
            if part.strip():
                name, eq, chosen = part.partition("=")
                if not eq or not name.strip() or not chosen.split():
                    errors.append((line, f"write NAME=PERMIT [PERMIT], found {clip(part.strip())}"))
                else:
                    picks[name.strip().lower()] = tuple(chosen.lower().split())
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
                    or not all(_WORD.match(w) for w in words)
                ):
                    errors.append(
                        (line, f"write NAME=CARD ... [| PERMIT ...], found {clip(part.strip())}")
                    )
                else:
                    hands[name.strip().lower()] = (tuple(resources.split()), tuple(permits.split()))
    return DGHeader(players, seed, residences, options, picks, hands)


def record_from_text(text: str, source: str = "record") -> DGRecord:
    """A record read from its text; every error collected with its line number."""
    errors: list[tuple[int, str]] = []
    tags: dict[str, tuple[int, str]] = {}
    moves: list[Move] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        tag = _TAG.match(line)
        if tag is not None:
            if moves:
                errors.append((n, "a tag comes before the first move"))
            name = tag.group(1).lower()
            if name in tags:
                errors.append((n, f"tag {tag.group(1)!r} given twice"))
            tags[name] = (n, tag.group(2))
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
    return DGRecord(header, tuple(moves))


def header_text(h: DGHeader) -> list[str]:
    out = [f'[Edition "{EDITION}"]', f'[Players "{", ".join(h.players)}"]', f'[Seed "{h.seed}"]']
    if h.residences:
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


def moves_as_written(text: str, source: str = "record") -> list[str]:
    """A record's moves, each as `format_move` writes it: what a commit reads back."""
    return [format_move(m) for m in record_from_text(text, source).moves]


def record_to_text(record: DGRecord) -> str:
    lines = header_text(record.header) + [""] + [format_move(m) for m in record.moves]
    return "\n".join(lines) + "\n"


def read_record(path: Path) -> DGRecord:
    return record_from_text(read_text(path), str(path))


def remove_last_move(text: str, source: str = "record") -> tuple[str, str, int]:
    """The record's text without its last move line (comments and the header kept): the
    new text, the line taken off and its number."""
    lines = text.splitlines(keepends=True)
    for i in range(len(lines) - 1, -1, -1):
        body = _strip_comment(lines[i]).strip()
        if body and not _TAG.match(body):
            return "".join(lines[:i] + lines[i + 1 :]), lines[i].rstrip("\n"), i + 1
    raise InputError(source, "", "has no move to take back")
