"""The ways a set of buildings may share a hand's General Store cards and Labor cards:
the pieces `search.cheapest` combines (every way the stores serve goods units, every way
Labor cards cover each building's labour, and the cheapest cards left to stand in).
`stores` is how many General Stores the payer owned before the turn."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from adjudicator.dry_gulch.data import GOODS, Rules

__all__ = [
    "cheapest_sum",
    "dominates",
    "histogram",
    "labour_choices",
    "labour_ways",
    "store_allocations",
    "store_caps",
]


def store_caps(rules: Rules, permits: list[str], stores: int) -> tuple[list[int], int]:
    """How many store cards each building's own cost may take, and all of them together.

    A General Store built this turn serves what is built after it, not its own cost; of
    two stores built in one turn the first cannot use the second, so the pair's own costs
    take one store card more than the stores owned before the turn at the most."""
    new = [rules.permits[p].special == "general-store" for p in permits]
    caps = [stores + sum(new) - int(n) for n in new]
    return caps, min(2, stores + sum(new))


def store_allocations(
    needs: list[tuple[list[str], int]], caps: list[int], total: int, new: list[bool], owned: int
) -> list[list[tuple[int, str]]]:
    """Every way to pay up to `total` goods units through the stores: (building, kind)."""
    slots = sorted({(b, k) for b, (units, _) in enumerate(needs) for k in units if k in GOODS})
    out: list[list[tuple[int, str]]] = [[]]
    seen: set[tuple[str, ...]] = {()}
    for n in range(1, total + 1):
        for pick in combinations_with_replacement(slots, n):
            per = [sum(1 for b, _ in pick if b == x) for x in range(len(needs))]
            if any(p > c for p, c in zip(per, caps, strict=True)):
                continue
            if any(pick.count((b, k)) > needs[b][0].count(k) for b, k in set(pick)):
                continue
            if sum(p for p, n_ in zip(per, new, strict=True) if n_) > owned + 1:
                continue
            kinds = tuple(sorted(k for _, k in pick))
            if kinds not in seen:  # the worth depends on the kinds, not on the buildings
                seen.add(kinds)
                out.append(list(pick))
    return out


def labour_choices(labour: list[int], pool: dict[int, int]) -> list[list[list[int]]]:
    """Every way to pay each building's labour with its own Labor cards (by points),
    leaving out choices where a card could be dropped (its points were not needed)."""
    values = sorted(pool, reverse=True)

    def covers(need: int, left: dict[int, int]) -> list[list[int]]:
        if need <= 0:
            return [[]]
        found: list[list[int]] = []

        def grow(i: int, got: list[int], total: int) -> None:
            if total >= need:
                if all(total - v < need for v in got):
                    found.append(list(got))
                return
            for j in range(i, len(values)):
                v = values[j]
                if got.count(v) < left.get(v, 0):
                    got.append(v)
                    grow(j, got, total + v)
                    got.pop()

        grow(0, [], 0)
        return found

    out: list[list[list[int]]] = []

    def assign(b: int, left: dict[int, int], done: list[list[int]]) -> None:
        if b == len(labour):
            out.append(list(done))
            return
        for c in covers(labour[b], left):
            rest = dict(left)
            for v in c:
                rest[v] -= 1
            assign(b + 1, rest, [*done, c])

    assign(0, dict(pool), [])
    return out


def dominates(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Spending Labor cards `a` is never worse than spending `b` (both sorted, largest
    first): no more cards, each worth no more than its match. A card kept instead of a
    dearer one saves its difference, and can raise the cheapest cards left over by no
    more than that."""
    return a != b and len(a) <= len(b) and all(x <= y for x, y in zip(a, b, strict=False))


@cache
def labour_ways(
    labour: tuple[int, ...], pool: tuple[tuple[int, int], ...]
) -> dict[tuple[int, ...], list[list[int]]]:
    """The Labor cards (by points) spent on the labour, one way for each set of cards
    spent (which building each pays does not change the worth), and only sets that no
    other set dominates."""
    ways: dict[tuple[int, ...], list[list[int]]] = {}
    for way in labour_choices(list(labour), dict(pool)):
        ways.setdefault(tuple(sorted((v for c in way for v in c), reverse=True)), way)
    return {k: w for k, w in ways.items() if not any(dominates(o, k) for o in ways)}


def histogram(values: list[int]) -> list[int]:
    """How many cards are worth 0, 1, 2, ... (worths are small: at most 9)."""
    out = [0] * 10
    for v in values:
        out[v] += 1
    return out


def cheapest_sum(a: list[int], b: list[int], n: int) -> int | None:
    """The least total worth of n cards from both histograms; None: fewer than n."""
    total = 0
    for v in range(10):
        take = min(n, a[v] + b[v])
        total += take * v
        n -= take
        if not n:
            return total
    return None if n else total
