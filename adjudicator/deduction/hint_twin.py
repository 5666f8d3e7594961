"""The hint's brute-force twin: every turn the rules could allow, ruled one by one.

It shares no code with `adjudicator.deduction.hint` (the import-linter's layers hold the two
apart: neither may import the other). It ships with the package so that the benchmark
times the hint beside it in the same run; the tests (`tests/test_hint.py`) hold the two
to the same turns. From the raw hand, the buildings in front of the
player and the buildings beside the board it lists every turn: one or two cards (each card
with each building that could be its my building), a discard of every pair of cards taking
every marker, or a pass; each with no buy or with a buy of every building beside the board
at every point of the turn. Each is ruled through the public turn rulings; a legal turn is
kept with the points the player ends it with, net of the buy.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, permutations
from typing import Any

from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.actions import rule_buy
from adjudicator.deduction.rules.turns import rule_discard_turn, rule_turn

__all__ = ["best_net_points", "legal_turns"]


def legal_turns(state: GameState, player: str | None = None) -> dict[tuple[Any, ...], int]:
    """Every legal turn of `player` -> the points it nets this turn."""
    name = player or state.active
    assert name is not None
    state = replace(state, active=name)
    me = state.player(name)
    hand = list(me.hand or ())
    held = {b for p in state.players for b in p.buildings}
    beside = [
        b
        for b in state.board.buildings
        if b not in state.placed and b not in state.retired and b not in held
    ]
    buys: list[str | None] = [None, *beside] if state.options.buying else [None]
    most_cards = 2 if state.locomotive < state.options.two_cards_until else 1
    found: dict[tuple[Any, ...], int] = {}

    def my_options(card: int, buy: str | None) -> list[str | None]:
        if state.cards[card].kind == "building":
            return [None]
        return [*me.buildings, *([buy] if buy else [])]

    for k in range(1, most_cards + 1):
        for cards in permutations(hand, k):
            for buy in buys:
                for at in range(k + 1) if buy else [0]:
                    choices: list[list[str | None]] = [[]]
                    for c in cards:
                        choices = [[*x, m] for x in choices for m in my_options(c, buy)]
                    for mys in choices:
                        plays = list(zip(cards, mys, strict=True))
                        r = rule_turn(state, plays, name, buy=buy, buy_at=at)
                        if r.playable:
                            found["play", tuple(plays), buy, at] = r.points
    for pair in combinations(hand, 2):
        for b, spaces in state.markers.items():
            for s in spaces:
                for buy in buys:
                    for at in (0, 1) if buy else (0,):
                        r = rule_discard_turn(state, pair, (b, s), name, buy=buy, buy_at=at)
                        if r.playable:
                            found["discard", pair, (b, s), buy, at] = r.points
    # A pass, alone or with a buy; Old Town passes only when no single card can be played.
    singles = any(len(key[1]) == 1 and key[2] is None for key in found if key[0] == "play")
    if not (state.options.pass_only_when_stuck and singles):
        found["pass", None] = 0
        for buy in buys[1:]:
            assert buy is not None
            if rule_buy(state, buy, name).playable:
                found["pass", buy] = -2
    return found


def best_net_points(state: GameState, player: str | None = None) -> int:
    return max(legal_turns(state, player).values())
