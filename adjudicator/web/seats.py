"""Who is asking: the table's host, one player's seat, or (on loopback, one shared screen)
everyone at once. What each may see and do follows the real table: a player sees their
own hand and moves as themselves only; the shared screen shows what lies face up.

A served table off loopback has a host token (printed once, in the host's link). Each
player's seat link carries a seat key: the player's name and an HMAC of the record's name
and the player's under the host token, so keys need no storage, one game's key opens no
other game, and only the host can make them. On loopback without a token the one screen
is passed around (pass-and-play): every hand may be opened there, as before seats.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from urllib.parse import quote, unquote

from adjudicator.core.errors import AdjudicatorError

__all__ = [
    "EVERYONE",
    "HOST",
    "NOBODY",
    "NO_SEAT",
    "Refused",
    "SeatKeys",
    "Viewer",
    "record_of_cookie",
    "seat_cookie",
]


#: What a device with no seat here is told, page or API: it sees nothing of the game.
NO_SEAT = (
    "this device has no seat at this table: open the link the host's screen shows for you "
    "(scan your QR code)"
)


class Refused(AdjudicatorError):
    """A request this viewer may not make (HTTP 403): another seat's hand, the seed."""

    code = "seat"


@dataclass(frozen=True, slots=True)
class Viewer:
    """One device's standing at the table."""

    host: bool = False  # whoever started `serve`: new games, undo, the record, seat links
    seat: str | None = None  # the player whose seat link this device opened
    everyone: bool = False  # pass-and-play: one screen, every hand may be opened

    @property
    def known(self) -> bool:
        """Whether this device may see a game at all."""
        return self.host or self.seat is not None or self.everyone

    def sees_hand_of(self, player: str) -> bool:
        return self.everyone or self.seat == player

    def moves_as(self, player: str) -> bool:
        return self.everyone or self.seat == player

    def sees_move_of(self, player: str) -> bool:
        """Whether the move's face-down cards (a draw, a keep) are shown as written."""
        return self.everyone or self.seat == player

    @property
    def name(self) -> str:
        """Who this is, as the other devices read it ('bob', 'the host')."""
        if self.seat:
            return self.seat
        return "the table" if self.everyone else "the host" if self.host else "a device"

    def to_json(self) -> dict[str, object]:
        return {"host": self.host, "seat": self.seat, "pass_and_play": self.everyone}


EVERYONE = Viewer(host=True, everyone=True)
HOST = Viewer(host=True)
NOBODY = Viewer()


def seat_cookie(name: str) -> str:
    """The cookie that holds a device's seat key for the record `name` (one per game: a
    phone may sit at two tables). The name percent-encoded: a cookie's name may hold no
    space, `;`, `,`, quote or other letter, and a path may name anything."""
    return f"seat.{quote(name, safe='')}"


def record_of_cookie(cookie: str) -> str | None:
    """The record a seat cookie is for (`seat_cookie`'s name read back), or None."""
    if not cookie.startswith("seat."):
        return None
    return unquote(cookie.removeprefix("seat."))


class SeatKeys:
    """The seat keys of one served table, made and checked under its host token."""

    def __init__(self, secret: str) -> None:
        self._secret = secret.encode()

    def _mac(self, name: str, player: str) -> str:
        message = f"seat\0{name}\0{player}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:32]

    def key(self, name: str, player: str) -> str:
        """The seat key of `player` in the record `name`: what the seat link carries. The
        name percent-encoded (`zo%C3%AB`, `a%2Bb`), so the key is ASCII a cookie keeps
        as it is; a link carries the key itself percent-encoded (`seat_link`)."""
        return f"{quote(player, safe='')}.{self._mac(name, player)}"

    def player_of(self, name: str, key: str | None) -> str | None:
        """The player whose seat `key` opens in `name`, or None (constant-time check of
        the MAC of the name exactly as the key spells it, whatever its letters)."""
        if not key or "." not in key or not key.isascii():
            return None
        spelt, _, mac = key.rpartition(".")
        try:
            player = unquote(spelt, errors="strict")
        except UnicodeDecodeError:
            return None
        if not player or quote(player, safe="") != spelt:  # one spelling per seat
            return None
        if not hmac.compare_digest(mac.encode(), self._mac(name, player).encode()):
            return None
        return player

    def puzzle_key(self, name: str) -> str:
        """The key of a solo puzzle's phone link (`web/puzzle_routes.py`): an HMAC of the
        puzzle's name, so only the host makes one and it opens that puzzle only (a solo
        puzzle holds no one's secret: any phone the host hands it to may solve it)."""
        message = f"puzzle\0{name}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:32]

    def opens_puzzle(self, name: str, key: str | None) -> bool:
        """Whether `key` is the puzzle's (constant-time)."""
        if not key or not key.isascii():
            return False
        return hmac.compare_digest(key.encode(), self.puzzle_key(name).encode())

    def link(self, base: str, name: str, player: str) -> str:
        """The seat link of `player` in `name`: the page's address with the key, every
        part percent-encoded (a `+`, `&`, `#` or `%` in a name would break the query)."""
        return f"{base}/g/{quote(name, safe='')}?seat={quote(self.key(name, player), safe='')}"
