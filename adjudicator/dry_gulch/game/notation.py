"""The Dry Gulch move notation: one move a line of a record (`record.py` describes it),
as typed values. `parse_move` reads a line, `format_move` writes it back, and
`str(move)` is that line, as python-chess's `Move.uci()` is a move's text; `repr(move)`
is the value in Python (`Draw(player='ann', ..., how=('resources',))`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from adjudicator.core.german import german_ids, german_names, name_key
from adjudicator.core.limits import clip
from adjudicator.core.names import PLAYER, seated, written_name
from adjudicator.core.record_text import strip_comment
from adjudicator.dry_gulch.draw import DrawWords, read_draw

__all__ = [
    "WORD",
    "Build",
    "Discard",
    "Draw",
    "EventCard",
    "Events",
    "Misfortune",
    "Move",
    "Reopen",
    "Violet",
    "format_move",
    "parse_move",
    "seat_move",
    "strip_comment",
]


@dataclass(frozen=True, slots=True)
class Move:
    player: str
    claimed: int | None = None  # the influence the table counted after the move
    line: int = 0

    def __str__(self) -> str:
        return format_move(self)


@dataclass(frozen=True, slots=True)
class Events(Move):
    discard: str = ""
    take: tuple[str, ...] = ()
    turned: tuple[str, ...] = ()  # the cards a real table turned up (none: the seed's)


@dataclass(frozen=True, slots=True)
class Draw(Move):
    how: tuple[str, ...] = ()  # the words of `draw.draw_phase`

    @property
    def words(self) -> DrawWords:
        """The draw read (`parse_move` has checked its shape)."""
        return read_draw([w.lower() for w in self.how])


@dataclass(frozen=True, slots=True)
class Build(Move):
    permit: str = ""
    site: str = ""
    paying: tuple[str, ...] = ()  # the cards named (DG-PAY-KEEP); none: the proposal


@dataclass(frozen=True, slots=True)
class Misfortune(Move):
    event: str = ""  # fire or vandalism
    site: str = ""
    losing: tuple[str, ...] = ()  # the cards a real table drew from the owner (none: seed's)


@dataclass(frozen=True, slots=True)
class Violet(Move):
    event: str = ""


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Discard(Move):
    cards: tuple[str, ...] = ()
    rewards: tuple[str, ...] = ()  # the reward cards a real table drew (none: the seed's)
    # The cards a real table discarded at random over the hand limit, by player (none named:
    # the seed's).
    over: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class Reopen(Move):
    """Option city-hall: two cards discarded to reopen the City Hall (`reopen CARD CARD`)."""

    cards: tuple[str, ...] = ()


_MOVE = re.compile(rf"^(?:\d+\.\s*)?({PLAYER})\s*:\s*(.*?)\s*(?:\{{\s*(\d{{1,9}})\s*\}})?\s*$")
#: A word of the notation: an id, a site, a card (`labor:2`), a player (`jürgen:`).
WORD = re.compile(r"^[^\W_][\w:'-]*$")


def parse_move(text: str, line: int = 0) -> Move:
    """One move (`ann: build saloon at s12 {4}`); `ValueError` says what is wrong."""
    m = _MOVE.match(strip_comment(text).strip())
    if m is None:
        raise ValueError(
            f"{clip(text.strip())}: a move is 'NAME: ...' (e.g. 'ann: draw resources')"
        )
    # The player as written (the record's reader seats them); the rest in lower case.
    player, body, claim = written_name(m.group(1)), m.group(2).lower(), m.group(3)
    claimed = int(claim) if claim is not None else None
    words = _words(body)
    for w in words:
        if not WORD.match(w):
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


def _words(body: str) -> list[str]:
    """The words of a move, a German name of several words (`Sheriffs Büro`) read as its
    one id, the longest name first, then each word as `_english` reads it."""
    words, out, longest = body.split(), [], _longest_german()
    i = 0
    while i < len(words):
        for n in range(min(longest, len(words) - i), 1, -1):
            ident = german_ids(_CARDS).get(name_key(" ".join(words[i : i + n])))
            if ident is not None:
                out.append(ident)
                i += n
                break
        else:
            out.append(_english(words[i]))
            i += 1
    return out


@lru_cache(maxsize=1)
def _longest_german() -> int:
    """The most words a German name of the cards' data file has."""
    return max((len(n.split()) for n in german_names(_CARDS).values()), default=1)


#: The data file whose `[german]` table names Dry Gulch's permits and resources.
_CARDS = "cards/dry-gulch"


@lru_cache(maxsize=2048)  # each word of each move of a record, each time it is read
def _english(word: str) -> str:
    """A word of a move with a building or resource named in German as its id (`laden`
    is `general-store`, `arbeit:2` is `labor:2`): the `[german]` table of the cards' data
    file, none of whose names is a word of the notation. Other words as they are."""
    name, colon, rest = word.partition(":")
    ids = german_ids(_CARDS)
    return f"{ids.get(name, name)}{colon}{rest}" if name in ids else word


def seat_move(move: Move, players: Sequence[str]) -> Move:
    """The move with each player it names spelt as the table's `players` spell them:
    `jürgen: draw resources` is Jürgen's move, `over käthe: ...` Käthe's cards."""
    player = seated(move.player, players)
    if isinstance(move, Discard) and move.over:
        over = tuple((seated(who, players), cards) for who, cards in move.over)
        return replace(move, player=player, over=over)
    return move if player == move.player else replace(move, player=player)


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
