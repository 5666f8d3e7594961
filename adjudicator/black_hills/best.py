"""The best turn: for each character in hand, the best order of its skills, an event, a
robbery and investing, ranked by reputation gained, then by the worth of the resources kept.

Every candidate turn is refereed (`turn.py`), so only legal turns are ranked. Where chance
decides (the aiming die of a robbery, the four cards the Shaman is dealt), a turn is ranked
by its exact expectation (`chance.py`): the choices before the roll or the deal are made
once, those after it (whom to rob, which card to play, investing) for each outcome.
"""

from __future__ import annotations

import copy
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
    "Outcome",
    "best_turns",
    "best_turns_brute_force",
    "candidate_turns",
    "most_reputation",
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


def _placements(state: BHState, player: str, cid: str) -> Iterator[str]:
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
            for rest in _placements(state, player, char):
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


def _orders(
    state: BHState, player: str, place: str, invest_steps: list[str]
) -> Iterator[list[str]]:
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


def _keeps(state: BHState, player: str) -> Iterator[tuple[str, tuple[str, ...]]]:
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
    for prefix, keep in _keeps(state, player):
        for cid in keep:
            seen: set[str] = set()
            for place in _placements(state, player, cid):
                for order in _orders(state, player, place, invest_steps):
                    text = prefix + "; ".join(order)
                    if text not in seen:
                        seen.add(text)
                        yield cid, f"{player}: {text}"


#: The word that writes the card a blind Colonel's steal drew (`steal bob drew=bank`).
BLIND = "drew="

#: Referees a turn text, each text once per ranking.
Judge = Callable[[str], Verdict]


def _judge(state: BHState) -> Judge:
    seen: dict[str, Verdict] = {}

    def judge(text: str) -> Verdict:
        if text not in seen:
            seen[text] = referee_text(state, text)
        return seen[text]

    return judge


def _rank(state: BHState, player: str, invest_steps: list[str], chance: bool) -> list[Candidate]:
    rules = state.rules
    judge = _judge(state)
    best: dict[str, Candidate] = {}

    def offer(cand: Candidate) -> None:
        if cand.character not in best or cand.key > best[cand.character].key:
            best[cand.character] = cand

    for cid, text in candidate_turns(state, player, invest_steps):
        if BLIND in text:
            continue  # a blind steal's card is chance's: ranked by chance.py
        v = judge(text)
        if v.legal and v.state is not None:
            offer(Candidate(cid, text, v, rules.worth(v.state.player(player).holding())))
    if chance:
        # chance.py builds on this module's candidates: imported here, not at the top.
        from adjudicator.black_hills.chance import chance_candidates

        for cand in chance_candidates(state, player, invest_steps, judge):
            offer(cand)
    return sorted(best.values(), key=lambda c: (-c.key[0], -c.key[1], c.character))


def best_turns(state: BHState, player: str | None = None, chance: bool = True) -> list[Candidate]:
    """The best turn for each character in hand, best first (investing the most, by the
    solver, whenever the turn invests); with `chance`, robberies and the Shaman's draw too,
    by their expectation."""
    return _rank(state, player or state.active, ["", "invest"], chance)


def best_turns_brute_force(
    state: BHState, player: str | None = None, chance: bool = True
) -> list[Candidate]:
    """The twin: every number of points to invest, tried one by one."""
    who = player or state.active
    cap = state.rules.goal - state.player(who).reputation
    return _rank(state, who, ["", *(f"invest {n}" for n in range(1, cap + 1))], chance)


def most_reputation(
    state: BHState, player: str | None = None, brute_force: bool = False
) -> Candidate | None:
    """The turn that buys the player the most reputation now (then keeps the most worth):
    a Settler's or the Sheriff's investment, the Bank event, the Merchant's trade first,
    whatever the character gathers or takes before — every payment decided by CP-SAT
    (`invest.best_payment`). For a player not on turn: as if it were their turn."""
    who = player or state.active
    if who != state.active:
        state = copy.deepcopy(state)
        state.active = who
    # What the player can be sure of: no robbery, no draw.
    ranked = (best_turns_brute_force if brute_force else best_turns)(state, who, chance=False)
    return max(ranked, key=lambda c: c.key, default=None)
