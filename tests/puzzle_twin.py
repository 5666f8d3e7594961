"""The brute-force twin of the puzzle engine: the towns a puzzle allows, enumerated
straight from the printed cards (their maps, my maps and the board's relations), sharing
no code with `adjudicator.deduction.puzzle` (nor `compile_card`, nor any solver).

A town puts each building of the puzzle on its own building space, the givens where they
stand; a building card says its building is on one of the card's spaces, a district card
says so of the my building, a condition card says the named building is on one of its
spaces, the my building on one of its my spaces (all, if the card has none) and the two
are related as the card says."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any


def _tests(
    edition: Any, clues: Sequence[tuple[int, str | None]]
) -> tuple[dict[str, set[str]], list[tuple[str, str, str]]]:
    """Each building's allowed spaces by the cards, and the relations (a, my, relation)."""
    allowed: dict[str, set[str]] = {}
    relations = []
    board = edition.board
    every = set(board.building_spaces)
    for number, my in clues:
        card = edition.cards[number]
        if card.kind == "building":
            allowed.setdefault(card.subject, set(every)).intersection_update(card.spaces)
            continue
        assert my is not None  # district and condition cards name their my building
        if card.kind == "district":
            allowed.setdefault(my, set(every)).intersection_update(card.spaces)
        else:
            allowed.setdefault(card.subject, set(every)).intersection_update(card.spaces)
            mine = card.my_spaces if card.my_spaces is not None else every
            allowed.setdefault(my, set(every)).intersection_update(mine)
            relations.append((card.subject, my, card.relation))
    return allowed, relations


def towns(
    edition: Any,
    buildings: Sequence[str],
    givens: Mapping[str, str],
    clues: Sequence[tuple[int, str | None]],
    limit: int = 2,
) -> list[dict[str, str]]:
    """Up to `limit` towns, by plain backtracking (most constrained building first)."""
    board = edition.board
    allowed, relations = _tests(edition, clues)
    for b, s in givens.items():
        if s not in allowed.get(b, {s}):
            return []
    free = [s for s in board.building_spaces if s not in set(givens.values())]
    order = sorted(
        (b for b in buildings if b not in givens),
        key=lambda b: len(allowed.get(b, free)),
    )
    found: list[dict[str, str]] = []

    def fits(town: dict[str, str]) -> bool:
        for a, m, rel in relations:
            if a in town and m in town and not board.related(rel, town[a], town[m]):
                return False
        return True

    if not fits(dict(givens)):  # a card relating two buildings that stand already
        return []

    def walk(i: int, town: dict[str, str], used: set[str]) -> Iterator[None]:
        if len(found) >= limit:
            return
        if i == len(order):
            found.append(dict(town))
            return
        b = order[i]
        for s in free:
            if s in used or s not in allowed.get(b, {s}):
                continue
            town[b] = s
            if fits(town):
                used.add(s)
                yield from walk(i + 1, town, used)
                used.discard(s)
            del town[b]

    for _ in walk(0, dict(givens), set()):
        pass
    return found


# ----- solving by the rules, from RULINGS.md alone ------------------------------------------


def _placements(domains: Mapping[str, set[str]], ok: Any = None) -> dict[str, set[str]]:
    """Each building's spaces used by some placement of all of them on different spaces
    (that satisfies `ok`, a test of a whole placement): K2 by enumeration."""
    order = sorted(domains, key=lambda b: len(domains[b]))
    support: dict[str, set[str]] = {b: set() for b in domains}
    town: dict[str, str] = {}

    def walk(i: int) -> None:
        if i == len(order):
            if ok is None or ok(town):
                for b, s in town.items():
                    support[b].add(s)
            return
        b = order[i]
        for s in sorted(domains[b]):
            if s not in town.values():
                town[b] = s
                walk(i + 1)
                del town[b]

    walk(0)
    return support


def rules_solve(
    edition: Any,
    buildings: Sequence[str],
    givens: Mapping[str, str],
    clues: Sequence[tuple[int, str | None]],
) -> tuple[bool, dict[str, str]]:
    """Play the clues in order, each as soon as RULINGS.md lets it (P2 at most five new
    markers, P4 a confirmation is refused in Old Town, P5 three markers a space, P7 a
    my building that still stands in front of the player), with the STOP conclusions (L1,
    L2) after each card. Whether every building ends placed, and what stands."""
    board = edition.board
    every = set(board.building_spaces)
    placed = dict(givens)
    markers: dict[str, set[str]] = {}
    left = list(clues)
    confirmation_ok = bool(board.options.get("confirmation_playable", False))

    def settle(constraint: Any = None, named: Mapping[str, set[str]] | None = None) -> bool:
        """P6 then L2 cascades (with the card) or L1/L2 (without): the markers a
        placement keeps. True if anything changed."""
        domains = {b: set(s) for b, s in markers.items()}
        for b, spaces in (named or {}).items():
            domains[b] = set(spaces)
        support = _placements(domains, constraint)
        changed = False
        for b in list(domains):
            keep = support[b]
            if keep != markers.get(b):
                changed = True
            if len(keep) == 1:
                placed[b] = next(iter(keep))
                markers.pop(b, None)
            else:
                markers[b] = keep
        for b in list(markers):
            markers[b] -= set(placed.values())
        return changed

    while not set(buildings) <= set(placed):
        for number, my in left:
            card = edition.cards[number]
            if my is not None and my in placed:
                continue  # P7
            allowed: dict[str, set[str]] = {}
            if card.kind in ("building", "condition"):
                allowed[card.subject] = set(card.spaces)
            if card.kind != "building":
                assert my is not None
                mine = card.spaces if card.kind == "district" else card.my_spaces
                allowed[my] = set(mine if mine is not None else every)
            free = every - set(placed.values())
            named: dict[str, set[str]] = {}
            for b, spaces in allowed.items():
                if b in placed:
                    named[b] = {placed[b]} & spaces
                elif b in markers:
                    named[b] = markers[b] & spaces
                else:
                    named[b] = spaces & free
            rel = (card.subject, my, card.relation) if card.kind == "condition" else None

            def holds(town: Mapping[str, str], rel: Any = rel, named: Any = named) -> bool:
                spots = {**placed, **town}
                if any(spots.get(b) not in named[b] for b in named):
                    return False
                return rel is None or board.related(rel[2], spots[rel[0]], spots[rel[1]])

            domains = {b: set(s) for b, s in markers.items()}
            for b, spaces in named.items():
                if b not in placed:
                    domains[b] = spaces if b not in markers else set(markers[b])
            support = _placements(domains, holds)
            new = {b: support[b] for b in named if b not in placed and b not in markers}
            if any(len(s) > 5 for s in new.values()) or any(not s for s in support.values()):
                continue  # P2, P3
            counts: dict[str, int] = {}
            for spaces in markers.values():
                for s in spaces:
                    counts[s] = counts.get(s, 0) + 1
            if any(counts.get(s, 0) >= 3 for spaces in new.values() for s in spaces):
                continue  # P5 (a)
            before = ({b: set(s) for b, s in markers.items()}, dict(placed))
            changes = bool(new) or any(support[b] != markers[b] for b in markers)
            if not changes and not confirmation_ok:
                continue  # P4
            for b, spaces in support.items():
                markers[b] = set(spaces)
            for b, kept in list(markers.items()):
                if len(kept) == 1:  # L2: its last marker, it is built
                    placed[b] = next(iter(kept))
                    del markers[b]
            for b in markers:
                markers[b] -= set(placed.values())
            counts = {}
            for spaces in markers.values():
                for s in spaces:
                    counts[s] = counts.get(s, 0) + 1
            if any(n > 3 for n in counts.values()):  # P5 (b): not now after all
                markers.clear()
                markers.update(before[0])
                placed.clear()
                placed.update(before[1])
                continue
            left.remove((number, my))
            while settle():  # STOP: L1 and L2 on the board alone
                pass
            break
        else:
            return False, placed
    return True, placed
