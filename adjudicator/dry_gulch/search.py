"""The best building plan by search: the exact engine behind `pay.plan`.

CP-SAT (`pay._solve`) proves a single payment in milliseconds, but proving that no set
of buildings gains more influence took it seconds to minutes once a player held many
permits: substitution lets any card stand in for anything, so its linear relaxation is
weak. Here the sets of buildings are searched directly, cheapest checks first, and each
set's cheapest payment is worked out by reasoning the payment rules make possible:

- a card through a General Store or standing in may be *any* card, so those are always
  the cheapest cards left over once the rest is decided;
- with the store and Handyman units fixed, a kind's remaining units are paid by its own
  cards as far as they go and the rest replaced ("only a missing resource is replaced");
- Labor cards are spread over the buildings' labour, each building its own cards; a
  Handyman Brother "May be played as any ability", and Labor is an ability (the resource
  table), so he may pay one labour point instead (option `handyman-labor`).

So a payment is fixed by where the (at most two) store cards and the Handyman Brothers go
(units or labour points) and which Labor cards pay each building's labour; every one of
those is tried.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.dry_gulch.allotments import (
    cheapest_sum,
    histogram,
    labour_ways,
    store_allocations,
    store_caps,
)
from adjudicator.dry_gulch.data import ABILITIES, Rules
from adjudicator.dry_gulch.state import HandCard, card_value

__all__ = ["Cheapest", "Means", "best_plan", "cheapest", "site_choice", "units_of"]

HANDYMAN = "handyman-brother"


@dataclass(frozen=True, slots=True)
class Means:
    """What the payer's buildings let them do this turn."""

    stores: int = 0  # General Stores owned (a card as a good, once a turn each)
    blacksmith: bool = False  # owns a Blacksmith: needs no Blacksmith resource
    handyman_labour: bool = True  # a Handyman Brother may pay one labour point


def units_of(rules: Rules, permit: str, means: Means) -> tuple[list[str], int]:
    """The resource units and labour points a permit costs this payer."""
    p = rules.permits[permit]
    units = [
        k
        for k, n in sorted(p.cost.items())
        for _ in range(n)
        if not (k == "blacksmith" and means.blacksmith)
    ]
    return units, p.labor


@dataclass(frozen=True, slots=True)
class Cheapest:
    """The cheapest payment of a set of buildings, as hand-card indices per building."""

    worth: int
    direct: list[list[tuple[str, int]]]  # per building: (unit kind, card)
    store: list[list[tuple[str, int]]]
    substitute: list[list[tuple[str, list[int]]]]
    labour: list[list[int]]


def _needs(rules: Rules, permits: list[str], means: Means) -> list[tuple[list[str], int]]:
    """Each building's units and labour; a Blacksmith built in the set waives the others'
    Blacksmith units at once ("in effect as soon as the building has been built")."""
    specials = [rules.permits[p].special for p in permits]
    out = []
    for b, p in enumerate(permits):
        smith = means.blacksmith or any(
            sp == "blacksmith" for o, sp in enumerate(specials) if o != b
        )
        out.append(units_of(rules, p, Means(means.stores, smith, means.handyman_labour)))
    return out


def cheapest(
    rules: Rules, hand: Sequence[HandCard], permits: list[str], means: Means
) -> Cheapest | None:
    """The least worth of hand cards that pays for all these buildings together, or None."""
    needs = _needs(rules, permits, means)
    new = [rules.permits[p].special == "general-store" for p in permits]
    caps, total = store_caps(rules, permits, means.stores)
    value = [card_value(c, rules) for c in hand]
    by_kind: dict[str, list[int]] = {}
    for i, c in enumerate(hand):
        key = "handyman" if c.event == HANDYMAN else c.kind
        by_kind.setdefault(key, []).append(i)
    handymen = len(by_kind.get("handyman", []))
    labor_pool: dict[int, int] = {}
    for i in by_kind.get("labor", []):
        labor_pool[hand[i].labor] = labor_pool.get(hand[i].labor, 0) + 1
    wanted: dict[str, int] = {}
    for units, _ in needs:
        for k in units:
            wanted[k] = wanted.get(k, 0) + 1
    pool_points = sum(v * n for v, n in labor_pool.items())
    all_labor = sorted(hand[i].labor for i in by_kind.get("labor", []))
    held = {k: len(by_kind.get(k, [])) for k in wanted}
    best: tuple[int, _Choice] | None = None
    # Handyman Brothers paying a labour point each, by building: every split is tried (a
    # hand holds at most three of them), the rest of each building's labour by Labor cards.
    for on_labour in _handyman_labour(needs, handymen if means.handyman_labour else 0):
        labour = tuple(lab - h for (_, lab), h in zip(needs, on_labour, strict=True))
        if sum(labour) > pool_points:
            continue
        spendings = labour_ways(labour, tuple(sorted(labor_pool.items())))
        if not spendings:
            continue
        free_handymen = handymen - sum(on_labour)
        labour_left: dict[tuple[int, ...], list[int]] = {}
        for spent in spendings:
            pool = list(all_labor)
            for v in spent:
                pool.remove(v)
            labour_left[spent] = pool
        hand_ways: list[dict[str, int]] = [{}]
        for k in (k for k in ABILITIES if wanted.get(k)):
            # A Handyman Brother pays only a missing ability: paying one the hand holds and
            # leaving that card over (worth no more than him) never spends less.
            most = min(max(0, wanted[k] - held[k]), free_handymen)
            hand_ways = [
                {**w, k: n}
                for w in hand_ways
                for n in range(min(most, free_handymen - sum(w.values())) + 1)
            ]
        labour_hist = {spent: histogram(left) for spent, left in labour_left.items()}
        on_labour_worth = sum(on_labour) * (value[by_kind["handyman"][0]] if handymen else 0)
        for alloc in store_allocations(needs, caps, total, new, means.stores):
            for helpers in hand_ways:
                fixed = on_labour_worth
                used_kinds: dict[str, int] = {}
                any_cards = len(alloc)
                for k, n in wanted.items():
                    rest = n - sum(1 for _, kk in alloc if kk == k) - helpers.get(k, 0)
                    direct = min(rest, held[k])
                    used_kinds[k] = direct
                    fixed += direct * rules.substitution[k]
                    any_cards += (rest - direct) * rules.substitution[k]
                if sum(helpers.values()):
                    fixed += sum(helpers.values()) * value[by_kind["handyman"][0]]
                base: list[int] = []  # the cards left over other than Labor cards
                for key, idx in by_kind.items():
                    if key == "handyman":
                        spare = len(idx) - sum(helpers.values()) - sum(on_labour)
                        base.extend(value[idx[0]] for _ in range(spare))
                    elif key != "labor":
                        base.extend(value[i] for i in idx[used_kinds.get(key, 0) :])
                base_hist = histogram(base)
                for spent_labour, way in spendings.items():
                    if best is not None and fixed + sum(spent_labour) >= best[0]:
                        continue
                    extra = cheapest_sum(base_hist, labour_hist[spent_labour], any_cards)
                    if extra is None:
                        continue
                    worth = fixed + sum(spent_labour) + extra
                    if best is None or worth < best[0]:
                        best = (worth, (alloc, helpers, dict(used_kinds), way, list(on_labour)))
    if best is None:
        return None
    return _cards(rules, hand, needs, by_kind, best[0], *best[1])


def _handyman_labour(needs: list[tuple[list[str], int]], handymen: int) -> list[tuple[int, ...]]:
    """Every way to put up to `handymen` Handyman Brothers on the buildings' labour, one
    point each, never more on a building than its labour."""
    out: list[tuple[int, ...]] = [()]
    for _, lab in needs:
        out = [(*w, n) for w in out for n in range(min(lab, handymen - sum(w)) + 1)]
    return out


# A payment as chosen: store units (building, kind), Handyman Brothers by ability, own
# cards by kind, Labor cards (points) by building, Handyman Brothers on labour by building.
_Choice = tuple[list[tuple[int, str]], dict[str, int], dict[str, int], list[list[int]], list[int]]


def _cards(
    rules: Rules,
    hand: Sequence[HandCard],
    needs: list[tuple[list[str], int]],
    by_kind: dict[str, list[int]],
    worth: int,
    alloc: list[tuple[int, str]],
    helpers: dict[str, int],
    own: dict[str, int],
    way: list[list[int]],
    on_labour: list[int],
) -> Cheapest:
    """The chosen payment in hand cards: which card pays which unit of which building."""
    pools = {k: list(v) for k, v in by_kind.items()}
    labour: list[list[int]] = []
    for c, brothers in zip(way, on_labour, strict=True):
        mine = []
        for v in c:
            i = next(i for i in pools["labor"] if hand[i].labor == v)
            pools["labor"].remove(i)
            mine.append(i)
        mine += [pools["handyman"].pop(0) for _ in range(brothers)]
        labour.append(mine)
    helpers, own = dict(helpers), dict(own)
    direct: list[list[tuple[str, int]]] = [[] for _ in needs]
    store: list[list[tuple[str, int]]] = [[] for _ in needs]
    subs: list[list[tuple[str, list[int]]]] = [[] for _ in needs]
    stand_in: list[tuple[int, str]] = []
    for b, (units, _) in enumerate(needs):
        todo = list(units)
        for bb, k in alloc:
            if bb == b:
                todo.remove(k)
                store[b].append((k, -1))
        for k in todo:
            if own.get(k):
                own[k] -= 1
                direct[b].append((k, pools[k].pop(0)))
            elif helpers.get(k):
                helpers[k] -= 1
                direct[b].append((k, pools["handyman"].pop(0)))
            else:
                stand_in.append((b, k))
    value = {i: card_value(c, rules) for i, c in enumerate(hand)}
    left = sorted((i for idx in pools.values() for i in idx), key=lambda i: (value[i], i))
    for b in range(len(needs)):
        store[b] = [(k, left.pop(0)) for k, _ in store[b]]
    for b, k in stand_in:
        n = rules.substitution[k]
        subs[b].append((k, left[:n]))
        del left[:n]
    return Cheapest(worth, direct, store, subs, labour)


def site_choice(rules: Rules, permits: list[str], legal: dict[str, list[str]]) -> list[str] | None:
    """A site for each building, each its own, no two new sidewalks back to back."""
    chosen: list[str] = []

    def place(b: int) -> bool:
        if b == len(permits):
            return True
        for s in legal[permits[b]]:
            across = rules.sites[s].across
            if s not in chosen and (across is None or across not in chosen):
                chosen.append(s)
                if place(b + 1):
                    return True
                chosen.pop()
        return False

    return list(chosen) if place(0) else None


def best_plan(
    rules: Rules,
    hand: Sequence[HandCard],
    permits: list[str],
    means: Means,
    legal: dict[str, list[str]],
) -> tuple[list[str], list[str], Cheapest | None]:
    """The set of buildings (from `permits`) that gains the most influence, then spends the
    least worth; with a site for each and its payment. Searched depth first, Blacksmith and
    General Stores first so that what a set still lacks only grows as it grows."""
    first = {"blacksmith": 0, "general-store": 1}
    order = sorted(
        set(permits),
        key=lambda p: (first.get(rules.permits[p].special, 2), -rules.permits[p].influence, p),
    )
    copies = [permits.count(p) for p in order]
    # A Handyman Brother counts as a one-point Labor card in the bounds (he may pay one
    # labour point); that he cannot pay an ability too only makes the bounds looser.
    brothers = sum(1 for c in hand if c.event == HANDYMAN) if means.handyman_labour else 0
    points = sum(c.labor for c in hand if c.kind == "labor") + brothers
    best: tuple[int, int] = (0, 0)  # (influence, -worth)
    found: tuple[list[str], list[str], Cheapest | None] = ([], [], None)
    tail = [
        sum(rules.permits[p].influence * n for p, n in zip(order[i:], copies[i:], strict=True))
        for i in range(len(order) + 1)
    ]

    held: dict[str, int] = {}
    for c in hand:
        key = "handyman" if c.event == HANDYMAN else c.kind
        held[key] = held.get(key, 0) + 1
    labor_values = sorted(
        [c.labor for c in hand if c.kind == "labor"] + [1] * brothers, reverse=True
    )
    cheapest_first = sorted(card_value(c, rules) for c in hand)

    # `_needs` and `store_caps` for a set, from each permit's units worked out once
    is_smith = {p: rules.permits[p].special == "blacksmith" for p in order}
    is_store = {p: rules.permits[p].special == "general-store" for p in order}
    units_by = {
        (p, smith): units_of(rules, p, Means(means.stores, smith, means.handyman_labour))
        for p in order
        for smith in (False, True)
    }

    def least_cards(chosen: list[str]) -> int:
        """At least how many cards paying for these buildings takes: a unit the hand
        holds no card of takes as many as the table says unless a Handyman Brother or a
        store card pays it; each building's labour its own Labor cards."""
        smiths = sum(is_smith[x] for x in chosen)
        needs = [units_by[x, means.blacksmith or smiths - is_smith[x] > 0] for x in chosen]
        wanted: dict[str, int] = {}
        for units, _ in needs:
            for k in units:
                wanted[k] = wanted.get(k, 0) + 1
        cards = sum(wanted.values())
        saves: dict[bool, list[int]] = {True: [], False: []}  # ability? -> savings
        for k, n in wanted.items():
            missing = max(0, n - held.get(k, 0))
            cards += missing * (rules.substitution[k] - 1)
            saves[k in ABILITIES] += [rules.substitution[k] - 1] * missing
        helpers = held.get("handyman", 0)
        stores = min(2, means.stores + sum(is_store[x] for x in chosen))  # as store_caps
        cards -= sum(sorted(saves[True], reverse=True)[:helpers])
        cards -= sum(sorted(saves[False], reverse=True)[:stores])
        for _, lab in needs:
            if lab:
                got = 0
                for n, v in enumerate(labor_values, 1):
                    got += v
                    if got >= lab:
                        cards += n
                        break
                else:
                    return len(hand) + 1
        return cards

    # Two bounds prune the search. Every unit of a building takes a card of its own and
    # labour at least one Labor card, and labour takes its points: a set the hand pays for
    # weighs at most the hand in cards and in labour points, so what the permits from `i`
    # on can still add is at most a fractional knapsack of them (by influence per card,
    # or per point) in what the chosen ones leave. And a set's worth is at least that of
    # the cheapest cards it must take, which only grows with the set: a branch that can
    # at most tie the best influence, already no cheaper, is done. Without them a large
    # hand (20 cards and more) had the search visit every affordable set (40 cards: half
    # a minute).
    cards_of = [
        sum(n for k, n in rules.permits[p].cost.items() if k != "blacksmith")
        + (rules.permits[p].labor > 0)
        for p in order
    ]
    labour_of = [rules.permits[p].labor for p in order]
    gain_of = [rules.permits[p].influence for p in order]

    def by_value(weights: list[int]) -> list[int]:
        return sorted(range(len(order)), key=lambda j: -gain_of[j] / max(weights[j], 1e-9))

    by_cards, by_labour = by_value(cards_of), by_value(labour_of)

    def more_at_most(i: int, room: float, weights: list[int], ranked: list[int]) -> float:
        gain = 0.0
        for j in ranked:
            if j < i:
                continue
            if weights[j] == 0:
                gain += gain_of[j] * copies[j]
                continue
            if room <= 0:
                continue
            take = min(copies[j], room / weights[j])
            gain += gain_of[j] * take
            room -= take * weights[j]
        return gain

    def visit(i: int, chosen: list[str], influence: int, low: int, spent: tuple[int, int]) -> None:
        """`low`: the fewest cards `chosen` takes; `spent`: its weights (cards, points)."""
        nonlocal best, found
        if influence + tail[i] < best[0]:
            return
        if i == len(order):
            return
        most = influence + min(
            more_at_most(i, len(hand) - spent[0], cards_of, by_cards),
            more_at_most(i, points - spent[1], labour_of, by_labour),
        )
        if most < best[0]:
            return
        if int(most + 1e-9) <= best[0] and -sum(cheapest_first[:low]) <= best[1]:
            return
        p = order[i]
        for n in range(copies[i], -1, -1):
            more = chosen + [p] * n
            cards = low
            if n:
                cards = least_cards(more)
                if cards > len(hand) or sum(rules.permits[x].labor for x in more) > points:
                    continue  # and so does every larger set
                gain = influence + rules.permits[p].influence * n
                sites = site_choice(rules, more, legal)
                if sites is None:
                    continue
                # Worth at least that of the cheapest cards it must take.
                if (gain, -sum(cheapest_first[:cards])) > best:
                    pay = cheapest(rules, hand, more, means)
                    if pay is None:
                        continue  # what this set lacks, every larger one lacks too
                    if (gain, -pay.worth) > best:
                        best = (gain, -pay.worth)
                        found = (more, sites, pay)
            weights = (spent[0] + cards_of[i] * n, spent[1] + labour_of[i] * n)
            visit(i + 1, more, influence + rules.permits[p].influence * n, cards, weights)

    visit(0, [], 0, 0, (0, 0))
    return found
