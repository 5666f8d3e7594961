"""A ruling's words as one player may read them at the table. The flow's words say every
card a move moved (`rewards: ann draws lumber, bob draws food brick`, `cid -> bob: whiskey
labor:1`): the referee's view. A card drawn into a hand face down is known to that hand's
player, and to the player it was taken from; anyone else sees how many. What goes onto
the discards, or is handed over face up (an I.O.U.), is seen by all."""

from __future__ import annotations

from typing import Any

from adjudicator.core.words import plural
from adjudicator.dry_gulch.game.notation import Discard, EventCard, Violet
from adjudicator.dry_gulch.game.outcome import Outcome
from adjudicator.dry_gulch.other_events import CODES

__all__ = ["words_seen_by"]


def words_seen_by(outcome: Outcome, player: str) -> str:
    """The outcome's message with the cards `player` could not see given as counts."""
    move, message = outcome.move, outcome.message
    if not outcome.legal:
        return message
    if isinstance(move, Discard) and "reward" in outcome.detail:
        drawn = outcome.detail["reward"].get("drawn", {})
        return _swap(message, _rewards(drawn, None), _rewards(drawn, player))
    if isinstance(move, EventCard | Violet) and move.event in CODES:
        d = outcome.detail
        return _swap(message, _event(d, None), _event(d, player))
    return message


def _swap(message: str, every: str, seen: str) -> str:
    """The message with the referee's words replaced by the player's. The two are built
    alike, so the referee's are the flow's own (`reward.words`, `EventResult.words`);
    should they ever part, nothing face down is said: only the counts' words remain."""
    if every in message:
        return message.replace(every, seen, 1)
    return seen


def _rewards(drawn: dict[str, list[str]], player: str | None) -> str:
    """`reward.RewardResult.words`, each other hand's cards as a count (None: all named)."""
    said = [
        f"{name} draws {_cards(cards, player in (None, name))}"
        for name, cards in drawn.items()
        if cards
    ]
    return "rewards: " + (", ".join(said) or "none")


def _event(detail: dict[str, Any], player: str | None) -> str:
    """`other_events.EventResult.words`, as `player` sees them (None: all named)."""
    parts = []
    for m in detail.get("moved", []):
        if not m["cards"]:
            continue
        src, dst = m["from"], m["to"]
        seen = m["iou"] or dst is None or player in (None, src, dst)
        what = "the I.O.U." if m["iou"] else _cards(m["cards"], seen)
        parts.append(f"{src or 'the resource stack'} -> {dst or 'the discards'}: {what}")
    parts += [
        f"{n} drew {_cards(c, player in (None, n))}"
        for n, c in detail.get("drawn", {}).items()
        if c
    ]
    taker, permit = detail.get("player"), detail.get("permit")
    if permit:  # Land Grant's, into its player's hand
        what = f"the {permit} permit" if player in (None, taker) else "a permit"
        parts.append(f"{taker} took {what}")
    return "; ".join(parts) or "no effect"


def _cards(cards: list[str], seen: bool) -> str:
    return " ".join(cards) if seen else plural(len(cards), "card")
