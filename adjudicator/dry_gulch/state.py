"""A Dry Gulch state and its file (TOML, or JSON by the file's ending).

```toml
game = "dry-gulch"
active = "ann"
# stagecoach = true                     # the Wells Fargo Wagon has been played
# city_hall_closed = "bob"              # option city-hall: closed on bob's turn
# phase = "build"                       # where the turn is (the phase commands' --write)
[[players]]
name = "ann"
hand = ["carpenter", "lumber", "lumber", "labor:2", "event:iou"]   # resource kinds, Labor
permits = ["pharmacist", "saloon"]      # cards with their labour points, "event:ID"
played = ["silk-lace"]                  # violet cards in front (an influence point each)
against = ["fire"]                      # misfortunes played against the player, in front
[[buildings]]
permit = "residence"
owner = "ann"
site = "e1"
damaged = false
# fire = "ann"                          # option spreading-fire (damaged): ann's Fire burns
[options]                               # the table's options (`options.py`)
half = "up"
```
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import StrictBool

from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data, write_data
from adjudicator.core.seats import Seats
from adjudicator.core.validation import StrictMutable, check_seats, validated
from adjudicator.core.words import plural
from adjudicator.dry_gulch.data import KINDS, Rules, load_rules
from adjudicator.dry_gulch.decks import Decks, decks_data, decks_from
from adjudicator.dry_gulch.options import DGOptions, options_data, options_from

__all__ = [
    "Built",
    "DGPlayer",
    "DGState",
    "HandCard",
    "card_value",
    "load_dg_state",
    "parse_card",
    "specials_of",
    "state_data",
]


@dataclass(frozen=True, slots=True)
class HandCard:
    """One card in a hand: a resource kind, a Labor card with its points, or an event."""

    text: str  # as written in the state file
    kind: str  # a resource kind, "labor", or "event"
    labor: int = 0
    event: str | None = None


def parse_card(text: str, rules: Rules) -> HandCard:
    kind, _, arg = text.partition(":")
    if kind == "labor":
        if not (arg.isascii() and arg.isdecimal()) or not 1 <= int(arg) <= 9:
            raise ValueError(f"{text!r}: a Labor card is 'labor:N' with its labour points (1 to 9)")
        return HandCard(text, "labor", labor=int(arg))
    if kind == "event":
        if arg not in rules.events:
            raise ValueError(f"{text!r}: unknown event {arg!r}")
        return HandCard(text, "event", event=arg)
    if kind in KINDS and not arg:
        return HandCard(text, kind)
    raise ValueError(
        f"{text!r}: a hand card is a resource kind ({', '.join(KINDS)}), 'labor:N' or 'event:ID'"
    )


def card_value(card: HandCard, rules: Rules) -> int:
    """What a card is worth keeping: a resource, the cards it stands for (the substitution
    table); a Labor card, its points; an event: 3 for special abilities and equipment
    (yellow, violet), 2 for a misfortune to play on others, 1 for the rest."""
    if card.kind == "labor":
        return card.labor
    if card.kind == "event":
        assert card.event is not None
        return {"yellow": 3, "violet": 3, "red": 2}.get(rules.events[card.event].triangle, 1)
    return rules.substitution[card.kind]


@dataclass(frozen=True, slots=True)
class Built:
    permit: str
    owner: str
    site: str
    damaged: bool = False
    # DG-OPT-SPREADING-FIRE: burning from the Fire in front of this player (its victim)
    fire: str | None = None


@dataclass(frozen=True, slots=True)
class DGPlayer:
    name: str
    hand: tuple[HandCard, ...] = ()
    permits: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    against: tuple[str, ...] = ()


class _Built(Protocol):
    @property
    def permit(self) -> str: ...
    @property
    def owner(self) -> str: ...
    @property
    def site(self) -> str: ...
    @property
    def damaged(self) -> bool: ...


def specials_of(rules: Rules, buildings: Iterable[_Built], owner: str | None) -> list[str]:
    """The special functions of undamaged buildings (of one owner, or anyone's)."""
    return [
        rules.permits[b.permit].special
        for b in buildings
        if not b.damaged and (owner is None or b.owner == owner)
    ]


@dataclass(frozen=True, slots=True)
class DGState(Seats[DGPlayer]):
    """A table, frozen: a move makes a new state (`draft.Draft` is its working copy)."""

    players: tuple[DGPlayer, ...]
    active: str
    buildings: tuple[Built, ...] = ()
    decks: Decks | None = None  # the stacks and discards, when the state keeps them
    options: DGOptions = field(default_factory=DGOptions)  # the table's (`options.py`)
    stagecoach: bool = False  # the Wells Fargo Wagon has been played (the City Hall Clock)
    city_hall_closed: str | None = None  # DG-OPT-CITY-HALL: closed on this player's turn
    # A state file's place in the active player's turn, as the phase commands' --write
    # left it (`phase_order.py`); None: not kept (a game keeps its phase itself).
    phase: str | None = None
    # The board and cards the state is played with: carried, not looked up, so a state
    # is the whole of what a ruling reads (not compared: the same game's cards).
    rules: Rules = field(default_factory=load_rules, compare=False, repr=False)

    def specials_built(self, owner: str | None = None) -> list[str]:
        """The special functions of undamaged buildings (of one owner, or anyone's)."""
        return specials_of(self.rules, self.buildings, owner)

    def occupied(self) -> dict[str, Built]:
        return {b.site: b for b in self.buildings}


class _Player(StrictMutable):
    name: str  # as written (`Jürgen`): `check_seats` holds it to `name_problem`
    hand: list[str] = []
    permits: list[str] = []
    played: list[str] = []
    against: list[str] = []


class _BuiltModel(StrictMutable):
    permit: str
    owner: str
    site: str
    damaged: StrictBool = False
    fire: str | None = None


class _State(StrictMutable):
    game: str
    active: str
    players: list[_Player] = []  # 3 to 6 (rulebook: "The 3 to 6 players"): check_seats
    buildings: list[_BuiltModel] = []
    decks: dict[str, Any] | None = None  # checked by `decks.decks_from`
    options: dict[str, Any] | None = None  # checked by `options.options_from`
    stagecoach: StrictBool = False
    city_hall_closed: str | None = None
    phase: Literal["events", "draw", "build", "discard"] | None = None


#: The rulebook's player count ("The 3 to 6 players").
SEATS = (3, 6)


#: The most cards a hand in a state file holds beyond the hand limit: every turn ends with
#: every hand at the limit ("All players with more than 15 cards must discard"), and one
#: turn brings less than as many again before its discard phase: the draw (3 resources),
#: 2 event cards taken, what the events bring, and the rewards of the buildings (the
#: most seen in self-play with every option on: 12 over the limit). The plan's search
#: grows steeply with the hand (40 cards took it half a minute; the bench's
#: `limit-plan-largest-hand` times a hand at this limit).
TURN_GAIN = 15


def state_from(data: dict[str, Any], source: str) -> DGState:
    m = validated(_State, data, source)
    rules = load_rules()

    fail = partial(InputError, source)  # fail(entry, problem): an error in this file

    names = [p.name for p in m.players]
    check_seats(source, m.game, "dry-gulch", names, {"active": m.active}, SEATS)
    players = []
    for p in m.players:
        entry = f"players {p.name!r}"
        most = rules.hand_limit + TURN_GAIN
        if len(p.hand) > most:
            raise fail(
                f"{entry}.hand",
                f"{len(p.hand)} cards; a hand holds at most {most}: {rules.hand_limit} at the "
                f'end of every turn ("All players with more than {rules.hand_limit} cards '
                f'must discard"), and {TURN_GAIN} more than one turn brings before its '
                "discard phase",
            )
        hand = []
        for text in p.hand:
            try:
                hand.append(parse_card(text, rules))
            except ValueError as exc:
                raise fail(f"{entry}.hand", str(exc)) from None
        for permit in p.permits:
            if permit not in rules.permits:
                raise fail(f"{entry}.permits", f"unknown permit {permit!r}")
            if rules.permits[permit].special == "residence":
                raise fail(f"{entry}.permits", "a residence is placed at setup, not a permit")
        for key, events, triangle in (
            ("played", p.played, "violet"),
            ("against", p.against, "red"),
        ):
            for e in events:
                if e not in rules.events:
                    raise fail(f"{entry}.{key}", f"unknown event {e!r}")
                if rules.events[e].triangle != triangle:
                    raise fail(f"{entry}.{key}", f"{e!r} is not a {triangle} card")
        players.append(
            DGPlayer(p.name, tuple(hand), tuple(p.permits), tuple(p.played), tuple(p.against))
        )
    seen: dict[str, str] = {}
    built = []
    for i, b in enumerate(m.buildings):
        entry = f"buildings[{i}]"
        if b.permit not in rules.permits:
            raise fail(entry, f"unknown permit {b.permit!r}")
        if b.owner not in names:
            raise fail(entry, f"{b.owner!r} is not one of the players")
        if b.site not in rules.sites:
            raise fail(entry, f"unknown site {b.site!r}")
        if b.site in seen:
            raise fail(entry, f"site {b.site!r} already holds the {seen[b.site]}")
        seen[b.site] = b.permit
        if b.fire is not None and (not b.damaged or b.fire not in names):
            raise fail(
                entry,
                f"fire {b.fire!r}: a burning building is damaged, and burns from "
                "a Fire in front of one of the players",
            )
        built.append(Built(b.permit, b.owner, b.site, b.damaged, b.fire))
    _check_residences(built, names, rules, fail)
    _check_printed_counts(players, rules, fail)
    for permit, permit_info in rules.permits.items():
        n = sum(1 for b in built if b.permit == permit)
        n += sum(p.permits.count(permit) for p in players)
        if n > permit_info.count:
            raise fail(
                "buildings", f"{n} {permit_info.name} in play; the game has {permit_info.count}"
            )
    for event, event_info in rules.events.items():
        n = sum(
            p.played.count(event)
            + p.against.count(event)
            + sum(1 for c in p.hand if c.event == event)
            for p in players
        )
        if n > event_info.count:
            why = f"{n} {event_info.name} cards in play; the game has {event_info.count}"
            raise fail("players", why)
    for player in players:
        # The buildings a spreading fire set burning share the one Fire card in front of
        # its first victim (option spreading-fire); every other damaged building has its own.
        burning = any(b.fire == player.name for b in built)
        if burning and "fire" not in player.against:
            raise fail(f"players {player.name!r}.against", "a fire burns with no Fire in front")
        damaged = burning + sum(
            1 for b in built if b.owner == player.name and b.damaged and b.fire is None
        )
        if damaged > len(player.against):
            raise fail(
                f"players {player.name!r}.against",
                f"{plural(damaged, 'damaged building')} but "
                f"{plural(len(player.against), 'misfortune card')} in front of {player.name}",
            )
    if m.city_hall_closed is not None and m.city_hall_closed not in names:
        raise fail("city_hall_closed", f"{m.city_hall_closed!r} is not one of the players")
    options = options_from(m.options, source)
    _check_revision_3(players, built, options, m.stagecoach, rules, fail)
    return DGState(
        tuple(players),
        m.active,
        tuple(built),
        decks_from(m.decks, rules, source),
        options,
        m.stagecoach,
        m.city_hall_closed,
        m.phase,
        rules,
    )


def _check_revision_3(
    players: list[DGPlayer],
    built: list[Built],
    options: DGOptions,
    stagecoach: bool,
    rules: Rules,
    fail: Any,
) -> None:
    """What revision 3 of the rulings makes impossible is bad input, not a table to score.
    "City Hall Clock: ... Playable after the Post Office has been built and the stagecoach
    (Wells Fargo Wagon) has arrived": a Clock in front of a player needs `stagecoach`.
    "Damage to the City Hall: Vandalism and Fire may be played against the City Hall" is an
    optional rule: without `city-hall` nothing damages it, save a fire that spread to it
    (option `spreading-fire`: it burns, `fire` set), which is not played against it."""
    for p in players:
        if "city-hall-clock" in p.played and not stagecoach:
            raise fail(
                f"players {p.name!r}.played",
                "a City Hall Clock is playable only after the stagecoach (Wells Fargo Wagon) "
                "has arrived, and the state has no stagecoach = true",
            )
    for i, b in enumerate(built):
        if not b.damaged or rules.permits[b.permit].special != "city-hall" or options.city_hall:
            continue
        if options.spreading_fire and b.fire is not None:
            continue  # reached by a spreading fire, not played against it
        raise fail(
            f"buildings[{i}]",
            "the City Hall is damaged only with the optional rule city-hall "
            "(options: city-hall = true)",
        )


def _check_residences(built: list[Built], names: list[str], rules: Rules, fail: Any) -> None:
    """Each player places one residence at setup, on an edge site ("the foot path points
    ... to the outside edge of the board"): one each, never on a site of the centre."""
    homes: dict[str, int] = {}
    for i, b in enumerate(built):
        if rules.permits[b.permit].special != "residence":
            continue
        if not rules.sites[b.site].edge:
            raise fail(
                f"buildings[{i}]",
                f"a residence stands on an edge site (its foot path to the board's edge), "
                f"not on {b.site!r}",
            )
        if b.owner in homes:
            raise fail(f"buildings[{i}]", f"{b.owner} already has a residence")
        homes[b.owner] = i
    for name in names:
        if name not in homes:
            raise fail(f"players {name!r}", f"{name} has no residence: each places one at setup")


def _check_printed_counts(players: list[DGPlayer], rules: Rules, fail: Any) -> None:
    """The hands together hold no more of a resource card than the deck prints."""
    printed: dict[str, int] = {}
    for kind, _, labor, count in rules.resources:
        key = f"labor:{labor}" if kind == "labor" else kind
        printed[key] = printed.get(key, 0) + count
    held: dict[str, int] = {}
    for p in players:
        for card in p.hand:
            if card.kind == "event":
                continue  # events are counted against their printed copies below
            key = f"labor:{card.labor}" if card.kind == "labor" else card.kind
            held[key] = held.get(key, 0) + 1
            if held[key] > printed.get(key, 0):
                raise fail(
                    f"players {p.name!r}.hand",
                    f"{held[key]} {key!r} cards in the hands; "
                    f"the game prints {printed.get(key, 0)}",
                )


def load_dg_state(path: Path) -> DGState:
    return state_from(read_data(path), str(path))


def write_dg_state(path: Path, s: DGState) -> None:
    """Write a state file, read back as the next command reads it before it is written."""
    write_data(path, state_data(s), check=lambda d: state_from(d, str(path)))


def state_data(s: DGState) -> dict[str, Any]:
    return {
        "game": "dry-gulch",
        "active": s.active,
        "players": [
            {
                "name": p.name,
                "hand": [c.text for c in p.hand],
                "permits": list(p.permits),
                "played": list(p.played),
                "against": list(p.against),
            }
            for p in s.players
        ],
        "buildings": [
            {"permit": b.permit, "owner": b.owner, "site": b.site, "damaged": b.damaged}
            | ({"fire": b.fire} if b.fire else {})
            for b in s.buildings
        ],
    } | (
        ({"decks": decks_data(s.decks)} if s.decks is not None else {})
        | ({"options": options_data(s.options)} if options_data(s.options) else {})
        | ({"stagecoach": True} if s.stagecoach else {})
        | ({"city_hall_closed": s.city_hall_closed} if s.city_hall_closed else {})
        | ({"phase": s.phase} if s.phase else {})
    )
