"""What one Black Hills player may know at the table, as a state the hint can search
(`view_state`): the player's own hand and events, everything face up (the board, the
resources, gunmen and reputation, the used event cards, how many cards each hand and pile
holds), and nothing face down — not which characters the others keep or discarded, not
which event cards they hold, not the event deck's order, not the seed.

Where the hint meets a face-down card it counts: a blind Colonel's steal draws any event
card the player cannot see (each other player's hand, while it holds one, is all of them),
and in a view it is the choice of a victim only (`candidates.placements`): the served
table deals the card at the commit, so no later choice of the turn rests on it. The
Shaman's deal holds the player's own discards still in the pool and, for the others'
discards, any of the characters the player has not seen (`view_pool`, weighed in
`chance.py`). Two tables the player cannot tell apart give the same view.
"""

from __future__ import annotations

import random
from dataclasses import replace

from adjudicator.black_hills.data import Rules
from adjudicator.black_hills.draft import shaman_pool
from adjudicator.black_hills.state import BHPlayer, BHState

__all__ = ["dealt_hands", "own_discards", "unseen_characters", "unseen_events", "view_state"]


def dealt_hands(
    rules: Rules, seed: int, round_: int, names: list[str]
) -> dict[str, tuple[str, ...]]:
    """The characters the seed deals each player at the start of a round, as
    `setup.new_table` (round 1) and `round.end_round` (the rounds after) deal them."""
    if round_ == 1:
        chars = sorted(rules.characters)
        random.Random(seed).shuffle(chars)
    else:
        chars = list(rules.characters)
        random.Random(seed * 104729 + round_ - 1).shuffle(chars)
    n = rules.characters_dealt
    return {name: tuple(chars.pop() for _ in range(n)) for name in names}


def unseen_events(s: BHState, player: str) -> tuple[str, ...]:
    """The event cards `player` cannot see: not in hand, not used (face up)."""
    gone = {*s.player(player).events, *s.used_events}
    return tuple(e for e in sorted(s.rules.events) if e not in gone)


def _dealt_to(s: BHState, player: str) -> tuple[str, ...]:
    """The four `player` was dealt this round, as the seed dealt them; () where the state
    was not dealt by its seed (the kept cards are not among them)."""
    if s.seed is None:
        return ()
    hand = dealt_hands(s.rules, s.seed, s.round, s.names()).get(player, ())
    return hand if set(s.player(player).characters) <= set(hand) else ()


def own_discards(s: BHState, player: str) -> tuple[str, ...]:
    """The player's own discards still in the Shaman's pool: the player saw them."""
    pool = set(shaman_pool(s))
    return tuple(c for c in sorted(_dealt_to(s, player)) if c in pool)


def unseen_characters(s: BHState, player: str) -> tuple[str, ...]:
    """The characters `player` has not seen this round: not dealt to them, not face up on
    the board (the others' kept cards, their discards, the cards left over)."""
    seen = {*_dealt_to(s, player), *s.player(player).characters}
    seen |= {c for _, c, _ in s.placed}
    return tuple(c for c in sorted(s.rules.characters) if c not in seen)


def _other(p: BHPlayer, chars: tuple[str, ...], events: tuple[str, ...]) -> BHPlayer:
    """Another player as the viewer counts them: the hand's size, any cards it could be."""
    return replace(
        p,
        characters=chars[: len(p.characters)],
        events=events if p.events else (),
    )


def view_state(s: BHState, player: str) -> BHState:
    """The table as `player` may know it (the module's docstring). Another player's events
    are every card the viewer cannot see (so a blind steal from them draws each alike);
    their characters, the discards and the deck are filled from what the viewer has not
    seen, in a fixed order; the Shaman's pool is the viewer's own discards and every
    character the viewer has not seen, `view_pool` saying how many of those are dealt."""
    events = unseen_events(s, player)
    chars = unseen_characters(s, player)
    known = own_discards(s, player)
    pool = shaman_pool(s)
    return replace(
        s,
        players=tuple(p if p.name == player else _other(p, chars, events) for p in s.players),
        seed=None,
        discarded=tuple(sorted({*known, *chars})),
        leftover=(),
        event_deck=events[: len(s.event_deck)],
        view_pool=(known, len(pool) - len(known)),
    )
