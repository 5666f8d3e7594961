"""A player's questions about building, answered with the referee's reasons.

Can my hand pay for this building, and what do I keep? What is my best building plan
this turn, where does each building go, and why is a permit of mine left out? `pay.py`
finds payments and plans and `place.py` says where a building may stand; here they are
put together, so that whoever shows the answer decides nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from adjudicator.core.errors import RulesError
from adjudicator.dry_gulch.data import Rules
from adjudicator.dry_gulch.pay import Payment, Plan, means_of, pay, plan, why_not
from adjudicator.dry_gulch.place import legal_sites
from adjudicator.dry_gulch.search import Cheapest, cheapest
from adjudicator.dry_gulch.state import DGState, HandCard, card_value

__all__ = [
    "LeftOut",
    "PayAnswer",
    "Placement",
    "PlanAnswer",
    "Why",
    "pay_answer",
    "placed_at_setup",
    "plan_answer",
    "plan_labels",
]


def placed_at_setup(rules: Rules, permit: str) -> bool:
    """A residence is placed at setup: it is never paid for, nor planned."""
    return rules.permits[permit].special == "residence"


# ----- paying for one building --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PayAnswer:
    """Whether a player's hand pays for a building, and with which cards."""

    player: str
    permit: str
    holds_permit: bool  # the answer is given either way: what the hand could pay
    hand: Sequence[HandCard]
    payment: Payment | None  # the payment that keeps the most valuable hand; None: none
    why_not: str | None = None  # when there is no payment: the shortfall

    @property
    def payable(self) -> bool:
        return self.payment is not None

    @property
    def kept(self) -> list[HandCard]:
        """The cards the payment leaves in the hand."""
        spent = set(self.payment.cards()) if self.payment is not None else set()
        return [c for i, c in enumerate(self.hand) if i not in spent]

    def spent_worth(self, rules: Rules) -> int:
        """What the spent cards were worth keeping (`state.card_value`)."""
        spent = self.payment.cards() if self.payment is not None else []
        return sum(card_value(self.hand[i], rules) for i in spent)

    def to_json(self, rules: Rules) -> dict[str, Any]:
        head = {"player": self.player, "building": self.permit, "holds_permit": self.holds_permit}
        if self.payment is None:
            return {**head, "payable": False, "payment": None, "why": self.why_not}
        return {
            **head,
            "payable": True,
            "payment": self.payment.to_json(self.hand),
            "kept": [c.text for c in self.kept],
            "spent_worth": self.spent_worth(rules),
        }


def pay_answer(
    state: DGState, permit: str, player: str | None = None, source: str = "state"
) -> PayAnswer:
    """Can the player's hand (default: the active player's) pay for the building? Asking
    for a residence is a `RulesError` naming `source`: it is placed at setup."""
    if placed_at_setup(state.rules, permit):
        raise RulesError(f"{source}: a residence is placed at setup: nothing to pay")
    who = state.player(player)
    payment = pay(state, permit, who.name)
    return PayAnswer(
        who.name,
        permit,
        permit in who.permits,
        list(who.hand),
        payment,
        why_not(state, permit, who.name) if payment is None else None,
    )


# ----- the best plan of a turn --------------------------------------------------------------


class Why(StrEnum):
    """Why a permit the player holds is not in this turn's best plan."""

    NO_SITE = "no legal free site"
    HAND_SHORT = "the hand does not stretch to it"
    # The hand pays for it alone, but not as well as for the plan's buildings.
    COMPETES = "the hand pays for it alone, not together with the plan's buildings"


@dataclass(frozen=True, slots=True)
class Placement:
    """One building of a plan: where it goes and how it is paid for."""

    permit: str
    site: str | None
    payment: Payment


@dataclass(frozen=True, slots=True)
class LeftOut:
    permit: str
    why: Why
    detail: str = ""  # the why in full, when there is more to say (COMPETES: which cards)

    @property
    def words(self) -> str:
        return self.detail or str(self.why)


@dataclass(frozen=True, slots=True)
class PlanAnswer:
    player: str
    hand: Sequence[HandCard]
    plan: Plan
    placements: list[Placement]  # in the plan's order
    left_out: list[LeftOut]  # the player's other permits, in the order they hold them

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "influence": self.plan.influence,
            "spent_worth": self.plan.spent_worth,
            "buildings": [
                {"building": p.permit, "site": p.site, "payment": p.payment.to_json(self.hand)}
                for p in self.placements
            ],
            "waiting": [
                {"building": x.permit, "why": x.why.name.lower(), "words": x.words}
                for x in self.left_out
            ],
        }


def plan_labels(permits: Sequence[str]) -> list[str]:
    """The names of a plan's buildings in `Plan.sites`: a permit's id, `id#2` for its
    second building, and so on.

    >>> plan_labels(["saloon", "bank", "saloon"])
    ['saloon', 'bank', 'saloon#2']
    """
    seen: dict[str, int] = {}
    out = []
    for p in permits:
        seen[p] = seen.get(p, 0) + 1
        out.append(p if seen[p] == 1 else f"{p}#{seen[p]}")
    return out


def plan_answer(state: DGState, player: str | None = None) -> PlanAnswer:
    """The buildings (from the player's permits) the hand pays for together this turn that
    gain the most influence, each on a legal free site; and why each other permit waits."""
    who = state.player(player)
    sites = {p: legal_sites(state, p) for p in who.permits}
    best = plan(state, who.name, sites)
    placements = [
        Placement(p.permit, best.sites.get(label), p)
        for p, label in zip(best.payments, plan_labels(best.permits), strict=True)
    ]
    left = list(who.permits)
    for built in best.permits:
        left.remove(built)
    left_out = [_waits(state, who.name, best, p, bool(sites[p])) for p in left]
    return PlanAnswer(who.name, list(who.hand), best, placements, left_out)


def _cards(found: Cheapest) -> list[int]:
    """The hand cards the cheapest payment of one building takes."""
    direct = [i for _, i in found.direct[0]] + [i for _, i in found.store[0]]
    return direct + list(found.labour[0]) + [i for _, g in found.substitute[0] for i in g]


def _waits(state: DGState, player: str, best: Plan, permit: str, placed: bool) -> LeftOut:
    """Why a permit is not in the best plan. One the hand pays for alone competes with the
    plan's buildings for cards: the building of the plan it cannot be paid with, and the
    cards both payments need ("both need the one labor:3 card")."""
    if not placed:
        return LeftOut(permit, Why.NO_SITE)
    rules, hand = state.rules, state.player(player).hand
    means = means_of(state, player)
    # the exact search, as the plan's: CP-SAT (`pay`) for each permit left out cost a
    # hand at the state file's limit half a second
    found = cheapest(rules, hand, [permit], means)
    if found is None:
        return LeftOut(permit, Why.HAND_SHORT)
    mine = _cards(found)
    held = Counter(c.text for c in hand)
    for other in best.payments:
        apart = not set(mine) & set(other.cards()) and not (found.store[0] and other.store)
        if apart or cheapest(rules, hand, [permit, other.permit], means) is not None:
            continue  # these two together fit the hand (on cards of their own, at the least)
        # The cards of a text the two payments take more of together than the hand holds.
        used = Counter(hand[i].text for i in (*mine, *other.cards()))
        texts = [t for t in dict.fromkeys(hand[i].text for i in mine) if used[t] > held[t]]
        need = " and ".join(
            f"the one {t} card" if sum(c.text == t for c in hand) == 1 else f"the {t} cards"
            for t in texts
        )
        with_other = f"the hand pays for it alone, not with the {rules.permits[other.permit].name}"
        return LeftOut(
            permit, Why.COMPETES, f"{with_other}: both need {need}" if need else with_other
        )
    return LeftOut(permit, Why.COMPETES)
