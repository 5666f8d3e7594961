"""Black Hills moves as values: a turn is its player and its actions in order, each a
frozen record of the choices its notation writes (`notation.py` reads and writes them:
`parse_turn_move(format_turn_move(m)) == m`). The best-turn search, chance and self-play
build and compare these, never text; the referee is handed their notation.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Action",
    "Discard",
    "Event",
    "Invest",
    "Keep",
    "Place",
    "Return",
    "Rob",
    "ShamanCopy",
    "ShamanDraw",
    "Steal",
    "TurnMove",
]


@dataclass(frozen=True, slots=True)
class Keep:
    """The round's set-up: the characters kept of the four dealt."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Steal:
    """The Colonel's steal of an event card from `victim` (`steal bob bank`); `blind` when
    the card was drawn unseen (`steal bob drew=bank`, option `colonel-steal=blind`)."""

    victim: str
    event: str | None = None
    blind: bool = False


@dataclass(frozen=True, slots=True)
class Place:
    """A character placed and its skills used: the resource it gathers or takes (`madam
    logs`), the area (`at mine`), the Merchant's trade (`fur>logs`), whom it takes from
    (`from bob`), the Colonel's steal, and any words the notation could not place (the
    card's rule refuses them, naming them)."""

    character: str
    resource: str | None = None
    area: str | None = None
    trade: str | None = None
    victim: str | None = None
    steal: Steal | None = None
    extra: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ShamanCopy:
    """The Shaman covers a visible card and does what it does (no `at`: where it lies)."""

    place: Place


@dataclass(frozen=True, slots=True)
class ShamanDraw:
    """The Shaman plays a card drawn from the discards; `dealt` the four the table dealt
    (empty: the referee deals them from the seed); no `place`: the card is not named."""

    place: Place | None = None
    dealt: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Invest:
    """Investing: the points wanted (None: the most) and the payment named, if any."""

    points: int | None = None
    paid: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """An event activated, with what it needs: the Stagecoach's swap, the Bank's points,
    the Reinforcements' victim, what Tax Collection's payers return."""

    event: str
    swap: tuple[str, str] | None = None
    points: int | None = None
    victim: str | None = None
    payers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Discard:
    """One or two event cards discarded unused."""

    events: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rob:
    """A robbery: the players robbed, each with the resource named for them (None: the
    most valuable they hold), and the aiming die (None: rolled from the seed)."""

    targets: tuple[tuple[str, str | None], ...]
    die: int | None = None


@dataclass(frozen=True, slots=True)
class Return:
    """What players return above the limit at the round's end."""

    returns: tuple[tuple[str, tuple[str, ...]], ...]


Action = Keep | Place | ShamanCopy | ShamanDraw | Steal | Invest | Event | Discard | Rob | Return


@dataclass(frozen=True, slots=True)
class TurnMove:
    """A line of a record: the player and the actions (a set-up keep is one `Keep`)."""

    player: str
    actions: tuple[Action, ...]

    def plus(self, *actions: Action) -> TurnMove:
        return TurnMove(self.player, (*self.actions, *actions))

    def characters(self) -> frozenset[str]:
        """The characters the turn plays, on the board or through the Shaman."""
        out: set[str] = set()
        for a in self.actions:
            if isinstance(a, Place):
                out.add(a.character)
            elif isinstance(a, ShamanCopy | ShamanDraw):
                out.add("shaman")
                if a.place is not None:
                    out.add(a.place.character)
        return frozenset(out)

    def events(self) -> frozenset[str]:
        """The events the turn activates."""
        return frozenset(a.event for a in self.actions if isinstance(a, Event))
