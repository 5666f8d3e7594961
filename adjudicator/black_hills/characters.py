"""Placing a character card and each character's skills: gathering in an area (2 for the
first card there this round, 1 later, as far as the supply goes), taking from the supply,
the Merchant's trade, the Gambler's and the Madam's take from another player, the Outlaw's
gunman, the Sheriff's badge, the Colonel's block and stolen event, and investing in the
City (the Settlers and the Sheriff). The Shaman, who plays another card, is `shaman.py`.

A card's choices come with it: `indian-chief logs`, `madam fur from bob`, `merchant
fur>logs`, `colonel at mine steal bob`; investing and the Colonel's steal may also be
actions of their own later in the turn (`invest [N]`, `steal NAME [EVENT]`).
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import Character
from adjudicator.black_hills.draft import AnyState
from adjudicator.black_hills.errors import IllegalTurnError, InvalidTurnError
from adjudicator.black_hills.invest import TRADES, Means
from adjudicator.black_hills.moves import Invest, Place, Steal
from adjudicator.black_hills.notation import place_choices
from adjudicator.black_hills.robbery import hire_gunman
from adjudicator.black_hills.turn import Turn

__all__ = [
    "blocked",
    "colonel_steal",
    "first_there",
    "invest",
    "means_for",
    "place",
    "safeguarded",
    "stopped",
    "take_from_hand",
    "use_skills",
]


def take_from_hand(turn: Turn, cid: str) -> Character:
    """The turn's one character card, out of the player's hand."""
    if turn.placed is not None:
        raise IllegalTurnError(Code.ONE_CHARACTER, "one character a turn")
    card = turn.rules.characters[cid]
    if cid not in turn.me.characters:
        raise IllegalTurnError(Code.HAND, f"the {card.name} is not in your hand")
    turn.me.characters.remove(cid)
    return card


def place(turn: Turn, card: Character, move: Place, on_board: bool = True) -> None:
    """Place the card in its area and use its skills (`on_board=False`: a card the Shaman
    plays, whose own card lies on the board instead)."""
    area, rest = _where(turn, card, move)
    turn.placed, turn.area = card, area
    if on_board:
        turn.state.placed.append((turn.me.name, card.id, area))
    if stopped(turn, card, area, rest):
        return
    turn.log.append(f"places the {card.name} in the {turn.rules.area_names[area]}")
    use_skills(turn, card, area, rest)


def safeguarded(turn: Turn, victim: str, owner: str) -> bool:
    """Whether a Safeguard keeps `owner`'s Colonel from acting against `victim`.

    "The Colonel block will not affect you. The Colonel cannot act against any other player
    during the round." By default (`safeguard=everyone`: "other players" are those other
    than the card's holder, the Colonel's own player among them) no Colonel blocks or
    steals at all while a Safeguard is in force. Options: `others` (each sentence its own
    meaning: no Colonel acts against a player other than its own, and the holder is not
    blocked even by his own Colonel, but another player's own Colonel still blocks him),
    `holder` (only the holder is safe, from the block and the steal)."""
    s = turn.state
    if not s.safeguard:
        return False
    if s.options.safeguard == "holder":
        return victim in s.safeguard
    if s.options.safeguard == "everyone":
        return True
    return victim != owner or victim in s.safeguard


def blocked(turn: Turn, card: Character, area: str) -> bool:
    """A Colonel waiting in the area voids the card: "stops the next player who places their
    card in that area", its own player too (option `colonel-block=others`: another player's
    card only). Not while a Safeguard keeps it off: the block then waits for the next card."""
    s = turn.state
    own = s.options.colonel_block == "anyone"
    block = next((c for c in s.colonel if c[0] == area and (own or c[1] != turn.me.name)), None)
    if block is None:
        return False
    if safeguarded(turn, turn.me.name, block[1]):
        turn.log.append(f"{block[1]}'s Colonel waits in the area, but a Safeguard keeps it off")
        return False
    s.colonel.remove(block)
    turn.blocked = True
    turn.log.append(
        f"the {card.name} is placed in the {turn.rules.area_names[area]}, but "
        f"{block[1]}'s Colonel blocks it: it does nothing"
    )
    return True


def stopped(turn: Turn, card: Character, area: str, move: Place) -> bool:
    """Whether a Colonel's block voids the card (`blocked`). A voided card's skills cannot
    be used ("stops the next player who places their card in that area from carrying out
    the corresponding actions"): a turn that writes one (a trade, a victim, a steal) is
    refused, naming it, as investing is (`invest`), rather than the skill silently dropped."""
    if not blocked(turn, card, area):
        return False
    words = place_choices(move)
    if words:
        raise IllegalTurnError(
            Code.COLONEL,
            f"a Colonel stops the {card.name} in the {turn.rules.area_names[area]}: its "
            f"skills cannot be used ({' '.join(words)})",
        )
    return True


def _where(turn: Turn, card: Character, move: Place) -> tuple[str, Place]:
    """The area the card goes to, from its gather choice or `at AREA`, and the choices left."""
    rules = turn.rules
    if move.area is not None:
        area = move.area
        # Its own area, written (`sheriff at city`: "the Sheriff and the Outlaw are placed on
        # the City", "The Settlers are placed in the City"), or one it gathers in.
        fits = card.area in ("any", area) or any(g[0] == area for g in card.gather)
        if not fits:
            raise IllegalTurnError(
                Code.AREA, f"the {card.name} is not placed in the {rules.area_names[area]}"
            )
        return area, replace(move, area=None)
    if card.gather:
        # Other choices written and no resource it gathers: it is not told which.
        told = bool(place_choices(move))
        options = [g for g in card.gather if not told or g[1] == move.resource]
        if len(options) != 1:
            choices = " or ".join(g[1] for g in card.gather)
            raise InvalidTurnError(f"the {card.name} takes {choices}: say which")
        if move.resource == options[0][1]:
            move = replace(move, resource=None)
        return options[0][0], move
    if card.area == "any":
        raise InvalidTurnError(f"say where the {card.name} goes: 'at AREA'")
    return card.area or "city", move


def use_skills(turn: Turn, card: Character, area: str, move: Place) -> None:
    """Everything the card does where it is placed, with the choices in `move` (what the
    card has no use for is refused, named)."""
    s, rules = turn.state, turn.rules
    if card.gather:
        resource = rules.areas[area]
        assert resource is not None
        if turn.shut(resource):
            turn.log.append(
                f"the {rules.area_names[area]} is shut to others this round: no {resource}"
            )
        else:
            first = first_there(s, turn.me.name, area, s.placed[:-1])
            turn.take(
                resource,
                2 if first else 1,
                f"the {card.name} gathers in the {rules.area_names[area]}"
                + (" (first there)" if first else ""),
            )
    if card.take is not None:
        resource, n = card.take
        if resource == "fur" and turn.shut("fur"):
            turn.log.append("the Plain is shut to others this round: no fur")
        else:
            turn.take(resource, n, f"the {card.name}")
    if card.exchange and move.trade in TRADES:
        assert move.trade is not None
        _trade(turn, move.trade)
        move = replace(move, trade=None)
    if card.steal:
        move = _steal(turn, card, move)
    if card.gunman:
        hire_gunman(turn, f"the {card.name}")
    if card.badge:
        s.sheriff = turn.me.name
        turn.log.append("takes the sheriff badge for the next round")
    if card.block:
        s.colonel.append((area, turn.me.name))
        turn.log.append(f"the Colonel waits in the {rules.area_names[area]}")
    if card.steal_event:
        turn.colonel_steal = True
    if card.steal_event and move.steal is not None:
        turn.colonel_steal = False
        _steal_event(turn, move.steal)
        move = replace(move, steal=None)
    if card.invest is not None:
        turn.investor = card.invest
    if card.steal:  # a thief's stray names (and `from`) were always let be
        kept = tuple(w for w in move.extra if w not in ["from", *s.names()])
        if kept != move.extra:
            move = replace(move, extra=kept)
    leftover = place_choices(move)
    if leftover:
        raise InvalidTurnError(f"the {card.name} does not understand {' '.join(leftover)!r}")


def first_there(s: AnyState, player: str, area: str, earlier: list[tuple[str, str, str]]) -> bool:
    """Whether a card the player places in the area takes 2: "The player who first places a
    character card on a specific area takes 2 resources tokens, whereas other players who
    place a character card in the same area during the same round can only take 1".
    `earlier`: the cards placed this round before it (any card: a Colonel, a blocked card,
    the Shaman). By default only the first placement there takes 2: "The resources obtained
    by the placement of a character card can only be taken once during a round, at the same
    moment when the card is placed" (`first-bonus=card`); option `first-bonus=player`: the
    player who placed the first of them takes 2 with each card he places there."""
    there = [who for who, _, a in earlier if a == area]
    if s.options.first_bonus == "player":
        return not there or there[0] == player
    return not there


def _trade(turn: Turn, trade: str) -> None:
    """The Merchant's one trade, through the supply."""
    s, me = turn.state, turn.me
    if turn.trade_used:
        raise IllegalTurnError(Code.MERCHANT, "the Merchant trades once")
    give, get = TRADES[trade]
    for r, n in give.items():
        if getattr(me, r) < n:
            raise IllegalTurnError(Code.MERCHANT, f"the trade {trade} needs {n} {r}")
    for r, n in get.items():
        if s.supply[r] < n:
            raise IllegalTurnError(
                Code.MERCHANT, f"the supply has no {n} {r} for the trade {trade}"
            )
    for r, n in give.items():  # what is given goes back to the supply ...
        setattr(me, r, getattr(me, r) - n)
        s.supply[r] += n
    for r, n in get.items():  # ... and what is got comes from it
        setattr(me, r, getattr(me, r) + n)
        s.supply[r] -= n
    turn.trade_used = True
    gave = " and ".join(f"{n} {r}" for r, n in give.items())
    got = " and ".join(f"{n} {r}" for r, n in get.items())
    turn.log.append(f"the Merchant trades {gave} for {got}")


def _steal(turn: Turn, card: Character, move: Place) -> Place:
    """The Gambler's and the Madam's 1 resource from another player (`from NAME`); the
    choices left."""
    if move.victim is None:
        raise InvalidTurnError(f"the {card.name} takes from whom? ('from NAME')")
    victim = turn.other(move.victim, Code.STEAL)
    move = replace(move, victim=None)
    resources = [r for r in card.steal if r == move.resource] or list(card.steal)
    if len(resources) != 1:
        raise InvalidTurnError(f"the {card.name} takes {' or '.join(card.steal)}: say which")
    r = resources[0]
    if move.resource == r:
        move = replace(move, resource=None)
    if getattr(victim, r) == 0:
        turn.log.append(f"{victim.name} has no {r} to take")
        return move
    setattr(victim, r, getattr(victim, r) - 1)
    setattr(turn.me, r, getattr(turn.me, r) + 1)
    turn.log.append(f"the {card.name} takes 1 {r} from {victim.name}")
    return move


def colonel_steal(turn: Turn, move: Steal | None) -> None:
    """`steal NAME [EVENT]`: the Colonel's stolen event, as an action of its own (None:
    the victim not written)."""
    if not turn.colonel_steal:
        raise IllegalTurnError(
            Code.ORDER if turn.placed is None else Code.COLONEL,
            "only a Colonel placed this turn steals an event card",
        )
    _skills_not_over(turn, "the Colonel's steal")
    if move is None:
        raise InvalidTurnError("steal from whom? 'steal NAME'")
    turn.colonel_steal = False
    _steal_event(turn, move)


def _steal_event(turn: Turn, steal: Steal) -> None:
    """An event card from another player's hand: the one named, else one from the seed.

    With the option `colonel-steal=blind` the card is drawn unseen: the player names only
    the victim, and the table may write the card it drew as `drew=ID` (as `die=N`)."""
    s = turn.state
    victim = turn.other(steal.victim, Code.COLONEL)
    event = steal.event
    if safeguarded(turn, victim.name, turn.me.name):
        holders = ", ".join(s.safeguard)
        raise IllegalTurnError(
            Code.SAFEGUARD, f"{holders}'s Safeguard: the Colonel cannot act against {victim.name}"
        )
    if len(turn.me.events) >= turn.rules.event_hand_limit:
        raise IllegalTurnError(Code.COLONEL, "the Colonel steals no event for a player holding two")
    blind = s.options.colonel_steal == "blind"
    if steal.blind:
        if not blind:
            raise InvalidTurnError(
                "drew= is for the blind steal (option colonel-steal=blind): name the card"
            )
    elif event is not None and blind:
        raise IllegalTurnError(
            Code.COLONEL,
            f"the steal is blind (option colonel-steal=blind): the card is drawn unseen, "
            f"not chosen; write the card drawn as 'drew={event}'",
        )
    if not victim.events:
        turn.log.append(f"{victim.name} has no event card to steal")
        return
    if event is not None and event not in victim.events:
        raise IllegalTurnError(Code.COLONEL, f"{victim.name} does not hold {event!r}")
    chosen = event
    if chosen is None:
        chosen = turn.rng.choice(sorted(victim.events))
        turn.dealt.append(f"drew {chosen}")
    victim.events.remove(chosen)
    turn.me.events.append(chosen)
    turn.log.append(f"the Colonel steals an event card from {victim.name}")


def _skills_not_over(turn: Turn, what: str) -> None:
    """A skill of the placed card, refused once another action has started."""
    if turn.skills_over:
        assert turn.placed is not None
        raise IllegalTurnError(
            Code.ORDER,
            f"{what} is a skill of the {turn.placed.name}, whose action ended when the "
            "next action (an event, a discard or a robbery) began: a skill comes before it",
        )


def invest(turn: Turn, move: Invest) -> None:
    """`invest [N] [RESOURCE:COUNT ...]`: the placed Settler or Sheriff buys reputation (the
    most, or N; paying as named, else keeping the most worth)."""
    s, me, card = turn.state, turn.me, turn.placed
    if card is None:
        raise IllegalTurnError(Code.ORDER, "place a Settler or the Sheriff first: only they invest")
    _skills_not_over(turn, "investing")
    if turn.blocked:
        raise IllegalTurnError(
            Code.COLONEL,
            f"a Colonel stops the {card.name}: its skills cannot be used (invest)",
        )
    if turn.investor is None:
        raise IllegalTurnError(Code.INVEST, f"the {card.name} cannot invest")
    if s.plague is not None and s.plague != me.name:
        raise IllegalTurnError(Code.PLAGUE, f"{s.plague}'s Plague: no character invests this round")
    if turn.investor == "sheriff" and turn.sheriff_used:
        raise IllegalTurnError(Code.SHERIFF, "the Sheriff invests once a turn")
    want, named = move.points, dict(move.paid)
    if named:
        turn.pay_named(turn.investor, named, want, "invests in the City")
        if turn.investor == "sheriff":
            turn.sheriff_used = True
        return
    means = Means(
        settler=turn.investor == "settler",
        sheriff=turn.investor == "sheriff",
        cap=turn.rules.goal - me.reputation,
    )
    turn.pay(means, want, Code.INVEST, "invests in the City")
    if turn.investor == "sheriff":
        turn.sheriff_used = True


def means_for(state: AnyState, player: str, character: str | None, bank: bool) -> Means:
    """The ways a player may invest with one character from hand (and the Bank event)."""
    rules = state.rules
    card = rules.characters.get(character or "")
    plague = state.plague is not None and state.plague != player
    investor = None if card is None or plague else card.invest
    return Means(
        settler=investor == "settler",
        sheriff=investor == "sheriff",
        bank=bank,
        exchange=card is not None and card.exchange and investor == "settler",
        cap=rules.goal - state.player(player).reputation,
    )
