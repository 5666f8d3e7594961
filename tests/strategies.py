"""Hypothesis strategies for random reachable-looking states and cards on the real boards."""

from __future__ import annotations

from hypothesis import strategies as st

from adjudicator.board import RELATIONS
from adjudicator.cards import Card
from adjudicator.state import GameState, Player
from tests.factories import board, state

# A corner of each board keeps the brute-force twin fast.
AREA = {
    "gads-hill-1874": ["c1", "d1", "c2", "d2", "e2", "c3", "d3", "e3", "d4", "e4"],
    "old-town": ["c1", "d1", "e1", "d2", "e2", "c3", "d3", "e3", "f3", "e4"],
}


@st.composite
def boards_and_cards(
    draw: st.DrawFn, edition: str | None = None
) -> tuple[GameState, Card, str | None]:
    edition = edition or draw(st.sampled_from(sorted(AREA)))
    b = board(edition)
    area = AREA[edition]
    names = list(b.buildings)
    draw_names = draw(st.permutations(names))
    n_placed = draw(st.integers(0, 2))
    n_marked = draw(st.integers(1, 5))
    placed_b = draw_names[:n_placed]
    marked_b = draw_names[n_placed : n_placed + n_marked]
    spaces = draw(st.permutations(area))
    placed = {bb: spaces[i] for i, bb in enumerate(placed_b)}
    free = [s for s in area if s not in placed.values()]
    counts: dict[str, int] = {}
    markers: dict[str, set[str]] = {}
    for bb in marked_b:
        chosen = draw(st.sets(st.sampled_from(free), min_size=1, max_size=3))
        chosen = {s for s in chosen if counts.get(s, 0) < 3}
        if not chosen:
            continue
        for s in chosen:
            counts[s] = counts.get(s, 0) + 1
        markers[bb] = chosen
    others = [x for x in names if x not in placed]
    mine = draw(st.lists(st.sampled_from(others), min_size=1, max_size=2, unique=True))

    kind = draw(st.sampled_from(["building", "district", "condition"]))
    subject_pool = [x for x in names if x not in mine] if kind == "condition" else names
    subject = "my" if kind == "district" else draw(st.sampled_from(subject_pool))
    spaces_ = frozenset(draw(st.sets(st.sampled_from(area), min_size=1, max_size=6)))
    relation = draw(st.sampled_from(RELATIONS)) if kind == "condition" else None
    my_spaces = (
        frozenset(draw(st.sets(st.sampled_from(area), min_size=1, max_size=6)))
        if kind == "condition"
        else None
    )
    c = Card(
        number=1,
        kind=kind,  # type: ignore[arg-type]
        subject=subject,
        text="a random card",
        spaces=spaces_,
        clue="spaces(...)",
        relation=relation,
        my_spaces=my_spaces,
        my_clue="spaces(...)" if my_spaces else None,
    )
    my = mine[0] if kind != "building" else None
    options = {"logic_to_active": draw(st.booleans())}
    s = state(
        [c],
        edition=edition,
        markers=markers,
        placed=placed,
        players=[Player("ann", tuple(mine), 3), Player("bob", (), 1)],
        options=options,
    )
    return s, c, my
