"""Chance at a served table (`Table.deal`): in a game with a `[Seed]` the seat writes the
choice a player makes and the seed deals what it draws, turns up or takes, as the replay of
the record deals every draw it does not name (`flow.move_seed`). So a move naming chance's
outcome (the notation's words for a real table: `draw resources C C C`, `... discarding
ID`, `bank C C permit ID`, `events turned ...`, `losing ...`, `drawing ...`, `permit ID`,
`rewards ...`, `over ...`) is refused there, citing the rule that puts that draw to chance;
the choice it leaves (`draw resources`, `fire s07`) is what the record keeps. A record
without a seed is a real table's: its moves name what happened, as before.

Choices the rules leave to the player after the cards are seen stay the player's: the
permit kept of the two drawn off the stack (`draw permit stack ID`, after the page's
reveal, `web/face_down.py`), the event card discarded of the three turned up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.core.errors import RulesError
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.draw import DrawWords
from adjudicator.dry_gulch.game import notation
from adjudicator.dry_gulch.game.flow import DGGame
from adjudicator.dry_gulch.game.notation import Move, format_move
from adjudicator.dry_gulch.other_events import CODES

__all__ = ["Named", "deal", "named_outcome"]

#: Random losses from a hand (RULINGS-dry-gulch; not one of the refereed `Code`s: every
#: loss is drawn by a rule that cites it).
RANDOM = "DG-RANDOM"


@dataclass(frozen=True, slots=True)
class Named:
    """What a move names of chance: the rule that deals it, what it is, and the move
    without it (the choice the player writes)."""

    code: str
    what: str
    choice: Move


def deal(game: DGGame, move: Move) -> Move:
    """The move as a served seat may make it: in a seeded game one naming no outcome (the
    seed deals it when the move is ruled, as replaying the record does), else refused with
    one line citing the rule; a record without a seed keeps its named cards."""
    if not game.header.seeded:
        return move
    named = named_outcome(move)
    if named is None:
        return move
    raise RulesError(
        f"{named.code}: with a seed, {named.what} are dealt by the server, not named by a "
        f"player: write {format_move(replace(named.choice, claimed=None))!r}"
    )


def named_outcome(move: Move) -> Named | None:
    """What `move` names that chance deals, or None (a choice only)."""
    if isinstance(move, notation.Draw):
        return _draw(move)
    if isinstance(move, notation.Events) and move.turned:
        return Named(str(Code.EVENT), "the event cards turned up", replace(move, turned=()))
    if isinstance(move, notation.Misfortune) and move.losing:
        what = "the cards drawn from the owner's hand"
        return Named(RANDOM, what, replace(move, losing=()))
    if isinstance(move, notation.EventCard):
        return _event_card(move)
    if isinstance(move, notation.Discard):
        bare = replace(move, rewards=(), over=())
        if move.rewards:
            return Named(str(Code.REWARD), "the reward cards drawn", bare)
        if move.over:
            return Named(str(Code.HAND_LIMIT), "the cards discarded over the hand limit", bare)
    return None


def _draw(move: notation.Draw) -> Named | None:
    try:
        w = move.words
    except ValueError:  # a draw made in code, not read: the flow says what is wrong
        return None
    bare = DrawWords(w.how, w.permit, bank=w.bank)
    if w == bare:
        return None
    choice = replace(move, how=tuple(_draw_words(bare)))
    if w.cards or w.discarding:
        return Named(str(Code.DRAW), "the cards drawn", choice)
    return Named(str(Code.BANK_DRAW), "the Bank's cards drawn", choice)


def _draw_words(w: DrawWords) -> list[str]:
    """The words of a draw that names no card (`read_draw` reads them back)."""
    words = {
        "resources": ["resources"],
        "discard": ["permit", "discard", str(w.permit)],
        "stack": ["permit", "stack", str(w.permit)],
        None: [],
    }[w.how]
    return words + (["bank"] if w.bank else [])


def _event_card(move: notation.EventCard) -> Named | None:
    bare = replace(move, losing=(), drawing=(), permit="")
    if move.losing:
        return Named(RANDOM, "the cards drawn from hands", bare)
    code = str(CODES.get(move.event, Code.EVENT))
    if move.drawing:
        return Named(code, "the cards drawn from the resource stack", bare)
    if move.permit:
        return Named(code, "the permit drawn", bare)
    return None
