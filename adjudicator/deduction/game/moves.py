"""The moves of a game record, as plain values: a turn of cards (`Play`), a discard, a
pass (each with a buy at any point of the turn, A2), a buy on its own line, Old Town's
refill (`Take`), a STOP call and a draw: of the cards named (`Draw`, as the table says what
came up) or of the piles chosen (`DrawFrom`, dealt off their tops when it is ruled).
`notation.py` reads and writes them."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Buy", "Discard", "Draw", "DrawFrom", "Move", "Pass", "Play", "Stop", "Take"]


@dataclass(frozen=True, slots=True)
class Move:
    player: str
    claimed: int | None = field(default=None, kw_only=True)  # the table's points, {n}
    line: int | None = field(default=None, kw_only=True, compare=False)


@dataclass(frozen=True, slots=True)
class Play(Move):
    plays: tuple[tuple[int, str | None], ...] = ()
    buy: str | None = None  # a building bought in the turn (A2) ...
    buy_at: int = 0  # ... after this many of its cards
    #: Each card as written by its printed map (`models/printed_card.py`), or None where
    #: written by number; empty when all are numbers. A printed card's number in `plays`
    #: is 0 until the game finds it in the deck (`flow.py`); the record keeps the map.
    printed: tuple[str | None, ...] = field(default=(), kw_only=True)


@dataclass(frozen=True, slots=True)
class Discard(Move):
    cards: tuple[int, int] = (0, 0)
    take: tuple[str, str] = ("", "")
    buy: str | None = None
    buy_at: int = 0  # 0: before the discard, 1: after it


@dataclass(frozen=True, slots=True)
class Buy(Move):
    building: str = ""


@dataclass(frozen=True, slots=True)
class Take(Move):
    """Old Town's refill before a turn (A4)."""

    buildings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Stop(Move):
    pass


@dataclass(frozen=True, slots=True)
class Pass(Move):
    buy: str | None = None
    buy_at: int = 0  # 0: before the pass, 1: after it


@dataclass(frozen=True, slots=True)
class Draw(Move):
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DrawFrom(Move):
    """A draw as the player chooses it (T2): a pile for each card, the card being the top
    of that pile when the move is ruled (the server deals it at a table with a seed)."""

    piles: tuple[str, ...] = ()
