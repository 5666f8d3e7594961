"""The event cards without a triangle (the Dry Gulch rulebook's "No Triangle (Other
Events)"), played from the table in the active player's turn; and which face-up cards are
still to be played (RULINGS-dry-gulch `DG-EVENT-FACE-UP`, and one code a card:
`DG-POLL` ... `DG-HORSE`, quoted in `codes.py`).

"All other cards remain face up. The player must play these cards during the course of his
turn, before the reward phase. When exactly he plays them is his choice." "Buildings here
refer to their owners (who then gain or lose cards)."

Readings (RULINGS-dry-gulch): a card without a triangle is played only from the table
(it never goes to the hand); "the influence points on the board" are those `score` counts
(damaged buildings half, violet cards); "each player" goes in seat order from the active
player; cards drawn come from the resource stack; the losses and the buildings not built
are `losses.py`'s. A Gunfight is played against a Saloon's site; with no Saloon built it
is played with no effect. Land Grant's permit goes to the active player.

A real table names the cards these draws took (`losing`: from hands, in the order of the
draws; `drawing`: from the resource stack, in the order of the players who take them;
`permit`: Land Grant's, any one in the permit stack), refereed for being there
(`losses.Named`); without names the seed draws them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.frozen import freeze_fields, plain
from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.losses import Moved, Named, lose_to, owner_of, receive
from adjudicator.dry_gulch.score import score, wins_with
from adjudicator.dry_gulch.state import DGState
from adjudicator.dry_gulch.table_options import misfortune_target, violet_built
from adjudicator.dry_gulch.verdict import reasons_json

__all__ = ["CODES", "EventResult", "play_event", "playable_face_up", "saloon_sites"]

#: Each card without a triangle and the code that rules it.
CODES: dict[str, Code] = {
    "election-poll": Code.POLL,
    "main-street-shootout": Code.SHOOTOUT,
    "doctor-new-medicament": Code.MEDICAMENT,
    "headline-mayor-to-be": Code.HEADLINE,
    "doctor-close-shave": Code.SHAVE,
    "banker-new-pipe": Code.PIPE,
    "gunfight-in-the-saloon": Code.GUNFIGHT,
    "wells-fargo-wagon": Code.STAGECOACH,
    "land-grant": Code.LAND_GRANT,
    "sheriff-shot": Code.SHERIFF_SHOT,
    "undertakers-horse-is-ill": Code.HORSE,
}

#: "X loses two random cards to Y": the buildings (special ids) and the number.
_TWO_TO: dict[str, tuple[str, str]] = {
    "doctor-new-medicament": ("doctor", "pharmacist"),
    "doctor-close-shave": ("doctor", "barber"),
    "banker-new-pipe": ("bank", "tobacconist"),
    "sheriff-shot": ("sheriff", "doctor"),
    "undertakers-horse-is-ill": ("undertaker", "stables"),
}
#: Gunfight in the Saloon: "to the Undertaker, the Sheriff and the Doctor, one each".
_GUNFIGHT_TO = ("undertaker", "sheriff", "doctor")


@dataclass(frozen=True, slots=True)
class EventResult:
    player: str
    event: str
    legal: bool
    reasons: tuple[Reason, ...]
    after: DGState
    site: str | None = None
    moved: Sequence[Moved] = field(default_factory=list)  # losses, in order
    drawn: Mapping[str, Sequence[str]] = field(default_factory=dict)  # from the resource stack
    permit: str | None = None  # Land Grant's

    def __post_init__(self) -> None:
        freeze_fields(self, "moved", "drawn")  # a verdict given is not changed

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "event": self.event,
            "legal": self.legal,
            "reasons": reasons_json(self.reasons),
            "site": self.site,
            "moved": [m.to_json() for m in self.moved],
            "drawn": plain(self.drawn),
            "permit": self.permit,
        }

    def words(self) -> str:
        """What happened, in a line."""
        parts = []
        for m in self.moved:
            if not m.cards:
                continue
            what = "the I.O.U." if m.iou else " ".join(m.cards)
            src = m.loser or "the resource stack"
            parts.append(f"{src} -> {m.receiver or 'the discards'}: {what}")
        parts += [f"{n} drew {' '.join(c)}" for n, c in self.drawn.items() if c]
        if self.permit:
            parts.append(f"{self.player} took the {self.permit} permit")
        return "; ".join(parts) or "no effect"


def saloon_sites(state: DGState) -> list[str]:
    """The sites a Gunfight may be played against: every Saloon built, damaged or not."""
    rules = state.rules
    return [b.site for b in state.buildings if rules.permits[b.permit].special == "saloon"]


def _order(state: DGState) -> list[str]:
    names = state.names()
    start = names.index(state.active)
    return names[start:] + names[:start]


def play_event(
    state: DGState,
    event: str,
    site: str | None = None,
    seed: int | None = None,
    named: Named | None = None,
    permit_named: str | None = None,
) -> EventResult:
    """The active player plays the face-up `event` (a card without a triangle); `named` and
    `permit_named`: the cards a real table drew (none: the seed's)."""
    me = state.active
    rules = state.rules
    code = CODES.get(event, Code.EVENT)

    def refuse(c: Code, why: str) -> EventResult:
        return EventResult(me, event, False, (Reason(c, why),), state, site)

    card = rules.events.get(event)
    if card is None or event not in CODES:
        return refuse(Code.EVENT, f"{event!r} is not an event card without a triangle")
    if state.decks is None:
        return refuse(Code.DECKS, "the state keeps no stacks ([decks]): nothing to draw from")
    if event not in state.decks.face_up:
        return refuse(
            code,
            f"no {card.name} lies face up: a card without a triangle is played from the "
            "table in the turn it is turned up",
        )
    saloons = saloon_sites(state)
    if event == "gunfight-in-the-saloon":
        if saloons and site not in saloons:
            why = f"the {card.name} is played against a Saloon: {', '.join(saloons)}"
            return refuse(code, why)
        if not saloons and site is not None:
            return refuse(code, f"no Saloon stands: the {card.name} is played with no effect")
    elif site is not None:
        return refuse(code, f"the {card.name} is not played against a building")
    after = Draft.of(state)
    decks = after.decks
    assert decks is not None
    decks.face_up.remove(event)
    rng = random.Random(seed)
    named = Named(
        None if named is None or named.losing is None else list(named.losing),
        None if named is None or named.drawing is None else list(named.drawing),
    )  # a copy: taking the names as the draws go must not change the caller's
    moved: list[Moved] = []
    drawn: dict[str, list[str]] = {}
    permit: str | None = None
    if event == "election-poll":
        influence = score(state).influence
        top = max(influence.values())
        for name in _order(state):
            drawn[name] = receive(after, name, top - influence[name], rng, named)
    elif event == "main-street-shootout":
        undertaker = owner_of(state, "undertaker")
        if undertaker is not None:
            drawn[undertaker] = receive(after, undertaker, 1, rng, named)
    elif event in _TWO_TO:
        loser, receiver = _TWO_TO[event]
        owners = owner_of(state, loser), owner_of(state, receiver)
        moved.append(lose_to(after, *owners, 2, rng, named))
    elif event == "headline-mayor-to-be":
        influence = score(state).influence
        top = max(influence.values())
        leaders = [n for n in _order(state) if influence[n] == top]
        n = 2 if len(leaders) == 1 else 1
        newspaper = owner_of(state, "newspaper")
        moved += [lose_to(after, leader, newspaper, n, rng, named) for leader in leaders]
    elif event == "gunfight-in-the-saloon":
        saloon = after.occupied().get(site or "")
        if saloon is not None and not saloon.damaged:  # a damaged one's penalties wait
            moved += [
                lose_to(after, saloon.owner, owner_of(state, to), 1, rng, named)
                for to in _GUNFIGHT_TO
            ]
    elif event == "wells-fargo-wagon":
        post_office = owner_of(state, "post-office")
        moved += [lose_to(after, name, post_office, 1, rng, named) for name in _order(state)]
        for name in _order(state):
            drawn[name] = receive(after, name, 3, rng, named)
        after.stagecoach = True  # "the stagecoach has arrived": the City Hall Clock
    else:  # land-grant; a City Hall closed (DG-OPT-CITY-HALL) lets no permit be drawn
        if decks.permits and state.city_hall_closed is None:
            permit = permit_named or decks.permits[0]
            if permit not in decks.permits:  # availability, not order: the seed's guess
                return refuse(code, f"no {permit} permit in the permit stack")
            decks.permits.remove(permit)
            after.player(me).permits.append(permit)
    if permit_named is not None and permit is None:
        return refuse(code, f"the {card.name} draws no permit here: {permit_named} named")
    misfit = named.left_over()
    if misfit is not None:
        return refuse(code, f"not the cards the {card.name} draws: {misfit}")
    decks.event_discard.append(event)
    return EventResult(me, event, True, (), after.freeze(), site, moved, drawn, permit)


def playable_face_up(state: DGState) -> list[tuple[str, str | None]]:
    """The face-up cards the active player can still play, each with a site it may be
    played on (None: none needed); a turn is not over while one is left
    (`DG-EVENT-FACE-UP`). Yellow cards have nothing to play on their own, and a red or
    violet card that no building allows waits for nothing: both are discarded."""
    decks = state.decks
    if decks is None:
        return []
    rules = state.rules
    me = state.active
    out: list[tuple[str, str | None]] = []
    for event in dict.fromkeys(decks.face_up):
        card = rules.events[event]
        if event in CODES:
            sites = saloon_sites(state) if event == "gunfight-in-the-saloon" else []
            out += [(event, s) for s in sites] or [(event, None)]
        elif card.triangle == "red":
            out += [
                (event, b.site)
                for b in state.buildings
                if not b.damaged
                and event not in state.player(b.owner).against
                and misfortune_target(state, b.permit)  # DG-OPT-CITY-HALL
            ]
        elif card.triangle == "violet":
            if any(n not in violet_built(state) for n in card.needs):
                continue
            if event == "city-hall-clock" and not state.stagecoach:
                continue
            if event == "gold-strike" and not wins_with(state, me, card.influence):
                continue
            out.append((event, None))
    return out
