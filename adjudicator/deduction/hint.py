"""Every legal turn of a player, ranked by the points the player ends the turn with.

Candidates: each card with each admissible my building; in Gads Hill, ordered pairs of
cards while two cards a turn are allowed (A3); discarding two cards to take each marker
on the board (A1; Old Town only with dead cards); and passing. In Gads Hill each play can
come with a building bought at any point of the turn where a later card of the turn uses
it as its my building (A2): before the first card, or between two cards (points scored by
the first count toward the price). A buy that no card of the turn uses costs two points
and changes nothing else this turn, so it ranks below the same turn without it and is not
listed, except with a pass where it lets cards of the hand be played as the new building
(`enables`): late in a game where nobody holds a building the hand needs, a buy is the
only way on, and its worth lies in the turns after (the coach weighs it).
Buildings beside the board that are neither marked nor named by a card in the hand are
alike for a buy (a card played as any of them does the same up to the name): the hint
rules on one of them and names the others as `alike`.

Every candidate is ruled on by the rulings engine; the hint only collects and ranks.

Ranking (best first): more points net of the buy's price; then fewer points left on the
board for the other players' STOP claims; then fewer cards spent; then plays before
discards before passing; then without a buy before with one; then by card numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, NamedTuple

from adjudicator.core.evolve import evolve
from adjudicator.deduction.candidates import (
    Candidate,
    buys,
    my_building_choices,
    play_candidates,
)
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.rules.actions import (
    dead_by,
    dead_card,
    discards_with,
    rule_buy,
    rule_discard,
)
from adjudicator.deduction.rules.logic import stop_report
from adjudicator.deduction.rules.play import end_turn
from adjudicator.deduction.rules.remembered import PlayRulings
from adjudicator.deduction.rules.ruling import Ruling, Status, StopReport
from adjudicator.deduction.rules.turns import merge_rulings
from adjudicator.deduction.solve.matching import Analyses

__all__ = [
    "PASS",
    "Action",
    "Candidate",
    "Hint",
    "Ranked",
    "Ruled",
    "Turns",
    "Unplayable",
    "hint",
    "my_building_choices",
    "play_candidates",
]

_KIND_ORDER = {"play": 0, "discard": 1, "pass": 2}
_choices = my_building_choices


@dataclass(frozen=True, slots=True)
class Action:
    kind: str  # play | discard | pass
    cards: tuple[int, ...]
    as_buildings: tuple[str | None, ...]
    take: tuple[str, str] | None
    points: int  # net of a buy's price
    ruling: Ruling | None  # None for pass
    buy: str | None = None
    buy_at: int = 0  # cards played before the buy
    alike: tuple[str, ...] = ()  # other buildings a buy could take with the same outcome
    stop_left: int = 0  # points left on the board for the other players' STOP claims
    #: a pass with a buy: the cards of the hand playable as the new building after it
    enables: tuple[int, ...] = ()

    def sort_key(self) -> tuple[Any, ...]:
        return (
            -self.points,
            self.stop_left,
            len(self.cards),
            _KIND_ORDER[self.kind],
            self.buy is not None,
            self.cards,
            tuple(a or "" for a in self.as_buildings),
            self.take or ("", ""),
            self.buy or "",
            self.buy_at,
        )


@dataclass(frozen=True, slots=True)
class Unplayable:
    card: int
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Hint:
    player: str
    actions: tuple[Action, ...]
    unplayable: tuple[Unplayable, ...]
    discardable: tuple[int, ...]
    stop: StopReport
    evaluated: int
    notes: tuple[str, ...] = field(default=())


# The refusal to report for a card that no choice makes playable: the most hopeful first.
_HOPE = {
    Status.NOT_NOW: 0,
    Status.QUESTION: 1,
    Status.CONFIRMATION: 2,
    Status.CONTRADICTORY: 3,
    Status.ILLEGAL: 4,
}


class Ruled(NamedTuple):
    """A legal turn as the hint rules it, before its STOP report and ranking: a play (its
    whole turn's ruling, the end-of-turn check made), or a discard ruled for the first pair
    of cards (`pairs[0]`; the board after it is the same for every pair in `pairs`)."""

    kind: str  # play | discard
    ruling: Ruling
    take: tuple[str, str] | None = None
    buy: str | None = None
    buy_at: int = 0
    alike: tuple[str, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()
    enables: tuple[int, ...] = ()  # a pass with a buy: see `Action.enables`


class Turns:
    """Every candidate turn of a player ruled once (`ruled`, in the hint's order), with what
    the hint reports beside them: the refusals of single cards and how many rulings were
    made. `hint` ranks them all; the greedy player (`game/greedy.py`) only the best."""

    def __init__(self, state: GameState, player: str | None = None) -> None:
        name = player or state.active
        if name is None:
            raise ValueError("the state names no active player")
        self.name = name
        self.state = replace(state, active=name)
        self.hand = list(self.state.player(name).hand or ())
        self.evaluated = 0
        self.refusals: dict[int, list[Ruling]] = {}
        self._dead: tuple[int, ...] | None = None
        self._firsts: dict[Any, Ruling] | None = None  # the single cards, once ruled
        #: Its rulings on single cards and its filterings of boards, made once per board
        #: (this call's own: `rules/remembered.py`)
        self.plays = PlayRulings(name)
        self.memo = self.plays.analyses
        self.two_cards = bool(self.state.options.two_cards_until) and (
            self.state.locomotive < self.state.options.two_cards_until
        )

    def can_pass(self, can_play: bool) -> bool:
        """Whether passing is listed, given whether a single card without a buy is legal."""
        return not (self.state.options.pass_only_when_stuck and can_play)

    def _first_cards(self, at: GameState, only_as: str | None = None) -> dict[Any, Ruling]:
        """Each card with each choice, the end-of-turn check deferred (P5 b): alone it is
        a single-card turn, and it starts every two-card turn that starts with it."""
        out = {}
        for n in self.hand:
            for my in [only_as] if only_as is not None else _choices(at, n, self.name):
                if only_as is not None and not at.cards[n].needs_my_building:
                    continue
                out[n, my] = self.plays.rule(at, n, my)
                self.evaluated += 1
        return out

    def _play(
        self, steps: list[Ruling], buy: str | None, buy_at: int, alike: tuple[str, ...]
    ) -> Iterator[Ruled]:
        r = end_turn(merge_rulings(self.state, steps, buy=buy, buy_at=buy_at))
        if r.playable:
            yield Ruled("play", r, None, buy, buy_at, alike)

    def _seconds(
        self,
        steps: list[Ruling],
        buy: str | None,
        buy_at: int,
        alike: tuple[str, ...],
        only_as: str | None = None,
    ) -> Iterator[Ruled]:
        """Every second card after `steps` (A3), optionally only as `only_as`."""
        at = steps[-1].after
        played = {c for r in steps for c in r.cards}
        for n2 in self.hand:
            if n2 in played or (only_as is not None and not at.cards[n2].needs_my_building):
                continue
            for my2 in [only_as] if only_as is not None else _choices(at, n2, self.name):
                second = self.plays.rule(at, n2, my2)
                self.evaluated += 1
                if second.playable:
                    yield from self._play([*steps, second], buy, buy_at, alike)

    def ruled(self) -> Iterator[Ruled]:
        """Every legal play and discard, in the order the hint lists them before ranking."""
        state, name, two_cards = self.state, self.name, self.two_cards
        # Plays without a buy: single cards, then ordered pairs (the first card may leave a
        # space a marker short of what the second needs, or a 4th marker the second clears).
        firsts = self._firsts = self._first_cards(state)
        for (n, _my), first in firsts.items():
            if first.playable:
                yield from self._play([first], None, 0, ())
                if two_cards:
                    yield from self._seconds([first], None, 0, ())
            else:
                self.refusals.setdefault(n, []).append(first)

        # Plays with a buy that a card of the turn uses as its my building (A2).
        for b, alike in buys(state, self.hand):
            bought = rule_buy(state, b, name)
            self.evaluated += 1
            if bought.playable:  # before the first card, which is played as the new building
                as_bought = self._first_cards(bought.after, only_as=b)
                enables: set[int] = set()  # the cards a legal turn plays alone as it
                for (n, _my), first in as_bought.items():
                    if first.playable:
                        for alone in self._play([bought, first], b, 0, alike):
                            enables.add(n)
                            yield alone
                        if two_cards:
                            yield from self._seconds([bought, first], b, 0, alike)
                if enables:  # with a pass: the cards wait for the next turn
                    yield Ruled("pass", bought, None, b, 0, alike, enables=tuple(sorted(enables)))
            if two_cards:  # between the cards, the second played as the new building
                for first in firsts.values():
                    if not first.playable or first.as_buildings == (b,):
                        continue
                    between = rule_buy(first.after, b, name)
                    self.evaluated += 1
                    if between.playable:
                        yield from self._seconds([first, between], b, 1, alike, only_as=b)

        # Discards (A1): any marker may be taken, a building's last one included.
        pool = self.dead() if state.options.discard_needs_dead_cards else tuple(self.hand)
        takeable = [
            (b, s)
            for b, spaces in sorted(state.markers.items())
            for s in state.board.sort_spaces(spaces)
        ]
        # The board after a discard depends only on the marker taken: rule each marker once.
        pairs = tuple(combinations(pool, 2))
        for take in takeable if pairs else []:
            r = rule_discard(state, pairs[0], take, name, memo=self.memo)
            self.evaluated += 1
            if r.playable:
                yield Ruled("discard", r, take, pairs=pairs)

    def dead(self) -> tuple[int, ...]:
        """The cards of the hand that are dead (A1, Old Town's discardable cards), read off
        the single cards' rulings once `ruled` has made them (`dead_by`)."""
        if self._dead is None:
            s, name, firsts = self.state, self.name, self._firsts
            self._dead = tuple(
                n
                for n in self.hand
                if (
                    dead_card(s, n, name)
                    if firsts is None
                    else dead_by(s, n, name, (r for (m, _), r in firsts.items() if m == n))
                )
            )
        return self._dead


class Ranked:
    """Actions made from ruled turns, each with the STOP claims it leaves (one report per
    board reached)."""

    def __init__(self, memo: Analyses | None = None) -> None:
        self.reports: dict[tuple[frozenset[Any], ...], StopReport] = {}
        self.memo = memo

    def action(self, t: Ruled, r: Ruling | None = None) -> Action:
        """The action of a ruled turn; `r`: the ruling to report instead (a discard's
        for another pair of cards)."""
        r = t.ruling if r is None else r
        report = self.report(r.after)
        if t.kind == "pass":  # with a buy: no card played, the price paid
            return Action(
                "pass",
                (),
                (),
                None,
                r.points,
                r,
                t.buy,
                t.buy_at,
                t.alike,
                report.points,
                t.enables,
            )
        return self._made(t, evolve(r, stop=report), report)  # not `replace`: once per action

    def discards(self, t: Ruled) -> Iterator[Action]:
        """The actions of a ruled discard, one per pair of cards in `t.pairs`. The board
        after a discard is the same for every pair (A1): its STOP report is looked up once,
        and each pair's ruling is made with it (`discards_with`)."""
        report = self.report(t.ruling.after)
        for r in discards_with(t.ruling, t.pairs, stop=report):
            yield self._made(t, r, report)

    @staticmethod
    def _made(t: Ruled, r: Ruling, report: StopReport) -> Action:
        """The action of a ruled play or discard, `r` its ruling with its STOP report."""
        return Action(
            t.kind,
            r.cards,
            r.as_buildings,
            t.take,
            r.points,
            r,
            stop_left=report.points,
            buy=t.buy,
            buy_at=t.buy_at,
            alike=t.alike,
        )

    def report(self, a: GameState) -> StopReport:
        """The STOP report of the board of `a`, made once per board."""
        board = (frozenset(a.placed.items()), frozenset(a.markers.items()), a.retired)
        if board not in self.reports:
            self.reports[board] = stop_report(a, memo=self.memo)
        return self.reports[board]


def hint(state: GameState, player: str | None = None) -> Hint:
    """Rule on every candidate turn of the player and rank the legal ones. For a player
    who is not on turn: what they could do if it were their turn."""
    turns = Turns(state, player)
    ranked = Ranked(turns.memo)
    actions: list[Action] = []
    for t in turns.ruled():
        if t.kind != "discard":
            actions.append(ranked.action(t))
        else:
            actions.extend(ranked.discards(t))

    can_play = any(a.kind == "play" and len(a.cards) == 1 and a.buy is None for a in actions)
    if turns.can_pass(can_play):
        actions.append(PASS)
    actions.sort(key=Action.sort_key)

    playable_cards = {a.cards[0] for a in actions if a.kind == "play" and len(a.cards) == 1}
    unplayable = []
    for n in turns.hand:
        if n in playable_cards or n not in turns.refusals:
            continue
        r = min(turns.refusals[n], key=lambda r: _HOPE[r.status])
        unplayable.append(Unplayable(n, str(r.reasons[0].code), r.reasons[0].message))
    unplayable.sort(key=lambda u: (u.code, u.card))
    return Hint(
        turns.name,
        tuple(actions),
        tuple(unplayable),
        turns.dead(),
        ranked.report(turns.state),
        turns.evaluated,
    )


#: Passing: listed unless the rules allow it only to a player who cannot play.
PASS = Action("pass", (), (), None, 0, None)
