"""What the table's options change in a turn (`options.py`; RULINGS-dry-gulch
`DG-EVENT-THREE` option `violet-unplayable`, `DG-OPT-CITY-HALL`, `DG-OPT-SPREADING-FIRE`).

"Damage to the City Hall: Vandalism and Fire may be played against the City Hall. If this
happens, the City Hall is closed, and therefore no player may draw building permits until
the active player is again on turn. The City Hall may be reopened by any player at the end
of his event phase by discarding any two cards."

Readings: the words say the base game forbids it, so without the option Fire and Vandalism
are refused against the City Hall (`misfortune.py`); with it they damage and close it. It
is closed from the
misfortune on (`state.city_hall_closed` names the player who played it) until that player's
next turn begins; closed, no permit is drawn (the draw phase's `permit ...` and the Bank's
top permit: `draw.py`). "At the end of his event phase" is the start of the draw phase,
whether or not there was an event phase (the first round has none): the active player
discards any two hand cards onto their piles (`reopen CARD CARD` in a game record).

"Spreading fire: As long as no Firehouse is in play, fire spreads to neighboring houses at
the start of each player's turn. Fire does not spread across the street or across open
squares. The fire goes out when the originally affected player is allowed to discard the
event card."

Readings: a Fire sets its building burning (`Built.fire` names the player the card lies in
front of); at the start of each turn, while no undamaged Firehouse stands, each burning
building sets its undamaged neighbours burning: the board's `neighbours`, the sites of the
same block whose walls touch (never across a street; an empty site between is an open
square). A building the fire reached is damaged and burns from the same Fire; no card lies
in front of its owner, whose own discard phase does not repair it. When the originally
affected player discards the Fire in their discard phase, the fire goes out: every
building burning from it is repaired.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.state import DGState
from adjudicator.dry_gulch.verdict import PhaseVerdict

__all__ = [
    "REOPEN_CARDS",
    "ReopenResult",
    "fire_goes_out",
    "misfortune_options",
    "misfortune_target",
    "reopen_city_hall",
    "spread_fire",
    "unplayable_kept",
    "violet_built",
]

#: "by discarding any two cards"
REOPEN_CARDS = 2


def unplayable_kept(state: DGState, unplayed: list[str]) -> list[str]:
    """The face-up cards left unplayed at the end of the turn that go to the active player's
    hand (option `violet-unplayable=hand`: violet cards whose condition is not met); the
    default discards them all."""
    if state.options.violet_unplayable != "hand":
        return []
    return [e for e in unplayed if state.rules.events[e].triangle == "violet"]


def misfortune_target(state: DGState, permit: str) -> bool:
    """Whether Fire and Vandalism may be played against a building of this permit: the City
    Hall only with the option `city-hall` ("Vandalism and Fire may be played against the
    City Hall" opens the optional rule, so the base game forbids it)."""
    return state.options.city_hall or state.rules.permits[permit].special != "city-hall"


def misfortune_options(after: Draft, event: str, site: str) -> None:
    """A misfortune just played against `site` (changed in place): with the options, a City
    Hall there closes, and a Fire sets the building burning."""
    building = after.occupied().get(site)
    if building is None:  # pragma: no cover - the misfortune was played against it
        return
    if after.options.city_hall and after.rules.permits[building.permit].special == "city-hall":
        after.city_hall_closed = after.active
    if after.options.spreading_fire and event == "fire":
        building.fire = building.owner


def spread_fire(state: Draft) -> list[str]:
    """At the start of a turn (`state` changed in place): the sites the fire reaches."""
    if not state.options.spreading_fire or "firehouse" in state.specials_built():
        return []
    on = state.occupied()
    reached = []
    for b in [b for b in state.buildings if b.fire is not None]:  # before it spreads
        for site in state.rules.sites[b.site].neighbours:
            near = on.get(site)
            if near is not None and not near.damaged:
                near.damaged, near.fire = True, b.fire
                reached.append(site)
    return reached


def fire_goes_out(after: Draft, player: str, fire_discarded: bool) -> list[str]:
    """The player's discard phase repairs their damaged buildings (their misfortune cards
    are gone) but not one burning from another's Fire; with their Fire discarded, every
    building burning from it is repaired too. The sites repaired, changed in place."""
    repaired = []
    for b in after.buildings:
        mine = b.owner == player and b.fire in (None, player)
        if b.damaged and (mine or (fire_discarded and b.fire == player)):
            b.damaged, b.fire = False, None
            repaired.append(b.site)
    return repaired


@dataclass(frozen=True, slots=True)
class ReopenResult(PhaseVerdict):
    discarded: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            **self.head_json(),
            "discarded": list(self.discarded),
        }


def reopen_city_hall(state: DGState, cards: list[str]) -> ReopenResult:
    """The active player reopens the closed City Hall by discarding two hand cards."""
    me = state.active

    def refuse(why: str) -> ReopenResult:
        return ReopenResult(me, False, (Reason(Code.CITY_HALL, why),), state)

    if not state.options.city_hall:
        return refuse("the optional rule 'Damage to the City Hall' is off (option city-hall)")
    if state.city_hall_closed is None:
        return refuse("the City Hall is open")
    if len(cards) != REOPEN_CARDS:
        return refuse(f"the City Hall is reopened by discarding {REOPEN_CARDS} cards")
    after = Draft.of(state)
    hand = after.player(me).hand
    for text in cards:
        i = next((i for i, c in enumerate(hand) if c.text == text), None)
        if i is None:
            return refuse(f"{me} holds no {text!r} (or not that many)")
        card = hand.pop(i)
        if after.decks is not None:  # onto its discard pile, to be reshuffled
            if card.event is not None:
                after.decks.event_discard.append(card.event)
            else:
                after.decks.resource_discard.append(card.text)
    after.city_hall_closed = None
    return ReopenResult(me, True, (), after.freeze(), tuple(cards))


def violet_built(state: DGState) -> set[str]:
    """The buildings (their special functions) a violet card's condition finds built
    (`DG-VIOLET`, option `violet-needs`). "Printing Press: ... Playable after the Newspaper
    has been built": damage suspends "All influence points, special abilities, rewards and
    penalties resulting from a building", not whether it has been built, so a damaged
    building counts (`built`, the default); `undamaged` keeps the earlier reading."""
    if state.options.violet_needs == "undamaged":
        return set(state.specials_built())
    return {state.rules.permits[b.permit].special for b in state.buildings}
