"""The brute-force twin of Dry Gulch paying and planning, written from the rulebook alone.

It shares no code with `adjudicator.dry_gulch.pay` or `.search`: it reads the card data
and the state, and then tries every set of permits, every order of building them, every
set of sites and every set of hand cards, paying unit by unit. The order is tried rather
than reasoned about: a General Store or Blacksmith helps only what is built after it
("these functions are in effect as soon as the building has been built"). Small hands
only (it is exponential).

The worth of a card (what keeping it is worth) is the project's reading, restated here:
a resource what it stands for in the table, a Labor card its points, an event 3 (yellow,
violet), 2 (red) or 1.
"""

from __future__ import annotations

from itertools import combinations, permutations, product

from adjudicator.dry_gulch.data import Rules
from adjudicator.dry_gulch.state import DGState, HandCard

ABILITY_KINDS = {"mason", "blacksmith", "carpenter"}
GOOD_KINDS = {"brick", "lumber", "whiskey", "entertainment", "food"}


def worth(card: HandCard, rules: Rules) -> int:
    if card.kind == "labor":
        return card.labor
    if card.kind == "event":
        assert card.event is not None
        triangle = rules.events[card.event].triangle
        return 3 if triangle in ("yellow", "violet") else 2 if triangle == "red" else 1
    return rules.substitution[card.kind]


def _pays_in_order(
    rules: Rules,
    hand: list[HandCard],
    cards: frozenset[int],
    order: list[str],
    stores_before: int,
    smith_before: bool,
) -> bool:
    """Whether `cards` pay for the buildings built one after another in this order."""
    substituted: set[str] = set()
    paid_own: dict[str, int] = {}

    def building(b: int, free: frozenset[int], store_used: int) -> bool:
        if b == len(order):
            # Only a missing resource is replaced: a replaced kind used every card of it.
            return all(
                paid_own.get(k, 0) == sum(1 for c in hand if c.kind == k) for k in substituted
            )
        built = order[:b]
        stores = min(
            2, stores_before + sum(1 for p in built if _special(rules, p) == "general-store")
        )
        smith = smith_before or any(_special(rules, p) == "blacksmith" for p in built)
        permit = rules.permits[order[b]]
        units = [
            k for k, n in permit.cost.items() for _ in range(n) if not (k == "blacksmith" and smith)
        ]

        def unit(u: int, free: frozenset[int], store_used: int) -> bool:
            if u == len(units):
                return labour(free, store_used)
            kind = units[u]
            for c in free:
                card = hand[c]
                if card.kind == kind or (
                    card.event == "handyman-brother" and kind in ABILITY_KINDS
                ):
                    own = card.kind == kind
                    paid_own[kind] = paid_own.get(kind, 0) + own
                    if unit(u + 1, free - {c}, store_used):
                        return True
                    paid_own[kind] -= own
            if kind in GOOD_KINDS and store_used < stores:
                for c in free:
                    if unit(u + 1, free - {c}, store_used + 1):
                        return True
            for group in combinations(sorted(free), rules.substitution[kind]):
                before = set(substituted)
                substituted.add(kind)
                if unit(u + 1, free - set(group), store_used):
                    return True
                substituted.clear()
                substituted.update(before)
            return False

        def labour(free: frozenset[int], store_used: int) -> bool:
            workers = sorted(c for c in free if hand[c].kind == "labor")
            for n in range(len(workers) + 1):
                for group in combinations(workers, n):
                    if sum(hand[c].labor for c in group) >= permit.labor and building(
                        b + 1, free - set(group), store_used
                    ):
                        return True
            return False

        return unit(0, free, store_used)

    return building(0, cards, 0)


def _special(rules: Rules, permit: str) -> str:
    return rules.permits[permit].special


def _owned(state: DGState, owner: str) -> tuple[int, bool]:
    """General Stores (at most two count) and whether a Blacksmith: undamaged ones only."""
    mine = [
        _special(state.rules, b.permit)
        for b in state.buildings
        if b.owner == owner and not b.damaged
    ]
    return min(2, mine.count("general-store")), "blacksmith" in mine


def least_worth(state: DGState, permits: list[str], player: str | None = None) -> int | None:
    """The least worth of hand cards that pays for all these buildings in some order."""
    who = state.player(player)
    rules = state.rules
    hand = who.hand
    stores, smith = _owned(state, who.name)
    values = [worth(c, rules) for c in hand]
    orders = {tuple(o) for o in permutations(permits)}

    def pays(cards: tuple[int, ...]) -> bool:
        return any(
            _pays_in_order(rules, hand, frozenset(cards), list(o), stores, smith) for o in orders
        )

    if not pays(tuple(range(len(hand)))):
        return None  # what the whole hand cannot pay, no part of it can
    # Every set of cards, the cheapest first: the first that pays is the answer.
    every = [c for n in range(len(hand) + 1) for c in combinations(range(len(hand)), n)]
    every.sort(key=lambda cards: sum(values[i] for i in cards))
    return next(sum(values[i] for i in c) for c in every if pays(c))


def best_plan(
    state: DGState, legal: dict[str, list[str]], player: str | None = None
) -> tuple[int, int]:
    """(most influence, least worth spent for it) over every set of the player's permits
    that has a site each (no two on one site, no sidewalk between two new buildings)."""
    who = state.player(player)
    rules = state.rules
    best = (0, 0)  # (influence, -worth)
    permits = list(who.permits)
    for n in range(1, len(permits) + 1):
        for chosen in {tuple(sorted(c)) for c in combinations(permits, n)}:
            if not any(_sites_apart(rules, s) for s in product(*(legal[p] for p in chosen))):
                continue
            spent = least_worth(state, list(chosen), player)
            if spent is not None:
                best = max(best, (sum(rules.permits[p].influence for p in chosen), -spent))
    return best[0], -best[1]


def _sites_apart(rules: Rules, sites: tuple[str, ...]) -> bool:
    if len(set(sites)) < len(sites):
        return False
    return not any(rules.sites[a].across == b for a in sites for b in sites)
