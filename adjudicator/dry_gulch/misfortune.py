"""Fire and Vandalism played against a building (the Dry Gulch rulebook's event cards with
a red triangle; RULINGS-dry-gulch `DG-MISFORTUNE`, `DG-FIRE`, `DG-VANDALISM`, `DG-RANDOM`).

"Fire: Played against any building. The building is then damaged. If there is no
Firehouse, the owner of the affected building must, for help in putting out the fire, have
each fellow player draw one card from his own hand. If there is a Firehouse, its owner may
draw 2 cards." "Vandalism: ... The owner of the affected building must let one card be
drawn from him, which is discarded." "The event card is placed in front of the owner of
the affected damaged building." "No player may have more than one Fire and one Vandalism
card in front of him." "I.O.U.: Whenever (any number of) cards are to be drawn from you,
you hand over this card and no cards are drawn this time." "Fire Insurance: Whoever hands
over these cards prevents the loss of cards in the event of a fire."

Readings: a building already damaged takes no second marker; the fellow players draw in
seat order from the player who played the card; a Firehouse only counts undamaged, and a
Firehouse owner who owns the burning building draws nothing from themself; the owner hands
over Fire Insurance first (to the discards), else an I.O.U. (to the first who would draw);
cards drawn at random come from the seed, sparing the Ace up your Sleeve and the card its
holder sets aside (`losses.py`, `DG-ACE`); a table with real cards names the cards drawn
(`fire SITE losing C C` in a record), each of them in the owner's hand and no Ace
(`losing ace C C`: the Ace shown before an I.O.U., which is set aside and kept). A Fire
or Vandalism left face up in the event phase is played from the table
(`DG-EVENT-FACE-UP`), before one of the same in the hand.
The City Hall is a target only with the option `city-hall`: its optional rule opens with
"Vandalism and Fire may be played against the City Hall", so the base game forbids it
(`DG-OPT-CITY-HALL`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.frozen import freeze_fields, plain
from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.losses import ACE_FIRST, draw_at_random, draw_named_from
from adjudicator.dry_gulch.state import DGState, HandCard
from adjudicator.dry_gulch.table_options import misfortune_options, misfortune_target
from adjudicator.dry_gulch.verdict import PhaseVerdict

__all__ = ["MisfortuneResult", "play_misfortune"]


@dataclass(frozen=True, slots=True)
class MisfortuneResult(PhaseVerdict):
    owner: str | None = None
    handed_over: str | None = None  # "fire-insurance" or "iou"
    drawn: Mapping[str, Sequence[str]] = field(default_factory=dict)  # who drew what
    discarded: Sequence[str] = field(default_factory=list)  # Vandalism's card

    def __post_init__(self) -> None:
        freeze_fields(self, "drawn", "discarded")  # a verdict given is not changed

    def to_json(self) -> dict[str, Any]:
        return {
            **self.head_json(),
            "owner": self.owner,
            "handed_over": self.handed_over,
            "drawn": plain(self.drawn),
            "discarded": plain(self.discarded),
        }


def play_misfortune(
    state: DGState,
    event: str,
    site: str,
    seed: int | None = None,
    losing: list[str] | None = None,
) -> MisfortuneResult:
    """The active player plays `event` (fire or vandalism) from hand against `site`.
    `losing`: the cards a real table drew from the owner's hand, in the order of the
    players who draw (none: the seed draws them)."""
    me = state.active
    rules = state.rules

    def refuse(why: str) -> MisfortuneResult:
        return MisfortuneResult(me, False, (Reason(Code.MISFORTUNE, why),), state)

    if event not in ("fire", "vandalism"):
        return refuse(f"{event!r} is not a misfortune played against a building")
    face_up = state.decks is not None and event in state.decks.face_up
    if not face_up and not any(c.event == event for c in state.player(me).hand):
        return refuse(f"{me} holds no {rules.events[event].name} card, and none lies face up")
    building = state.occupied().get(site)
    if building is None:
        return refuse(f"no building stands on {site!r}")
    if not misfortune_target(state, building.permit):
        # The optional rule opens with "Vandalism and Fire may be played against the City
        # Hall": the base game does not allow it (DG-OPT-CITY-HALL, RULINGS).
        why = (
            "Vandalism and Fire may be played against the City Hall only with the optional "
            "rule 'Damage to the City Hall' (option city-hall)"
        )
        return MisfortuneResult(me, False, (Reason(Code.CITY_HALL, why),), state)
    if building.damaged:
        return refuse(f"the building on {site} is damaged already")
    owner = building.owner
    if event in state.player(owner).against:
        return refuse(f"{owner} has a {rules.events[event].name} in front already")
    after = Draft.of(state)
    player, victim = after.player(me), after.player(owner)
    if face_up:  # the one turned up is played first: it must be played this turn
        assert after.decks is not None
        after.decks.face_up.remove(event)
    else:
        player.hand.remove(next(c for c in player.hand if c.event == event))
    victim.against.append(event)
    next(b for b in after.buildings if b.site == site).damaged = True
    misfortune_options(after, event, site)  # options city-hall, spreading-fire
    rng = random.Random(seed)
    names = after.names()
    start = names.index(me)
    if event == "fire":
        firehouses = {
            b.owner
            for b in after.buildings
            if rules.permits[b.permit].special == "firehouse" and not b.damaged
        }
        draws = (
            [(n, 2) for n in names if n in firehouses and n != owner]
            if firehouses
            else [(n, 1) for n in names[start:] + names[:start] if n != owner]
        )
    else:
        draws = [(me if me != owner else names[(start + 1) % len(names)], 1)]
    handed = _hand_over(victim.hand, event, draws)
    ace_first = bool(losing) and losing is not None and losing[0] == ACE_FIRST
    if ace_first:  # the Ace shown before the I.O.U., the I.O.U. set aside (losses.py)
        assert losing is not None
        losing = losing[1:]
        handed = None if handed == "iou" else handed
    drawn: dict[str, list[str]] = {}
    discarded: list[str] = []

    def done() -> MisfortuneResult:
        return MisfortuneResult(me, True, (), after.freeze(), owner, handed, drawn, discarded)

    if (losing or ace_first) and handed is not None:
        return refuse(f"{owner} hands over the {rules.events[handed].name}: no card is drawn")
    named: list[HandCard] = []
    if losing or ace_first:  # a real table's draw from the owner's hand, refereed
        total = sum(n for _, n in draws)
        taken = draw_named_from(victim.hand, list(losing or []), total, after, ace_first)
        if isinstance(taken, str):
            return refuse(taken)
        named = taken
    if handed is not None:
        if handed == "iou" and draws:  # the first who would draw takes the I.O.U.
            after.player(draws[0][0]).hand.append(
                victim.hand.pop(next(i for i, c in enumerate(victim.hand) if c.event == "iou"))
            )
        else:
            victim.hand.pop(next(i for i, c in enumerate(victim.hand) if c.event == handed))
            if after.decks is not None:
                after.decks.event_discard.append(handed)
        return done()
    for name, n in draws:
        cards = named[:n] if losing or ace_first else draw_at_random(victim.hand, n, rng, after)
        del named[:n]
        for card in cards:  # drawn at random, an Ace sparing a card; or as named
            if event == "vandalism":
                discarded.append(card.text)
                if after.decks is not None:  # "which is discarded": onto its discard pile
                    if card.event is not None:
                        after.decks.event_discard.append(card.event)
                    else:
                        after.decks.resource_discard.append(card.text)
            else:
                after.player(name).hand.append(card)
                drawn.setdefault(name, []).append(card.text)
    return done()


def _hand_over(hand: Sequence[HandCard], event: str, draws: list[tuple[str, int]]) -> str | None:
    """What the owner hands over to lose no cards: Fire Insurance against a fire, else an
    I.O.U.; nothing when no card would be drawn anyway."""
    if not draws or not hand:
        return None
    held = {c.event for c in hand}
    if event == "fire" and "fire-insurance" in held:
        return "fire-insurance"
    return "iou" if "iou" in held else None
