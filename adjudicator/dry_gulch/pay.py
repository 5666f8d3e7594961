"""Paying for buildings (CP-SAT), and the brute-force twin that tries every set of cards.

A building's cost is a list of resources (each one *unit*) and labour points. A unit is
paid by a hand card of its kind; or, for an ability, by the Handyman Brother; or, for a
good, by any card through a General Store (one card a turn for each store the payer owns);
or by as many other cards as the substitution table says. Labour is paid only with Labor
cards, their points added, the surplus lost. The owner of a Blacksmith needs no Blacksmith.

Among all payments the one that keeps the most valuable hand is chosen: the least worth
spent (`state.card_value`: a resource is worth what it stands for in the table, a Labor
card its points, an event 1 to 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any

from adjudicator.core import cpsat
from adjudicator.dry_gulch.data import ABILITIES, GOODS, Rules
from adjudicator.dry_gulch.state import DGState, HandCard, card_value

__all__ = [
    "Means",
    "Payment",
    "Plan",
    "means_of",
    "pay",
    "pay_brute_force",
    "plan",
    "plan_brute_force",
    "units_of",
]

HANDYMAN = "handyman-brother"


@dataclass(frozen=True)
class Means:
    """What the payer's buildings let them do this turn."""

    stores: int = 0  # General Stores owned (a card as a good, once a turn each)
    blacksmith: bool = False  # owns a Blacksmith: needs no Blacksmith resource


def means_of(state: DGState, player: str) -> Means:
    specials = state.specials_built(player)
    return Means(min(2, specials.count("general-store")), "blacksmith" in specials)


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


@dataclass(frozen=True)
class Payment:
    """How each card pays: (unit, how) for resources, or labour."""

    permit: str
    direct: list[tuple[str, int]] = field(default_factory=list)  # (unit kind, card index)
    store: list[tuple[str, int]] = field(default_factory=list)
    substitute: list[tuple[str, list[int]]] = field(default_factory=list)
    labour: list[int] = field(default_factory=list)

    def cards(self) -> list[int]:
        used = [i for _, i in self.direct] + [i for _, i in self.store] + self.labour
        return used + [i for _, group in self.substitute for i in group]

    def to_json(self, hand: list[HandCard]) -> dict[str, Any]:
        def name(i: int) -> str:
            return hand[i].text

        return {
            "permit": self.permit,
            "direct": [{"for": k, "card": name(i)} for k, i in self.direct],
            "general_store": [{"for": k, "card": name(i)} for k, i in self.store],
            "substitutes": [{"for": k, "cards": [name(i) for i in g]} for k, g in self.substitute],
            "labour": [name(i) for i in self.labour],
        }


@dataclass(frozen=True)
class Plan:
    permits: list[str]
    sites: dict[str, str]  # permit -> site (a permit twice: "id#2")
    payments: list[Payment]
    influence: int
    spent_worth: int


def _allowed_direct(card: HandCard, kind: str) -> bool:
    return card.kind == kind or (card.event == HANDYMAN and kind in ABILITIES)


def _solve(
    rules: Rules,
    hand: list[HandCard],
    wanted: list[str],
    means: Means,
    sites: dict[str, list[str]] | None,
    optional: bool,
) -> Plan | None:
    """CP-SAT for one building (`optional=False`) or the best set of them (`True`)."""
    m = cpsat.new_model()
    value = [card_value(c, rules) for c in hand]
    uses: dict[int, list[Any]] = {i: [] for i in range(len(hand))}
    chosen = [m.new_bool_var(f"build{b}") for b in range(len(wanted))]
    for y in chosen:
        if not optional:
            m.add(y == 1)
    special = [rules.permits[p].special for p in wanted]
    parts = []
    store_vars: list[Any] = []
    by_kind_direct: dict[str, list[Any]] = {}
    substitutions: list[tuple[str, Any]] = []
    for b, permit in enumerate(wanted):
        y = chosen[b]
        # A Blacksmith or General Store built this turn works at once for the others.
        smiths = [chosen[o] for o in range(len(wanted)) if o != b and special[o] == "blacksmith"]
        new_stores = [
            chosen[o] for o in range(len(wanted)) if o != b and special[o] == "general-store"
        ]
        units, labour = units_of(rules, permit, means)
        unit_vars = []
        own_store: list[Any] = []
        for u, kind in enumerate(units):
            direct = {
                i: m.new_bool_var(f"d{b}_{u}_{i}")
                for i, c in enumerate(hand)
                if _allowed_direct(c, kind)
            }
            store = (
                {i: m.new_bool_var(f"g{b}_{u}_{i}") for i in range(len(hand))}
                if kind in GOODS and (means.stores or new_stores)
                else {}
            )
            sub_cards = {i: m.new_bool_var(f"s{b}_{u}_{i}") for i in range(len(hand))}
            sub = m.new_bool_var(f"sub{b}_{u}")
            waived = m.new_bool_var(f"w{b}_{u}")
            if kind == "blacksmith" and smiths:
                m.add(waived <= sum(smiths))
            else:
                m.add(waived == 0)
            m.add(sum(direct.values()) + sum(store.values()) + sub + waived == y)
            m.add(sum(sub_cards.values()) == rules.substitution[kind] * sub)
            for group in (direct, store, sub_cards):
                for i, v in group.items():
                    uses[i].append(v)
            store_vars.extend(store.values())
            own_store.extend(store.values())
            by_kind_direct.setdefault(kind, []).extend(
                v for i, v in direct.items() if hand[i].kind == kind
            )
            substitutions.append((kind, sub))
            unit_vars.append((kind, direct, store, sub_cards))
        if own_store:  # a store built this turn serves the others, not its own cost
            m.add(sum(own_store) <= means.stores + sum(new_stores))
        labour_vars = {
            i: m.new_bool_var(f"l{b}_{i}") for i, c in enumerate(hand) if c.kind == "labor"
        }
        for v in labour_vars.values():
            m.add_implication(v, y)
        for i, v in labour_vars.items():
            uses[i].append(v)
        m.add(sum(hand[i].labor * v for i, v in labour_vars.items()) >= labour * y)
        site_vars = {}
        if sites is not None:
            site_vars = {s: m.new_bool_var(f"at{b}_{s}") for s in sites[permit]}
            m.add(sum(site_vars.values()) == y)
        parts.append((permit, unit_vars, labour_vars, site_vars))
    used = []
    for i, vs in uses.items():
        m.add(sum(vs) <= 1)
        used.append((value[i], sum(vs)))
    if store_vars:
        built_stores = [y for y, sp in zip(chosen, special, strict=True) if sp == "general-store"]
        m.add(sum(store_vars) <= means.stores + sum(built_stores))
        m.add(sum(store_vars) <= 2)  # both General Stores at the most
    # Only a missing resource is replaced (the rulebook's 'Build'): a unit of a kind stands
    # in only when every card of that kind in the hand pays for that kind.
    for kind, sub in substitutions:
        held = sum(1 for c in hand if c.kind == kind)
        if held:
            m.add(held * sub <= sum(by_kind_direct.get(kind, [])))
    if sites is not None:
        by_site: dict[str, list[Any]] = {}
        for _, _, _, site_vars in parts:
            for s, v in site_vars.items():
                by_site.setdefault(s, []).append(v)
        for vs in by_site.values():
            m.add_at_most_one(vs)
        for site in rules.sites.values():  # never a sidewalk between two new buildings
            if site.across and site.id < site.across:
                pair = by_site.get(site.id, []) + by_site.get(site.across, [])
                if len(pair) > 1:
                    m.add_at_most_one(pair)
    spent = sum(v * u for v, u in used)
    influence = sum(rules.permits[p].influence * y for p, y in zip(wanted, chosen, strict=True))
    big = 1 + sum(value)
    what = "the best building plan" if optional else f"the payment for {wanted[0]}"
    result = cpsat.solve(m, objective=cpsat.maximize(influence * big - spent), workers=1)
    # A payment not proven the best is not given as the best: SolveError says so.
    if result.require_proof(what).outcome is cpsat.Outcome.INFEASIBLE:
        return None
    payments = []
    placed = {}
    count: dict[str, int] = {}
    names = []
    for (permit, unit_vars, labour_vars, site_vars), y in zip(parts, chosen, strict=True):
        if not result.boolean_value(y):
            continue
        count[permit] = count.get(permit, 0) + 1
        label = permit if count[permit] == 1 else f"{permit}#{count[permit]}"
        names.append(permit)
        pay_ = Payment(permit)
        for kind, direct, store, sub_cards in unit_vars:
            d = [i for i, v in direct.items() if result.boolean_value(v)]
            g = [i for i, v in store.items() if result.boolean_value(v)]
            stand_ins = [i for i, v in sub_cards.items() if result.boolean_value(v)]
            if d:
                pay_.direct.append((kind, d[0]))
            elif g:
                pay_.store.append((kind, g[0]))
            elif stand_ins:  # else a Blacksmith built this turn waived the unit
                pay_.substitute.append((kind, stand_ins))
        pay_.labour.extend(i for i, v in labour_vars.items() if result.boolean_value(v))
        payments.append(pay_)
        for s, v in site_vars.items():
            if result.boolean_value(v):
                placed[label] = s
    spent_worth = sum(value[i] for p in payments for i in p.cards())
    return Plan(
        names, placed, payments, sum(rules.permits[p].influence for p in names), spent_worth
    )


def pay(state: DGState, permit: str, player: str | None = None) -> Payment | None:
    """The payment for one building that keeps the most valuable hand, or None."""
    if state.rules.permits[permit].special == "residence":
        raise ValueError("a residence is placed at setup: there is nothing to pay")
    who = state.player(player)
    result = _solve(state.rules, who.hand, [permit], means_of(state, who.name), None, False)
    return result.payments[0] if result else None


def plan(state: DGState, player: str | None, legal_sites: dict[str, list[str]]) -> Plan:
    """The buildings (from the player's permits) the hand pays for together this turn that
    gain the most influence, each on a legal free site; then the most valuable hand kept."""
    who = state.player(player)
    result = _solve(
        state.rules, who.hand, list(who.permits), means_of(state, who.name), legal_sites, True
    )
    assert result is not None  # building nothing is always possible
    return result


# ----- the twin ----------------------------------------------------------------------------


def _can_pay(
    rules: Rules,
    hand: list[HandCard],
    cards: list[int],
    needs: list[tuple[list[str], int]],
    stores: int,
    new_stores: list[bool] | None = None,
) -> bool:
    """Whether these cards (some may stay unused) pay for every building's (units, labour).

    `new_stores[b]`: building b is a General Store built this turn; it lends its store to
    the others (at most two stores in all), not to its own cost."""
    new_stores = new_stores or [False] * len(needs)
    held = {k: sum(1 for c in hand if c.kind == k) for k in rules.substitution}
    todo = [(k, b) for b, (units, _) in enumerate(needs) for k in units]

    def store_ok(per_building: list[int]) -> bool:
        built = sum(new_stores)
        if sum(per_building) > min(2, stores + built):
            return False
        return all(n <= stores + built - int(new_stores[b]) for b, n in enumerate(per_building))

    def units_left(
        i: int, free: list[int], store_uses: list[int], direct: dict[str, int], subbed: set[str]
    ) -> bool:
        if i == len(todo):
            # Only a missing resource is replaced: every card of a replaced kind pays for it.
            if any(direct.get(k, 0) < held[k] for k in subbed):
                return False
            return store_ok(store_uses) and labour_ok(free)
        kind, b = todo[i]
        for c in free:
            if _allowed_direct(hand[c], kind):
                like = {**direct, kind: direct.get(kind, 0) + (hand[c].kind == kind)}
                if units_left(i + 1, [x for x in free if x != c], store_uses, like, subbed):
                    return True
        if kind in GOODS:
            uses = [n + (k == b) for k, n in enumerate(store_uses)]
            if store_ok(uses):
                for c in free:
                    if units_left(i + 1, [x for x in free if x != c], uses, direct, subbed):
                        return True
        for group in combinations(free, rules.substitution[kind]):
            rest = [x for x in free if x not in group]
            if units_left(i + 1, rest, store_uses, direct, subbed | {kind}):
                return True
        return False

    def labour_ok(free: list[int]) -> bool:
        workers = [c for c in free if hand[c].kind == "labor"]
        labour = [lab for _, lab in needs]

        def fill(k: int, pool: list[int]) -> bool:
            if k == len(labour):
                return True
            for n in range(len(pool) + 1):
                for group in combinations(pool, n):
                    if sum(hand[c].labor for c in group) >= labour[k] and fill(
                        k + 1, [c for c in pool if c not in group]
                    ):
                        return True
            return False

        return fill(0, workers)

    return units_left(0, list(cards), [0] * len(needs), {}, set())


def _least_worth(
    rules: Rules,
    hand: list[HandCard],
    needs: list[tuple[list[str], int]],
    stores: int,
    new_stores: list[bool] | None = None,
) -> int | None:
    """The least worth of a set of hand cards that pays for all `needs`, or None."""
    values = [card_value(c, rules) for c in hand]
    best = None
    for n in range(len(hand) + 1):
        for cards in combinations(range(len(hand)), n):
            worth = sum(values[i] for i in cards)
            if (best is None or worth < best) and _can_pay(rules, hand, list(cards), needs, stores):
                best = worth
    return best


def pay_brute_force(state: DGState, permit: str, player: str | None = None) -> int | None:
    """The twin of `pay`: the least worth any set of hand cards pays with, or None."""
    who = state.player(player)
    means = means_of(state, who.name)
    return _least_worth(state.rules, who.hand, [units_of(state.rules, permit, means)], means.stores)


def plan_brute_force(
    state: DGState, player: str | None, legal_sites: dict[str, list[str]]
) -> tuple[int, int]:
    """The twin of `plan`: (most influence, least worth spent for it), trying every set of
    permits, every choice of sites and every set of cards."""
    who = state.player(player)
    rules = state.rules
    means = means_of(state, who.name)
    best = (0, 0)  # (influence, -worth)
    permits = list(who.permits)
    across = {(x.id, x.across) for x in rules.sites.values() if x.across}

    def sites_ok(sites: tuple[str, ...]) -> bool:
        return len(set(sites)) == len(sites) and not any(
            (a, b) in across for a in sites for b in sites
        )

    for n in range(1, len(permits) + 1):
        for chosen in combinations(permits, n):
            if not any(sites_ok(sites) for sites in product(*(legal_sites[p] for p in chosen))):
                continue
            specials = [rules.permits[p].special for p in chosen]
            needs = []
            for b, p in enumerate(chosen):
                smith = means.blacksmith or any(
                    sp == "blacksmith" for o, sp in enumerate(specials) if o != b
                )
                needs.append(units_of(rules, p, Means(means.stores, smith)))
            worth = _least_worth(
                rules, who.hand, needs, means.stores, [sp == "general-store" for sp in specials]
            )
            if worth is not None:
                best = max(best, (sum(rules.permits[p].influence for p in chosen), -worth))
    return best[0], -best[1]


def why_not(state: DGState, permit: str, player: str | None = None) -> str:
    """Why no payment exists: the labour first, then the cards the resources need."""
    who = state.player(player)
    rules = state.rules
    means = means_of(state, who.name)
    units, labour = units_of(rules, permit, means)
    points = sum(c.labor for c in who.hand if c.kind == "labor")
    if points < labour:
        return (
            f"it needs {labour} labour point(s) and the hand's Labor cards give {points}; "
            "labour is paid with Labor cards only"
        )
    handymen = sum(1 for c in who.hand if c.event == HANDYMAN)
    store = means.stores
    cards = 0
    short = []
    for kind in sorted(set(units)):
        need = units.count(kind)
        have = sum(1 for c in who.hand if c.kind == kind)
        missing = need - min(need, have)
        if kind in ABILITIES:
            helped = min(missing, handymen)
            handymen -= helped
        else:
            helped = min(missing, store)
            store -= helped
        stand_in = missing - helped
        cards += need - stand_in + stand_in * rules.substitution[kind]
        if stand_in:
            short.append(
                f"{stand_in} {kind} ({stand_in * rules.substitution[kind]} card(s) standing in)"
            )
    workers = sorted((c.labor for c in who.hand if c.kind == "labor"), reverse=True)
    labour_cards = next(n for n in range(len(workers) + 1) if sum(workers[:n]) >= labour)
    lacks = "; it lacks " + ", ".join(short) if short else ""
    return (
        f"paying takes at least {cards + labour_cards} card(s), {labour_cards} of them "
        f"Labor cards for {labour} labour{lacks}; the hand holds {len(who.hand)}"
    )
