"""The rules of Dry Gulch that a refusal cites, each with the rulebook's words it rests on
(`../shared/seeds/003_*`), and the coded reason a refusal gives."""

from __future__ import annotations

from enum import StrEnum

from adjudicator.core.result import Reason as CoreReason

__all__ = ["Code", "Reason"]


class Code(StrEnum):
    # Ours (the rulebook does not say it): a site holds one building; a building is placed
    # "on a free building site" (Setup, of the residences).
    OCCUPIED = "DG-OCCUPIED"
    # "Only the Bank may be built on the single site lying alone in front of the town
    # (Bank only)."
    BANK_LOT = "DG-BANK-LOT"
    # "places it on a free building site on the board, so that the foot path points to a
    # thick black line and to the outside edge of the board."
    RESIDENCE_EDGE = "DG-RESIDENCE-EDGE"
    # "A corner building may not be built in the middle of a block"
    CORNER = "DG-CORNER"
    # "a building without a corner may only be played in the middle of a block or at the end
    # of a street."
    MIDDLE = "DG-MIDDLE"
    # "A building must be placed so that its sidewalks match the thick dark lines along the
    # streets."
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
    # Optional rule "Damage to the City Hall: Vandalism and Fire may be played against the
    # City Hall. If this happens, the City Hall is closed, and therefore no player may draw
    # building permits until the active player is again on turn. The City Hall may be
    # reopened by any player at the end of his event phase by discarding any two cards."
    CITY_HALL = "DG-OPT-CITY-HALL"
    # Optional rule "Advanced setup: The building permits are not dealt at random at the
    # start. Beginning with the last player and proceeding in reverse order, each player
    # selects one building permit from the cards and then passes it to the next player. This
    # continues until each player has two building permits." (`setup.py`)
    ADVANCED = "DG-OPT-ADVANCED"
    # Optional rule "Open building permits: If a player draws a building permit in the
    # resource and building permit phase, he may look through the stack and take any permit
    # he likes." (`draw.py`)
    OPEN_PERMITS = "DG-OPT-OPEN-PERMITS"
    # Optional rule "Spreading fire: As long as no Firehouse is in play, fire spreads to
    # neighboring houses at the start of each player's turn. Fire does not spread across the
    # street or across open squares. The fire goes out when the originally affected player
    # is allowed to discard the event card." (`table_options.py`)
    SPREADING_FIRE = "DG-OPT-SPREADING-FIRE"
    # "If at any time during the build phase a player has enough influence points on the
    # board, he wins": the game is over.
    WIN = "DG-WIN"
    # -- The events without a triangle and the draws from a hand (`other_events.py`,
    # `losses.py`): each card its own code, quoting the card.
    # "All other cards remain face up. The player must play these cards during the course
    # of his turn, before the reward phase." "All event cards must be resolved before the
    # reward phase ends."
    FACE_UP = "DG-EVENT-FACE-UP"
    # "If a player loses cards to a building that has not yet been built, he discards them
    # instead. If he receives cards from a building that has not yet been built, he draws
    # them from the resource stack."
    MISSING = "DG-EVENT-MISSING"
    # "Ace up your sleeve: Whenever cards are to be drawn from you, you show this card and
    # take it back again. Afterwards you may set aside one of your cards in order to
    # protect it from being drawn."
    ACE = "DG-ACE"
    # "Election Poll: For each player, the influence points on the board are counted. Each
    # player draws one card for every point by which he is behind the leader."
    POLL = "DG-POLL"
    # "Main Street Shootout: The Undertaker receives one resource card."
    SHOOTOUT = "DG-SHOOTOUT"
    # "Doctor gets a new medicament: The Doctor loses two random cards to the Pharmacist."
    MEDICAMENT = "DG-MEDICAMENT"
    # "Headline about mayor-to-be: The leading player loses two random cards to the
    # Newspaper. In case of a tie, each leader loses one card to the Newspaper."
    HEADLINE = "DG-HEADLINE"
    # "Doctor gets a close shave: The Doctor loses two random cards to the Barber."
    SHAVE = "DG-SHAVE"
    # "Banker gets a new pipe: The Bank loses two random cards to the Tobacconist."
    PIPE = "DG-PIPE"
    # "Gunfight in the Saloon: This card is played against any Saloon. The affected player
    # loses cards at random to the Undertaker, the Sheriff and the Doctor, one each."
    GUNFIGHT = "DG-GUNFIGHT"
    # "Wells Fargo Wagon: Each player loses one random card to the Post Office. Afterwards
    # each player draws 3 cards."
    STAGECOACH = "DG-STAGECOACH"
    # "Land Grant: Draw 1 building permit from the stack. If the stack is empty, the action
    # is forfeited."
    LAND_GRANT = "DG-LAND-GRANT"
    # "Sheriff Shot: The Sheriff loses two random cards to the Doctor."
    SHERIFF_SHOT = "DG-SHERIFF-SHOT"
    # "Undertaker's horse is ill: The Undertaker loses two cards to the Stables."
    HORSE = "DG-HORSE"


#: Why a placement is refused, with the rule it rests on.
Reason = CoreReason[Code]
