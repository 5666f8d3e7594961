"""The turns a hand could make, before any ruling: each card with each my building it
could be played as, ordered pairs of cards (A3), and the buildings worth buying for a card
of the turn (A2). The hint (`hint.py`) rules on them; random self-play
(`game/simulate.py`) draws from `play_candidates` and rules one at a time."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.play import admissible_my_buildings

__all__ = ["Candidate", "buys", "my_building_choices", "play_candidates"]


def my_building_choices(state: GameState, card: int, player: str) -> list[str | None]:
    """The my buildings the hint rules a card with: none for a card that needs none, else
    each admissible one (P7), else none (to rule on the refusal)."""
    c = state.cards[card]
    if not c.needs_my_building:
        return [None]
    return list(admissible_my_buildings(state, player, c)) or [None]


_choices = my_building_choices


def buys(state: GameState, hand: list[int]) -> list[tuple[str, tuple[str, ...]]]:
    """The buildings worth ruling a buy of, each with the buildings alike to it."""
    if not state.options.buying:
        return []
    named = {state.cards[n].subject for n in hand}
    beside = state.available_buildings()
    plain = [b for b in beside if state.is_open(b) and b not in named]
    out = [(plain[0], tuple(plain[1:]))] if plain else []
    return out + [(b, ()) for b in beside if b not in plain]


class Candidate(NamedTuple):
    """A play the hint considers, not ruled on: the cards in order, each with its my
    building, and a buy before the first card (`buy_at` 0) or between the two (1). (A
    named tuple: a turn lists dozens of them, and they are cheap to make.)"""

    plays: tuple[tuple[int, str | None], ...]
    buy: str | None = None
    buy_at: int = 0
    alike: tuple[str, ...] = ()


def play_candidates(state: GameState, player: str | None = None) -> list[Candidate]:
    """The plays `hint` considers, enumerated without a ruling: a superset of them, in the
    same shapes. A second card's my building depends on the board after the first (P7:
    placed and retired buildings are no longer admissible), so every second card is
    listed with each building admissible before the turn (and the building bought before
    the first card) and with none; a caller that rules a candidate keeps it only when its
    second my building is among `my_building_choices` after the first card (for a second
    card played as the building bought between the cards: always, as the hint does).
    Every play `hint` rules on is listed exactly once."""
    name = player or state.active
    if name is None:
        raise ValueError("the state names no active player")
    if state.active != name:
        state = replace(state, active=name)
    hand = list(state.player(name).hand or ())
    two_cards = bool(state.options.two_cards_until) and (
        state.locomotive < state.options.two_cards_until
    )
    admissible = list(admissible_my_buildings(state, name))
    needs = {n: state.cards[n].needs_my_building for n in hand}

    def seconds_for(bought: str | None) -> list[tuple[int, str | None]]:
        """Every second card with each my building it is listed with."""
        extra: list[str | None] = [bought] if bought is not None else []
        mys: list[str | None] = [*admissible, *extra, None]
        return [(n2, my2) for n2 in hand for my2 in (mys if needs[n2] else [None])]

    out: list[Candidate] = []
    firsts = [(n, my) for n in hand for my in _choices(state, n, name)]
    seconds: dict[str | None, list[tuple[int, str | None]]] = {}

    def with_seconds(
        first: tuple[int, str | None], bought: str | None, buy: str | None = None, **more: Any
    ) -> None:
        out.append(Candidate((first,), buy, **more))
        if two_cards:
            if bought not in seconds:
                seconds[bought] = seconds_for(bought)
            n1 = first[0]
            out.extend(
                Candidate((first, second), buy, **more)
                for second in seconds[bought]
                if second[0] != n1
            )

    for first in firsts:
        with_seconds(first, None)
    for b, alike in buys(state, hand):
        for n in hand:
            if needs[n]:
                with_seconds((n, b), b, buy=b, buy_at=0, alike=alike)
        if two_cards:
            for n, my in firsts:
                if my == b:
                    continue
                for n2 in hand:
                    if n2 != n and needs[n2]:
                        out.append(Candidate(((n, my), (n2, b)), b, 1, alike))
    return out
