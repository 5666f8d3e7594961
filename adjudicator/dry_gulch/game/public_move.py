"""A Dry Gulch move as the players who did not make it see it at the table. What goes into a
hand face down is seen as a count: the permit kept from the two drawn off the stack (the
other is discarded face up), the reward cards drawn, the cards an event card draws and
Land Grant's permit. The event phase's cards are turned face up, and a building's payment
and every discard are face up too, so those read as the record writes them."""

from __future__ import annotations

from dataclasses import replace
from typing import TypeGuard

from adjudicator.core.words import plural
from adjudicator.dry_gulch.game.notation import Discard, Draw, EventCard, Move, format_move

__all__ = ["listed_move", "public_move"]


def public_move(move: Move) -> str:
    """`ann: draw permit stack bank` -> `ann: draw permit stack (1 kept)`; any move without
    a face-down card as written."""
    if _off_the_stack(move):
        return _with(format_move(replace(move, how=move.how[:2], claimed=None)), move, "1 kept")
    if isinstance(move, Discard) and move.rewards:
        drawn = plural(len(move.rewards), "reward card")
        return _with(format_move(replace(move, rewards=(), claimed=None)), move, f"{drawn} drawn")
    if isinstance(move, EventCard) and (move.drawing or move.permit):
        notes = [f"{plural(len(move.drawing), 'card')} drawn"] if move.drawing else []
        notes += ["1 permit"] if move.permit else []
        hidden = replace(move, drawing=(), permit="", claimed=None)
        return _with(format_move(hidden), move, ", ".join(notes))
    return format_move(move)


def listed_move(move: Move) -> str:
    """The move as its player knows it before making it: a draw off the permit stack is
    `draw permit stack` until the two drawn are seen (then one of them is kept)."""
    if _off_the_stack(move):
        return f"{move.player}: draw permit stack"
    return format_move(move)


def _off_the_stack(move: Move) -> TypeGuard[Draw]:
    return isinstance(move, Draw) and [w.lower() for w in move.how[:2]] == ["permit", "stack"]


def _with(text: str, move: Move, note: str) -> str:
    claim = f" {{{move.claimed}}}" if move.claimed is not None else ""
    return f"{text} ({note}){claim}"
