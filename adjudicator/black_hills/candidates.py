"""The candidate turns of a Black Hills player, one character at a time: where each can
be placed, the orders of its skills, the events and robberies it may take, the set-up's
keeps; and the plain data a ranked turn is (`Candidate`, `Outcome`). `best.py` ranks them,
`chance.py` takes the expectation where chance decides, self-play draws from them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from adjudicator.black_hills.invest import TRADES
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict
from adjudicator.core.record import record

__all__ = [
    "BLIND",
    "Candidate",
    "Judge",
    "Outcome",
    "candidate_turns",
    "judge_of",
    "keeps",
    "orders",
    "placements",
]


def _frac(x: Fraction) -> dict[str, Any]:
    """A fraction in strict JSON: exact as text, and as a number to read."""
    return {"exact": str(x), "value": float(x)}


@record
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


@record
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


def placements(state: BHState, player: str, cid: str) -> Iterator[str]:
    """Every way to place one character and use its skills (no investing)."""
    rules = state.rules
    card = rules.characters[cid]
    others = [n for n in state.names() if n != player]
    if card.shaman:
        top: dict[str, str] = {}
        for _, char, area in state.placed:
            top[area] = char
        for char in sorted({c for c in top.values() if c != "shaman"}):
            seen = set()
            for rest in placements(state, player, char):
                # The copy acts where the covered card lies: a Colonel's `at AREA` goes.
                words = rest.split()
                if "at" in words:
                    del words[words.index("at") : words.index("at") + 2]
                copied = " ".join(words)
                if copied not in seen:
                    seen.add(copied)
                    yield f"shaman copy {copied}"
        return
    if card.gather:
        bases = [f"{cid} {r}" if len(card.gather) > 1 else cid for _, r in card.gather]
    elif card.area == "any":
        bases = [f"{cid} at {a}" for a in rules.areas]
    else:
        bases = [cid]
    for base in bases:
        if card.exchange:
            for t in [None, *TRADES]:
                yield base + (f" {t}" if t else "")
        elif card.steal:
            yield base  # legal only where a Colonel's block voids the card: no victim then
            for victim in others:
                for r in card.steal:
                    what = f" {r}" if len(card.steal) > 1 else ""
                    yield f"{base}{what} from {victim}"
        elif card.steal_event:
            yield base
            # The card named: it may be activated after the Colonel. A blind steal
            # (`colonel-steal=blind`) writes the card drawn: chance decides it (chance.py).
            drew = "drew=" if state.options.colonel_steal == "blind" else ""
            for victim in others:
                for eid in sorted(set(state.player(victim).events)):
                    yield f"{base} steal {victim} {drew}{eid}"
        else:
            yield base


def _stolen(state: BHState, place: str) -> str | None:
    """The event a Colonel's placement steals (`colonel at plain steal bob bank`)."""
    words = place.split()
    if "steal" in words and words.index("steal") + 2 < len(words):
        eid = words[words.index("steal") + 2].removeprefix("drew=")
        return eid if eid in state.rules.events else None
    return None


def _events(state: BHState, player: str, stolen: str | None = None) -> Iterator[str | None]:
    yield None
    me = state.player(player)
    others = [n for n in state.names() if n != player]
    for eid in sorted(set(me.events) | ({stolen} if stolen else set())):
        if eid == "stagecoach":
            for give in ("gold", "logs", "fur"):
                for get in ("gold", "logs", "fur"):
                    if give != get:
                        yield f"event stagecoach {give}>{get}"
        elif eid == "reinforcements":
            for victim in others:
                yield f"event reinforcements {victim}"
        else:
            yield f"event {eid}"


def orders(state: BHState, player: str, place: str, invest_steps: list[str]) -> Iterator[list[str]]:
    """Every order of one placement (with or without investing) and an event."""
    stolen = _stolen(state, place)
    for event in _events(state, player, stolen):
        for invest in invest_steps:
            # Placing and using the card's skills (investing) is one action; an event comes
            # before it or after it, never in between. An event the Colonel steals is in
            # hand only after it.
            parts = [place] + ([invest] if invest else [])
            after_only = (
                stolen is not None
                and event is not None
                and (event.split()[1] == stolen and stolen not in state.player(player).events)
            )
            orders = (
                [parts]
                if event is None
                else [[*parts, event]]
                if after_only
                else [[event, *parts], [*parts, event]]
            )
            yield from orders


def keeps(state: BHState, player: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(the turn's prefix, the characters in hand): none before the set-up's discards are
    all made (`round.must_keep`: no turn is legal then), as they are not a turn's."""
    from adjudicator.black_hills.round import must_keep

    if must_keep(state):
        return
    yield "", tuple(state.player(player).characters)


def candidate_turns(
    state: BHState, player: str, invest_steps: list[str]
) -> Iterator[tuple[str, str]]:
    """(character, turn text) for every candidate: keep, place, event, invest in the
    orders that can matter."""
    for prefix, keep in keeps(state, player):
        for cid in keep:
            seen: set[str] = set()
            for place in placements(state, player, cid):
                for order in orders(state, player, place, invest_steps):
                    text = prefix + "; ".join(order)
                    if text not in seen:
                        seen.add(text)
                        yield cid, f"{player}: {text}"


#: The word that writes the card a blind Colonel's steal drew (`steal bob drew=bank`).
BLIND = "drew="

#: Referees a turn text, each text once per ranking.
Judge = Callable[[str], Verdict]


def judge_of(state: BHState) -> Judge:
    seen: dict[str, Verdict] = {}

    def judge(text: str) -> Verdict:
        if text not in seen:
            seen[text] = referee_text(state, text)
        return seen[text]

    return judge
