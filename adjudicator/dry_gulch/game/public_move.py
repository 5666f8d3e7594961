"""A Dry Gulch move as the players who did not make it see it at the table. What goes into a
hand face down is seen as a count: the permit kept from the two drawn off the stack (the
other is discarded face up), the reward cards drawn, the cards an event card draws and
Land Grant's permit; a real table's named draws (`draw resources C C C`, the Bank's), the
cards a Fire's fellow players draw from the owner and those an event takes from hands. The
event phase's cards are turned face up, and a building's payment and every discard are
face up too (a Vandalism's card, the discards over the hand limit), so those read as the
record writes them."""

from __future__ import annotations

from dataclasses import replace
from typing import TypeGuard

from adjudicator.core.words import plural
from adjudicator.dry_gulch.game.notation import (
    Discard,
    Draw,
    EventCard,
    Misfortune,
    Move,
    format_move,
)

__all__ = ["listed_move", "public_move"]


def public_move(move: Move) -> str:
    """`ann: draw permit stack bank` -> `ann: draw permit stack (1 kept)`; any move without
    a face-down card as written."""
    if _off_the_stack(move):
        return _with(format_move(replace(move, how=move.how[:2], claimed=None)), move, "1 kept")
    if isinstance(move, Draw) and _named_draw(move):
        return _draw_counted(move)
    if isinstance(move, Misfortune) and move.event == "fire" and move.losing:
        # DG-FIRE: "each fellow player draws one card from the owner's hand", face down
        drawn = plural(_drawn(move.losing), "card")
        return _with(format_move(replace(move, losing=(), claimed=None)), move, f"{drawn} drawn")
    if isinstance(move, Discard) and move.rewards:
        drawn = plural(len(move.rewards), "reward card")
        return _with(format_move(replace(move, rewards=(), claimed=None)), move, f"{drawn} drawn")
    if isinstance(move, EventCard) and (move.losing or move.drawing or move.permit):
        # the cards taken from hands go into hands (or onto the discards) face down
        notes = [f"{plural(_drawn(move.losing), 'card')} lost"] if move.losing else []
        notes += [f"{plural(len(move.drawing), 'card')} drawn"] if move.drawing else []
        notes += ["1 permit"] if move.permit else []
        hidden = replace(move, losing=(), drawing=(), permit="", claimed=None)
        return _with(format_move(hidden), move, ", ".join(notes))
    return format_move(move)


def listed_move(move: Move) -> str:
    """The move as its player knows it before making it: a draw off the permit stack is
    `draw permit stack` until the two drawn are seen (then one of them is kept)."""
    if _off_the_stack(move):
        return f"{move.player}: draw permit stack"
    return format_move(move)


def _drawn(losing: tuple[str, ...]) -> int:
    """The cards drawn from hands, without the Ace a record names shown first (`losing
    ace CARD ...`)."""
    return len(losing) - (losing[:1] == ("ace",))


def _named_draw(move: Draw) -> bool:
    """A real table's draw naming the cards it put into the hand (`resources C C C`, the
    Bank's `bank C C permit ID`)."""
    try:
        w = move.words
    except ValueError:
        return False
    return bool(w.cards or w.bank_cards or w.bank_permit)


def _draw_counted(move: Draw) -> str:
    """`ann: draw resources lumber brick food bank food mason permit hotel` ->
    `ann: draw resources bank (5 cards, 1 permit drawn)`."""
    w = move.words
    words = ["resources"] if w.how == "resources" else list(move.how[:3]) if w.how else []
    cards = len(w.cards) + len(w.bank_cards)
    note = plural(cards, "card") + (", 1 permit" if w.bank_permit else "")
    bare = replace(move, how=(*words, *(["bank"] if w.bank else [])), claimed=None)
    return _with(format_move(bare), move, f"{note} drawn")


def _off_the_stack(move: Move) -> TypeGuard[Draw]:
    return isinstance(move, Draw) and [w.lower() for w in move.how[:2]] == ["permit", "stack"]


def _with(text: str, move: Move, note: str) -> str:
    claim = f" {{{move.claimed}}}" if move.claimed is not None else ""
    return f"{text} ({note}){claim}"
