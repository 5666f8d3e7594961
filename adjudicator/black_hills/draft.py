"""A Black Hills turn's working copy: the referee takes one of the state (`Draft.of`), the
turn's rules change it as the rulebook moves tokens and cards, and a legal turn `freeze`s
it into the new state.

A `BHState` is frozen and shared (a game keeps every state it passed through, the search
referees thousands of turns from one); the actions move a token or a card at a time, which
reads most plainly on lists and counts that change. The draft keeps those changes to itself:
the state it was taken from is untouched, and a refused turn simply drops its draft.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.black_hills.data import Rules
from adjudicator.black_hills.frozen_map import FrozenMap
from adjudicator.black_hills.options import BHOptions
from adjudicator.black_hills.state import BHPlayer, BHState, Holdings
from adjudicator.core.seats import Seats

__all__ = ["AnyState", "Draft", "PlayerDraft", "shaman_pool"]


@dataclass
class PlayerDraft(Holdings):
    name: str
    reputation: int
    gold: int
    logs: int
    fur: int
    gunmen: int
    characters: list[str]
    events: list[str]


@dataclass
class Draft(Seats[PlayerDraft]):
    players: list[PlayerDraft]
    active: str
    sheriff: str
    round: int
    seed: int | None
    supply: dict[str, int]
    jail: int
    discarded: list[str]
    leftover: list[str]
    event_deck: list[str]  # top first
    used_events: list[str]
    placed: list[tuple[str, str, str]]
    closed: dict[str, str]
    plague: str | None
    protected: list[str]
    safeguard: list[str]
    colonel: list[tuple[str, str]]
    turns: dict[str, int]
    winner: str | None
    options: BHOptions
    rules: Rules
    seeded: bool = True
    # The state the draft was taken from: `freeze` hands on its players a turn left as
    # they were (most turns change one or two), rather than building each again.
    origin: BHState | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, s: BHState) -> Draft:
        return cls(
            [
                PlayerDraft(
                    p.name,
                    p.reputation,
                    p.gold,
                    p.logs,
                    p.fur,
                    p.gunmen,
                    list(p.characters),
                    list(p.events),
                )
                for p in s.players
            ],
            s.active,
            s.sheriff,
            s.round,
            s.seed,
            s.supply.thaw(),
            s.jail,
            list(s.discarded),
            list(s.leftover),
            list(s.event_deck),
            list(s.used_events),
            list(s.placed),
            s.closed.thaw(),
            s.plague,
            list(s.protected),
            list(s.safeguard),
            list(s.colonel),
            s.turns.thaw(),
            s.winner,
            s.options,
            s.rules,
            s.seeded,
            s,
        )

    def copy(self) -> Draft:
        """A draft of its own with the same table (what a turn so far has changed too)."""
        return Draft(
            [
                PlayerDraft(
                    p.name,
                    p.reputation,
                    p.gold,
                    p.logs,
                    p.fur,
                    p.gunmen,
                    list(p.characters),
                    list(p.events),
                )
                for p in self.players
            ],
            self.active,
            self.sheriff,
            self.round,
            self.seed,
            dict(self.supply),
            self.jail,
            list(self.discarded),
            list(self.leftover),
            list(self.event_deck),
            list(self.used_events),
            list(self.placed),
            dict(self.closed),
            self.plague,
            list(self.protected),
            list(self.safeguard),
            list(self.colonel),
            dict(self.turns),
            self.winner,
            self.options,
            self.rules,
            self.seeded,
            self.origin,
        )

    def freeze(self) -> BHState:
        before = {p.name: p for p in self.origin.players} if self.origin is not None else {}
        return BHState(
            players=tuple(_frozen(p, before.get(p.name)) for p in self.players),
            active=self.active,
            sheriff=self.sheriff,
            round=self.round,
            seed=self.seed,
            supply=FrozenMap(self.supply),
            jail=self.jail,
            discarded=tuple(self.discarded),
            leftover=tuple(self.leftover),
            event_deck=tuple(self.event_deck),
            used_events=tuple(self.used_events),
            placed=tuple(self.placed),
            closed=FrozenMap(self.closed),
            plague=self.plague,
            protected=tuple(self.protected),
            safeguard=tuple(self.safeguard),
            colonel=tuple(self.colonel),
            turns=FrozenMap(self.turns),
            winner=self.winner,
            options=self.options,
            rules=self.rules,
            seeded=self.seeded,
        )


def _frozen(p: PlayerDraft, before: BHPlayer | None) -> BHPlayer:
    """The player as a state's: `before` itself where the turn left it so."""
    characters, events = tuple(p.characters), tuple(p.events)
    now = (p.name, p.reputation, p.gold, p.logs, p.fur, p.gunmen, characters, events)
    if before is not None and now == (
        before.name,
        before.reputation,
        before.gold,
        before.logs,
        before.fur,
        before.gunmen,
        before.characters,
        before.events,
    ):
        return before
    return BHPlayer(*now)


#: What the rules that only read a table accept: a state, or a turn's draft of one.
AnyState = BHState | Draft


def shaman_pool(s: AnyState) -> list[str]:
    """The characters the Shaman's draw deals from, sorted. "The discarded character cards
    are shuffled, four cards are dealt": the cards discarded this round, not those left
    over, of which Setup 7 says "this deck will not be used during this round". Option
    `shaman-pool=all` (the earlier reading: Setup 8 puts the discards "face down on the
    deck of character cards that are left over", where they cannot be told apart): both."""
    pool = [*s.discarded, *(s.leftover if s.options.shaman_pool == "all" else ())]
    return sorted(pool)
