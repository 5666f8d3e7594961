"""A move as the players who did not make it see it at the table: a draw is seen as a
count of cards, never as the cards (they go into the drawer's hand face down). Every other
move of Old Town and Gads Hill is played face up and reads as the record writes it."""

from __future__ import annotations

from adjudicator.core.words import plural
from adjudicator.deduction.game.moves import Draw, Move
from adjudicator.deduction.game.notation import format_move

__all__ = ["public_move"]


def public_move(move: Move) -> str:
    """`ann draws 48 32` -> `ann draws 2 cards`; any other move as written."""
    if isinstance(move, Draw):
        return f"{move.player} draws {plural(len(move.cards), 'card')}"
    return format_move(move)
