"""Influence on the board, what each player still lacks, the winner, and the event cards
in play checked against their conditions.

"Half of the influence points that belong to the damaged building do not count"
(`DG-DAMAGED`): for an odd value the halves differ, and the option `half` says which one
counts: `down` (our default: the smaller half counts, a 3 counts 1) or `up` (a 3 counts 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.frozen import freeze_fields
from adjudicator.dry_gulch.state import DGState

__all__ = ["Score", "damaged_influence", "has_enough", "score", "wins_with"]


def damaged_influence(influence: int, half: str) -> int:
    """What a damaged building's influence counts: the half that does not count is lost."""
    return (influence + 1) // 2 if half == "up" else influence // 2


def has_enough(influence: int, needed: int) -> bool:
    """`DG-WIN`'s one decision: "the required number of influence points" is had once it is
    reached (the score's winners, a build's or a violet card's win in `game/flow.py`)."""
    return influence >= needed


@dataclass(frozen=True, slots=True)
class Score:
    """The board's influence, as given: read-only (a view or a caller cannot change it)."""

    needed: int
    influence: Mapping[str, int] = field(default_factory=dict)
    detail: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    lacks: Mapping[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        freeze_fields(self, "influence", "detail", "lacks")

    def to_json(self) -> dict[str, Any]:
        return {
            "needed": self.needed,
            "influence": dict(self.influence),
            "detail": {k: list(v) for k, v in self.detail.items()},
            "lacks": dict(self.lacks),
            "winners": list(self.winners),
            "problems": list(self.problems),
        }


def score(state: DGState) -> Score:
    rules = state.rules
    needed = rules.needed(len(state.players))
    influence: dict[str, int] = {}
    detail: dict[str, tuple[str, ...]] = {}
    lacks: dict[str, int] = {}
    winners: list[str] = []
    problems: list[str] = []
    standing = {rules.permits[b.permit].special for b in state.buildings}
    for p in state.players:
        total = 0
        lines = []
        for b in state.buildings:
            if b.owner != p.name:
                continue
            permit = rules.permits[b.permit]
            points = (
                damaged_influence(permit.influence, state.options.half)
                if b.damaged
                else permit.influence
            )
            total += points
            lines.append(
                f"{permit.name} on {b.site}: {points}"
                + (f" (damaged: half of {permit.influence})" if b.damaged else "")
            )
        for e in p.played:
            event = rules.events[e]
            total += event.influence
            lines.append(f"{event.name}: {event.influence}")
            missing = [n for n in event.needs if n not in standing]
            if missing:  # a building damaged since does not undo a card played before it
                problems.append(f"{p.name}'s {event.name} needs {', '.join(missing)} built first")
        for misfortune in ("fire", "vandalism"):
            if p.against.count(misfortune) > 1:
                problems.append(
                    f"{p.name} has {p.against.count(misfortune)} "
                    f"{misfortune} cards in front: at most one"
                )
        influence[p.name] = total
        detail[p.name] = tuple(lines)
        lacks[p.name] = max(0, needed - total)
        if has_enough(total, needed):
            winners.append(p.name)
    # The first to have enough during their own building phase wins: the active player.
    if len(winners) > 1 or (winners and winners != [state.active]):
        late = [w for w in winners if w != state.active]
        problems.append(
            f"{', '.join(late)} already had enough influence: the game ended in their "
            "building phase"
        )
        winners = [w for w in winners if w == state.active] or late[:1]
    return Score(needed, influence, detail, lacks, tuple(winners), tuple(problems))


def wins_with(state: DGState, player: str, more: int) -> bool:
    """Whether `more` influence would give `player` the influence that wins (`has_enough`):
    the Gold Strike is played only "at the end of the game" (our reading: for the point
    that wins, DG-VIOLET). The moves listed, the greedy player and the events phase ask it
    here, so that what they offer is what `game/flow.py` accepts."""
    result = score(state)
    return has_enough(result.influence[player] + more, result.needed)
