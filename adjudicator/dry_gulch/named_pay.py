"""A payment the player names (RULINGS-dry-gulch `DG-PAY-KEEP`, `DG-PAY`, `DG-PAY-MISSING`).

A game record's `build PERMIT at SITE paying CARD ...` pays with the cards named instead of
the proposed payment. "Buildings are built by playing the goods and ability cards that the
building requires. If a player does not have all the required resources, he may replace
missing ones with any other cards from his hand, according to the table." "the surplus
point on Labor is lost unused."

Readings: the cards named are in the hand (a card twice, twice in the hand); together they
pay every unit and the labour; and every card named pays for something: a card of a
unit's kind (or the Handyman Brother, an ability) pays it, a card through a General Store
pays a good (as many as the turn's allowance has left), a group of as many cards as the
table says replaces a unit, Labor cards pay the labour (and Handyman Brothers, one point
each: "May be played as any ability", and Labor is an ability; option `handyman-labor`),
and no Labor card or Handyman Brother could be left out and the labour still paid (only the
last card's surplus is lost). With the option
`replace=missing` (default) a unit is replaced only if every card of its kind in the hand
pays for its kind; `replace=any` drops that condition. Of the ways the named cards can pay,
the one using the fewest General Store cards is taken (the allowance left for the turn).

Only counts matter here: a card through a store or standing in may be any card, so a way
to pay is how many units of each kind are paid by their own cards, by Handyman Brothers
and through a store, which Labor cards pay the labour, and the rest stand in. Every such
split is tried (a building has a handful of units). The brute-force twin, which tries every
role for every card, is `tests/test_dry_gulch_named_pay.py::twin`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from adjudicator.dry_gulch.data import ABILITIES, GOODS, Rules
from adjudicator.dry_gulch.search import Means, units_of
from adjudicator.dry_gulch.state import HandCard

__all__ = ["NamedPayment", "named_payment"]

HANDYMAN = "handyman-brother"


@dataclass(frozen=True, slots=True)
class NamedPayment:
    """The named cards as hand indices, and how many went through a General Store."""

    cards: tuple[int, ...]
    stores: int


def _pick(hand: Sequence[HandCard], named: list[str]) -> list[int] | str:
    """The hand index of each card named, or what is not in the hand."""
    free: dict[str, list[int]] = {}
    for i, c in enumerate(hand):
        free.setdefault(c.text, []).append(i)
    picked = []
    for text in named:
        left = free.get(text, [])
        if not left:
            held = sum(1 for c in hand if c.text == text)
            times = named.count(text)
            return f"{text!r} is named {times}x; the hand holds {held}"
        picked.append(left.pop(0))
    return picked


def _labour_sets(points: list[int], labour: int) -> set[tuple[int, ...]]:
    """The Labor cards (their points) that pay `labour` with none to spare: leaving out any
    one card would not pay it."""
    ways: set[tuple[int, ...]] = set()
    for n in range(len(points) + 1):
        for combo in combinations(sorted(points), n):
            if sum(combo) >= labour and (not combo or sum(combo) - combo[0] < labour):
                ways.add(combo)
    return ways


def named_payment(
    rules: Rules,
    hand: Sequence[HandCard],
    permit: str,
    means: Means,
    named: list[str],
    replace_any: bool = False,
) -> NamedPayment | str:
    """The named cards as a payment for `permit`, or why they are not one (in words)."""
    picked = _pick(hand, named)
    if isinstance(picked, str):
        return picked
    cards = [hand[i] for i in picked]
    units, labour = units_of(rules, permit, means)
    need = Counter(units)
    held = Counter(c.kind for c in hand)  # the whole hand: "only missing ones" are replaced
    mine = Counter(c.kind for c in cards)
    handymen = sum(1 for c in cards if c.event == HANDYMAN)
    points = [c.labor for c in cards if c.kind == "labor"]
    kinds = sorted(need)
    best: int | None = None
    labour_ways = [
        (spent, brothers)
        for brothers in range(min(handymen, labour) + 1 if means.handyman_labour else 1)
        for spent in _labour_sets(points, labour - brothers)
        # a Handyman Brother on the labour is needed too: without one it would be unpaid
        if not brothers or sum(spent) + brothers - 1 < labour
    ]
    for spent, brothers in labour_ways:
        # Per kind: (own cards, Handyman Brothers, store cards) paying its units.
        options = []
        for k in kinds:
            ways = []
            for own in range(min(need[k], mine[k]) + 1):
                for helper in range(
                    min(need[k] - own, handymen - brothers) + 1 if k in ABILITIES else 1
                ):
                    top = need[k] - own - helper if k in GOODS else 0
                    for store in range(min(top, means.stores) + 1):
                        replaced = need[k] - own - helper - store
                        if replaced and not replace_any and own < held[k]:
                            continue  # DG-PAY-MISSING: a card of the kind is left in hand
                        ways.append((own, helper, store, replaced))
            options.append(ways)
        for split in product(*options):
            helpers = sum(w[1] for w in split)
            stores = sum(w[2] for w in split)
            if helpers + brothers > handymen or stores > means.stores:
                continue
            standing_in = sum(
                rules.substitution[k] * w[3] for k, w in zip(kinds, split, strict=True)
            )
            paid_so = len(spent) + brothers + sum(w[0] + w[1] + w[2] for w in split)
            if paid_so + standing_in == len(cards) and (best is None or stores < best):
                best = stores
    if best is None:
        return _why(rules, cards, units, labour, means)
    return NamedPayment(tuple(picked), best)


def _why(rules: Rules, cards: list[HandCard], units: list[str], labour: int, means: Means) -> str:
    """Why the named cards are no payment, in words: the labour, too few, or too many."""
    points = sum(c.labor for c in cards if c.kind == "labor")
    if means.handyman_labour:
        points += sum(1 for c in cards if c.event == HANDYMAN)
    if points < labour:
        return f"the Labor cards named give {points} labour of the {labour} needed"
    fewest = len(units) + (1 if labour else 0)
    return (
        f"these {len(cards)} cards do not pay the {len(units)} resources and {labour} labour "
        f"exactly (every card named must pay for something; at least {fewest} are needed)"
    )
