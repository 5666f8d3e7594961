"""A move as the players who did not make it see it at the table: a draw of named cards is
seen as a count of cards, never as the cards (they go into the drawer's hand face down); a
draw written as the piles chosen reads as written (everyone sees which pile a hand reaches
for). Every other move of Old Town and Gads Hill is played face up and reads as the record
writes it.

And a move as its own player knows it before making it (`listed_move`): a draw is the
choice of a pile, never of the card on top of it, which lies face down."""

from __future__ import annotations

from adjudicator.core.words import plural
from adjudicator.deduction.game.flow import Game
from adjudicator.deduction.game.moves import Draw, DrawFrom, Move
from adjudicator.deduction.game.notation import format_move

__all__ = ["listed_move", "pile_choice", "public_move"]


def public_move(move: Move) -> str:
    """`ann draws 48 32` -> `ann draws 2 cards`; any other move as written."""
    if isinstance(move, Draw):
        return f"{move.player} draws {plural(len(move.cards), 'card')}"
    return format_move(move)


def pile_choice(game: Game, move: Draw) -> DrawFrom:
    """The piles a draw of named cards takes them from: the pile holding each card, else
    the pile the played cards are reshuffled into (T3). Reads where the cards lie: for
    the listing of the drawer's own legal moves, which the engine made from those cards."""
    piles = game.pile_map
    again = game.state.board.deal.reshuffle_pile
    names = [next((n for n, cards in piles.items() if c in cards), again) for c in move.cards]
    return DrawFrom(move.player, tuple(names))


def listed_move(game: Game, move: Move) -> str:
    """`ann draws 48` -> `ann draws from the building pile` where the piles are known (dealt
    from the seed or listed in the record; a table's own cards, not known here, are named
    as drawn)."""
    if not isinstance(move, Draw) or game.piles is None:
        return format_move(move)
    return format_move(pile_choice(game, move))
