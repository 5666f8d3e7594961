"""The best turn: for each character in hand, the best order of its skills, an event and
investing, ranked by reputation gained, then by the worth of the resources kept.

Every candidate turn is refereed (`turn.py`), so only legal turns are ranked. Left out:
robberies (the die decides them) and the Shaman's draw from the discards (four random
cards); the Shaman's copy of a visible card is in.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from adjudicator.black_hills.invest import TRADES
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict

__all__ = [
    "Candidate",
    "best_turns",
    "best_turns_brute_force",
    "candidate_turns",
    "most_reputation",
]


@dataclass(frozen=True)
class Candidate:
    character: str
    text: str
    verdict: Verdict
    kept: int  # worth of the player's resources after the turn

    @property
    def key(self) -> tuple[int, int]:
        return (self.verdict.reputation_gained, self.kept)

    def to_json(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "turn": self.text,
            "reputation_gained": self.verdict.reputation_gained,
            "kept_worth": self.kept,
            "payments": [p.to_json() for p in self.verdict.payments],
            "log": self.verdict.log,
        }


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
            for victim in others:
                for r in card.steal:
                    what = f" {r}" if len(card.steal) > 1 else ""
                    yield f"{base}{what} from {victim}"
        elif card.steal_event:
            yield base
            for victim in others:  # the card named: it may be activated after the Colonel
                for eid in sorted(set(state.player(victim).events)):
                    yield f"{base} steal {victim} {eid}"
        else:
            yield base


def _stolen(state: BHState, place: str) -> str | None:
    """The event a Colonel's placement steals (`colonel at plain steal bob bank`)."""
    words = place.split()
    if "steal" in words and words.index("steal") + 2 < len(words):
        eid = words[words.index("steal") + 2]
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


def candidate_turns(
    state: BHState, player: str, invest_steps: list[str]
) -> Iterator[tuple[str, str]]:
    """(character, turn text) for every candidate: keep, place, event, invest in the
    orders that can matter."""
    me = state.player(player)
    kept = state.rules.characters_kept
    keeps: list[tuple[str, ...]] = (
        list(combinations(me.characters, kept))
        if len(me.characters) > kept
        else [tuple(me.characters)]
    )
    for keep in keeps:
        prefix = f"keep {' '.join(keep)}; " if len(me.characters) > kept else ""
        for cid in keep:
            for place in _placements(state, player, cid):
                stolen = _stolen(state, place)
                for event in _events(state, player, stolen):
                    for invest in invest_steps:
                        # Placing and using the card's skills (investing) is one action;
                        # an event comes before it or after it, never in between. An
                        # event the Colonel steals is in hand only after it.
                        parts = [place] + ([invest] if invest else [])
                        after_only = (
                            stolen is not None
                            and event is not None
                            and (
                                event.split()[1] == stolen
                                and stolen not in state.player(player).events
                            )
                        )
                        orders = (
                            [parts]
                            if event is None
                            else [[*parts, event]]
                            if after_only
                            else [[event, *parts], [*parts, event]]
                        )
                        seen = set()
                        for order in orders:
                            text = prefix + "; ".join(order)
                            if text not in seen:
                                seen.add(text)
                                yield cid, f"{player}: {text}"


def _rank(state: BHState, player: str, invest_steps: list[str]) -> list[Candidate]:
    rules = state.rules
    best: dict[str, Candidate] = {}
    for cid, text in candidate_turns(state, player, invest_steps):
        v = referee_text(state, text)
        if not v.legal or v.state is None:
            continue
        cand = Candidate(cid, text, v, rules.worth(v.state.player(player).holding()))
        if cid not in best or cand.key > best[cid].key:
            best[cid] = cand
    return sorted(best.values(), key=lambda c: (-c.key[0], -c.key[1], c.character))


def best_turns(state: BHState, player: str | None = None) -> list[Candidate]:
    """The best turn for each character in hand, best first (investing the most, by the
    solver, whenever the turn invests)."""
    return _rank(state, player or state.active, ["", "invest"])


def best_turns_brute_force(state: BHState, player: str | None = None) -> list[Candidate]:
    """The twin: every number of points to invest, tried one by one."""
    who = player or state.active
    cap = state.rules.goal - state.player(who).reputation
    return _rank(state, who, ["", *(f"invest {n}" for n in range(1, cap + 1))])


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
    ranked = (best_turns_brute_force if brute_force else best_turns)(state, who)
    return max(ranked, key=lambda c: c.key, default=None)
