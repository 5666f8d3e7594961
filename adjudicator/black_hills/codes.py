"""The rule codes of Black Hills. Every reason the referee gives cites one, so a misspelt code
cannot be written: `Code("BH-ORDRE")` raises and `Code.ORDRE` does not exist.

One member per rule the referee refuses a turn by, grouped by the rulebook's sections; the
comment above each quotes the rulebook's words (and says so where the reading is ours).
Rules the referee only applies and never refuses by (2 resources for the first card in an
area, the supply running out, the end of a round) show in a verdict's log, not here.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Code"]


class Code(StrEnum):
    """One member per rule the referee enforces; the value is the code as printed."""

    # -- The turn notation (ours, not the rulebook's) ---------------------------------------
    #: A turn is written `NAME: ACTION; ACTION` (see `notation.py`): a word the referee
    #: cannot read, or a choice or target the action needs and does not name.
    NOTATION = "BH-NOTATION"

    # -- Game Info and Setup ----------------------------------------------------------------
    #: "Number of players: 2-4" ... "as many gunmen as players are gathered around the
    #: table." Ours: a name that is not one of the players at the table is refused.
    PLAYERS = "BH-PLAYERS"
    #: "Each player receives 4 character cards." ... "Each player takes a look at the cards
    #: in his hand and decides to discard 2 of them that are placed face down on the deck of
    #: character cards that are left over." At the round's set-up, every player's discard
    #: before the first turn (`ann: keep A B`, a line of its own; a `keep` in a turn is
    #: refused, except in a record of an older version, read on replay).
    KEEP = "BH-KEEP"

    # -- How to Play: Beginning of the first round ------------------------------------------
    #: "The player who holds the sheriff badge starts the first round. Each round consists
    #: of 2 turns. Players take turns one after another in a clockwise direction."
    TURN_ORDER = "BH-TURN-ORDER"
    #: "each player can carry out at least one of following actions in any order, but he
    #: cannot start one without having finished the previous one"; "After placing one of
    #: the character cards on its place on the board, a player can take advantage of the
    #: skills associated with that character". A card's skill (`invest`, the Colonel's
    #: `steal`) comes after the card; placing it and using its skills is one action, so a
    #: skill after an event, a discard or a robbery (which started the next action) is
    #: refused too.
    ORDER = "BH-ORDER"

    # -- Place a Character Card -------------------------------------------------------------
    #: "Place a character card on its place on the board and carry out the corresponding
    #: skills (mandatory action)." ... "It is not possible to pass a turn and not place the
    #: character card and carry out the associated skill or skills."
    MANDATORY = "BH-MANDATORY"
    #: "When all players have had both turns and placed their 2 character cards, the round
    #: has finished.": one character card a turn.
    ONE_CHARACTER = "BH-ONE-CHARACTER"
    #: "Each player should use the character cards in his hand"; an event card is activated
    #: from "the event cards of his hand".
    HAND = "BH-HAND"
    #: "Place a character card on its place on the board"; "Indian Chief. take 1 fur on the
    #: Plain or 1 log in the Forest."; "The Settlers are placed in the City"; "Although the
    #: Sheriff and the Outlaw are placed on the City, the Colonel and the Shaman has no
    #: predetermined location." A card's own area may be written (`sheriff at city`).
    AREA = "BH-AREA"

    # -- Reputation Points ------------------------------------------------------------------
    #: "In order to invest and gain reputation points, a player must [use] one of the
    #: Settlers cards (the ones with the investment symbol) and must placed them on the City
    #: ... The player should pay 3 resources, 1 gold plus 2 log tokens or alternatively 3 fur
    #: to achieve 1 reputation point."; "if they have enough resources to invest obviously".
    INVEST = "BH-INVEST"

    # -- Character Cards --------------------------------------------------------------------
    #: "Merchant. Can carry out one of the following exchanges: 1 fur for 2 logs (or vice
    #: versa) or 1 gold for 2 furs (or vice versa)." Ours: the trade goes through the supply.
    MERCHANT = "BH-MERCHANT"
    #: "Gambler. Take 1 gold from any other player." "Madam. Take 1 fur or 1 log from any
    #: other player."
    STEAL = "BH-STEAL"
    #: "Sheriff. Takes the sheriff badge for the next round. Can invest in the city 3
    #: resources of any type in order to obtain a reputation point during that turn."; "the
    #: Sheriff Card, which allows the player to invest only once per turn".
    SHERIFF = "BH-SHERIFF"
    #: "Colonel. Can be placed in any area and stops the next player who places their card in
    #: that area from carrying out the corresponding actions. Additionally this card allows a
    #: player to steal an event card from any player he chooses, unless the player who is
    #: playing the Colonel already has 2 event cards on his hand." He chooses the player;
    #: the card is drawn unseen (`colonel-steal=blind`; option `chosen`: he names it).
    COLONEL = "BH-COLONEL"
    #: "Shaman. The card is placed over one of the visible cards played previously and can
    #: carry out the action associated to that card in that area. [Or] The discarded
    #: character cards are shuffled, four cards are dealt and the player can choose one of
    #: them." The cards discarded this round: those left over at the deal "will not be used
    #: during this round" (Setup 7; option `shaman-pool=all`: they are dealt from too).
    SHAMAN = "BH-SHAMAN"

    # -- Activate an Event Card -------------------------------------------------------------
    #: "In the case that the event card has a cost (1 or 2 gold pieces) it has to be paid at
    #: the activation moment."
    EVENT_COST = "BH-EVENT-COST"
    #: "Only one event card per turn can be activated."
    ONE_EVENT = "BH-ONE-EVENT"
    #: "Activate an event card, paying the cost indicated on the card, or discard one or two
    #: of the event cards of his hand"; "A player cannot activate any event cards in his turn
    #: if he has discarded any event cards in the same turn." One or the other in a turn:
    #: a discard after activating is refused too (option `event-or-discard=both`: allowed).
    EVENT_OR_DISCARD = "BH-EVENT-OR-DISCARD"
    #: "discard one or two of the event cards of his hand (optional action)."
    DISCARD = "BH-DISCARD"

    # -- Carry Out a Robbery ----------------------------------------------------------------
    #: "In order to carry out a robbery, a player must have previously contracted a gunman."
    GUNMAN = "BH-GUNMAN"
    #: "Only one robbery is allowed per player and turn, although every player has the right
    #: to contract with more than one gunman."
    ONE_ROBBERY = "BH-ONE-ROBBERY"
    #: "The player who has contracted the gunman needs to throw the aiming dice, the result of
    #: the dice indicates the number of resources that can be steal".
    AIMING_DIE = "BH-AIMING-DIE"
    #: "the number of resources that can be steal from the other players reserve. ... the
    #: attacker could decide to take the resources from just one player or two players."
    ROBBERY = "BH-ROBBERY"
    #: "If the result of the die indicates that the player could steal two resources, the
    #: attacker could decide to take the resources from just one player or two players."
    #: A robbery names one or two victims, whatever the die shows (three or more are refused).
    TWO_VICTIMS = "BH-TWO-VICTIMS"

    # -- Event Cards ------------------------------------------------------------------------
    #: "Protection. Cannot be attacked by gunmen during this round."
    PROTECTION = "BH-PROTECTION"
    #: "Stagecoach. Change 1 resource in your possession for any other resource you may
    #: like." Ours: the new resource comes from the supply.
    STAGECOACH = "BH-STAGECOACH"
    #: "Bank. Receive one reputation point for each 2 gold tokens returned to the pile,
    #: without having to use the Settlers."
    BANK = "BH-BANK"
    #: "Plague. No investments can be made during the remainder of the round by the character
    #: cards. It does not affect the player who activates the card."
    PLAGUE = "BH-PLAGUE"
    #: "Safeguard. The Colonel block will not affect you. The Colonel cannot act against any
    #: other player during the round." By default (`safeguard=everyone`), once a Safeguard
    #: is in force, no Colonel acts at all, its own player's card included; options
    #: `others` (no Colonel acts against a player other than its own, nor blocks the
    #: holder) and `holder` (only the holder is safe).
    SAFEGUARD = "BH-SAFEGUARD"
    #: "Reinforcements. Send another player's gunman to jail."
    REINFORCEMENTS = "BH-REINFORCEMENTS"
    #: "Tax collection. The other players return one resource of any type to the pile,
    #: providing that they have resources when this card is played." Each payer's choice
    #: (`event tax-collection bob:logs`); unnamed, the least valuable they hold.
    TAX = "BH-TAX"

    # -- End of the Round -------------------------------------------------------------------
    #: "Players with more than 5 resource tokens have to return all those above that number
    #: to the resources pile. Each player can decide which type of resources they wish to
    #: return." Ours: the choice is written in the turn that ends the round (`return
    #: ann:fur,logs`), only for tokens above the limit that the player holds then.
    ROUND_END = "BH-ROUND-END"

    # -- End of the Game --------------------------------------------------------------------
    #: "If at any time one of the players reached 5 reputation points, the game ends
    #: immediately".
    GAME_END = "BH-GAME-END"
