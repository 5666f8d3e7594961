"""The moves the player to act may make now: `legal_moves(game)`, typed `Move` values
(`str(move)` is the line a record writes, `parse_move` reads it back).

Decided from the rules' own questions (the placement, the payment, the face-up cards, the
draws offered), not by trying each move on the flow; `tests/test_dg_moves.py` holds it to
every line of the phase's vocabulary tried on `DGGame.apply`. The moves are those a
seeded game plays: the seed draws, turns up and discards at random (a real table's named
cards are each a variant of one of them), a building is paid with the proposal
(`DG-PAY-KEEP`), and the turn closes discarding nothing by choice (any cards of the hand
may be added to that `discard`: every subset of the hand, left to the caller).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from adjudicator.dry_gulch.draw import draw_choices
from adjudicator.dry_gulch.game.flow import DGGame, payment_for, turned_up
from adjudicator.dry_gulch.game.notation import (
    Build,
    Discard,
    Draw,
    EventCard,
    Events,
    Misfortune,
    Move,
    Reopen,
    Violet,
)
from adjudicator.dry_gulch.other_events import CODES, playable_face_up, saloon_sites
from adjudicator.dry_gulch.place import legal_sites
from adjudicator.dry_gulch.score import wins_with
from adjudicator.dry_gulch.state import DGState
from adjudicator.dry_gulch.table_options import REOPEN_CARDS, misfortune_target, violet_built

__all__ = [
    "build_moves",
    "draw_moves",
    "event_moves",
    "face_up_moves",
    "legal_moves",
    "misfortune_moves",
    "reopen_moves",
    "violet_moves",
]


def legal_moves(game: DGGame) -> Iterator[Move]:
    """Every move the active player may make in the current phase (none once it is over)."""
    if game.phase == "residence":  # `[Residences "in turn"]`: a free edge site each
        me = game.state.active
        yield from (
            Build(me, permit="residence", site=s) for s in legal_sites(game.state, "residence")
        )
    elif game.phase == "events":
        yield from event_moves(game)
    elif game.phase == "draw":
        yield from draw_moves(game)
        yield from reopen_moves(game.state)
        yield from face_up_moves(game.state)
    elif game.phase == "build":
        yield from build_moves(game)
        yield from misfortune_moves(game.state)
        yield from violet_moves(game.state)
        yield from face_up_moves(game.state)
        if not _waiting(game.state):  # DG-EVENT-FACE-UP: the face-up cards first
            yield Discard(game.state.active)


def event_moves(game: DGGame) -> Iterator[Events]:
    """One of the three turned up discarded, any of the red and yellow ones left taken
    into the hand (in the order turned up), the rest left face up."""
    me, rules = game.state.active, game.state.rules
    shown = turned_up(game)
    for discard in dict.fromkeys(shown):
        left = list(shown)
        left.remove(discard)
        keep = [e for e in left if rules.events[e].triangle in ("red", "yellow")]
        takes = (t for n in range(len(keep) + 1) for t in combinations(keep, n))
        for take in dict.fromkeys(takes):
            yield Events(me, discard=discard, take=take)


def draw_moves(game: DGGame) -> Iterator[Draw]:
    """The draws `draw.draw_choices` offers, `permit stack ID` for each permit it may keep:
    one of the top two, or (option open-permits) any in the stack."""
    state = game.state
    decks = state.decks
    assert decks is not None
    top = decks.permits if state.options.open_permits else decks.permits[:2]
    for words in draw_choices(state):
        how = words.split()
        if "ID" not in how:
            yield Draw(state.active, how=tuple(how))
            continue
        at = how.index("ID")
        for permit in dict.fromkeys(top):
            yield Draw(state.active, how=(*how[:at], permit, *how[at + 1 :]))


def reopen_moves(state: DGState) -> Iterator[Reopen]:
    """Option city-hall: any two hand cards discarded reopen a closed City Hall."""
    if not state.options.city_hall or state.city_hall_closed is None:
        return
    texts = [c.text for c in state.player(state.active).hand]
    for pair in dict.fromkeys(combinations(sorted(texts), REOPEN_CARDS)):
        yield Reopen(state.active, cards=pair)


def build_moves(game: DGGame) -> Iterator[Build]:
    """Each permit held that the hand pays for (with what is left of the turn's General
    Store allowance), on each of its legal sites: permit by permit, in the hand's order."""
    state = game.state
    for permit in dict.fromkeys(state.player(state.active).permits):
        sites = legal_sites(state, permit)
        if sites and payment_for(state, permit, game.stores_used) is not None:
            yield from (Build(state.active, permit=permit, site=site) for site in sites)


def misfortune_moves(state: DGState) -> Iterator[Misfortune]:
    """Fire or Vandalism, from the hand or face up, against any undamaged building whose
    owner has no such card in front (the City Hall only with option city-hall)."""
    me = state.active
    held = {c.event for c in state.player(me).hand}
    held |= set(state.decks.face_up) if state.decks is not None else set()
    for event in sorted(e for e in held if e in ("fire", "vandalism")):
        for b in state.buildings:
            if (
                not b.damaged
                and event not in state.player(b.owner).against
                and misfortune_target(state, b.permit)
            ):
                yield Misfortune(me, event=event, site=b.site)


def violet_moves(state: DGState) -> Iterator[Violet]:
    """A violet card from the hand or face up whose buildings have been built; the City
    Hall Clock once the stagecoach has come; the Gold Strike only as the winning point."""
    me, rules = state.active, state.rules
    held = [c.event for c in state.player(me).hand if c.event is not None]
    held += state.decks.face_up if state.decks is not None else ()
    built = violet_built(state)
    for event in dict.fromkeys(held):
        card = rules.events[event]
        if card.triangle != "violet" or event in CODES:
            continue
        if any(n not in built for n in card.needs):
            continue
        if event == "city-hall-clock" and not state.stagecoach:
            continue
        if event == "gold-strike" and not wins_with(state, me, card.influence):
            continue
        yield Violet(me, event=event)


def face_up_moves(state: DGState) -> Iterator[Violet | EventCard]:
    """The face-up cards without a triangle: `play ID`, or the Gunfight in the Saloon
    against each Saloon standing (`play ID at SITE`; with none, played with no effect)."""
    if state.decks is None:
        return
    for event in dict.fromkeys(state.decks.face_up):
        if event not in CODES:
            continue
        saloons = saloon_sites(state) if event == "gunfight-in-the-saloon" else []
        if saloons:
            yield from (EventCard(state.active, event=event, site=s) for s in saloons)
        else:
            yield Violet(state.active, event=event)


def _waiting(state: DGState) -> bool:
    """Whether a face-up card can still be played: the turn does not close before it."""
    return bool(playable_face_up(state))
