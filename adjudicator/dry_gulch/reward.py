"""The reward phase (the Dry Gulch rulebook's 'Reward Phase'; RULINGS-dry-gulch
`DG-REWARD`).

Readings (each an option in RULINGS-dry-gulch): the buildings the active player built this
turn pay their reward once, to them. Option `rewards=every-turn` (or `every_turn=True`)
reads "Each player draws his resource cards from the corresponding stack" as written: in
every reward phase every player draws the rewards of all their undamaged buildings (the
buildings built this turn among them, once). Each violet card played this turn gives the
owners of its buildings three cards each (a building of the card's kind counted once per
owner: the Two Ton Safe pays the Bank's owner and the Blacksmith's owner). A damaged
building pays nothing. Cards are drawn in seat order from the active player, the resource stack
reshuffled from its discards when it runs out. A table with real cards names the cards
drawn (`discard ... rewards C C` in a record), each refereed for being in the stack.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.frozen import freeze_fields, plain
from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.decks import draw_named, draw_resources
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.state import DGState, parse_card
from adjudicator.dry_gulch.verdict import PhaseVerdict

__all__ = ["VIOLET_REWARD", "RewardResult", "reward_phase"]

#: "may draw three additional resource cards"
VIOLET_REWARD = 3


@dataclass(frozen=True, slots=True)
class RewardResult(PhaseVerdict):
    owed: Mapping[str, int] = field(default_factory=dict)  # player -> cards due
    drawn: Mapping[str, Sequence[str]] = field(default_factory=dict)  # player -> cards drawn

    def __post_init__(self) -> None:
        freeze_fields(self, "owed", "drawn")  # a verdict given is not changed

    def to_json(self) -> dict[str, Any]:
        return {
            **self.head_json(),
            "owed": plain(self.owed),
            "drawn": plain(self.drawn),
        }

    def words(self) -> str:
        """Who drew what, in words: `ann draws blacksmith lumber, bob draws food`."""
        drew = [f"{name} draws {' '.join(cards)}" for name, cards in self.drawn.items() if cards]
        return ", ".join(drew) or "none"


def reward_phase(
    state: DGState,
    built: list[str],
    violet: list[str],
    seed: int | None = None,
    every_turn: bool = False,
    *,
    named: list[str] | None = None,
) -> RewardResult:
    """The active player's reward phase: `built` the sites of the buildings they built this
    turn, `violet` the violet cards they played this turn; `every_turn` or the state's
    option `rewards=every-turn`: every player's buildings pay. `named`: the cards a real
    table drew, in the order drawn (seat order from the active player), each refereed for
    being in the stack (none: the seed draws them)."""
    me = state.active
    rules = state.rules

    def refuse(code: Code, why: str) -> RewardResult:
        return RewardResult(me, False, (Reason(code, why),), state)

    if state.decks is None:
        return refuse(Code.DECKS, "the state keeps no stacks ([decks]): nothing to draw from")
    on = state.occupied()
    for site in built:
        if site not in on or on[site].owner != me:
            return refuse(Code.REWARD, f"{me} has no building on {site!r}")
    played = list(state.player(me).played)
    for card in violet:
        if card not in played:
            return refuse(Code.REWARD, f"{me} has played no {card!r} (violet cards in front)")
        played.remove(card)
    owed: dict[str, int] = {p.name: 0 for p in state.players}
    every_turn = every_turn or state.options.rewards == "every-turn"
    paying = list(state.buildings) if every_turn else [on[site] for site in dict.fromkeys(built)]
    for b in paying:
        if not b.damaged:
            owed[b.owner] += rules.permits[b.permit].reward
    for card in violet:
        for special in rules.events[card].needs:
            owners = {
                b.owner
                for b in state.buildings
                if rules.permits[b.permit].special == special and not b.damaged
            }
            for owner in owners:
                owed[owner] += VIOLET_REWARD
    after = Draft.of(state)
    decks = after.decks
    assert decks is not None
    rng = random.Random(seed)
    names = after.names()
    start = names.index(me)
    drawn: dict[str, list[str]] = {}
    queue = list(named or [])
    for name in names[start:] + names[:start]:
        if owed[name]:
            if named:  # a real table's cards: as many as the stack gives, in the stack
                due = min(owed[name], len(decks.resources) + len(decks.resource_discard))
                got, queue = queue[:due], queue[due:]
                _, why = draw_named(decks, "resources", got, owed[name], rng)
                if why is not None:
                    return refuse(Code.REWARD, f"{name}'s reward: {why}")
            else:
                got, _ = draw_resources(decks, owed[name], rng)
            after.player(name).hand.extend(parse_card(c, rules) for c in got)
            drawn[name] = got
    if queue:
        return refuse(Code.REWARD, f"more reward cards named than drawn: {' '.join(queue)}")
    return RewardResult(me, True, (), after.freeze(), {k: v for k, v in owed.items() if v}, drawn)
