"""The hint at a round's set-up: which two of the four dealt characters to keep (Setup 8:
"Each player takes a look at the cards in his hand and decides to discard 2 of them").

Each keep is ranked by the best turn each of its two characters would make from the table
as it stands (`best.best_turns`, chance by its expectation), reputation first, then the
worth of the resources kept: the two turns of the round, each valued now. It is read from
what the asking player knows (`knows.view_state`): their own four cards and what lies face
up. The set-up is simultaneous, so no other player's cards are read, dealt or kept; for
the Shaman's draw, the two the player discards lie in the pool for certain and each other
player's two are any of the characters the player has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from typing import Any

from adjudicator.black_hills.best import best_turns
from adjudicator.black_hills.candidates import Candidate
from adjudicator.black_hills.knows import unseen_characters, view_state
from adjudicator.black_hills.state import BHState

__all__ = ["KeepChoice", "keep_hints", "said"]


def said(x: Fraction) -> str:
    """An exact expectation in words: `1`, `14/15 (about 0.93)`."""
    return str(x) if x.denominator == 1 else f"{x} (about {float(x):.2f})"


@dataclass(frozen=True, slots=True)
class KeepChoice:
    """Two characters to keep, and the best turn found for each (none: no legal turn)."""

    player: str
    cards: tuple[str, ...]
    turns: tuple[Candidate, ...]

    @property
    def key(self) -> tuple[Fraction, Fraction]:
        return (
            sum((c.expected_reputation for c in self.turns), Fraction()),
            sum((c.expected_kept for c in self.turns), Fraction()),
        )

    @property
    def move(self) -> str:
        return f"{self.player}: keep {' '.join(self.cards)}"

    @property
    def reason(self) -> str:
        by_card = {c.character: c for c in self.turns}
        parts = []
        for card in self.cards:
            c = by_card.get(card)
            parts.append(
                f"the {card}: no legal turn now"
                if c is None
                else f"the {card}: {c.text} (+{said(c.expected_reputation)})"
            )
        return "; ".join(parts) + ", each from the table as it stands"

    def to_json(self) -> dict[str, Any]:
        rep, kept = self.key
        return {
            "keep": list(self.cards),
            "move": self.move,
            "reputation": {"exact": str(rep), "value": float(rep)},
            "kept_worth": {"exact": str(kept), "value": float(kept)},
            "reason": self.reason,
            "turns": [c.to_json() for c in self.turns],
        }


def _as_kept(state: BHState, view: BHState, player: str, kept: tuple[str, ...]) -> BHState:
    """The player's view once every player has kept two, the player `kept`, on turn."""
    n = state.rules.characters_kept
    gone = tuple(c for c in state.player(player).characters if c not in kept)
    unseen = unseen_characters(state, player)
    others = len(state.players) - 1
    dealt = state.rules.characters_dealt
    return replace(
        view,
        players=tuple(
            replace(p, characters=kept if p.name == player else p.characters[:n])
            for p in view.players
        ),
        active=player,
        discarded=tuple(sorted({*gone, *unseen})),
        view_pool=(tuple(sorted(gone)), others * (dealt - n)),
    )


def keep_hints(state: BHState, player: str) -> list[KeepChoice]:
    """Every keep of the player's four, best first (see the module's docstring). Each
    character is valued once, held with the other of a split of the hand in two (so the
    Shaman's pool holds the other two as the player's discards)."""
    hand = tuple(sorted(state.player(player).characters))
    n = state.rules.characters_kept
    view = view_state(state, player)
    best: dict[str, Candidate] = {}
    for part in (hand[:n], hand[n : 2 * n]):
        if part:
            for c in best_turns(_as_kept(state, view, player, part), player):
                best.setdefault(c.character, c)
    choices = [
        KeepChoice(player, pair, tuple(best[c] for c in pair if c in best))
        for pair in combinations(hand, min(n, len(hand)))
    ]
    return sorted(choices, key=lambda k: (-k.key[0], -k.key[1], k.cards))
