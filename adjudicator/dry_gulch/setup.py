"""A new Dry Gulch table (the rulebook's 'Setup'; RULINGS-dry-gulch `DG-SETUP-1`, `-2`).

"Starting with the starting player, each player ... takes the corresponding residence and
places it on a free building site on the board, so that the foot path points to a thick
black line and to the outside edge of the board." "Building permits, resource cards and
event cards are kept separate. Each stack is shuffled". "Each player is dealt, face down,
5 resources and 3 building permits."

Readings: the players are named in seat order from the starting player; a player who
names no site for their residence takes the first legal one in the board file's order
(option: `residences`, the site of each); the stacks are shuffled from the seed, so that
a game can be replayed; the first round draws no event cards (`decks.round = 1`).

Option `advanced-setup` (`DG-OPT-ADVANCED`): "The building permits are not dealt at random at
the start. Beginning with the last player and proceeding in reverse order, each player
selects one building permit from the cards and then passes it to the next player. This
continues until each player has two building permits." Readings: "the cards" are the
shuffled permit stack, passed on from the last seat to the first, twice round; the stack
left over is the draw stack, in its order. A player picks what `picks` names for them, in
turn; one who names none takes the permit of most influence left (the first in the stack
of equals), so a record without picks still replays the same.
"""

from __future__ import annotations

import random
from dataclasses import replace

from adjudicator.core.errors import InputError
from adjudicator.core.validation import check_seats
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.place import rule_placement
from adjudicator.dry_gulch.state import SEATS, Built, DGPlayer, DGState, parse_card

__all__ = ["PERMITS_DEALT", "PERMITS_PICKED", "RESOURCES_DEALT", "new_table"]

RESOURCES_DEALT = 5
PERMITS_DEALT = 3
PERMITS_PICKED = 2  # "until each player has two building permits"


def new_table(
    names: list[str],
    seed: int,
    residences: dict[str, str] | None = None,
    options: DGOptions | None = None,
    picks: dict[str, list[str]] | None = None,
) -> DGState:
    """The table before the first turn: residences placed, stacks shuffled, hands dealt."""
    check_seats("PLAYERS", "dry-gulch", "dry-gulch", names, {}, SEATS)
    chosen = dict(residences or {})
    for name in chosen:
        if name not in names:
            raise InputError("RESIDENCES", name, f"is not one of the players ({', '.join(names)})")
    state = DGState([DGPlayer(n) for n in names], names[0], options=options or DGOptions())
    rules = state.rules
    for name in names:
        turn = replace(state, active=name)
        site = chosen.get(name)
        if site is None:
            site = next(
                (s for s in rules.sites if rule_placement(turn, "residence", s).legal), None
            )
            if site is None:
                raise InputError("RESIDENCES", name, "no edge site is left for a residence")
        if site not in rules.sites:
            raise InputError("RESIDENCES", name, f"unknown site {site!r}")
        placed = rule_placement(turn, "residence", site)
        if not placed.legal:
            raise InputError("RESIDENCES", name, placed.reasons[0].message)
        state.buildings.append(Built("residence", name, site))
    rng = random.Random(seed)
    resources = [
        f"labor:{labor}" if kind == "labor" else kind
        for kind, _, labor, count in rules.resources
        for _ in range(count)
    ]
    permits = [
        p.id for p in rules.permits.values() if p.special != "residence" for _ in range(p.count)
    ]
    events = [e.id for e in rules.events.values() for _ in range(e.count)]
    for stack in (resources, permits, events):
        rng.shuffle(stack)
    for p in state.players:
        p.hand = [parse_card(resources.pop(0), rules) for _ in range(RESOURCES_DEALT)]
        if not state.options.advanced_setup:
            p.permits = [permits.pop(0) for _ in range(PERMITS_DEALT)]
    if state.options.advanced_setup:
        _draft(state, permits, picks or {})
    elif picks:
        raise InputError("PICKS", "", "permits are picked only with the option advanced-setup")
    state.decks = Decks(1, resources, [], permits, [], events, [])
    return state


def _draft(state: DGState, stack: list[str], picks: dict[str, list[str]]) -> None:
    """Each player from the last backwards picks one permit from the stack, twice round."""
    names = state.names()
    for name, chosen in picks.items():
        if name not in names:
            raise InputError("PICKS", name, f"is not one of the players ({', '.join(names)})")
        if len(chosen) > PERMITS_PICKED:
            raise InputError("PICKS", name, f"picks {PERMITS_PICKED} permits, not {len(chosen)}")
    influence = {p: state.rules.permits[p].influence for p in stack}
    for turn in range(PERMITS_PICKED):
        for name in reversed(names):
            named = picks.get(name, [])
            if turn < len(named):
                permit = named[turn]
                if permit not in stack:
                    raise InputError("PICKS", name, f"no {permit!r} is left in the permit stack")
            else:
                permit = max(stack, key=lambda p: influence[p])  # the first of equals
            stack.remove(permit)
            state.player(name).permits.append(permit)
