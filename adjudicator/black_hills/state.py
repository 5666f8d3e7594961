"""A Black Hills game state and its file (TOML, or JSON by the file's ending).

```toml
game = "black-hills"
round = 1
active = "ann"            # whose turn it is
sheriff = "ann"           # who holds the sheriff badge (starts the next round)
seed = 7                  # optional: the aiming die and the Shaman's draw
discarded = ["hunter"]    # characters discarded this round (the Shaman draws there)
leftover = ["tracker"]    # optional: the characters not dealt, out of the round (Setup 7)
event_deck = ["storm"]    # the event cards still to deal, top first (one a round each)
used_events = ["bank"]    # activated and discarded, face up beside the deck (optional)
[options]                 # optional: the table's readings (options.py), unset = default
safeguard = "holder"
[supply]                  # resources left beside the board, and gunmen in the jail
gold = 10
logs = 10
fur = 10
jail = 2
[this_round]              # what is in force until the round ends
placed = [["ann", "miner", "mine"]]     # player, character, area, in order
closed = { gold = "ann" }               # Mine collapse, Bison migration, Storm: by whom
plague = "bob"                          # who activated the Plague
protected = ["cid"]                     # Protection
safeguard = []                          # Safeguard
colonel = [["mine", "ann"]]             # a Colonel's block waiting in an area
turns = { ann = 1, bob = 0 }            # turns taken this round
[[players]]               # in seat order (clockwise)
name = "ann"
reputation = 0
gold = 0
logs = 0
fur = 0
gunmen = 0
characters = ["miner", "merchant"]
events = ["stolen-gold"]
```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import Field, StrictInt

from adjudicator.black_hills.data import RESOURCES, Rules, load_rules
from adjudicator.black_hills.frozen_map import FrozenMap
from adjudicator.black_hills.options import BHOptions, parse_options
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data, write_data
from adjudicator.core.seats import Seats
from adjudicator.core.validation import StrictMutable, check_seats, validated

__all__ = [
    "BHPlayer",
    "BHState",
    "Holdings",
    "load_bh_state",
    "state_data",
    "state_from",
    "state_seen",
    "write_bh_state",
]


class Holdings:
    """What a player's resources come to (a state's player and a turn's draft of one)."""

    gold: int
    logs: int
    fur: int

    def holding(self) -> dict[str, int]:
        return {r: getattr(self, r) for r in RESOURCES}

    @property
    def resources(self) -> int:
        return self.gold + self.logs + self.fur


def _freeze_fields(value: object, sequences: tuple[str, ...], maps: tuple[str, ...]) -> None:
    """A record's sequence fields as tuples and its mapping fields as `FrozenMap`s, however
    they were given (a test writes lists and dicts): a state holds nothing that can change."""
    for name in sequences:
        given = getattr(value, name)
        if type(given) is not tuple:
            object.__setattr__(value, name, tuple(given))
    for name in maps:
        given = getattr(value, name)
        if type(given) is not FrozenMap:
            object.__setattr__(value, name, FrozenMap(given))


@dataclass(frozen=True, slots=True)
class BHPlayer(Holdings):
    name: str
    reputation: int = 0
    gold: int = 0
    logs: int = 0
    fur: int = 0
    gunmen: int = 0
    characters: tuple[str, ...] = ()
    events: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _freeze_fields(self, ("characters", "events"), ())


_SEQUENCES: tuple[str, ...] = ("players", "discarded", "leftover", "event_deck", "used_events")
_SEQUENCES += ("placed",)
_SEQUENCES += ("protected", "safeguard", "colonel")
_MAPS = ("supply", "closed", "turns")


@dataclass(frozen=True, slots=True)
class BHState(Seats[BHPlayer]):
    """A Black Hills table between two turns: frozen, shared (a game keeps every state it
    passed through). A turn changes a `draft.Draft` of it, frozen into the state after."""

    players: tuple[BHPlayer, ...]
    active: str
    sheriff: str
    round: int = 1
    seed: int | None = None
    supply: FrozenMap[str, int] = FrozenMap()
    jail: int = 0
    # The characters the players discarded this round: the Shaman's draw deals from these.
    discarded: tuple[str, ...] = ()
    # Setup 7: "The remaining character cards are left face down on the other side of the
    # game board; this deck will not be used during this round": the undealt characters,
    # out of the round (the Shaman's draw reaches them only with `shaman-pool=all`).
    leftover: tuple[str, ...] = ()
    event_deck: tuple[str, ...] = ()  # top first
    # "All events cards used during the round are placed face up at the side of the deck":
    # activated and discarded ones, shuffled into a new deck when it runs out (`reshuffle`).
    used_events: tuple[str, ...] = ()
    placed: tuple[tuple[str, str, str], ...] = ()
    closed: FrozenMap[str, str] = FrozenMap()
    plague: str | None = None
    protected: tuple[str, ...] = ()
    safeguard: tuple[str, ...] = ()
    colonel: tuple[tuple[str, str], ...] = ()
    turns: FrozenMap[str, int] = FrozenMap()
    winner: str | None = None
    options: BHOptions = field(default_factory=BHOptions)
    # Whether the seed deals chance at a served table (`game/dealing.py`): a record with a
    # `[Seed]` tag. A physical table's record without one writes what chance dealt (`die=`,
    # `drew=`, `dealt=`), as the command line's referee commands do. Not in a state file.
    seeded: bool = field(default=True, compare=False)
    # A player's view (`knows.view_state`): the Shaman's pool holds that player's own
    # discards (these) and the characters they have not seen, of which this many are dealt
    # from; None for the table as it lies. Not in a state file.
    view_pool: tuple[tuple[str, ...], int] | None = field(default=None, compare=False)
    # The board's and the cards' data the state is played by, carried with it (read once:
    # `data.load_rules`); not part of the state file, nor of comparing two states.
    rules: Rules = field(default_factory=load_rules, compare=False, repr=False)

    def __post_init__(self) -> None:
        _freeze_fields(self, _SEQUENCES, _MAPS)
        if any(type(x) is not tuple for x in (*self.placed, *self.colonel)):
            object.__setattr__(self, "placed", tuple(tuple(x) for x in self.placed))
            object.__setattr__(self, "colonel", tuple(tuple(x) for x in self.colonel))


# StrictInt throughout: JSON `gold: true` or `"7"` is an error, not a number pydantic made up.
class _Player(StrictMutable):
    name: str  # as written (`Jürgen`): `check_seats` holds it to `name_problem`
    reputation: StrictInt = Field(default=0, ge=0)
    gold: StrictInt = Field(default=0, ge=0)
    logs: StrictInt = Field(default=0, ge=0)
    fur: StrictInt = Field(default=0, ge=0)
    gunmen: StrictInt = Field(default=0, ge=0)
    characters: list[str] = []
    events: list[str] = []


class _Supply(StrictMutable):
    gold: StrictInt = Field(ge=0)
    logs: StrictInt = Field(ge=0)
    fur: StrictInt = Field(ge=0)
    jail: StrictInt = Field(default=0, ge=0)


class _Round(StrictMutable):
    placed: list[tuple[str, str, str]] = []
    closed: dict[str, str] = {}
    plague: str | None = None
    protected: list[str] = []
    safeguard: list[str] = []
    colonel: list[tuple[str, str]] = []
    turns: dict[str, StrictInt] = {}


class _State(StrictMutable):
    game: str
    round: StrictInt = Field(default=1, ge=1)
    active: str
    sheriff: str
    seed: StrictInt | None = None
    discarded: list[str] = []
    leftover: list[str] = []
    event_deck: list[str] = []
    used_events: list[str] = []
    options: dict[str, str] = {}
    supply: _Supply
    this_round: _Round = _Round()
    players: list[_Player] = []  # 2 to 4 (rulebook: "2-4 Players"): check_seats
    winner: str | None = None


#: The rulebook's player count ("Number of players: 2-4").
SEATS = (2, 4)


def state_from(data: dict[str, Any], source: str) -> BHState:
    """Validate a parsed Black Hills state; problems name the file and the entry."""
    m = validated(_State, data, source)
    rules = load_rules()

    fail = partial(InputError, source)  # fail(entry, problem): an error in this file

    names = [p.name for p in m.players]
    roles = {"active": m.active, "sheriff": m.sheriff}
    check_seats(source, m.game, "black-hills", names, roles, SEATS)
    seen_cards: dict[str, str] = {}
    for p in m.players:
        for c in p.characters:
            if c not in rules.characters:
                raise fail(f"players {p.name!r}.characters", f"unknown character {c!r}")
            if c in seen_cards:
                raise fail(
                    f"players {p.name!r}.characters", f"{c!r} is also held by {seen_cards[c]!r}"
                )
            seen_cards[c] = p.name
        if len(p.characters) > rules.characters_dealt:
            raise fail(  # "four cards are once again dealt to each player": never more
                f"players {p.name!r}.characters",
                f"{len(p.characters)} characters; a hand is dealt {rules.characters_dealt} a round",
            )
        for e in p.events:
            if e not in rules.events:
                raise fail(f"players {p.name!r}.events", f"unknown event {e!r}")
        if len(p.events) > rules.event_hand_limit:
            raise fail(
                f"players {p.name!r}.events", f"at most {rules.event_hand_limit} events in a hand"
            )
        if p.reputation > rules.goal:
            raise fail(f"players {p.name!r}.reputation", f"the track ends at {rules.goal}")
    for key in ("discarded", "leftover"):
        for c in getattr(m, key):
            if c not in rules.characters:
                raise fail(key, f"unknown character {c!r}")
    for key in ("event_deck", "used_events"):
        for e in getattr(m, key):
            if e not in rules.events:
                raise fail(key, f"unknown event {e!r}")
    for i, (who, char, area) in enumerate(m.this_round.placed):
        if who not in names or char not in rules.characters or area not in rules.areas:
            raise fail(f"this_round.placed[{i}]", "name a player, a character and an area")
    r = m.this_round
    for who, n in r.turns.items():
        if who not in names or not 0 <= n <= 2:
            raise fail(f"this_round.turns.{who}", "a player's turns this round: 0, 1 or 2")
    for resource, who in r.closed.items():
        if resource not in RESOURCES or who not in names:
            raise fail(f"this_round.closed.{resource}", "a resource shut by a player")
    for area, who in r.colonel:
        if area not in rules.areas or who not in names:
            raise fail("this_round.colonel", f"{area!r} by {who!r}: an area and a player")
    for who in [*([r.plague] if r.plague else []), *r.protected, *r.safeguard]:
        if who not in names:
            raise fail("this_round", f"{who!r} is not one of the players")
    # Each character card exists once: in a hand, the discards, or placed this round.
    places: dict[str, str] = {}
    for where, cards in [
        *((f"{p.name}'s hand", p.characters) for p in m.players),
        ("the discards", m.discarded),
        ("the cards left over", m.leftover),
        ("the board", [c for _, c, _ in r.placed if c != "shaman"]),
    ]:
        for c in cards:
            if c in places:
                raise fail("characters", f"{c!r} is both in {places[c]} and in {where}")
            places[c] = where
    events: dict[str, str] = {}
    for where, cards in [
        *((f"{p.name}'s hand", p.events) for p in m.players),
        ("the event deck", m.event_deck),
        ("the used events", m.used_events),
    ]:
        for e in cards:
            if e in events:
                raise fail("events", f"{e!r} is both in {events[e]} and in {where}")
            events[e] = where
    if m.winner is None and any(p.reputation >= rules.goal for p in m.players):
        raise fail("winner", f"a player has {rules.goal} reputation: name the winner")
    for resource in RESOURCES:
        total = getattr(m.supply, resource) + sum(getattr(p, resource) for p in m.players)
        if total > rules.supply[resource]:
            raise fail(
                f"supply.{resource}",
                f"{total} {resource} in play; the game has only {rules.supply[resource]}",
            )
    if m.supply.jail + sum(p.gunmen for p in m.players) > len(m.players):
        raise fail("supply.jail", "one gunman a player: jail and hands hold too many")
    return BHState(
        players=tuple(BHPlayer(**p.model_dump()) for p in m.players),
        active=m.active,
        sheriff=m.sheriff,
        round=m.round,
        seed=m.seed,
        supply=FrozenMap({r: getattr(m.supply, r) for r in RESOURCES}),
        jail=m.supply.jail,
        discarded=tuple(m.discarded),
        leftover=tuple(m.leftover),
        event_deck=tuple(m.event_deck),
        used_events=tuple(m.used_events),
        placed=tuple((a, b, c) for a, b, c in m.this_round.placed),
        closed=FrozenMap(m.this_round.closed),
        plague=m.this_round.plague,
        protected=tuple(m.this_round.protected),
        safeguard=tuple(m.this_round.safeguard),
        colonel=tuple((a, b) for a, b in m.this_round.colonel),
        turns=FrozenMap(m.this_round.turns),
        winner=m.winner,
        options=parse_options(m.options, source),
        rules=rules,
    )


def load_bh_state(path: Path) -> BHState:
    return state_from(read_data(path), str(path))


def state_data(s: BHState) -> dict[str, Any]:
    """The state as the keys of a state file (also the `state` of `--json` answers)."""
    data: dict[str, Any] = {
        "game": "black-hills",
        "round": s.round,
        "active": s.active,
        "sheriff": s.sheriff,
    }
    if s.seed is not None:
        data["seed"] = s.seed
    data["discarded"] = list(s.discarded)
    if s.leftover:
        data["leftover"] = list(s.leftover)
    data["event_deck"] = list(s.event_deck)
    if s.used_events:
        data["used_events"] = list(s.used_events)
    if s.options.changed():
        data["options"] = s.options.changed()
    data["supply"] = {**s.supply, "jail": s.jail}
    this_round: dict[str, Any] = {
        "placed": [list(x) for x in s.placed],
        "closed": dict(s.closed),
        "protected": list(s.protected),
        "safeguard": list(s.safeguard),
        "colonel": [list(x) for x in s.colonel],
        "turns": dict(s.turns),
    }
    if s.plague is not None:
        this_round["plague"] = s.plague
    data["this_round"] = this_round
    data["players"] = [
        {
            "name": p.name,
            "reputation": p.reputation,
            "gold": p.gold,
            "logs": p.logs,
            "fur": p.fur,
            "gunmen": p.gunmen,
            "characters": list(p.characters),
            "events": list(p.events),
        }
        for p in s.players
    ]
    if s.winner is not None:
        data["winner"] = s.winner
    return data


def state_seen(s: BHState, viewer: str | None = None) -> dict[str, Any]:
    """`state_data` as a player at the table sees it: the face-down cards as counts (the
    characters left over and discarded, "The other players should not see which characters
    have been discarded"; the event deck), and with a `viewer`, the other players' hands
    as counts too. Not a state file: the keys it hides are replaced by `*_count` keys."""
    data = state_data(s)
    data["discarded_count"] = len(data.pop("discarded"))
    data["leftover_count"] = len(data.pop("leftover", []))
    data["event_deck_count"] = len(data.pop("event_deck"))
    for p in data["players"]:
        if viewer is not None and p["name"] != viewer:
            p["characters_count"] = len(p.pop("characters"))
            p["events_count"] = len(p.pop("events"))
    return data


def write_bh_state(path: Path, s: BHState) -> None:
    write_data(path, state_data(s), check=lambda d: state_from(d, str(path)))
