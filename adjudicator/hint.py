"""Every legal action of a player, ranked by the points it scores this turn.

Candidates: each card with each admissible my building; in Gads Hill, ordered
pairs of cards while two cards a turn are allowed (A3); discarding two cards to
take each takeable marker (A1; Old Town only with dead cards); buying a
building where a card played as it scores more than any play without it (A2);
and passing. Every candidate is ruled on by the rulings engine; the hint only
collects and ranks.

Ranking (best first): more points this turn; then fewer points left on the
board for the other players' STOP claims; then fewer cards spent; then plays
before discards before buys before passing; then by card numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations, permutations
from typing import Any

from adjudicator.actions import dead_card, rule_buy, rule_discard
from adjudicator.play import admissible_my_buildings, end_turn, merge_rulings, rule_play, rule_turn
from adjudicator.ruling import Ruling, Status, StopReport
from adjudicator.state import GameState
from adjudicator.stop import stop_report

__all__ = ["Action", "Hint", "action_keys", "hint", "naive_actions"]

_KIND_ORDER = {"play": 0, "discard": 1, "buy": 2, "pass": 3}


@dataclass(frozen=True)
class Action:
    kind: str  # play | discard | buy | pass
    cards: tuple[int, ...]
    as_buildings: tuple[str | None, ...]
    take: tuple[str, str] | None
    points: int
    ruling: Ruling | None  # None for pass
    buy: str | None = None

    @property
    def stop_left(self) -> int:
        return self.ruling.stop.points if self.ruling is not None else 0

    def sort_key(self) -> tuple[Any, ...]:
        return (
            -self.points,
            self.stop_left,
            len(self.cards),
            _KIND_ORDER[self.kind],
            self.cards,
            tuple(a or "" for a in self.as_buildings),
            self.take or ("", ""),
            self.buy or "",
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "cards": list(self.cards),
            "as": list(self.as_buildings),
            "take": None
            if self.take is None
            else {"building": self.take[0], "space": self.take[1]},
            "buy": self.buy,
            "points": self.points,
            "stop_left": self.stop_left,
            "ruling": self.ruling.to_json() if self.ruling is not None else None,
        }


@dataclass(frozen=True)
class Unplayable:
    card: int
    code: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "code": self.code, "message": self.message}


@dataclass(frozen=True)
class Hint:
    player: str
    actions: tuple[Action, ...]
    unplayable: tuple[Unplayable, ...]
    discardable: tuple[int, ...]
    stop: StopReport
    evaluated: int
    notes: tuple[str, ...] = field(default=())

    def to_json(self, top: int | None = None) -> dict[str, Any]:
        shown = self.actions if top is None else self.actions[:top]
        return {
            "player": self.player,
            "actions": [a.to_json() for a in shown],
            "unplayable": [u.to_json() for u in self.unplayable],
            "discardable": list(self.discardable),
            "stop": self.stop.to_json(),
            "evaluated": self.evaluated,
        }


def _choices(state: GameState, card: int, player: str) -> list[str | None]:
    c = state.cards[card]
    if not c.needs_my_building:
        return [None]
    return list(admissible_my_buildings(state, player, c)) or [None]


# The refusal to report for a card that no choice makes playable: the most hopeful first.
_HOPE = {Status.NOT_NOW: 0, Status.CONFIRMATION: 1, Status.CONTRADICTORY: 2, Status.ILLEGAL: 3}


def hint(state: GameState, player: str | None = None) -> Hint:
    """Rule on every candidate action of the player and rank the legal ones. For a player
    who is not on turn: what they could do if it were their turn."""
    name = player or state.active
    if name is None:
        raise ValueError("the state names no active player")
    state = replace(state, active=name)
    p = state.player(name)
    hand = list(p.hand or ())
    actions: list[Action] = []
    evaluated = 0

    # Each card with each choice, the end-of-turn check deferred: alone it is a single-card
    # turn, and it is the first card of every two-card turn that starts with it.
    firsts: dict[tuple[int, str | None], Ruling] = {}
    refusals: dict[int, list[Ruling]] = {}
    for n in hand:
        for my in _choices(state, n, name):
            first = rule_play(state, n, my, name, check_markers_per_space=False, advance=False)
            evaluated += 1
            firsts[n, my] = first
            r = end_turn(first)
            if r.playable:
                actions.append(Action("play", (n,), (my,), None, r.points, r))
            else:
                refusals.setdefault(n, []).append(r)

    # Ordered pairs (A3): the first card may leave a 4th marker for the second to clear.
    if state.options.two_cards_until and state.locomotive < state.options.two_cards_until:
        for (n1, my1), first in firsts.items():
            if not first.playable:
                continue
            for n2 in hand:
                if n2 == n1:
                    continue
                for my2 in _choices(first.after, n2, name):
                    second = rule_play(first.after, n2, my2, name)
                    evaluated += 1
                    if second.playable:
                        r = merge_rulings(state, first, second)
                        actions.append(Action("play", (n1, n2), (my1, my2), None, r.points, r))

    # Discards (A1).
    dead = tuple(n for n in hand if dead_card(state, n, name))
    pool = dead if state.options.discard_needs_dead_cards else tuple(hand)
    takeable = [
        (b, s)
        for b, spaces in sorted(state.markers.items())
        if len(spaces) > 1
        for s in state.board.sort_spaces(spaces)
    ]
    for pair in combinations(pool, 2):
        for take in takeable:
            r = rule_discard(state, pair, take, name)
            evaluated += 1
            if r.playable:
                actions.append(Action("discard", pair, (), take, r.points, r))

    # Buying (A2), where a card played as the new building beats every play without it.
    best_play = max((a.points for a in actions if a.kind == "play"), default=0)
    for b in state.available_buildings():
        bought = rule_buy(state, b, name)
        evaluated += 1
        if not bought.playable:
            continue
        for n in hand:
            if not state.cards[n].needs_my_building:
                continue
            r = rule_play(bought.after, n, b, name)
            evaluated += 1
            if r.playable and r.points > best_play:
                combined = _after_buy(bought, r)
                actions.append(Action("buy", (n,), (b,), None, combined.points, combined, b))

    can_play = any(a.kind == "play" and len(a.cards) == 1 for a in actions)
    if not (state.options.pass_only_when_stuck and can_play):
        actions.append(Action("pass", (), (), None, 0, None))
    actions.sort(key=Action.sort_key)

    playable_cards = {a.cards[0] for a in actions if a.kind == "play" and len(a.cards) == 1}
    unplayable = []
    for n in hand:
        if n in playable_cards or n not in refusals:
            continue
        r = min(refusals[n], key=lambda r: _HOPE[r.status])
        unplayable.append(Unplayable(n, r.reasons[0].code, r.reasons[0].message))
    unplayable.sort(key=lambda u: (u.code, u.card))
    return Hint(name, tuple(actions), tuple(unplayable), dead, stop_report(state), evaluated)


def _after_buy(bought: Ruling, play: Ruling) -> Ruling:
    return replace(
        play,
        before=bought.before,
        reasons=bought.reasons + play.reasons,
        points=play.points + bought.points,
        points_detail={**play.points_detail, "spent": -2},
    )


def naive_actions(state: GameState, player: str | None = None) -> set[tuple[Any, ...]]:
    """The hint's brute-force twin: rule on every candidate separately with the public
    rulings functions, reusing nothing. Returns (kind, cards, as, take, buy, points)."""
    name = player or state.active
    assert name is not None
    state = replace(state, active=name)
    hand = list(state.player(name).hand or ())

    def choices(n: int) -> list[str | None]:
        return _choices(state, n, name)

    found: set[tuple[Any, ...]] = set()
    best_play = 0
    for n in hand:
        for my in choices(n):
            r = rule_play(state, n, my, name)
            if r.playable:
                found.add(("play", (n,), (my,), None, None, r.points))
                best_play = max(best_play, r.points)
    if not (state.options.pass_only_when_stuck and found):
        found.add(("pass", (), (), None, None, 0))
    if state.options.two_cards_until and state.locomotive < state.options.two_cards_until:
        for n1, n2 in permutations(hand, 2):
            for my1 in choices(n1):
                for my2 in set(choices(n2)) | {my1}:
                    r = rule_turn(state, [(n1, my1), (n2, my2)], name)
                    if r.playable:  # the ruling says which my building was used
                        found.add(("play", (n1, n2), r.as_buildings, None, None, r.points))
                        best_play = max(best_play, r.points)
    for pair in combinations(hand, 2):
        for b, spaces in state.markers.items():
            for s in spaces:
                r = rule_discard(state, pair, (b, s), name)
                if r.playable:
                    found.add(("discard", pair, (), (b, s), None, r.points))
    for b in state.board.buildings:
        bought = rule_buy(state, b, name)
        if not bought.playable:
            continue
        for n in hand:
            if state.cards[n].needs_my_building:
                r = rule_play(bought.after, n, b, name)
                if r.playable and r.points > best_play:
                    found.add(("buy", (n,), (b,), None, b, r.points - 2))
    return found


def action_keys(h: Hint) -> set[tuple[Any, ...]]:
    """The hint's actions in the twin's terms (see `naive_actions`)."""
    return {(a.kind, a.cards, a.as_buildings, a.take, a.buy, a.points) for a in h.actions}
