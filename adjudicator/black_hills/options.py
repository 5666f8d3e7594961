"""The table's options: where the rulebook's words can be read two ways, or say nothing, the
default follows the words (RULINGS-black-hills) and the option keeps the other reading.

Written in a state file as `[options]` (`safeguard = "holder"`) and in a game record as
`[Options "safeguard=holder, first-bonus=player"]`; `text` and `parse` go between the two.

- `safeguard`: "The Colonel block will not affect you. The Colonel cannot act against any
  other player during the round." On every event card "other players" are the players
  other than the card's holder. `everyone` (default, the words): while a Safeguard is in
  force no Colonel blocks or steals at all: the holder by the first sentence, every other
  player by the second, the Colonel's own player included. `others` (the earlier reading,
  each sentence read for itself): no Colonel acts against a player other than its own (no
  steal, no block of another player's card), and the holder's card is not blocked even by
  his own Colonel, but a Colonel still blocks its own player who holds no Safeguard.
  `holder`: only the card's holder is safe from the block and the steal.
- `colonel-block`: "Colonel. Can be placed in any area and stops the next player who
  places their card in that area". `anyone` (default, the words): the next card placed
  there, the Colonel's own player's too. `others`: the Colonel's own player passes through
  and the block waits for another player's card.
- `first-bonus`: "The player who first places a character card on a specific area takes 2
  resources tokens, whereas other players ... can only take 1"; "The resources obtained by
  the placement of a character card can only be taken once during a round, at the same
  moment when the card is placed in the area". `card` (default, the words): the 2 go with
  the first placement there this round, every later card there takes 1 (its own player's
  too). `player` (the revision 3 reading): the player who placed the first card there takes
  2 with each card he places there that round.
- `colonel-steal`: "steal an event card from any player he chooses": he chooses the player,
  not the card. `blind` (default, the words): the card is drawn unseen, at random (the
  table writes it as `drew=ID`). `chosen` (the earlier reading): the Colonel's player picks
  the card.
- `shaman-pool`: "The discarded character cards are shuffled, four cards are dealt"; Setup 7
  "The remaining character cards are left face down ...; this deck will not be used during
  this round". `discards` (default, the words): the draw deals from the characters
  discarded this round only. `all` (the earlier reading): from those and the leftovers.
- `event-or-discard`: "Activate an event card, paying the cost indicated on the card, or
  discard one or two of the event cards of his hand (optional action)". `either` (default,
  the words): a turn activates an event or discards, not both (a discard after activating
  is refused, as the rulebook refuses an event after discarding). `both` (revision 3): a
  discard may follow the turn's event.
- `reshuffle`: the rulebook does not say what happens when the event deck runs out.
  `used` (default): the used and discarded event cards are shuffled into a new deck.
  `never`: no more event cards are dealt.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from adjudicator.core.errors import InputError
from adjudicator.core.pairs import name_values

__all__ = ["CHOICES", "BHOptions", "parse_options", "parse_options_text"]

#: Each option's values, the default first.
CHOICES: dict[str, tuple[str, ...]] = {
    "safeguard": ("everyone", "others", "holder"),
    "colonel-block": ("anyone", "others"),
    "first-bonus": ("card", "player"),
    "colonel-steal": ("blind", "chosen"),
    "reshuffle": ("used", "never"),
    "shaman-pool": ("discards", "all"),
    "event-or-discard": ("either", "both"),
}


@dataclass(frozen=True, slots=True)
class BHOptions:
    safeguard: str = "everyone"
    colonel_block: str = "anyone"
    first_bonus: str = "card"
    colonel_steal: str = "blind"
    reshuffle: str = "used"
    shaman_pool: str = "discards"
    event_or_discard: str = "either"

    def items(self) -> dict[str, str]:
        """Option name (as written) -> value, every option."""
        return {f.name.replace("_", "-"): getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict[str, str]:
        """The options set to other than their default (what a file needs to write)."""
        return {k: v for k, v in self.items().items() if v != CHOICES[k][0]}

    def text(self) -> str:
        """`safeguard=holder, first-bonus=player` (the changed ones; empty for the defaults)."""
        return ", ".join(f"{k}={v}" for k, v in self.changed().items())


def parse_options(given: dict[str, str], source: str, entry: str = "options") -> BHOptions:
    """The options from `{name: value}`; an unknown name or value is bad input."""
    out = BHOptions()
    for name, value in given.items():
        key = name.strip().lower()
        if key not in CHOICES:
            raise InputError(source, entry, f"unknown option {name!r} ({', '.join(CHOICES)})")
        val = str(value).strip().lower()
        if val not in CHOICES[key]:
            raise InputError(
                source, f"{entry}.{key}", f"{value!r}: one of {', '.join(CHOICES[key])}"
            )
        out = replace(out, **{key.replace("-", "_"): val})
    return out


def parse_options_text(text: str, source: str, entry: str = "Options") -> BHOptions:
    """`safeguard=holder, first-bonus=player` (a record's `Options` tag)."""
    try:
        return parse_options(dict(name_values(text)), source, entry)
    except ValueError as exc:
        raise InputError(source, entry, str(exc)) from None
