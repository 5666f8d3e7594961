"""Event cards: activating one (one a turn, its cost paid in gold, none after discarding;
discarding after activating is allowed), discarding one or two, and the table of what each
card does.

`EVENTS` has one entry per event card of the card file: its effect, given the event as
`notation.py` reads it (`moves.Event`: `event stagecoach fur>gold` its swap, `event bank 2`
its points, `event reinforcements bob` its victim).
The cost is printed on the card (`Event.cost`, from `cards/black-hills.toml`: the rulebook
prints none, so ours) and paid before the effect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.errors import IllegalTurnError, InvalidTurnError
from adjudicator.black_hills.invest import Means
from adjudicator.black_hills.moves import Discard, Event
from adjudicator.black_hills.notation import did_you_mean
from adjudicator.black_hills.robbery import hire_gunman
from adjudicator.black_hills.turn import Turn

__all__ = ["EVENTS", "Effect", "activate", "discard"]

Effect = Callable[[Turn, Event], None]


def activate(turn: Turn, move: Event | None) -> None:
    """`event ID [choice]` (None: no card named): pay the card's cost and carry out its
    effect."""
    me, rules = turn.me, turn.rules
    if move is None or move.event not in rules.events:
        held = f"in hand: {', '.join(me.events) or 'none'}"
        if move is None:
            raise InvalidTurnError(f"which event? ({held})")
        close = did_you_mean(move.event, rules.events)
        raise InvalidTurnError(f"{move.event!r} is no event card{close} ({held})")
    eid = move.event
    if eid not in me.events:
        raise IllegalTurnError(Code.HAND, f"{eid!r} is not in your hand")
    if turn.event is not None:
        raise IllegalTurnError(Code.ONE_EVENT, "one event a turn")
    if turn.discarded:
        raise IllegalTurnError(
            Code.EVENT_OR_DISCARD, "no event after discarding events in the same turn"
        )
    ev = rules.events[eid]
    if me.gold < ev.cost:
        raise IllegalTurnError(Code.EVENT_COST, f"the {ev.name} costs {ev.cost} gold")
    me.gold -= ev.cost
    turn.state.supply["gold"] += ev.cost
    me.events.remove(eid)
    turn.state.used_events.append(eid)  # face up beside the deck (`reshuffle`)
    turn.event = eid
    turn.log.append(f"activates {ev.name}" + (f" for {ev.cost} gold" if ev.cost else ""))
    EVENTS[eid](turn, move)


def discard(turn: Turn, move: Discard) -> None:
    """`discard event ID [ID]`: one or two event cards from the hand, unused."""
    names = list(move.events)
    held = list(turn.me.events)
    ok = 1 <= len(names) <= 2
    for n in names:
        ok = ok and n in held
        if n in held:
            held.remove(n)
    if not ok:
        unknown = next((n for n in names if n not in turn.rules.events), None)
        if unknown is not None:
            raise InvalidTurnError(
                f"{unknown!r} is no event card" + did_you_mean(unknown, turn.rules.events)
            )
        raise IllegalTurnError(
            Code.DISCARD, f"discard one or two of your events: {', '.join(turn.me.events)}"
        )
    # "Activate an event card, paying the cost indicated on the card, or discard one or two
    # of the event cards of his hand (optional action)": one action, one form or the other,
    # so a discard after activating is refused too (the other order: `activate`). Option
    # `event-or-discard=both` (revision 3) lets a discard follow the turn's event.
    if turn.event is not None and turn.state.options.event_or_discard == "either":
        raise IllegalTurnError(
            Code.EVENT_OR_DISCARD,
            f"no discard after activating an event ({turn.event}) in the same turn: "
            "the optional action is to activate an event card or to discard",
        )
    for n in names:
        turn.me.events.remove(n)
        turn.state.used_events.append(n)  # read: a discarded card joins the used ones
    turn.discarded = True
    turn.log.append(f"discards {' and '.join(names)}")


# ----- the effects ------------------------------------------------------------------------


def _protection(turn: Turn, move: Event) -> None:
    turn.state.protected.append(turn.me.name)


def _passionate_speech(turn: Turn, move: Event) -> None:
    turn.gain_reputation(1, "Passionate Speech")


def _fire_in_the_city(turn: Turn, move: Event) -> None:
    for p in turn.state.players:
        if p.name != turn.me.name and p.reputation > 0:
            p.reputation -= 1
    turn.log.append("every other player loses a reputation point")


def _stagecoach(turn: Turn, move: Event) -> None:
    how = "the Stagecoach swaps one resource: 'event stagecoach fur>gold'"
    pair = move.swap
    if pair is None:
        raise InvalidTurnError(how)
    give, get = pair
    if give == get:
        raise IllegalTurnError(Code.STAGECOACH, how)
    if getattr(turn.me, give) == 0:
        raise IllegalTurnError(Code.STAGECOACH, f"no {give} to swap")
    if turn.state.supply[get] == 0:
        raise IllegalTurnError(Code.STAGECOACH, f"the supply has no {get} left")
    setattr(turn.me, give, getattr(turn.me, give) - 1)
    turn.state.supply[give] += 1
    turn.take(get, 1, "the Stagecoach")


def _tax_collection(turn: Turn, move: Event) -> None:
    """Each other player returns one resource: the one named for them (`bob:logs`), else
    the least valuable they hold (the payer's choice, written or defaulted)."""
    value = turn.rules.value
    named: dict[str, str] = {}
    for name, what in move.payers:
        payer = turn.other(name, Code.TAX)
        if payer.name in named:
            raise IllegalTurnError(Code.TAX, f"{payer.name} returns one resource, named once")
        named[payer.name] = what
        if getattr(payer, named[payer.name]) == 0:
            raise IllegalTurnError(Code.TAX, f"{payer.name} has no {named[payer.name]} to return")
    for p in turn.state.players:
        if p.name == turn.me.name or p.resources == 0:
            continue
        r = named.get(p.name) or min(
            (r for r in RESOURCES if getattr(p, r)), key=lambda r: value[r]
        )
        setattr(p, r, getattr(p, r) - 1)
        turn.state.supply[r] += 1
        turn.log.append(f"{p.name} returns 1 {r}")


def _bank(turn: Turn, move: Event) -> None:
    want = move.points
    cap = turn.rules.goal - turn.me.reputation
    turn.pay(Means(bank=True, cap=cap), want, Code.BANK, "the Bank")


def _shut(resource: str, why: str) -> Effect:
    """Take 1; the area is shut to the others for the rest of the round."""

    def effect(turn: Turn, move: Event) -> None:
        turn.take(resource, 1, why)
        turn.state.closed[resource] = turn.me.name

    return effect


def _take(resource: str, n: int, why: str) -> Effect:
    def effect(turn: Turn, move: Event) -> None:
        turn.take(resource, n, why)

    return effect


def _plague(turn: Turn, move: Event) -> None:
    turn.state.plague = turn.me.name


def _deputy_sheriff(turn: Turn, move: Event) -> None:
    turn.state.sheriff = turn.me.name


def _safeguard(turn: Turn, move: Event) -> None:
    turn.state.safeguard.append(turn.me.name)


def _jailbreak(turn: Turn, move: Event) -> None:
    hire_gunman(turn, "Jailbreak")


def _reinforcements(turn: Turn, move: Event) -> None:
    if move.victim is None:
        raise InvalidTurnError("send whose gunman to the jail? 'event reinforcements NAME'")
    victim = turn.other(move.victim, Code.REINFORCEMENTS)
    if victim.gunmen == 0:
        raise IllegalTurnError(Code.REINFORCEMENTS, f"{victim.name} has no gunman")
    victim.gunmen -= 1
    turn.state.jail += 1
    turn.log.append(f"{victim.name}'s gunman goes back to the jail")


#: One entry per event card: what it does once activated (and paid for).
EVENTS: Mapping[str, Effect] = {
    "protection": _protection,  # not robbed this round
    "passionate-speech": _passionate_speech,  # +1 reputation
    "fire-in-the-city": _fire_in_the_city,  # every other player -1 reputation
    "stagecoach": _stagecoach,  # swap 1 resource for another
    "tax-collection": _tax_collection,  # every other player returns 1 resource
    "bank": _bank,  # 1 reputation for each 2 gold
    "mine-collapse": _shut("gold", "Mine Collapse"),  # +1 gold; the Mine shut to the others
    "bison-migration": _shut("fur", "Bison Migration"),  # +1 fur; the Plain shut
    "storm": _shut("logs", "Storm"),  # +1 log; the Forest shut
    "plague": _plague,  # no character invests this round but its player's
    "deputy-sheriff": _deputy_sheriff,  # the sheriff badge
    "stolen-gold": _take("gold", 2, "Stolen Gold"),
    "bearskins": _take("fur", 3, "Bearskins"),
    "the-sawmill": _take("logs", 4, "The Sawmill"),
    "safeguard": _safeguard,  # no Colonel acts against its player this round
    "jailbreak": _jailbreak,  # a gunman out of the jail
    "reinforcements": _reinforcements,  # another player's gunman back to the jail
}
