"""A Dry Gulch state's working copy: a move's rule takes one (`Draft.of`), changes its
lists card by card as the rulebook moves the cards, and `freeze`s it into the new state.

A `DGState` is frozen and shared (a game keeps every state it passed through); the
phases move cards one at a time (a draw, a pop, a reshuffle), which reads most plainly on
lists. The draft keeps those changes to itself: the state it was taken from is untouched.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.seats import Seats
from adjudicator.dry_gulch.data import Rules
from adjudicator.dry_gulch.decks import DeckDraft
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, HandCard, specials_of

__all__ = ["BuiltDraft", "Draft", "PlayerDraft"]


@dataclass
class PlayerDraft:
    name: str
    hand: list[HandCard]
    permits: list[str]
    played: list[str]
    against: list[str]


@dataclass
class BuiltDraft:
    permit: str
    owner: str
    site: str
    damaged: bool = False
    fire: str | None = None


@dataclass
class Draft(Seats[PlayerDraft]):
    players: list[PlayerDraft]
    active: str
    buildings: list[BuiltDraft]
    decks: DeckDraft | None
    options: DGOptions
    stagecoach: bool
    city_hall_closed: str | None
    phase: str | None
    rules: Rules

    @classmethod
    def of(cls, s: DGState) -> Draft:
        return cls(
            [
                PlayerDraft(p.name, list(p.hand), list(p.permits), list(p.played), list(p.against))
                for p in s.players
            ],
            s.active,
            [BuiltDraft(b.permit, b.owner, b.site, b.damaged, b.fire) for b in s.buildings],
            None if s.decks is None else DeckDraft.of(s.decks),
            s.options,
            s.stagecoach,
            s.city_hall_closed,
            s.phase,
            s.rules,
        )

    def freeze(self) -> DGState:
        return DGState(
            tuple(
                DGPlayer(p.name, tuple(p.hand), tuple(p.permits), tuple(p.played), tuple(p.against))
                for p in self.players
            ),
            self.active,
            tuple(Built(b.permit, b.owner, b.site, b.damaged, b.fire) for b in self.buildings),
            None if self.decks is None else self.decks.freeze(),
            self.options,
            self.stagecoach,
            self.city_hall_closed,
            self.phase,
            self.rules,
        )

    def specials_built(self, owner: str | None = None) -> list[str]:
        return specials_of(self.rules, self.buildings, owner)

    def occupied(self) -> dict[str, BuiltDraft]:
        return {b.site: b for b in self.buildings}
