"""The discard phase (the Dry Gulch rulebook's 'Discard', RULINGS-dry-gulch `DG-DISCARD`).

"The active player may discard any cards he wants. He also discards all event cards that
other players have played against him. All players with more than 15 cards must discard
randomly selected cards." And: "When the misfortune event card is discarded, the marker is
also removed from the building, and the building counts again as fully valid."

Readings: the cards the active player chooses go first, then the misfortunes in front of
them (so their damaged buildings are repaired), then every player over the hand limit
(`DG-HAND-LIMIT`) loses random cards down to it (permits "do not count as cards"). The
random cards come from the seed, so that a phase can be replayed, or are those a real table
names (`over`: each of them in that player's hand, as many as take it down to the limit; an
Ace up your Sleeve spares nothing here: these cards are discarded, not "drawn from you").
Every card discarded goes onto its discard pile (resources and events apart), where a
reshuffle finds it again.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.frozen import freeze_fields, plain
from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.state import DGState, HandCard
from adjudicator.dry_gulch.table_options import fire_goes_out
from adjudicator.dry_gulch.verdict import PhaseVerdict

__all__ = ["DiscardResult", "discard_named", "discard_phase"]


@dataclass(frozen=True, slots=True)
class DiscardResult(PhaseVerdict):
    """The phase's verdict: legal or not and why, the state it leaves (the state as it was
    when refused), what each player discarded and which sites were repaired."""

    chosen: Sequence[str] = field(default_factory=list)
    misfortunes: Sequence[str] = field(default_factory=list)
    repaired: Sequence[str] = field(default_factory=list)  # sites whose marker came off
    at_random: Mapping[str, Sequence[str]] = field(default_factory=dict)  # player -> cards lost

    def __post_init__(self) -> None:
        freeze_fields(
            self, "chosen", "misfortunes", "repaired", "at_random"
        )  # a verdict given is not changed

    def to_json(self) -> dict[str, Any]:
        return {
            **self.head_json(),
            "discarded": plain(self.chosen),
            "misfortunes": plain(self.misfortunes),
            "repaired": plain(self.repaired),
            "random": plain(self.at_random),
        }


def discard_named(hand: list[HandCard], named: list[str], n: int) -> list[HandCard] | str:
    """The n cards a real table discarded at random from the hand, named (taken out of it,
    in place), or why they cannot have been: exactly n, each one in the hand."""
    if len(named) != n:
        return f"{n} cards are over the hand limit, {len(named)} named"
    left = list(hand)
    taken: list[HandCard] = []
    for text in named:
        at = next((i for i, c in enumerate(left) if c.text == text), None)
        if at is None:
            return f"no {text} in the hand to discard"
        taken.append(left.pop(at))
    hand[:] = left
    return taken


def discard_phase(
    state: DGState,
    chosen: list[str],
    seed: int | None = None,
    over: dict[str, list[str]] | None = None,
) -> DiscardResult:
    """The active player's discard phase: `chosen` are the cards they discard (as written
    in the state file: `lumber`, `labor:2`, `event:iou`); `over`: the cards a real table
    discarded at random over the hand limit, by player (none: the seed's)."""
    me = state.player(state.active)
    left = [c.text for c in me.hand]
    for card in chosen:
        if card not in left:
            why = f"{me.name} holds no {card!r} to discard" + (
                " (no more of them)" if any(c.text == card for c in me.hand) else ""
            )
            return DiscardResult(me.name, False, (Reason(Code.DISCARD, why),), state)
        left.remove(card)
    after = Draft.of(state)
    mine = after.player(after.active)
    discarded: list[HandCard] = []  # every card leaving a hand, for the discard piles
    for card in chosen:
        discarded.append(mine.hand.pop(next(i for i, c in enumerate(mine.hand) if c.text == card)))
    misfortunes, mine.against = list(mine.against), []
    repaired = fire_goes_out(after, mine.name, "fire" in misfortunes)
    rng = random.Random(seed)
    lost: dict[str, list[str]] = {}
    limit = after.rules.hand_limit
    named = dict(over or {})
    for name in named:
        if name not in after.names():
            why = f"{name} is not one of the players: no card of theirs is over the hand limit"
            return DiscardResult(me.name, False, (Reason(Code.DISCARD, why),), state)
    for p in after.players:
        if p.name in named:  # a real table's random discards, refereed for being in the hand
            gone_named = discard_named(p.hand, named[p.name], max(0, len(p.hand) - limit))
            if isinstance(gone_named, str):
                why = f"{p.name}: {gone_named}"
                return DiscardResult(me.name, False, (Reason(Code.DISCARD, why),), state)
            lost[p.name] = [c.text for c in gone_named]
            discarded.extend(gone_named)
        elif len(p.hand) > limit:
            gone = sorted(rng.sample(range(len(p.hand)), len(p.hand) - limit), reverse=True)
            gone_cards = [p.hand.pop(i) for i in gone]
            lost[p.name] = [c.text for c in gone_cards]
            discarded.extend(gone_cards)
    if after.decks is not None:  # the cards go onto their discard piles, none is lost
        for c in discarded:
            if c.event is not None:
                after.decks.event_discard.append(c.event)
            else:
                after.decks.resource_discard.append(c.text)
        after.decks.event_discard.extend(misfortunes)
    return DiscardResult(
        mine.name, True, (), after.freeze(), list(chosen), misfortunes, repaired, lost
    )
