"""A hint's action as the move a record writes: the one conversion the hint's command,
self-play and the web's hint share, so what is suggested is what gets written."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.words import plural
from adjudicator.deduction.game.record import Discard, Move, Pass, Play
from adjudicator.deduction.hint import Action
from adjudicator.deduction.models.printed_card import as_printed

__all__ = ["action_move", "buy_words"]


def action_move(action: Action, player: str) -> Move:
    """The move that carries `action` out for `player`, its buy (A2) included."""
    if action.kind == "play":
        plays = tuple(zip(action.cards, action.as_buildings, strict=True))
        return Play(player, plays, action.buy, action.buy_at, printed=_printed(action))
    if action.kind == "discard":
        assert action.take is not None and len(action.cards) == 2
        cards = (action.cards[0], action.cards[1])
        return Discard(player, cards, action.take, action.buy, action.buy_at)
    return Pass(player, action.buy, action.buy_at)


def _printed(action: Action) -> tuple[str | None, ...]:
    """Each card of the play by its printed map where it joined the deck by it (a table's
    `hint --hand` naming a card our deck lacks), so the move names a card the record finds."""
    if action.ruling is None:
        return ()
    words = tuple(as_printed(action.ruling.before, n) for n in action.cards)
    return words if any(words) else ()


def buy_words(action: Action, name_of: Callable[[str], str]) -> str | None:
    """What a pass with a buy (A2) costs and what it enables, in a sentence (`name_of`: a
    building's printed name, `Board.building_name`); None for any other action."""
    if not action.enables or action.buy is None:
        return None
    name = name_of(action.buy)
    cards = ", ".join(map(str, action.enables))
    some = "card " + cards if len(action.enables) == 1 else "cards " + cards
    alike = (
        f" (or any of {plural(len(action.alike), 'building')} alike to it)" if action.alike else ""
    )
    return (
        f"A2: the {name}{alike} costs 2 points now; then {some} can be played as it "
        "(on the board as it stands)"
    )
