"""The event phase (the Dry Gulch rulebook's 'Draw Event Cards'; RULINGS-dry-gulch
`DG-EVENT-ROUND1`, `DG-EVENT-THREE`).

"In the first round the players do not draw event cards. The top three event cards of the
stack are turned face up and placed in front of the active player. The player must
immediately discard one of these three cards. The remaining cards with a red or yellow
triangle the player may take into his hand. All other cards remain face up. The player
must play these cards during the course of his turn, before the reward phase."

Readings: with fewer than three left, the discarded events are reshuffled first (as the
rulebook says for resources); with none at all, nothing is turned up. The cards that stay
face up are kept in the state's `decks.face_up` until they are played from the table
(`other_events.py`, `misfortune.py`, the game record's `play`; `DG-EVENT-FACE-UP`). A
table with real cards names the three it turned up (`events turned A B C discard A` in a
record); each must be in the stack, its own cards before its reshuffled discards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.frozen import freeze_fields, plain
from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.decks import draw_named
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.state import DGState, parse_card
from adjudicator.dry_gulch.verdict import PhaseVerdict

__all__ = ["TURNED_UP", "EventPhase", "event_phase"]

TURNED_UP = 3


@dataclass(frozen=True, slots=True)
class EventPhase(PhaseVerdict):
    turned_up: Sequence[str] = field(default_factory=list)
    discarded: str | None = None
    taken: Sequence[str] = field(default_factory=list)
    face_up: Sequence[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        freeze_fields(self, "turned_up", "taken", "face_up")  # a verdict given is not changed

    def to_json(self) -> dict[str, Any]:
        return {
            **self.head_json(),
            "turned_up": plain(self.turned_up),
            "discarded": self.discarded,
            "taken": plain(self.taken),
            "face_up": plain(self.face_up),
        }


def event_phase(
    state: DGState,
    discard: str | None,
    take: list[str],
    seed: int | None = None,
    turned: list[str] | None = None,
) -> EventPhase:
    """The active player's event phase: which of the three is discarded, which red or
    yellow ones go to the hand (the rest stay face up). `turned`: the three a real table
    turned up, each refereed for being in the stack (none: the seed's top three)."""
    me = state.active

    def refuse(code: Code, why: str, shown: list[str] | None = None) -> EventPhase:
        return EventPhase(me, False, (Reason(code, why),), state, shown or [])

    if state.decks is None:
        return refuse(Code.DECKS, "the state keeps no stacks ([decks]): nothing to draw from")
    if state.decks.round == 1:
        if discard or take:
            return refuse(Code.EVENT, "in the first round the players draw no event cards")
        return EventPhase(me, True, (), state)
    after = Draft.of(state)
    decks = after.decks
    assert decks is not None
    if turned:
        _, why = draw_named(decks, "events", list(turned), TURNED_UP, random.Random(seed))
        if why is not None:
            return refuse(Code.EVENT, f"not what the event stack can turn up: {why}")
        shown = list(turned)
    else:
        if len(decks.events) < TURNED_UP and decks.event_discard:
            rest, decks.event_discard = decks.event_discard, []
            random.Random(seed).shuffle(rest)
            decks.events.extend(rest)
        shown = decks.events[:TURNED_UP]
        del decks.events[:TURNED_UP]
    if not shown:
        return EventPhase(me, True, (), after.freeze())
    if discard not in shown:
        return refuse(Code.EVENT, f"discard one of the three turned up: {', '.join(shown)}", shown)
    left = list(shown)
    left.remove(discard)
    rules = after.rules
    for event in take:
        if event not in left:
            return refuse(
                Code.EVENT, f"{event!r} is not among those left: {', '.join(left)}", shown
            )
        if rules.events[event].triangle not in ("red", "yellow"):
            return refuse(
                Code.EVENT,
                f"the {rules.events[event].name} has no red or yellow triangle: it stays face "
                "up, to be played this turn",
                shown,
            )
        left.remove(event)
    decks.event_discard.append(discard)
    after.player(me).hand.extend(parse_card(f"event:{e}", rules) for e in take)
    decks.face_up.extend(left)
    return EventPhase(me, True, (), after.freeze(), shown, discard, list(take), left)
