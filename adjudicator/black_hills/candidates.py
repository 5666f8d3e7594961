"""The candidate turns of a Black Hills player, one character at a time: where each can
be placed, the orders of its skills, the events and robberies it may take, the set-up's
keeps; and the plain data a ranked turn is (`Candidate`, `Outcome`). `best.py` ranks them,
`chance.py` takes the expectation where chance decides, self-play draws from them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from adjudicator.black_hills.invest import TRADES
from adjudicator.black_hills.moves import (
    Action,
    Event,
    Invest,
    Place,
    ShamanCopy,
    ShamanDraw,
    Steal,
    TurnMove,
)
from adjudicator.black_hills.notation import format_turn_move
from adjudicator.black_hills.referee import TurnsOf
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict

__all__ = [
    "INVEST_MOST",
    "Candidate",
    "Judge",
    "Outcome",
    "candidate_turns",
    "is_blind",
    "judge_of",
    "keeps",
    "orders",
    "placements",
]


def _frac(x: Fraction) -> dict[str, Any]:
    """A fraction in strict JSON: exact as text, and as a number to read."""
    return {"exact": str(x), "value": float(x)}


@dataclass(frozen=True, slots=True)
class Outcome:
    """One outcome of the chance in a turn, and the best turn once it is known."""

    chance: str  # "die 2", "dealt hunter, miner, ..." or "drew bank" (a blind steal)
    probability: Fraction
    text: str
    verdict: Verdict
    kept: int

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.chance,
            "probability": str(self.probability),
            "turn": self.text,
            "reputation_gained": self.verdict.reputation_gained,
            "kept_worth": self.kept,
        }


@dataclass(frozen=True, slots=True)
class Candidate:
    """A character's best turn. When chance decides it, `text` is the plan up to the roll or
    the deal, `outcomes` the best turn for each outcome, and `verdict`/`kept` those of the
    first outcome; the key is then the expectation."""

    character: str
    text: str
    verdict: Verdict
    kept: int  # worth of the player's resources after the turn
    outcomes: tuple[Outcome, ...] = ()

    @property
    def expected_reputation(self) -> Fraction:
        if not self.outcomes:
            return Fraction(self.verdict.reputation_gained)
        return sum((o.probability * o.verdict.reputation_gained for o in self.outcomes), Fraction())

    @property
    def expected_kept(self) -> Fraction:
        if not self.outcomes:
            return Fraction(self.kept)
        return sum((o.probability * o.kept for o in self.outcomes), Fraction())

    @property
    def distribution(self) -> dict[int, Fraction]:
        """Reputation gained -> its probability."""
        if not self.outcomes:
            return {self.verdict.reputation_gained: Fraction(1)}
        out: dict[int, Fraction] = {}
        for o in self.outcomes:
            out[o.verdict.reputation_gained] = (
                out.get(o.verdict.reputation_gained, 0) + o.probability
            )
        return dict(sorted(out.items()))

    @property
    def key(self) -> tuple[Fraction, Fraction]:
        return (self.expected_reputation, self.expected_kept)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "character": self.character,
            "turn": self.text,
            "reputation_gained": self.verdict.reputation_gained,
            "kept_worth": self.kept,
            "payments": [p.to_json() for p in self.verdict.payments],
            "log": self.verdict.log,
            "chance": None,
        }
        if self.outcomes:
            out["reputation_gained"] = None  # chance decides: see the expectation
            out["kept_worth"] = None
            out["payments"] = []
            out["log"] = []
            out["chance"] = {
                "kind": {"die": "die", "drew": "steal"}.get(
                    self.outcomes[0].chance.split()[0], "draw"
                ),
                "expected_reputation": _frac(self.expected_reputation),
                "expected_kept_worth": _frac(self.expected_kept),
                "distribution": {str(k): str(p) for k, p in self.distribution.items()},
                "outcomes": [o.to_json() for o in self.outcomes],
            }
        return out


#: The invest steps of a ranking: none, or the most the solver finds (`best.py`'s twin
#: tries every number of points instead).
INVEST_MOST: tuple[Invest | None, ...] = (None, Invest())

#: A character's action: placed, or the Shaman copying or drawing a card.
Placing = Place | ShamanCopy | ShamanDraw


def placements(state: BHState, player: str, cid: str) -> Iterator[Placing]:
    """Every way to place one character and use its skills (no investing)."""
    rules = state.rules
    card = rules.characters[cid]
    others = [n for n in state.names() if n != player]
    if card.shaman:
        top: dict[str, str] = {}
        for _, char, area in state.placed:
            top[area] = char
        for char in sorted({c for c in top.values() if c != "shaman"}):
            seen: set[Place] = set()
            for rest in placements(state, player, char):
                assert isinstance(rest, Place)
                # The copy acts where the covered card lies: a Colonel's `at AREA` goes.
                copied = replace(rest, area=None)
                if copied not in seen:
                    seen.add(copied)
                    yield ShamanCopy(copied)
        return
    if card.gather:
        bases = [Place(cid, r if len(card.gather) > 1 else None) for _, r in card.gather]
    elif card.area == "any":
        bases = [Place(cid, area=a) for a in rules.areas]
    else:
        bases = [Place(cid)]
    for base in bases:
        if card.exchange:
            for t in [None, *TRADES]:
                yield replace(base, trade=t)
        elif card.steal:
            yield base  # legal only where a Colonel's block voids the card: no victim then
            for victim in others:
                for r in card.steal:
                    yield replace(base, resource=r if len(card.steal) > 1 else None, victim=victim)
        elif card.steal_event:
            yield base
            # The card named: it may be activated after the Colonel. A blind steal
            # (`colonel-steal=blind`) writes the card drawn: chance decides it (chance.py).
            blind = state.options.colonel_steal == "blind"
            for victim in others:
                held = sorted(set(state.player(victim).events))
                if blind and held and state.view_pool is not None:
                    # A player's view (`knows.py`): the card is unseen until the turn is
                    # made, so it is the victim chosen, its value the same for any card.
                    yield replace(base, steal=Steal(victim))
                    continue
                for eid in held:
                    yield replace(base, steal=Steal(victim, eid, blind))
        else:
            yield base


def is_blind(action: Action) -> bool:
    """Whether the action is a blind Colonel's steal, whose card chance decides."""
    place = action.place if isinstance(action, ShamanCopy | ShamanDraw) else action
    return isinstance(place, Place) and place.steal is not None and place.steal.blind


def _stolen(state: BHState, place: Placing) -> str | None:
    """The event a Colonel's placement steals (`colonel at plain steal bob bank`)."""
    card = place.place if isinstance(place, ShamanCopy | ShamanDraw) else place
    if card is None or card.steal is None or card.steal.event not in state.rules.events:
        return None
    return card.steal.event


def _events(state: BHState, player: str, stolen: str | None = None) -> Iterator[Event | None]:
    yield None
    me = state.player(player)
    others = [n for n in state.names() if n != player]
    for eid in sorted(set(me.events) | ({stolen} if stolen else set())):
        if eid == "stagecoach":
            for give in ("gold", "logs", "fur"):
                for get in ("gold", "logs", "fur"):
                    if give != get:
                        yield Event(eid, swap=(give, get))
        elif eid == "reinforcements":
            for victim in others:
                yield Event(eid, victim=victim)
        else:
            yield Event(eid)


def _invests(state: BHState, place: Placing) -> bool:
    """Whether the card whose skills the placement uses may invest (a Settler, the Sheriff;
    the Shaman's copy or draw of one): the one `turn.investor` the referee sets. A card
    the rules do not know is left to the referee."""
    card = place.place if isinstance(place, ShamanCopy | ShamanDraw) else place
    known = state.rules.characters.get(card.character) if card is not None else None
    return known is None or known.invest is not None


def orders(
    state: BHState,
    player: str,
    place: Placing,
    invest_steps: tuple[Invest | None, ...],
    ranked: bool = False,
) -> Iterator[tuple[Action, ...]]:
    """Every order of one placement (with or without investing) and an event.

    `ranked`: only the orders a ranking can pick, for a search that takes the first of
    equal turns: investing only after a card that invests. `characters.invest` refuses it
    after any other card (the investor is the card's alone); such a turn is legal only
    when the game ends before its `invest` is read, and then the same turn without it,
    tried first, ends the same way."""
    stolen = _stolen(state, place)
    if ranked and not _invests(state, place):
        invest_steps = tuple(i for i in invest_steps if i is None)
    for event in _events(state, player, stolen):
        for invest in invest_steps:
            # Placing and using the card's skills (investing) is one action; an event comes
            # before it or after it, never in between. An event the Colonel steals is in
            # hand only after it.
            parts: tuple[Action, ...] = (place, invest) if invest else (place,)
            after_only = (
                stolen is not None
                and event is not None
                and (event.event == stolen and stolen not in state.player(player).events)
            )
            if event is None:
                yield parts
            elif after_only:
                yield (*parts, event)
            else:
                yield (event, *parts)
                yield (*parts, event)


def keeps(state: BHState, player: str) -> Iterator[tuple[tuple[Action, ...], tuple[str, ...]]]:
    """(the turn's first actions, the characters in hand): none before the set-up's
    discards are all made (`round.must_keep`: no turn is legal then), as they are not a
    turn's."""
    from adjudicator.black_hills.round import must_keep

    if must_keep(state):
        return
    yield (), tuple(state.player(player).characters)


def candidate_turns(
    state: BHState, player: str, invest_steps: tuple[Invest | None, ...], ranked: bool = False
) -> Iterator[tuple[str, TurnMove]]:
    """(character, turn) for every candidate: keep, place, event, invest in the orders
    that can matter (`ranked`: those a ranking can pick, `orders`)."""
    for prefix, keep in keeps(state, player):
        for cid in keep:
            seen: set[tuple[Action, ...]] = set()
            for place in placements(state, player, cid):
                for order in orders(state, player, place, invest_steps, ranked):
                    actions = (*prefix, *order)
                    if actions not in seen:
                        seen.add(actions)
                        yield cid, TurnMove(player, actions)


#: Referees a turn, each once per ranking.
Judge = Callable[[TurnMove], Verdict]


def judge_of(state: BHState) -> Judge:
    """The referee's verdict on each turn of `state`, each once. A turn one of whose actions
    is refused is refused alike whatever follows that action (`referee.refereed`): the
    candidates share their first actions (a placement, then investing, then an event), so
    a turn that begins with a refused run is answered without refereeing it again. Turns
    are told apart by their text (a string's hash is kept; a move's is recomputed through
    every record it holds, each time)."""
    seen: dict[str, Verdict] = {}
    refused: dict[tuple[str, ...], Verdict] = {}  # (player, action, ...) -> verdict
    turns = TurnsOf(state)  # the candidates' first actions, each applied once

    def judge(move: TurnMove) -> Verdict:
        text = format_turn_move(move)
        v = seen.get(text)
        if v is not None:
            return v
        parts = text.partition(":")[2].split(";")
        # the refused action's index is the move's when each action is one part
        one_each = len(parts) == len(move.actions) and all(p.strip() for p in parts)
        runs = [(move.player, *parts[:k]) for k in range(1, len(parts))] if one_each else []
        for run in runs:
            v = refused.get(run)
            if v is not None:
                break
        else:
            v, at = turns.rule(text)
            if at is not None and at < len(runs):
                refused[runs[at]] = v
        seen[text] = v
        return v

    return judge
