"""One move of a record as a line of the notation (see `record.py`) and back: `parse_move`
reads a line, `format_move` writes it (the two round-trip), `parse_marker` a marker a
discard takes."""

from __future__ import annotations

import re

from adjudicator.core.evolve import evolve
from adjudicator.core.names import PLAYER, written_name
from adjudicator.deduction.game import moves
from adjudicator.deduction.game.moves import Move
from adjudicator.deduction.models.edition import GERMAN_FILES
from adjudicator.deduction.models.printed_card import building_id, card_in, is_printed
from adjudicator.deduction.models.state import GameState

__all__ = [
    "GERMAN_FILES",
    "building_id",
    "format_move",
    "parse_marker",
    "parse_move",
    "pile_words",
    "read_printed",
]

_NAME = PLAYER
_ID = r"[a-z0-9]+(?:-[a-z0-9]+)*"
_CLAIM = r"(?:\s*\{\s*(?P<claimed>-?\d+)\s*\})?"
_MOVE = re.compile(rf"^(?:\d+\.\s*)?(?P<player>{_NAME})\s*:\s*(?P<body>.*?){_CLAIM}\s*$", re.I)
_DRAW = re.compile(rf"^(?:\d+\.\s*)?(?P<player>{_NAME})\s+draws?\s+(?P<cards>[\d\s,]+)$", re.I)
#: A draw as a choice of piles (T2): `ann draws from the building pile`, Old Town's own pile
#: `ann draws from ann's own pile`, two cards `..., then the common pile`.
_DRAW_FROM = re.compile(
    rf"^(?:\d+\.\s*)?(?P<player>{_NAME})\s+draws?\s+from\s+(?P<piles>.+?)\s*$", re.I
)
#: A draw's words after `NAME:` (`draws from ...`, `draw 17`): read as the draw itself.
_A_DRAW = re.compile(r"^draws?\s+(?:from\s+\S|[\d\s,]+$)", re.I)
_PILE = re.compile(
    rf"^(?:the\s+)?(?:(?P<own>{_NAME})'s\s+(?:own\s+)?|(?P<name>{_ID})\s+)pile$", re.I
)
_THEN = re.compile(r"\s*,\s*then\s+|\s*,\s*", re.I)
#: A building in a marker (a discard's `take`, `parse_marker`): its id or a one-word name,
#: in any letters (`laundry@c3`, `Wäscherei@c3`); read as its id.
_MARKED = r"[^\W_]+(?:-[^\W_]+)*"
#: A building as a player may write it after `as` or `buy`: its id, its
#: printed name or its German name, in any case and any letters (`stage-coach-office`,
#: `Stage Coach Office`, `Printer's`, `Wäscherei`); read as its id (`building_id`).
_NAMED = r"[^\W_][\w' -]*?"
_ONE_PLAY = re.compile(rf"^(?P<card>\d+)(?:\s+as\s+(?P<as>{_NAMED}))?$", re.I)
#: A card by its printed map (`models/printed_card.py`), read on the board when it is ruled.
_PRINTED_PLAY = re.compile(rf"^(?P<card>[a-z0-9+]+\s*:.*?@.*?)(?:\s+as\s+(?P<as>{_NAMED}))?$", re.I)
_DISCARD = re.compile(
    rf"^discard\s+(?P<a>\d+)\s*,?\s*(?P<b>\d+)\s+take\s+(?P<bld>{_MARKED})\s*@\s*(?P<sp>{_ID})$",
    re.I,
)
_BUY = re.compile(rf"^buy\s+(?P<bld>{_NAMED})$", re.I)
#: Old Town's refill (A4): buildings by id or one-word name (`take bank wäscherei`), or
#: by any names between commas (`take Stage Coach Office, Schule`).
_TAKE = re.compile(r"^take\s+(?P<blds>[^\W_][\w' ,-]*)$", re.I)


def parse_move(text: str) -> Move:
    """One move line (without comment). Raises ValueError with a plain message."""
    text = text.strip()
    m = _DRAW.match(text)
    if m:
        cards = tuple(int(c) for c in re.split(r"[\s,]+", m["cards"].strip()) if c)
        return moves.Draw(written_name(m["player"]), cards)
    m = _DRAW_FROM.match(text)
    if m:
        return moves.DrawFrom(
            written_name(m["player"]), tuple(_pile(p) for p in _THEN.split(m["piles"]))
        )
    m = _MOVE.match(text)
    if not m:
        raise ValueError(f"cannot read {text!r}: write a move as 'NAME: ACTION'")
    player = written_name(m["player"])  # as written: the record's reader seats it
    body = m["body"].strip()
    if m["claimed"] is None and _A_DRAW.match(body):
        # a draw written as a turn is (`ann: draws from the condition pile`, as a form
        # composing NAME: ACTION writes it) is the draw its words name
        return parse_move(f"{m['player']} {body}")
    claimed = int(m["claimed"]) if m["claimed"] is not None else None
    if body.lower() == "stop":
        return moves.Stop(player, claimed=claimed)
    d = _TAKE.match(body)
    if d:
        return moves.Take(player, _taken(d["blds"]), claimed=claimed)
    # A turn: one or two cards, a discard or a pass, with a buy at any point of it (A2).
    plays: list[tuple[int, str | None]] = []
    printed: list[str | None] = []
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
            discard = ((int(d["a"]), int(d["b"])), (building_id(d["bld"]), d["sp"].lower()))
        elif part.lower() == "pass" and not passed:
            passed = True
        elif (p := _ONE_PLAY.match(part)) is not None:
            plays.append((int(p["card"]), building_id(p["as"]) if p["as"] else None))
            printed.append(None)
        elif is_printed(part) and (p := _PRINTED_PLAY.match(part)) is not None:
            plays.append((0, building_id(p["as"]) if p["as"] else None))
            printed.append(p["card"].strip())
        else:
            raise ValueError(
                f"cannot read {part!r}: a play is 'CARD' or 'CARD as BUILDING', the card by "
                "its number or its printed map (4:bank@c3,c4,d3,d4) "
                "(or discard/buy/take/pass/STOP)"
            )
    if (bool(plays) + (discard is not None) + passed) > 1:
        raise ValueError("a turn is cards, a discard or a pass, not more than one of them")
    if len(plays) > 2:
        raise ValueError("at most two cards a turn")
    if discard is not None:
        return moves.Discard(player, *discard, buy, buy_at, claimed=claimed)
    if passed:
        return moves.Pass(player, buy, buy_at, claimed=claimed)
    if not plays:
        assert buy is not None
        return moves.Buy(player, buy, claimed=claimed)
    written = tuple(printed) if any(printed) else ()
    return moves.Play(player, tuple(plays), buy, buy_at, claimed=claimed, printed=written)


def _taken(written: str) -> tuple[str, ...]:
    """The buildings a refill takes, as ids: split at commas when there are any (names of
    several words), else at spaces."""
    parts = written.split(",") if "," in written else written.split()
    return tuple(building_id(p) for p in parts if p.strip())


def format_move(move: Move) -> str:
    claim = f" {{{move.claimed}}}" if move.claimed is not None else ""
    p = move.player
    if isinstance(move, moves.Draw):
        return f"{p} draws {' '.join(map(str, move.cards))}"
    if isinstance(move, moves.DrawFrom):
        return f"{p} draws from " + ", then ".join(pile_words(n) for n in move.piles)
    if isinstance(move, moves.Play | moves.Discard | moves.Pass):
        if isinstance(move, moves.Play):
            cards = move.printed or (None,) * len(move.plays)
            parts = [
                f"{w or c}" + (f" as {m}" if m else "")
                for (c, m), w in zip(move.plays, cards, strict=True)
            ]
        elif isinstance(move, moves.Discard):
            parts = [f"discard {move.cards[0]} {move.cards[1]} take {move.take[0]}@{move.take[1]}"]
        else:
            parts = ["pass"]
        if move.buy is not None:
            parts.insert(move.buy_at, f"buy {move.buy}")
        body = "; ".join(parts)
    elif isinstance(move, moves.Buy):
        body = f"buy {move.building}"
    elif isinstance(move, moves.Take):
        body = "take " + " ".join(move.buildings)
    elif isinstance(move, moves.Stop):
        body = "STOP"
    else:  # pragma: no cover - every Move subclass is handled above
        raise TypeError(move)
    return f"{p}: {body}{claim}"


def pile_words(pile: str) -> str:
    """A draw pile as a draw names it: `the building pile`, Old Town's `ann's own pile`."""
    return f"{pile} own pile" if pile.endswith("'s") else f"the {pile} pile"


def _pile(words: str) -> str:
    """A pile's name from its words in a draw (`pile_words`)."""
    m = _PILE.match(words.strip())
    if m is None:
        raise ValueError(
            f"cannot read {words.strip()!r}: name a pile as 'the building pile' "
            "(Old Town with two players: 'ann's own pile')"
        )
    return f"{m['own'].lower()}'s" if m["own"] else m["name"].lower()


_MARKER = re.compile(rf"^(?P<bld>{_MARKED})\s*@\s*(?P<sp>{_ID})$", re.I)


def parse_marker(text: str) -> tuple[str, str]:
    """A marker written as a discard takes it, BUILDING@SPACE: (building, space), lower
    case, the building by its id or German name (`Wäscherei@c3`). Raises ValueError with
    a plain message.

    >>> parse_marker("Hotel @ C3")
    ('hotel', 'c3')
    """
    m = _MARKER.match(text.strip())
    if m is None:
        raise ValueError(f"cannot read {text!r}: write a marker as BUILDING@SPACE, e.g. hotel@c3")
    return building_id(m["bld"]), m["sp"].lower()


def read_printed(state: GameState, move: moves.Play) -> tuple[GameState, moves.Play]:
    """The play with each card written by its printed map numbered as the deck's card with
    that face (a card the deck lacks joins the state's deck: `printed_card.card_in`)."""
    plays = list(move.plays)
    for i, written in enumerate(move.printed):
        if written is not None:
            state, number = card_in(state, written)
            plays[i] = (number, plays[i][1])
    return state, evolve(move, plays=tuple(plays))
