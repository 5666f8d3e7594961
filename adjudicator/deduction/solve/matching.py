"""The fast exact path for the pure board: bipartite matching and Régin's filtering.

Buildings are matched to spaces (K2, K3). An edge (b, s) lies in some maximum
matching exactly when it is in the matching found, or lies on an even
alternating cycle, or on an even alternating path from a free vertex: from a
space no building is matched to, or from a building left out (deficient boards,
K4). Orient matched edges space -> building and the others building -> space:

- (b, s) on a cycle: b and s are in one strongly connected component;
- on a path from a free space: s reaches a free space;
- on a path from a free building: b is reached from a free building.

A card naming one building without a relation (building and district cards) is
answered by trying each of its spaces for that building and matching the rest.

The same structure gives the explanations of L3: the smallest Hall set behind a
removal, and the groups of buildings confined to too few spaces.

The graph is a plain dict of successor lists, its strongly connected components found by
an iterative Tarjan: the graphs are small, and every ruling (`adjudicator stop` too) then
starts without loading networkx. `tests/test_startup.py` holds both walks equal to
networkx's. Measured with networkx's own walks (`strongly_connected_components`,
`descendants`, `weakly_connected_components` on a `DiGraph`) in their place, in CPU time in
one process: the bench's `stop` case 0.108 -> 0.239 ms (p50), the hint 75 -> 122 ms, and
158 ms more at every start-up for the import.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from adjudicator.deduction.solve.placement import Analysis, Problem

__all__ = ["Analyses", "Matching", "analyse", "filtered", "match", "single_building"]

N = TypeVar("N", bound=Hashable)
Node = tuple[str, str]  # ("b", building) or ("s", space)
Graph = dict[Node, list[Node]]  # node -> its successors; every node is a key


def _strong_components(graph: Mapping[N, Sequence[N]]) -> list[set[N]]:
    """The strongly connected components of a directed graph (Tarjan, without recursion).
    Every node is a key of `graph`."""
    index: dict[N, int] = {}
    low: dict[N, int] = {}
    stack: list[N] = []
    on_stack: set[N] = set()
    components: list[set[N]] = []
    for root in graph:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(graph[root]))]
        while work:
            v, successors = work[-1]
            for w in successors:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[v])
                if low[v] == index[v]:
                    component: set[N] = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.add(w)
                        if w == v:
                            break
                    components.append(component)
    return components


def _weak_components(graph: Mapping[N, Iterable[N]], nodes: Iterable[N]) -> list[set[N]]:
    """The connected components of the graph restricted to `nodes`, edges read both ways."""
    keep = set(nodes)
    both: dict[N, set[N]] = {n: set() for n in keep}
    for n in keep:
        for m in graph[n]:
            if m in keep:
                both[n].add(m)
                both[m].add(n)
    seen: set[N] = set()
    components = []
    for start in both:
        if start in seen:
            continue
        component = _reach(both, [start])
        seen |= component
        components.append(component)
    return components


def _reverse(graph: Mapping[N, Iterable[N]]) -> dict[N, list[N]]:
    back: dict[N, list[N]] = {n: [] for n in graph}
    for n, successors in graph.items():
        for m in successors:
            back[m].append(n)
    return back


def _augment(
    b: str,
    domains: Mapping[str, frozenset[str]],
    owner: dict[str, str],
    seen: set[str],
) -> bool:
    for s in sorted(domains[b]):
        if s in seen:
            continue
        seen.add(s)
        if s not in owner or _augment(owner[s], domains, owner, seen):
            owner[s] = b
            return True
    return False


@dataclass(frozen=True, slots=True)
class Matching:
    """A maximum matching of a board and the alternating structure around it."""

    domains: Mapping[str, frozenset[str]]
    mate: Mapping[str, str]  # building -> space
    owner: Mapping[str, str]  # space -> building

    @property
    def size(self) -> int:
        return len(self.mate)

    def _digraph(self) -> Graph:
        """Matched edges space -> building, the others building -> space."""
        g: Graph = {}
        for b, spaces in self.domains.items():
            out = g.setdefault(("b", b), [])
            for s in spaces:
                into = g.setdefault(("s", s), [])
                if self.mate.get(b) == s:
                    into.append(("b", b))
                else:
                    out.append(("s", s))
        return g

    def analysis(self) -> Analysis:
        """Régin's support, read off the graph of buildings alone: b -> c when b has an
        unmatched edge to the space c holds. An alternating path or cycle through the
        bipartite graph enters each space from a building and leaves it by its matched
        edge, so it is a path of this smaller graph (a third of the nodes on real boards,
        and the hot loop of every ruling and of self-play)."""
        mate, owner = self.mate, self.owner
        succ: dict[str, list[str]] = {}
        touches_free: list[str] = []  # buildings with an unmatched edge to a free space
        for b, spaces in self.domains.items():
            mine = mate.get(b)
            out = []
            free = False
            for s in spaces:
                c = owner.get(s)
                if c is None:
                    free = True
                elif s != mine:
                    out.append(c)
            succ[b] = out
            if free:
                touches_free.append(b)
        # Buildings that reach a free space; buildings a free building reaches.
        to_free = _reach(_reverse(succ), touches_free)
        from_free = _reach(succ, [b for b in self.domains if b not in mate])
        component: dict[str, int] = {}  # filled only if some edge needs the cycle test

        def same_cycle(b: str, c: str) -> bool:
            if not component:
                for i, comp in enumerate(_strong_components(succ)):
                    for x in comp:
                        component[x] = i
            return component[b] == component[c]

        support: dict[str, frozenset[str]] = {}
        for b, spaces in self.domains.items():
            if b in from_free:
                support[b] = spaces
                continue
            mine = mate.get(b)
            keep = []
            for s in spaces:
                c = owner.get(s)
                if s == mine or c is None or c in to_free or same_cycle(b, c):
                    keep.append(s)
            support[b] = frozenset(keep)
        return Analysis(True, self.size, support, frozenset(from_free))

    def without_space(self, s: str) -> Matching:
        """A maximum matching when no building may take `s`: only the building that held it
        needs a new space, and from a maximum matching the one augmenting search that can
        succeed starts at that building."""
        domains = {c: (d - {s} if s in d else d) for c, d in self.domains.items()}
        owner = dict(self.owner)
        loser = owner.pop(s, None)
        if loser is not None:
            _augment(loser, domains, owner, set())
        return Matching(domains, {c: t for t, c in owner.items()}, owner)

    def hall_set(self, space: str) -> tuple[frozenset[str], frozenset[str]]:
        """The smallest tight Hall set whose spaces include `space`: k buildings whose
        domains lie within the same k spaces (L3). `space` must be matched."""
        buildings: set[str] = set()
        spaces: set[str] = set()
        queue = deque([self.owner[space]])
        while queue:
            b = queue.popleft()
            if b in buildings:
                continue
            buildings.add(b)
            for s in self.domains[b]:
                spaces.add(s)
                if s in self.owner and self.owner[s] not in buildings:
                    queue.append(self.owner[s])
        return frozenset(buildings), frozenset(spaces)

    def conflicts(self) -> list[tuple[frozenset[str], frozenset[str]]]:
        """Groups of buildings confined to fewer spaces than buildings (K3, K4)."""
        if len(self.mate) == len(self.domains):
            return []  # every group starts at a building left out, and none is
        g = self._digraph()
        reached = _reach(g, [("b", b) for b in self.domains if b not in self.mate])
        groups = []
        for comp in _weak_components(g, reached):
            bs = frozenset(n[1] for n in comp if n[0] == "b")
            ss = frozenset(n[1] for n in comp if n[0] == "s")
            groups.append((bs, ss))
        return sorted(groups, key=lambda g: sorted(g[0]))


class Analyses:
    """Régin's filtering (`Matching.analysis`) of the boards one caller meets, remembered by
    their domains: a hint rules a few hundred turns on a dozen boards, and filters the same
    boards again and again (on the mid-game example, 547 filterings of 197 boards). The
    filtering of a board depends on its domains alone (the largest matching's size, the
    spaces some largest placement uses, the buildings some largest placement leaves out:
    whichever matching was found), so a remembered one is the one that would be made. One
    per call (a hint's `Turns`), never kept between calls nor shared between threads."""

    __slots__ = ("_by",)

    def __init__(self) -> None:
        self._by: dict[frozenset[tuple[str, frozenset[str]]], Analysis] = {}

    def of(self, m: Matching) -> Analysis:
        """`m.analysis()`, made once per board."""
        key = frozenset(m.domains.items())
        found = self._by.get(key)
        if found is None:
            found = self._by[key] = m.analysis()
        elif list(found.support) != list(m.domains):
            # The same board reached in another order: its support in this board's order,
            # as `analysis` would list it (the rulings' words follow that order).
            found = replace(found, support={b: found.support[b] for b in m.domains})
        return found


def filtered(m: Matching, memo: Analyses | None) -> Analysis:
    """`m.analysis()`, through `memo` when there is one."""
    return m.analysis() if memo is None else memo.of(m)


def _reach(g: Mapping[N, Iterable[N]], starts: list[N]) -> set[N]:
    seen = set(starts)
    queue = deque(starts)
    while queue:
        n = queue.popleft()
        for m in g[n]:
            if m not in seen:
                seen.add(m)
                queue.append(m)
    return seen


def match(
    domains: Mapping[str, frozenset[str]], start: Mapping[str, str] | None = None
) -> Matching:
    """A maximum matching of buildings into their domains (augmenting paths), grown from
    the pairs of `start` that still fit (a matching of a board a turn ago differs from
    one of this board by a few augmenting paths)."""
    owner: dict[str, str] = {}
    if start:
        for b, s in start.items():
            d = domains.get(b)
            if d is not None and s in d and s not in owner:
                owner[s] = b
    matched = set(owner.values())
    # Most constrained first: fewer augmenting searches on real boards.
    for b in sorted(domains, key=lambda b: (len(domains[b]), b)):
        if b not in matched:
            _augment(b, domains, owner, set())
    mate = {b: s for s, b in owner.items()}
    return Matching(domains, mate, owner)


def analyse(problem: Problem, memo: Analyses | None = None) -> Analysis:
    """Answer a board, or a board with a card that names one building and no relation."""
    c = problem.constraint
    if c is None:
        return filtered(match(problem.domains), memo)
    if c.relation is not None or len(c.allowed) != 1:
        raise ValueError("the matching path answers cards naming one building, no relation")
    ((b, allowed),) = c.allowed.items()
    return _forced(problem.domains, b, problem.domains[b] & allowed, memo)


def _forced(
    domains: Mapping[str, frozenset[str]],
    b: str,
    spaces: frozenset[str],
    memo: Analyses | None = None,
) -> Analysis:
    """Largest placements that put `b` on one of `spaces`: try each space for `b` and match
    the rest around it; the best tries make the largest placements. Each try starts from
    one matching of the others (`Matching.without_space`), not from scratch: the warm
    start lives within the call. (No matching is kept between calls: a module-level
    warm start was state shared by every thread of the page, and starting cold made no
    measurable difference to a ruling, a hint or a self-played game.)"""
    if not spaces:
        return Analysis(False, 0, {c: frozenset() for c in domains})
    base = match({c: d for c, d in domains.items() if c != b})
    # A try's size is its matching's; only the largest tries make largest placements, so
    # only they are filtered (Régin's support: the costly part of a try).
    around = [(base.without_space(s), s) for s in sorted(spaces)]
    size = max(m.size for m, _ in around) + 1
    best = [(size, s, filtered(m, memo)) for m, s in around if m.size + 1 == size]
    rest = [c for c in domains if c != b]
    support = {c: frozenset().union(*(a.support[c] for _, _, a in best)) for c in rest}
    support[b] = frozenset(s for _, s, _ in best)
    optional = frozenset().union(*(a.optional for _, _, a in best))
    return Analysis(True, size, support, optional)


def single_building(problem: Problem) -> bool:
    """Whether `analyse` answers the problem: no card, or a card naming one building."""
    c = problem.constraint
    return c is None or (c.relation is None and len(c.allowed) == 1)
