"""The exact matching path for cards with a relation (condition cards, P6).

A condition card names two buildings a and m that must both stand, a on `S_a`, m on
`S_m`, on a pair of spaces `(pos(a), pos(m))` the card's relation allows. Every admissible
placement puts (a, m) on one allowed pair (sa, sm), sa != sm, and the other buildings on a
placement of their own domains without sa and sm. So a largest admissible placement is a
best pair plus a maximum matching of the rest around it:

- size: 2 + the largest matching of the rest minus {sa, sm}, over the pairs;
- support: for a and m, the spaces of the best pairs; for the others, the union over the
  best pairs of Régin's support of the rest around each (`matching.Matching.analysis`);
- optional: the union over the best pairs of the rest's optional buildings.

It is fast because pairs that take the same spaces out of the rest share one matching
(a space no other building can use takes nothing away), and a pair is skipped when an upper
bound says it cannot reach the best: taking out a space that every maximum matching of the
rest uses costs at least one. Only the best pairs get the full filtering.
"""

from __future__ import annotations

from collections import deque

from adjudicator.deduction.solve.matching import Analyses, Matching, filtered, match
from adjudicator.deduction.solve.placement import Analysis, Problem

__all__ = ["analyse", "handles"]


def handles(problem: Problem) -> bool:
    """Whether `analyse` answers the problem: a card whose relation joins two different
    buildings and which names no building besides them."""
    c = problem.constraint
    if c is None or c.relation is None:
        return False
    a, m, _ = c.relation
    return a != m and set(c.allowed) <= {a, m}


def _essential(rest: Matching) -> frozenset[str]:
    """The spaces every maximum matching of the rest uses: matched spaces from which no
    alternating path (building to another space of its domain, that space's owner on, ...)
    reaches a space left free. Taking one of them out costs the rest one building."""
    users: dict[str, list[str]] = {}
    for b, spaces in rest.domains.items():
        for s in spaces:
            users.setdefault(s, []).append(b)
    # Backwards from the free spaces: s can be freed when the building on it can move to
    # a space that can be freed.
    freeable = {s for s in users if s not in rest.owner}
    queue = deque(freeable)
    while queue:
        s = queue.popleft()
        for b in users[s]:
            t = rest.mate.get(b)
            if t is not None and t != s and t not in freeable:
                freeable.add(t)
                queue.append(t)
    return frozenset(s for s in rest.owner if s not in freeable)


def analyse(problem: Problem, memo: Analyses | None = None) -> Analysis:
    """The analysis of a problem `handles` accepts, exactly (equal to `twin.analyse`)."""
    if not handles(problem):
        raise ValueError("the pair matching answers a relation between two named buildings")
    c = problem.constraint
    assert c is not None and c.relation is not None
    a, m, pairs = c.relation
    domains = problem.domains
    infeasible = Analysis(False, 0, {b: frozenset() for b in domains})
    if a not in domains or m not in domains:
        return infeasible
    dom_a = domains[a] & c.allowed.get(a, domains[a])
    dom_m = domains[m] & c.allowed.get(m, domains[m])
    rest = {b: d for b, d in domains.items() if b not in (a, m)}
    used = frozenset().union(*rest.values())

    # Pairs grouped by the spaces they take from the rest.
    groups: dict[frozenset[str], list[tuple[str, str]]] = {}
    for sa, sm in pairs:
        if sa != sm and sa in dom_a and sm in dom_m:
            groups.setdefault(frozenset((sa, sm)) & used, []).append((sa, sm))
    if not groups:
        return infeasible

    whole = match(rest)
    essential = _essential(whole)

    def bound(taken: frozenset[str]) -> int:
        return whole.size - (1 if taken & essential else 0)

    best = -1
    found: list[tuple[Matching, list[tuple[str, str]]]] = []
    for taken in sorted(groups, key=lambda t: (-bound(t), sorted(t))):
        if bound(taken) < best:
            break  # sorted by bound: no later group can reach the best either
        around = match({b: d - taken for b, d in rest.items()}, whole.mate) if taken else whole
        if around.size > best:
            best, found = around.size, []
        if around.size == best:
            found.append((around, groups[taken]))

    support: dict[str, set[str]] = {b: set() for b in domains}
    optional: set[str] = set()
    for around, chosen in found:
        for sa, sm in chosen:
            support[a].add(sa)
            support[m].add(sm)
        rest_analysis = filtered(around, memo)
        for b, spaces in rest_analysis.support.items():
            support[b] |= spaces
        optional |= rest_analysis.optional
    return Analysis(
        True, best + 2, {b: frozenset(s) for b, s in support.items()}, frozenset(optional)
    )
