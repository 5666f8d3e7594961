"""The round: keeping two of the characters dealt, whose turn is next, and the end of a
round (resources above the limit go back, characters are dealt again from the seed, one
event card each from the event deck, the badge holder starts the next).

Which resources go back is each player's choice, written in the turn that ends the round:
`return ann:fur,fur bob:logs` (one word per token); what is not written goes back the
least valuable first."""

from __future__ import annotations

import random

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.draft import AnyState, Draft
from adjudicator.black_hills.errors import IllegalTurnError
from adjudicator.black_hills.moves import Keep, Return
from adjudicator.black_hills.turn import Turn

__all__ = [
    "end_round",
    "end_turn",
    "keep",
    "must_keep",
    "next_player",
    "reshuffle",
    "returns",
    "round_ends",
]


def must_keep(s: AnyState) -> list[str]:
    """The players who have not yet discarded two of the four dealt this round, in seat
    order: the round's set-up is over when this is empty."""
    return [p.name for p in s.players if len(p.characters) > s.rules.characters_kept]


def keep(turn: Turn, move: Keep) -> None:
    """`keep A B`: the set-up's discard. "Each player takes a look at the cards in his hand
    and decides to discard 2 of them that are placed face down on the deck of character
    cards that are left over": every player does it before the first turn of the round
    (`referee.setup_keep`), so the Shaman's draw finds everyone's discards. A turn's `keep`
    is refused (`referee.apply`), except in a record of an older version, which wrote it
    there: one naming the two already kept is then read as the set-up's and does nothing."""
    need = turn.rules.characters_kept
    hand = turn.me.characters
    cards = list(move.cards)
    if len(hand) <= need and sorted(cards) == sorted(hand) and len(set(cards)) == need:
        turn.log.append("kept at the set-up")
        return
    if len(hand) <= need:
        raise IllegalTurnError(Code.KEEP, "you already hold only the characters you keep")
    if len(cards) != need or len(set(cards)) != need or any(c not in hand for c in cards):
        raise IllegalTurnError(Code.KEEP, f"keep {need} of your characters: {', '.join(hand)}")
    gone = [c for c in hand if c not in cards]
    turn.me.characters = cards
    turn.state.discarded.extend(gone)
    # "The other players should not see which characters have been discarded."
    turn.log.append(f"keeps {' and '.join(cards)}; discards {len(gone)} face down")


def returns(turn: Turn, move: Return) -> None:
    """`return NAME:RESOURCE[,RESOURCE...] ...`: what players return at the round's end
    (checked when the round ends, against what they hold then)."""
    for name, what in move.returns:
        if name not in turn.state.names():
            raise IllegalTurnError(Code.PLAYERS, f"there is no player {name!r}")
        if name in turn.returns:
            raise IllegalTurnError(Code.ROUND_END, f"{name}'s return is written once")
        turn.returns[name] = list(what)


def round_ends(s: AnyState, player: str) -> bool:
    """Whether the round ends with this player's turn (everyone then has had two)."""
    done = {n: s.turns.get(n, 0) + (n == player) for n in s.names()}
    return s.winner is None and all(n >= 2 for n in done.values())


def next_player(s: AnyState, player: str) -> str | None:
    """Clockwise from `player`, the next who has a turn left this round (None: nobody)."""
    order = s.names()
    start = order.index(player)
    return next(
        (
            order[(start + k) % len(order)]
            for k in range(1, len(order) + 1)
            if s.turns.get(order[(start + k) % len(order)], 0) < 2
        ),
        None,
    )


def end_turn(
    s: Draft, player: str, log: list[str], chosen: dict[str, list[str]] | None = None
) -> None:
    """The player's turn counts; unless the game is over the next player is on, or, when
    everyone has had two turns, the round ends (with the returns `chosen`)."""
    s.turns[player] = s.turns.get(player, 0) + 1
    if s.winner is not None:
        return
    nxt = next_player(s, player)
    if nxt is None:
        end_round(s, log, chosen or {})
    else:
        s.active = nxt


def end_round(s: Draft, log: list[str], chosen: dict[str, list[str]] | None = None) -> None:
    """Resources above the limit go back (those `chosen`, then the least valuable first);
    characters are gathered and dealt again; each player holding fewer than two events gets
    one from the event deck; the badge holder starts."""
    rules = s.rules
    for p in s.players:
        named = list((chosen or {}).get(p.name, []))
        over = p.resources - rules.resource_limit
        if len(named) > max(over, 0):
            raise IllegalTurnError(
                Code.ROUND_END,
                f"{p.name} returns only the resources above {rules.resource_limit}: "
                f"{max(over, 0)}, not {len(named)}",
            )
        back = dict.fromkeys(RESOURCES, 0)
        while p.resources > rules.resource_limit:
            if named:
                r = named.pop(0)
                if getattr(p, r) == 0:
                    raise IllegalTurnError(Code.ROUND_END, f"{p.name} has no {r} left to return")
            else:
                r = min((r for r in RESOURCES if getattr(p, r)), key=lambda r: rules.value[r])
            setattr(p, r, getattr(p, r) - 1)
            s.supply[r] += 1
            back[r] += 1
        if any(back.values()):
            log.append(f"{p.name} returns " + ", ".join(f"{n} {r}" for r, n in back.items() if n))
    everything = list(rules.characters)
    rng = random.Random((s.seed or 0) * 104729 + s.round)
    rng.shuffle(everything)
    for p in s.players:
        p.characters = [everything.pop() for _ in range(rules.characters_dealt)]
    # Setup 7 again: the undealt cards are out of the round; nothing is discarded yet.
    s.discarded, s.leftover = [], everything
    for p in s.players:  # one event a round, for a player holding fewer than two
        if len(p.events) < rules.event_hand_limit:
            if not s.event_deck:
                reshuffle(s, log)
            if s.event_deck:
                p.events.append(s.event_deck.pop(0))
    s.round += 1
    s.placed, s.closed, s.plague = [], {}, None
    s.protected, s.safeguard, s.colonel, s.turns = [], [], [], {}
    s.active = s.sheriff
    log.append(
        f"round {s.round} begins: {s.sheriff} holds the badge and starts; resources "
        f"above {rules.resource_limit} went back; four characters dealt to each"
    )


def reshuffle(s: Draft, log: list[str]) -> None:
    """The event deck ran out. The rulebook does not say what then; by default (option
    `reshuffle=used`) the used cards ("placed face up at the side of the deck of events
    cards not yet played") are shuffled, from the seed, into a new deck; with
    `reshuffle=never` no more event cards are dealt."""
    if s.options.reshuffle == "never" or not s.used_events:
        return
    deck = sorted(s.used_events)
    random.Random((s.seed or 0) * 15_485_863 + s.round).shuffle(deck)
    s.event_deck, s.used_events = deck, []
    log.append(f"the event deck ran out: the {len(deck)} used event cards are shuffled into it")
