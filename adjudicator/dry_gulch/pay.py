"""Paying for buildings and the best building plan, by search (`search.py`), each with
CP-SAT as its second engine (`pay_cpsat`, `plan_cpsat`).

A building's cost is a list of resources (each one *unit*) and labour points. A unit is
paid by a hand card of its kind; or, for an ability, by the Handyman Brother; or, for a
good, by any card through a General Store (one card a turn for each store the payer owns);
or by as many other cards as the substitution table says. Labour is paid with Labor cards,
their points added, the surplus lost, and with Handyman Brothers, one point each ("May be
played as any ability", and Labor is an ability; option `handyman-labor`). The owner of a
Blacksmith needs no Blacksmith.

Among all payments the one that keeps the most valuable hand is chosen: the least worth
spent (`state.card_value`: a resource is worth what it stands for in the table, a Labor
card its points, an event 1 to 3). The brute-force twin is `tests/dry_gulch_twin.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.core import cpsat
from adjudicator.core.frozen import freeze_fields
from adjudicator.core.record import record
from adjudicator.core.words import plural
from adjudicator.dry_gulch.data import ABILITIES, GOODS, Rules
from adjudicator.dry_gulch.search import Cheapest, Means, best_plan, cheapest, units_of
from adjudicator.dry_gulch.state import DGPlayer, DGState, HandCard, card_value

__all__ = [
    "Means",
    "Payment",
    "Plan",
    "means_of",
    "pay",
    "pay_cpsat",
    "plan",
    "plan_cpsat",
    "units_of",
]

HANDYMAN = "handyman-brother"


def means_of(state: DGState, player: str) -> Means:
    specials = state.specials_built(player)
    return Means(
        min(2, specials.count("general-store")),
        "blacksmith" in specials,
        state.options.handyman_labor == "one-point",
    )


@record
class Payment:
    """How each card pays: (unit, how) for resources, or labour."""

    permit: str
    direct: tuple[tuple[str, int], ...] = ()  # (unit kind, card index)
    store: tuple[tuple[str, int], ...] = ()
    substitute: tuple[tuple[str, tuple[int, ...]], ...] = ()
    labour: tuple[int, ...] = ()

    def cards(self) -> list[int]:
        used = [i for _, i in self.direct] + [i for _, i in self.store] + list(self.labour)
        return used + [i for _, group in self.substitute for i in group]

    def to_json(self, hand: Sequence[HandCard]) -> dict[str, Any]:
        def name(i: int) -> str:
            return hand[i].text

        return {
            "permit": self.permit,
            "direct": [{"for": k, "card": name(i)} for k, i in self.direct],
            "general_store": [{"for": k, "card": name(i)} for k, i in self.store],
            "substitutes": [{"for": k, "cards": [name(i) for i in g]} for k, g in self.substitute],
            "labour": [name(i) for i in self.labour],
        }


@record
class Plan:
    permits: tuple[str, ...]
    sites: Mapping[str, str]  # permit -> site (a permit twice: "id#2")
    payments: tuple[Payment, ...]
    influence: int
    spent_worth: int

    def __post_init__(self) -> None:
        freeze_fields(self, "sites")  # a verdict given is not changed


# One building in the model: permit, per unit kind (direct-by-card-text, store, replaced)
# counts, Labor cards by text, site literals.
_Part = tuple[str, dict[str, tuple[dict[int, Any], Any, Any]], dict[int, Any], dict[str, Any]]


def _allowed_direct(card: HandCard, kind: str) -> bool:
    return card.kind == kind or (card.event == HANDYMAN and kind in ABILITIES)


def _labour_points(card: HandCard, means: Means) -> int:
    """The labour points a card may pay: a Labor card its own, a Handyman Brother one."""
    if card.kind == "labor":
        return card.labor
    return 1 if card.event == HANDYMAN and means.handyman_labour else 0


@record
class _Type:
    """Cards of one text in the hand: interchangeable, so the model counts them."""

    card: HandCard
    indices: tuple[int, ...]
    value: int


def _types(hand: Sequence[HandCard], rules: Rules) -> list[_Type]:
    by_text: dict[str, list[int]] = {}
    for i, c in enumerate(hand):
        by_text.setdefault(c.text, []).append(i)
    return [
        _Type(hand[ix[0]], tuple(ix), card_value(hand[ix[0]], rules)) for ix in by_text.values()
    ]


def _solve(
    rules: Rules,
    hand: Sequence[HandCard],
    wanted: list[str],
    means: Means,
    sites: dict[str, list[str]] | None,
    optional: bool,
) -> Plan | None:
    """CP-SAT for one building (`optional=False`) or the best set of them (`True`).

    Cards with the same text are interchangeable, so the model counts how many of each are
    used for what instead of choosing cards one by one: one Boolean a card and unit made
    the search try every permutation of equal cards (minutes on a 15-card hand)."""
    m = cpsat.new_model()
    types = _types(hand, rules)
    n_of = [len(t.indices) for t in types]
    chosen = [m.new_bool_var(f"build{b}") for b in range(len(wanted))]
    if not optional:
        for y in chosen:
            m.add(y == 1)
    special = [rules.permits[p].special for p in wanted]
    card_uses: list[list[Any]] = [[] for _ in types]
    # Cards through a General Store and cards standing in may be of any text: one pool each.
    store_pool = [m.new_int_var(0, n, f"gs{t}") for t, n in enumerate(n_of)]
    sub_pool = [m.new_int_var(0, n, f"sc{t}") for t, n in enumerate(n_of)]
    for t in range(len(types)):
        card_uses[t] += [store_pool[t], sub_pool[t]]
    store_units: list[Any] = []  # every unit paid through a store
    stand_in_cards: list[Any] = []  # cards standing in: substitution rate x units replaced
    direct_own: dict[str, list[Any]] = {}  # cards of kind k paying a unit of kind k
    replaced: dict[str, list[Any]] = {}  # units of kind k replaced by other cards
    store_by_building: list[Any] = []
    parts: list[_Part] = []
    for b, permit in enumerate(wanted):
        y = chosen[b]
        # A Blacksmith or General Store built this turn works at once for the others.
        smiths = [chosen[o] for o in range(len(wanted)) if o != b and special[o] == "blacksmith"]
        new_stores = [
            chosen[o] for o in range(len(wanted)) if o != b and special[o] == "general-store"
        ]
        units, labour = units_of(rules, permit, means)
        kinds: dict[str, tuple[dict[int, Any], Any, Any]] = {}
        own_store = []
        for kind in sorted(set(units)):
            need = units.count(kind)
            direct = {
                t: m.new_int_var(0, min(need, n_of[t]), f"d{b}_{kind}_{t}")
                for t, ty in enumerate(types)
                if _allowed_direct(ty.card, kind)
            }
            for t, v in direct.items():
                card_uses[t].append(v)
                if types[t].card.kind == kind:
                    direct_own.setdefault(kind, []).append(v)
            store = m.new_int_var(0, need, f"g{b}_{kind}")
            if kind not in GOODS or not (means.stores or new_stores):
                m.add(store == 0)
            sub = m.new_int_var(0, need, f"s{b}_{kind}")
            waived = m.new_int_var(0, need, f"w{b}_{kind}")
            if kind == "blacksmith" and smiths:
                m.add(waived <= need * sum(smiths))
            else:
                m.add(waived == 0)
            m.add(sum(direct.values()) + store + sub + waived == need * y)
            store_units.append(store)
            own_store.append(store)
            stand_in_cards.append(rules.substitution[kind] * sub)
            replaced.setdefault(kind, []).append(sub)
            kinds[kind] = (direct, store, sub)
        mine = sum(own_store)
        store_by_building.append(mine)
        # A store built this turn serves the others, not its own cost.
        m.add(mine <= means.stores + sum(new_stores))
        # Labor cards by their points; a Handyman Brother (an ability, as Labor is) one point.
        workers = {
            t: m.new_int_var(0, n, f"l{b}_{t}")
            for t, n in enumerate(n_of)
            if _labour_points(types[t].card, means)
        }
        for t, v in workers.items():
            m.add(v <= n_of[t] * y)
            card_uses[t].append(v)
        m.add(
            sum(_labour_points(types[t].card, means) * v for t, v in workers.items()) >= labour * y
        )
        site_vars = {}
        if sites is not None:
            site_vars = {s: m.new_bool_var(f"at{b}_{s}") for s in sites[permit]}
            m.add(sum(site_vars.values()) == y)
        parts.append((permit, kinds, workers, site_vars))
    for t, uses in enumerate(card_uses):
        m.add(sum(uses) <= n_of[t])
    m.add(sum(store_pool) == sum(store_units))
    m.add(sum(sub_pool) == sum(stand_in_cards))
    built_stores = [y for y, sp in zip(chosen, special, strict=True) if sp == "general-store"]
    m.add(sum(store_units) <= means.stores + sum(built_stores))
    m.add(sum(store_units) <= 2)  # both General Stores at the most
    # Two General Stores built in one turn: the first built cannot use the second ("in
    # effect as soon as the building has been built"), so together their own costs take
    # one store card more than the stores owned before the turn at the most.
    store_builds = [b for b, sp in enumerate(special) if sp == "general-store"]
    for i, a in enumerate(store_builds):
        for c in store_builds[i + 1 :]:
            m.add(store_by_building[a] + store_by_building[c] <= means.stores + 1)
    # Only a missing resource is replaced (the rulebook's 'Build'): a unit of a kind stands
    # in only when every card of that kind in the hand pays for that kind.
    for kind, subs in replaced.items():
        held = sum(n for ty, n in zip(types, n_of, strict=True) if ty.card.kind == kind)
        if held:
            any_sub = m.new_bool_var(f"z_{kind}")
            m.add(sum(subs) <= len(hand) * any_sub)
            m.add(sum(direct_own.get(kind, [])) >= held * any_sub)
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
    spent = sum(ty.value * sum(uses) for ty, uses in zip(types, card_uses, strict=True))
    influence = sum(rules.permits[p].influence * y for p, y in zip(wanted, chosen, strict=True))
    big = 1 + sum(ty.value * n for ty, n in zip(types, n_of, strict=True))
    what = "the best building plan" if optional else f"the payment for {wanted[0]}"
    result = cpsat.solve(m, objective=cpsat.maximize(influence * big - spent), workers=1)
    # A payment not proven the best is not given as the best: SolveError says so.
    if result.require_proof(what).outcome is cpsat.Outcome.INFEASIBLE:
        return None
    return _read_plan(rules, types, parts, chosen, result, store_pool, sub_pool)


def _read_plan(
    rules: Rules,
    types: list[_Type],
    parts: list[_Part],
    chosen: list[Any],
    result: cpsat.SolveResult,
    store_pool: list[Any],
    sub_pool: list[Any],
) -> Plan:
    """The plan in hand cards: counts of each text turned into that many of its cards."""
    left = [list(ty.indices) for ty in types]

    def take(t: int, n: int) -> list[int]:
        out, left[t] = left[t][:n], left[t][n:]
        return out

    store_cards = [i for t, v in enumerate(store_pool) for i in take(t, result.value(v))]
    sub_cards = [i for t, v in enumerate(sub_pool) for i in take(t, result.value(v))]
    payments = []
    placed = {}
    count: dict[str, int] = {}
    names = []
    for (permit, kinds, workers, site_vars), y in zip(parts, chosen, strict=True):
        if not result.boolean_value(y):
            continue
        count[permit] = count.get(permit, 0) + 1
        label = permit if count[permit] == 1 else f"{permit}#{count[permit]}"
        names.append(permit)
        paid_direct: list[tuple[str, int]] = []
        paid_store: list[tuple[str, int]] = []
        paid_sub: list[tuple[str, tuple[int, ...]]] = []
        paid_labour: list[int] = []
        for kind, (direct, store, sub) in kinds.items():
            for t, v in direct.items():
                paid_direct.extend((kind, i) for i in take(t, result.value(v)))
            for _ in range(result.value(store)):
                paid_store.append((kind, store_cards.pop()))
            for _ in range(result.value(sub)):
                n = rules.substitution[kind]
                paid_sub.append((kind, tuple(sub_cards[:n])))
                del sub_cards[:n]
        for t, v in workers.items():
            paid_labour.extend(take(t, result.value(v)))
        payments.append(
            Payment(
                permit,
                tuple(paid_direct),
                tuple(paid_store),
                tuple(paid_sub),
                tuple(paid_labour),
            )
        )
        for s, v in site_vars.items():
            if result.boolean_value(v):
                placed[label] = s
    hand_value = {i: ty.value for ty in types for i in ty.indices}
    spent_worth = sum(hand_value[i] for p in payments for i in p.cards())
    return Plan(
        tuple(names),
        placed,
        tuple(payments),
        sum(rules.permits[p].influence for p in names),
        spent_worth,
    )


def pay(state: DGState, permit: str, player: str | None = None) -> Payment | None:
    """The payment for one building that keeps the most valuable hand, or None: found by
    `search.cheapest` (the game's own payment, a tenth of a millisecond), held to
    `pay_cpsat` and to the brute-force twin in the tests."""
    who = _payer(state, permit, player)
    found = cheapest(state.rules, who.hand, [permit], means_of(state, who.name))
    return None if found is None else _payment(permit, found, 0)


def pay_cpsat(state: DGState, permit: str, player: str | None = None) -> Payment | None:
    """`pay` by CP-SAT: the second engine, held to `pay` in the tests and the benchmark (it
    builds and proves a model per call, some milliseconds)."""
    who = _payer(state, permit, player)
    result = _solve(state.rules, who.hand, [permit], means_of(state, who.name), None, False)
    return result.payments[0] if result else None


def _payer(state: DGState, permit: str, player: str | None) -> DGPlayer:
    if state.rules.permits[permit].special == "residence":
        raise ValueError("a residence is placed at setup: there is nothing to pay")
    return state.player(player)


def _payment(permit: str, paid: Cheapest, building: int) -> Payment:
    """One building's share of a search's payment, as a `Payment`."""
    return Payment(
        permit,
        tuple(paid.direct[building]),
        tuple(paid.store[building]),
        tuple((kind, tuple(group)) for kind, group in paid.substitute[building]),
        tuple(paid.labour[building]),
    )


def plan(state: DGState, player: str | None, legal_sites: dict[str, list[str]]) -> Plan:
    """The buildings (from the player's permits) the hand pays for together this turn that
    gain the most influence, each on a legal free site; then the most valuable hand kept.
    Found by `search.best_plan` (CP-SAT took minutes to prove it on many permits)."""
    who = state.player(player)
    rules = state.rules
    permits, sites, paid = best_plan(
        rules, who.hand, list(who.permits), means_of(state, who.name), legal_sites
    )
    if paid is None:
        return Plan((), {}, (), 0, 0)
    payments = [_payment(p, paid, b) for b, p in enumerate(permits)]
    placed: dict[str, str] = {}
    count: dict[str, int] = {}
    for p, site in zip(permits, sites, strict=True):
        count[p] = count.get(p, 0) + 1
        placed[p if count[p] == 1 else f"{p}#{count[p]}"] = site
    influence = sum(rules.permits[p].influence for p in permits)
    return Plan(tuple(permits), placed, tuple(payments), influence, paid.worth)


def plan_cpsat(state: DGState, player: str | None, legal_sites: dict[str, list[str]]) -> Plan:
    """`plan` by CP-SAT: the second engine, held to `plan` in the tests and the benchmark
    (seconds to minutes when a player holds many permits)."""
    who = state.player(player)
    result = _solve(
        state.rules, who.hand, list(who.permits), means_of(state, who.name), legal_sites, True
    )
    assert result is not None  # building nothing is always possible
    return result


def why_not(state: DGState, permit: str, player: str | None = None) -> str:
    """Why no payment exists: the labour first, then the cards the resources need."""
    who = state.player(player)
    rules = state.rules
    means = means_of(state, who.name)
    units, labour = units_of(rules, permit, means)
    points = sum(_labour_points(c, means) for c in who.hand)
    if points < labour:
        by = "Labor cards and Handyman Brothers" if means.handyman_labour else "Labor cards"
        return f"it needs {plural(labour, 'labour point')} and the hand's {by} give {points}; " + (
            "labour is paid with Labor cards and Handyman Brothers (one point each) only"
            if means.handyman_labour
            else "labour is paid with Labor cards only"
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
            cards_in = plural(stand_in * rules.substitution[kind], "card")
            short.append(f"{stand_in} {kind} ({cards_in} standing in)")
    workers = sorted((p for c in who.hand if (p := _labour_points(c, means))), reverse=True)
    labour_cards = next(n for n in range(len(workers) + 1) if sum(workers[:n]) >= labour)
    lacks = "; it lacks " + ", ".join(short) if short else ""
    return (
        f"paying takes at least {plural(cards + labour_cards, 'card')}, {labour_cards} of them "
        f"Labor cards for {labour} labour{lacks}; the hand holds {len(who.hand)}"
    )
