"""Hypothesis strategies for random reachable-looking states and cards on the real boards.

`boards_and_cards` aims at every ruling a card can get, each often: playable, a
confirmation (played or refused, P4), contradictory (P3), not now (P2, P5 (a), P5 (b)),
illegal and a question (P7). Each draw first picks what it aims at, then builds a board and
a card likely (never certain) to get it. Its boards have spaces with three markers and with
two, K4 groups (two buildings whose only markers share one space, or three buildings
confined to two spaces), lone markers, placed and
retired buildings, buildings in front of the players that are marked or open; the
options `logic_to_active` and `confirmation_playable` (set either way, or left to the
edition) and tracked hands are drawn too.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from adjudicator.deduction.models.board import RELATIONS
from adjudicator.deduction.models.cards import Card
from adjudicator.deduction.models.state import GameState, Player
from tests.factories import board, state

# A corner of each board keeps the brute-force twin fast.
AREA = {
    "gads-hill-1874": ["c1", "d1", "c2", "d2", "e2", "c3", "d3", "e3", "d4", "e4"],
    "old-town": ["c1", "d1", "e1", "d2", "e2", "c3", "d3", "e3", "f3", "e4"],
}

#: What a draw aims at. The card's map keeps the named building's markers (a confirmation,
#: or removals the card alone makes), cuts some (playable), misses them all (contradictory),
#: names an open building on a wide map (P2) or on a full space (P5 (a)), or two open
#: buildings that may each take a space holding two markers (P5 (b)); `tangle` is a
#: condition card on two marked buildings whose relation rules out pairs of spaces but no
#: single space (a confirmation, or removals that hold only while the card is in force).
AIMS = (
    ("keep",) * 8
    + ("wide",) * 4
    + ("cut", "two-open") * 3
    + ("full", "tangle") * 2
    + ("miss", "any")
)
OPEN_AIMS = ("wide", "full", "two-open")
MARKED_AIMS = ("keep", "cut", "miss", "tangle")


def _some(draw: st.DrawFn, pool: list[str], least: int, most: int) -> set[str]:
    """Between `least` and `most` different elements of `pool` (fewer if it is smaller)."""
    if not pool:
        return set()
    n = draw(st.integers(min(least, len(pool)), min(most, len(pool))))
    return set(draw(st.permutations(pool))[:n])


@st.composite
def _map(
    draw: st.DrawFn, area: list[str], focus: frozenset[str], aim: str, hot: str
) -> frozenset[str]:
    """A card's map for a building whose markers (or placed space) are `focus`."""
    others = [x for x in area if x not in focus]
    if aim in ("keep", "tangle") and focus:
        return frozenset(focus | _some(draw, others, 0, 2))
    if aim == "cut" and len(focus) > 1:
        return frozenset(_some(draw, sorted(focus), 1, len(focus) - 1) | _some(draw, others, 0, 2))
    if aim == "miss" and others:
        return frozenset(_some(draw, others, 1, 4))
    if aim == "wide":
        return frozenset(_some(draw, area, 6, len(area)))
    if aim in ("full", "two-open"):
        return frozenset({hot} | _some(draw, [x for x in others if x != hot], 1, 3))
    return frozenset(_some(draw, area, 1, 5))


def _around(
    pairs: frozenset[tuple[str, str]], hot: str, free: list[str]
) -> tuple[list[str], list[str]]:
    """Free spaces a condition card's building may take with my building on `hot`, and
    those my building may take with that building on `hot`."""
    return (
        sorted(x for x, y in pairs if y == hot and x in free),
        sorted(y for x, y in pairs if x == hot and y in free),
    )


def _tangles(pairs: frozenset[tuple[str, str]], a: frozenset[str], m: frozenset[str]) -> bool:
    """Every space of each side has a partner on the other, but not every pair is allowed."""
    return (
        all(any((x, y) in pairs for y in m) for x in a)
        and all(any((x, y) in pairs for x in a) for y in m)
        and not all((x, y) in pairs for x in a for y in m)
    )


def _lean(pool: list[str], aim: str, markers: dict[str, set[str]]) -> list[str]:
    """My buildings fit for the aim: marked ones to keep, cut or miss, open ones else."""
    if aim in MARKED_AIMS:
        return [x for x in pool if x in markers] or pool
    if aim in OPEN_AIMS:
        return [x for x in pool if x not in markers] or pool
    return pool


@st.composite
def boards_and_cards(
    draw: st.DrawFn, edition: str | None = None
) -> tuple[GameState, Card, str | None]:
    edition = edition or draw(st.sampled_from(sorted(AREA)))
    aim = draw(st.sampled_from(AIMS))
    b = board(edition)
    area = AREA[edition]
    names = list(b.buildings)
    queue = list(draw(st.permutations(names)))
    spaces = draw(st.permutations(area))
    most = b.max_markers_per_space

    # Placed buildings, then markers on the free spaces of the corner, three at most a space.
    placed = {queue.pop(): spaces[i] for i in range(draw(st.integers(0, 3)))}
    free = [x for x in spaces if x not in placed.values()]
    counts: Counter[str] = Counter()
    markers: dict[str, set[str]] = {}

    def mark(building: str, chosen: set[str]) -> None:
        chosen = {x for x in chosen if counts[x] < most}
        if chosen:
            markers[building] = chosen
            counts.update(chosen)

    # A hot space: full (three markers) when aiming at P5 (a), two when aiming at P5 (b).
    hot = draw(st.sampled_from(free))
    fill = {"full": most, "two-open": most - 1}.get(aim, draw(st.integers(0, most)))
    # P5 (b): a relation and a partner space for each of two open buildings, so that either
    # may stand on the hot space; the markers already there keep room elsewhere.
    plan: tuple[str, str, str] | None = None
    around = {r: _around(b.relation_pairs(r), hot, free) for r in RELATIONS}
    friendly = [r for r in RELATIONS if all(around[r])]
    if aim == "two-open" and friendly:
        r = draw(st.sampled_from(friendly))
        plan = (r, draw(st.sampled_from(around[r][0])), draw(st.sampled_from(around[r][1])))
    elsewhere = [x for x in free if x != hot and (plan is None or x not in plan)]
    if plan is None and draw(st.integers(0, 2)) == 0:
        # K4: two buildings whose only markers share one space, or three on two spaces.
        group = _some(draw, [x for x in free if x != hot], 1, 2)
        for _ in range(len(group) + 1):
            mark(queue.pop(), _some(draw, sorted(group), 1, 2))
    # A tangle crowds its markers into a few spaces, so that buildings depend on each other.
    cluster = free[:5] if aim == "tangle" else free
    least, n = {"full": (0, 4), "two-open": (0, 4), "tangle": (3, 5)}.get(aim, (1, 4))
    for _ in range(draw(st.integers(least, n))):
        # Mostly two or three markers: a lone marker is a building still to be built (L2).
        size = draw(st.sampled_from([1, 2, 2, 2, 3, 3]))
        chosen = _some(draw, cluster, size, size)
        if counts[hot] < fill:
            chosen.add(hot)
        else:
            chosen.discard(hot)
        mark(queue.pop(), chosen)
    while counts[hot] < fill and elsewhere:  # each with room elsewhere: the hot space stays open
        mark(queue.pop(), {hot} | _some(draw, elsewhere, 2, 2))
    retired = [queue.pop() for _ in range(draw(st.sampled_from([0, 0, 1, 2])))]
    marked = sorted(markers)
    open_ = [x for x in queue if x not in markers]

    # In front of ann: marked and open buildings, now and then a retired one.
    unplaced = [x for x in names if x not in placed and x not in retired]
    mine = sorted(_some(draw, unplaced, 1, 3))
    if aim in OPEN_AIMS:
        mine.insert(0, draw(st.sampled_from(open_)))
    if aim == "tangle" and len(marked) > 1:
        mine.insert(0, draw(st.sampled_from(marked)))
    if retired and draw(st.integers(0, 5)) == 0:
        mine.append(retired[0])
    mine = list(dict.fromkeys(mine))
    theirs = tuple(x for x in unplaced if x not in mine)[:1]

    def focus_of(x: str | None) -> frozenset[str]:
        if x in placed:
            return frozenset({placed[x]})  # type: ignore[index]
        return frozenset(markers.get(x or "", ()))

    def subject_for(aim: str) -> str:
        if aim in OPEN_AIMS:
            pool = open_
        elif aim == "miss":
            pool = marked + sorted(placed) + retired
        elif aim == "keep":
            pool = marked + [x for x in marked if len(markers[x]) > 1] + sorted(placed)
        elif aim in ("cut", "tangle"):
            pool = [x for x in marked if len(markers[x]) > 1] or marked
        else:
            pool = names
        return draw(st.sampled_from([x for x in pool if x not in mine[:1]] or open_))

    kinds = ["building", "district", "condition"]
    if aim in ("two-open", "tangle"):
        kinds = ["condition"]
    kind = draw(st.sampled_from(kinds))
    relation = None
    my_spaces = None
    my: str | None = None
    if kind == "district":
        subject = "my"
        my = draw(st.sampled_from(_lean([x for x in mine if x not in retired], aim, markers)))
        spaces_ = draw(_map(area, focus_of(my), aim, hot))
    else:
        subject = subject_for(aim)
        spaces_ = draw(_map(area, focus_of(subject), aim, hot))
        if kind == "condition":
            pool = _lean([x for x in mine if x not in retired and x != subject], aim, markers)
            my = draw(st.sampled_from(pool)) if pool else None
            relation = draw(st.sampled_from(RELATIONS))
            if plan is not None:
                relation = plan[0]
                spaces_ = frozenset({hot, plan[1]})
                my_spaces = frozenset({hot, plan[2]})
            elif draw(st.integers(0, 9)) > 0:  # else every space (the card has no map for it)
                my_aim = (
                    aim if aim in ("full", "two-open", "tangle") else draw(st.sampled_from(AIMS))
                )
                my_spaces = draw(_map(area, focus_of(my), my_aim, hot))
            if aim == "tangle":
                a, m = focus_of(subject), focus_of(my)
                tangled = [r for r in RELATIONS if _tangles(b.relation_pairs(r), a, m)]
                relation = draw(st.sampled_from(tangled or [relation]))

    # The 'as' asked for: mostly the right one; sometimes none (a question, or the only
    # choice) or a wrong one (placed, someone else's, the building the card names).
    ask = draw(st.sampled_from(["right"] * 10 + ["none"] * 3 + ["wrong"]))
    if ask == "none" or kind == "building":
        my = None
    if ask == "wrong":
        wrong = [x for x in [*placed, *theirs, subject, *retired] if x in names]
        my = draw(st.sampled_from(wrong or [x for x in names if x not in mine]))

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
    options: dict[str, object] = {}
    for name in ("logic_to_active", "confirmation_playable"):
        value = draw(st.sampled_from([None, True, False]))
        if value is not None:
            options[name] = value
    hand = draw(st.sampled_from([None, None, (1, 7), (7, 1, 9), (1,)]))
    if draw(st.integers(0, 23)) == 11:  # the card is not in the hand
        hand = (7,)
    s = state(
        [c],
        edition=edition,
        markers=markers,
        placed=placed,
        retired=retired,
        players=[Player("ann", tuple(mine), 3, hand), Player("bob", theirs, 1)],
        options=options,
    )
    return s, c, my
