"""The round: keeping two of the characters dealt, whose turn is next, and the end of a
round (resources above the limit go back, characters are dealt again from the seed, one
event card each from the event deck, the badge holder starts the next)."""

from __future__ import annotations

import random

from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.errors import IllegalTurnError
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.turn import Turn

__all__ = ["end_round", "end_turn", "keep", "next_player"]


def keep(turn: Turn, args: list[str]) -> None:
    """`keep A B`: a new round's first action keeps two of the characters dealt."""
    need = turn.rules.characters_kept
    hand = turn.me.characters
    if len(hand) <= need:
        raise IllegalTurnError(Code.KEEP, "you already hold only the characters you keep")
    if len(args) != need or len(set(args)) != need or any(a not in hand for a in args):
        raise IllegalTurnError(Code.KEEP, f"keep {need} of your characters: {', '.join(hand)}")
    gone = [c for c in hand if c not in args]
    turn.me.characters = list(args)
    turn.state.discarded.extend(gone)
    turn.log.append(f"keeps {' and '.join(args)}; discards {' and '.join(gone)}")


def next_player(s: BHState, player: str) -> str | None:
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


def end_turn(s: BHState, player: str, log: list[str]) -> None:
    """The player's turn counts; unless the game is over the next player is on, or, when
    everyone has had two turns, the round ends."""
    s.turns[player] = s.turns.get(player, 0) + 1
    if s.winner is not None:
        return
    nxt = next_player(s, player)
    if nxt is None:
        end_round(s, log)
    else:
        s.active = nxt


def end_round(s: BHState, log: list[str]) -> None:
    """Resources above the limit go back (the least valuable first); characters are
    gathered and dealt again; each player holding fewer than two events gets one from the
    event deck; the badge holder starts."""
    rules = s.rules
    for p in s.players:
        while p.resources > rules.resource_limit:
            r = min((r for r in RESOURCES if getattr(p, r)), key=lambda r: rules.value[r])
            setattr(p, r, getattr(p, r) - 1)
            s.supply[r] += 1
    everything = list(rules.characters)
    rng = random.Random((s.seed or 0) * 104729 + s.round)
    rng.shuffle(everything)
    for p in s.players:
        p.characters = [everything.pop() for _ in range(rules.characters_dealt)]
    s.discarded = everything
    for p in s.players:  # one event a round, for a player holding fewer than two
        if len(p.events) < rules.event_hand_limit and s.event_deck:
            p.events.append(s.event_deck.pop(0))
    s.round += 1
    s.placed, s.closed, s.plague = [], {}, None
    s.protected, s.safeguard, s.colonel, s.turns = [], [], [], {}
    s.active = s.sheriff
    log.append(
        f"round {s.round} begins: {s.sheriff} holds the badge and starts; resources "
        f"above {rules.resource_limit} went back; four characters dealt to each"
    )
