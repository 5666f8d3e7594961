"""The rules of Dry Gulch that a refusal cites, each with the rulebook's words it rests on
(`../shared/seeds/003_*`), and the coded reason a refusal gives."""

from __future__ import annotations

from enum import StrEnum

from adjudicator.core.result import Reason as CoreReason

__all__ = ["Code", "Reason"]


class Code(StrEnum):
    # "Each site can hold one building."
    OCCUPIED = "DG-OCCUPIED"
    # The lone site in front of the town: "only the Bank may be built there".
    BANK_LOT = "DG-BANK-LOT"
    # Residences: "built at the outer edge of the town, the foot path leading to the edge".
    RESIDENCE_EDGE = "DG-RESIDENCE-EDGE"
    # "Buildings with a corner symbol must be built on a corner site."
    CORNER = "DG-CORNER"
    # "Buildings without it ... in the middle of a block or at the end of a street."
    MIDDLE = "DG-MIDDLE"
    # "The sidewalk must lie on the thick line along the street."
    SIDEWALK = "DG-SIDEWALK"
    # "A sidewalk may never lie between two buildings."
    ACROSS = "DG-ACROSS"
    # "The active player may discard any cards he wants. He also discards all event cards
    # that other players have played against him." A card discarded is one in the hand.
    DISCARD = "DG-DISCARD"
    # "All players with more than 15 cards must discard randomly selected cards."
    HAND_LIMIT = "DG-HAND-LIMIT"
    # "A player may draw either resource cards or one building permit: If he draws from the
    # resource stack, he draws three cards. ... If a player draws a building permit, he
    # either takes one of the (face up) discarded permits, or he takes two from the
    # face-down stack and discards one of them."
    DRAW = "DG-DRAW"
    # "Bank: The owner of the bank may, during the resource and building permit draw phase,
    # draw two resources and the top building permit from the stack. (If the stack of
    # building permits is empty, this ability no longer applies.)"
    BANK_DRAW = "DG-BANK-DRAW"
    # "Each property has a reward value (Reward). The corresponding number of resource
    # cards is drawn from the stack in the reward phase." "During the reward phase, the
    # players who own the buildings belonging to the card may draw three additional
    # resource cards." "All influence points, special abilities, rewards and penalties
    # resulting from a building are suspended while that building is damaged."
    REWARD = "DG-REWARD"
    # "In the first round the players do not draw event cards. The top three event cards of
    # the stack are turned face up ... The player must immediately discard one of these
    # three cards. The remaining cards with a red or yellow triangle the player may take
    # into his hand. All other cards remain face up."
    EVENT = "DG-EVENT"
    # "A player may also play a misfortune event (red triangle) from his hand." "No player
    # may have more than one Fire and one Vandalism card in front of him."
    MISFORTUNE = "DG-MISFORTUNE"
    # The state keeps no stacks (`[decks]`): a phase that draws cannot be refereed.
    DECKS = "DG-DECKS"
    # "Each turn of a player consists of the following phases" (events, draw, build,
    # rewards, discard), in that order, and only the active player carries them out.
    PHASE = "DG-PHASE"
    # "he may replace missing ones": a building is built from a permit the player holds,
    # paid for with the hand (`pay.py`, `search.py`).
    PAY = "DG-PAY"
    # "When the conditions of a card are fulfilled, the player may play the card face up in
    # front of himself"; "Gold Strike ... Can only be played at the end of the game."
    VIOLET = "DG-VIOLET"
    # "If at any time during the build phase a player has enough influence points on the
    # board, he wins": the game is over.
    WIN = "DG-WIN"


#: Why a placement is refused, with the rule it rests on.
Reason = CoreReason[Code]
