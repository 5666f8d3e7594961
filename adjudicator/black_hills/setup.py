"""A new Black Hills table (the rulebook's 'Setup'; RULINGS-black-hills `BH-SETUP`).

"Resources tokens (gold, logs and fur) are placed next to the game board"; "There will be
placed as many gunmen as players"; "Every player will place a reputation token on the
initial box"; "The sheriff badge will be handed to the player with more coins in his
pockets. He will be the one that will start the round."; "Each player receives 4 character
cards."; "The remaining character cards are left face down on the other side of the game board;
this deck will not be used during this round"; "The deck of events cards is
shuffled ... Every player receive 1 event card per round."

Readings: who holds the most coins is the table's to say (`sheriff`, default the first
player named); the cards are shuffled from the seed, so that a game can be replayed. The
table is left before Setup 8: every player then discards two of the four, each on a line of
their own before the first turn (`ann: keep A B`, `referee.setup_keep`, `BH-KEEP`).
"""

from __future__ import annotations

import random

from adjudicator.black_hills.data import RESOURCES
from adjudicator.black_hills.frozen_map import FrozenMap
from adjudicator.black_hills.options import BHOptions
from adjudicator.black_hills.state import BHPlayer, BHState
from adjudicator.core.errors import InputError
from adjudicator.core.validation import check_seats

__all__ = ["SEATS", "new_table"]

#: "Number of players: 2-4"
SEATS = (2, 4)


def new_table(
    names: list[str], seed: int, sheriff: str | None = None, options: BHOptions | None = None
) -> BHState:
    """The table before the first turn: supply, jail, four characters and one event each."""
    from adjudicator.black_hills.data import load_rules

    rules = load_rules()
    badge = sheriff or (names[0] if names else "")
    check_seats("PLAYERS", "black-hills", "black-hills", names, {"sheriff": badge}, SEATS)
    if len(names) * rules.characters_dealt > len(rules.characters):
        raise InputError("PLAYERS", "", f"{len(names)} players need more characters than exist")
    rng = random.Random(seed)
    characters = sorted(rules.characters)
    rng.shuffle(characters)
    events = sorted(rules.events)  # one card of each
    rng.shuffle(events)
    players = []
    for name in names:
        dealt = [characters.pop() for _ in range(rules.characters_dealt)]
        players.append(BHPlayer(name, characters=tuple(dealt), events=(events.pop(0),)))
    return BHState(
        players=tuple(players),
        active=badge,
        sheriff=badge,
        round=1,
        seed=seed,
        supply=FrozenMap({r: rules.supply[r] for r in RESOURCES}),
        jail=len(names),
        # Setup 7: the undealt characters are out of the round, not the Shaman's pool.
        leftover=tuple(characters),
        event_deck=tuple(events),
        options=options or BHOptions(),
        rules=rules,
    )
