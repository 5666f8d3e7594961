"""An independent oracle of P1-P6 and S1 (with `logic_to_active = true`): it enumerates
placements itself and shares nothing with `effects.py` or `play.py`, so it checks the
legality order, the new markers, the resulting board and the points of every ruling.
(Written in review by a second pair of eyes.)"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings

from adjudicator.cards import Card
from adjudicator.play import rule_play
from adjudicator.ruling import Status
from adjudicator.state import GameState
from adjudicator.twin import placements
from tests.strategies import boards_and_cards


def oracle(s: GameState, card: Card, my: str | None) -> tuple[object, ...]:
    board = s.board
    allowed: dict[str, frozenset[str]] = {}
    rel = None
    if card.kind == "building":
        allowed[card.subject] = card.spaces
    elif card.kind == "district":
        assert my is not None
        allowed[my] = card.spaces
    else:
        assert my is not None and card.relation is not None
        allowed[card.subject] = card.spaces
        allowed[my] = card.my_spaces or frozenset(board.building_spaces)
        rel = board.relation_pairs(card.relation)
    free = frozenset(x for x in board.building_spaces if x not in s.placed.values())
    domains = dict(s.markers)
    new = set()
    for b, sp in allowed.items():
        if b in s.placed:
            domains[b] = frozenset({s.placed[b]})
        elif b in s.retired:
            domains[b] = frozenset()
        elif b not in s.markers:
            domains[b] = sp & free
            new.add(b)

    def holds(p: dict[str, str]) -> bool:
        if any(p.get(b) not in sp for b, sp in allowed.items()):
            return False
        return rel is None or (p.get(card.subject), p.get(my or "")) in rel

    with_card = [p for p in placements(domains) if holds(p)]
    if not with_card:
        return ("contradictory",)
    k = max(len(p) for p in with_card)
    k0 = max(len(p) for p in placements(dict(s.markers)))
    if len(domains) - k > len(s.markers) - k0:
        return ("contradictory",)
    largest = [p for p in with_card if len(p) == k]
    support = {b: frozenset(p[b] for p in largest if b in p) for b in domains}
    always = {b for b in domains if all(b in p for p in largest)}
    if not new:
        pinned = dict(s.markers)
        for b in allowed:
            if b in s.placed:
                pinned[b] = frozenset({s.placed[b]})
        board_towns = list(placements(pinned))
        kp = max(len(p) for p in board_towns)
        if all(holds(p) for p in board_towns if len(p) == kp):
            return ("confirmation",)
    if any(len(support[b]) > 5 for b in new):
        return ("not-now",)
    placed = dict(s.placed)
    markers = {}
    built = 0
    for b in domains:
        if b in s.placed:
            continue
        if len(support[b]) == 1 and b in always:
            placed[b] = next(iter(support[b]))
            built += 1
        elif support[b]:
            markers[b] = support[b]
    removed = sum(len(s.markers[b] - support.get(b, frozenset())) for b in s.markers)
    unneeded = sum(5 - len(support[b]) for b in new)
    if any(n > 3 for n in Counter(x for v in markers.values() for x in v).values()):
        return ("not-now",)
    return ("playable", placed, markers, removed + unneeded + built)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(boards_and_cards())
def test_rulings_equal_the_independent_oracle(case: tuple[GameState, Card, str | None]) -> None:
    s, card, my = case
    s = replace(s, option_overrides={**s.option_overrides, "logic_to_active": True})
    r = rule_play(s, 1, my)
    if r.status is Status.ILLEGAL:
        return
    expected = oracle(s, card, my)
    assert str(r.status) == expected[0], (str(r.status), expected[0], r.reasons)
    if expected[0] == "playable":
        assert dict(r.after.placed) == expected[1]
        assert {b: frozenset(v) for b, v in r.after.markers.items()} == expected[2]
        assert r.points == expected[3], (r.points, expected[3], r.points_detail)
