"""The rule codes of RULINGS.md (revision 2). A ruling or a refusal cites one of these, so a
misspelt code cannot be written: `Code("P9")` raises and `Code.P9` does not exist."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Code"]


class Code(StrEnum):
    """One member per code of RULINGS.md; the value is the code as printed there."""

    # K: what is known
    K1 = "K1"  # the board is all there is to know
    K2 = "K2"  # the knowledge of a board
    K3 = "K3"  # consistency and deficiency
    K4 = "K4"  # groups that can never all stand; the loser is retired
    # L: logical conclusions (STOP)
    L1 = "L1"  # a marker removable by logic
    L2 = "L2"  # a determined building is built
    L3 = "L3"  # the smallest Hall set behind a conclusion
    L4 = "L4"  # STOP claims
    # P: playing a card
    P1 = "P1"  # new markers
    P2 = "P2"  # more than five markers: not now
    P3 = "P3"  # contradiction
    P4 = "P4"  # confirmation: a card that alters nothing
    P5 = "P5"  # three markers a space: (a) when played, (b) at the end of the turn
    P6 = "P6"  # effects, tier by tier
    P7 = "P7"  # my building
    # S: scoring
    S1 = "S1"  # who scores which marker
    S2 = "S2"  # conservation of markers
    # A: other actions
    A1 = "A1"  # discard two, take one marker
    A2 = "A2"  # buy a building, at any point of the turn
    A3 = "A3"  # two cards a turn while fewer than 16 buildings stand at its start
    A4 = "A4"  # Old Town's refill
    A5 = "A5"  # the end of the game
    # T: turn order and the flow of a game
    T1 = "T1"  # only the active player acts
    T2 = "T2"  # draws
    T3 = "T3"  # reshuffle per pile
    T4 = "T4"  # passing
    T5 = "T5"  # the STOP window
    T6 = "T6"  # the end, and a stalled game
    T7 = "T7"  # the set-up's buildings, chosen in seat order
