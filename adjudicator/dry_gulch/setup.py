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

A real table's deal (`hands`, a record's `[Hands]`): the cards each player was really dealt,
5 resources and 3 permits (or either alone), refereed against the printed counts: each
named card must be left in its stack once the hands named before it took theirs (no card
dealt twice). The players named take theirs out of the seed's stacks first; the others are
dealt from the top of what is left, in seat order (their hands are the seed's guess).
"""

from __future__ import annotations

import random
from dataclasses import replace

from adjudicator.core.errors import InputError
from adjudicator.core.validation import check_seats
from adjudicator.dry_gulch.codes import Code, Reason
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.place import Placement, rule_placement
from adjudicator.dry_gulch.state import SEATS, Built, DGPlayer, DGState, HandCard, parse_card

__all__ = [
    "PERMITS_DEALT",
    "PERMITS_PICKED",
    "RESOURCES_DEALT",
    "Hands",
    "deal_named",
    "new_table",
    "residence_chosen",
]

#: A real table's deal: each player's resources and permits (an empty one: the seed's).
Hands = dict[str, tuple[list[str], list[str]]]

RESOURCES_DEALT = 5
PERMITS_DEALT = 3
PERMITS_PICKED = 2  # "until each player has two building permits"


def new_table(
    names: list[str],
    seed: int,
    residences: dict[str, str] | None = None,
    options: DGOptions | None = None,
    picks: dict[str, list[str]] | None = None,
    hands: Hands | None = None,
    residences_placed: bool = True,
) -> DGState:
    """The table before the first turn: residences placed, stacks shuffled, hands dealt
    (as `hands` names them, for the players it names); not `residences_placed`, none stands
    yet: each player chooses theirs by a move (`[Residences "in turn"]`, `game/flow.py`).
    The deal does not depend on where the residences stand."""
    check_seats("PLAYERS", "dry-gulch", "dry-gulch", names, {}, SEATS)
    named = dict(hands or {})
    for name in named:
        if name not in names:
            raise InputError("HANDS", name, f"is not one of the players ({', '.join(names)})")
    chosen = dict(residences or {})
    for name in chosen:
        if name not in names:
            raise InputError("RESIDENCES", name, f"is not one of the players ({', '.join(names)})")
    state = DGState(tuple(DGPlayer(n) for n in names), names[0], options=options or DGOptions())
    rules = state.rules
    for name in names if residences_placed else ():
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
        state = replace(state, buildings=(*state.buildings, Built("residence", name, site)))
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
    if state.options.advanced_setup and any(p for _, p in named.values()):
        raise InputError("HANDS", "", "with the option advanced-setup permits are picked: [Picks]")
    hands_dealt: dict[str, tuple[HandCard, ...]] = {name: () for name in names}
    permits_dealt: dict[str, list[str]] = {name: [] for name in names}
    for what, stack, n, pick in (
        ("resource", resources, RESOURCES_DEALT, 0),
        ("permit", permits, 0 if state.options.advanced_setup else PERMITS_DEALT, 1),
    ):
        wanted = {k: v[pick] for k, v in named.items() if v[pick]}
        dealt = deal_named(stack, wanted, n, names)
        if isinstance(dealt, tuple):
            raise InputError("HANDS", dealt[0], f"{what}s: {dealt[1]}")
        for name in names:
            if pick == 0:
                hands_dealt[name] = tuple(parse_card(text, rules) for text in dealt[name])
            elif n:
                permits_dealt[name] = dealt[name]
    if state.options.advanced_setup:
        _draft(state, permits, picks or {}, permits_dealt)
    elif picks:
        raise InputError("PICKS", "", "permits are picked only with the option advanced-setup")
    players = tuple(
        replace(p, hand=hands_dealt[p.name], permits=tuple(permits_dealt[p.name]))
        for p in state.players
    )
    decks = Decks(1, tuple(resources), (), tuple(permits), (), tuple(events), ())
    return replace(state, players=players, decks=decks)


def residence_chosen(state: DGState, site: str) -> tuple[Placement, bool]:
    """The active player's residence on the site they chose (DG-SETUP-1, `[Residences "in
    turn"]`), ruled as any placement; after it the next player without one chooses (the
    starting player plays first once every player has one): whether every one has."""
    if site not in state.rules.sites:
        why = Reason(Code.RESIDENCE_EDGE, f"there is no site {site!r} on the board")
        return Placement("residence", site, False, (why,), state), False
    placed = rule_placement(state, "residence", site)
    if not placed.legal:
        return placed, False
    homes = {b.owner for b in placed.after.buildings if b.permit == "residence"}
    waiting = [n for n in state.names() if n not in homes]
    after = replace(placed.after, active=(waiting or state.names())[0])
    return replace(placed, after=after), not waiting


def _draft(
    state: DGState, stack: list[str], picks: dict[str, list[str]], held: dict[str, list[str]]
) -> None:
    """Each player from the last backwards picks one permit from the stack, twice round
    (`stack` and each player's `held` permits changed in place)."""
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
            held[name].append(permit)


def deal_named(
    stack: list[str], named: dict[str, list[str]], n: int, seats: list[str]
) -> dict[str, list[str]] | tuple[str, str]:
    """n cards to each seat from the shuffled `stack` (changed in place): a seat in `named`
    gets the cards named, taken out of the stack (seat order; none dealt twice), the others
    the top of what is left, in seat order. Returns each seat's cards, or the seat and why
    its named cards cannot have been dealt."""
    printed = list(stack)
    for seat in seats:
        cards = named.get(seat)
        if cards is None:
            continue
        if len(cards) != n:
            return seat, f"{n} are dealt, {len(cards)} named: {' '.join(cards)}"
        for card in cards:
            if card not in stack:
                why = (
                    "not a card of the game"
                    if card not in printed
                    else (f"the game has {printed.count(card)}, all dealt already")
                )
                return seat, f"{card}: {why}"
            stack.remove(card)
    out: dict[str, list[str]] = {}
    for seat in seats:
        if seat in named:
            out[seat] = list(named[seat])
        else:
            out[seat] = stack[:n]
            del stack[:n]
    return out
