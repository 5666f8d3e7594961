"""An independent oracle of `rule_play` for one card, written from RULINGS.md (revision 2).

It shares no code with the engine: it reads plain data only (the state, the board's spaces,
relation tables and limits, the card's fields), compiles the card in its own words (P, P7),
enumerates placements itself (K2, K3) and works out every field of the ruling: the status
and the code of a refusal (T1, P7, P3, P2, P5 (a), P4, P5 (b)), the markers placed (P1), every
removal with its tier (P6), the buildings built with theirs (L2), the buildings retired (K4,
A1), the points (S1) and the state after (board, points, hand, turn).

Where RULINGS.md leaves room, the oracle reads it as follows:

- P6, `card` tier: a removal "that holds only while the card is in force" is judged against
  the board left after the card's direct removals and the cascade they start (that board,
  the card forgotten, is what STOP would look at), all such removals at once. The oracle's
  self-check holds whatever reading is taken: once the `card` and `cascade` tiers are gone,
  STOP on the board alone finds exactly the `logic` tier.
- P6, `cascade` tier: the last-marker placements the card's removals leave. A building
  that already had a single marker before the card, outside a K4 group, is a STOP claim
  the board already held (L2): it is built in the `logic` tier, so it neither makes the
  card alter the board (P4) nor scores when `logic_to_active` is false.
- The order of the refusals: T1, the hand, P7, P3, P2, P5 (a), P4, P5 (b); a card not in
  the hand cites P7 (RULINGS.md names no code for it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from adjudicator.deduction.models.state import GameState, Player
from adjudicator.deduction.rules.codes import Code
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Ruling, Status, Tier
from tests.budget import examples
from tests.factories import card, state
from tests.hint_twin import determined_by, largest_placements, support_of
from tests.strategies import boards_and_cards

# P4 and P6: the options' defaults as RULINGS.md names them (not read from the board files).
CONFIRMATION_PLAYABLE_BY_DEFAULT = {"gads-hill-1874": True, "old-town": False}
LOGIC_TO_ACTIVE_BY_DEFAULT = True

Spaces = frozenset[str]
Pair = tuple[str, str, frozenset[tuple[str, str]]]


# ----- placements (K2, K3): enumerated by the hint's twin, which shares no code with the rules


# ----- the expected ruling -------------------------------------------------------------------


@dataclass
class Expected:
    status: Status
    code: Code | None = None  # the first reason's code of a refusal
    check: str = ""  # which check refused it, for the statistics
    placed_markers: set[tuple[str, str]] = field(default_factory=set)
    removed: dict[tuple[str, str], Tier] = field(default_factory=dict)
    built: dict[str, tuple[str, Tier]] = field(default_factory=dict)
    retired: set[str] = field(default_factory=set)
    points: int = 0
    placed_after: dict[str, str] = field(default_factory=dict)
    markers_after: dict[str, Spaces] = field(default_factory=dict)


def refused(status: Status, code: Code, check: str) -> Expected:
    return Expected(status, code, check)


def option(s: GameState, name: str, default: bool) -> bool:
    value = s.option_overrides.get(name, default)
    assert isinstance(value, bool)
    return value


def oracle(s: GameState, card_no: int, my: str | None, player: str | None) -> Expected:
    board = s.board
    played = s.cards[card_no]
    every_space = frozenset(board.building_spaces)

    # T1: only the active player plays.
    who = player or s.active
    if who not in [p.name for p in s.players] or who != s.active:
        return refused(Status.ILLEGAL, Code.T1, "T1 out of turn")
    me = next(p for p in s.players if p.name == who)
    if me.hand is not None and card_no not in me.hand:
        return refused(Status.ILLEGAL, Code.P7, "card not in hand")

    # P7: a building card names its building; the others take one of my buildings, which
    # lies in front of the player, is neither placed nor retired, and is not the building a
    # condition card names. Asked without one: the only choice, or a question.
    if played.kind == "building":
        if my is not None:
            return refused(Status.ILLEGAL, Code.P7, "P7 as given to a building card")
    else:
        choices = [
            b
            for b in me.buildings
            if b not in s.placed
            and b not in s.retired
            and not (played.kind == "condition" and b == played.subject)
        ]
        if my is None:
            if not choices:
                return refused(Status.ILLEGAL, Code.P7, "P7 no my building")
            if len(choices) > 1:
                return refused(Status.QUESTION, Code.P7, "P7 which my building")
            my = choices[0]
        elif my not in choices:
            return refused(Status.ILLEGAL, Code.P7, "P7 not a my building")

    # The card in plain words: where each building it names may stand, and the relation.
    says: dict[str, Spaces] = {}
    pair: Pair | None = None
    if played.kind == "building":
        says[played.subject] = played.spaces
    elif played.kind == "district":
        assert my is not None
        says[my] = played.spaces
    else:
        assert my is not None and played.relation is not None
        says[played.subject] = played.spaces
        says[my] = played.my_spaces if played.my_spaces is not None else every_space
        pair = (played.subject, my, board.relation_pairs(played.relation))

    # K2 with the card: a placed named building stands where it stands, a retired one
    # nowhere, a marked one on its markers, an open one (P1) on any free space it allows.
    free = every_space - set(s.placed.values())
    domains: dict[str, Spaces] = dict(s.markers)
    opened: set[str] = set()
    for b, spaces in says.items():
        if b in s.placed:
            domains[b] = frozenset({s.placed[b]})
        elif b in s.retired:
            domains[b] = frozenset()
        elif b not in s.markers:
            domains[b] = spaces & free
            opened.add(b)

    # P3: no placement fits the card, or the card leaves more buildings without a space.
    with_card = largest_placements(domains, says, pair)
    if with_card is None:
        return refused(Status.CONTRADICTORY, Code.P3, "P3 no placement")
    alone = largest_placements(s.markers)
    board_short = len(s.markers) - (len(alone[0]) if alone else 0)
    if len(domains) - len(with_card[0]) > board_short:
        return refused(Status.CONTRADICTORY, Code.P3, "P3 deficiency")
    keep = support_of(with_card, domains)
    fixed = determined_by(with_card)

    # P1, P2: an open named building is marked on every space left for it; at most 5.
    new = {b: keep[b] for b in opened}
    if any(len(spaces) > board.markers_per_building for spaces in new.values()):
        return refused(Status.NOT_NOW, Code.P2, "P2 more than 5")
    # P5 (a): no new marker on a space that already holds three.
    before = Counter(x for spaces in s.markers.values() for x in spaces)
    if any(before[x] >= board.max_markers_per_space for v in new.values() for x in v):
        return refused(Status.NOT_NOW, Code.P5, "P5 (a) full space")

    # P6: the effects, tier by tier.
    out = Expected(Status.PLAYABLE)
    out.placed_markers = {(b, x) for b, v in new.items() for x in v}
    left = {b: set(v) for b, v in s.markers.items()}
    left.update({b: set(v) for b, v in new.items()})
    placed = dict(s.placed)

    def take(b: str, x: str, tier: Tier) -> bool:
        if x not in left.get(b, set()):
            return False
        left[b].discard(x)
        assert (b, x) not in out.removed
        out.removed[(b, x)] = tier
        return True

    def build(b: str, x: str, tier: Tier) -> None:
        for y in sorted(left[b] - {x}):
            take(b, y, tier)
        del left[b]  # its last marker goes with the building (S1)
        placed[b] = x
        out.built[b] = (x, tier)
        for c in sorted(left):
            take(c, x, tier)  # displaced: no two buildings share a space

    def where(b: str) -> set[str]:
        return {placed[b]} if b in placed else left.get(b, set())

    def relation_tier(tier: Tier) -> bool:
        """The relation alone: a space of one building with no partner space of the other."""
        if pair is None:
            return False
        a, m, pairs = pair
        any_gone = False
        again = True
        while again:
            again = False
            for x in sorted(where(a)):
                if a not in placed and not any((x, y) in pairs for y in where(m)):
                    again = take(a, x, tier) or again
            for y in sorted(where(m)):
                if m not in placed and not any((x, y) in pairs for x in where(a)):
                    again = take(m, y, tier) or again
            any_gone = any_gone or again
        return any_gone

    # `card`: markers of the named buildings outside what the card allows, and the
    # relation's own consequences.
    for b, spaces in says.items():
        if b not in s.placed and b not in opened:
            for x in sorted(left.get(b, set()) - spaces):
                take(b, x, Tier.CARD)
    relation_tier(Tier.CARD)

    # `cascade`: a building left with one marker that every placement keeps there is built,
    # and displaces the markers on its space; to a fixed point. Then `card` again: what the
    # board alone (the card forgotten) would still keep but the card removes. A building
    # already alone and settled on the board before the card is the board's own claim.
    claimed = {
        b: x for b, x in (determined_by(alone) if alone else {}).items() if len(s.markers[b]) == 1
    }
    while True:
        changed = False
        for b in sorted(left):
            if b in left and len(left[b]) == 1 and b in fixed and b not in claimed:
                assert left[b] == {fixed[b]}
                build(b, fixed[b], Tier.CASCADE)
                changed = True
        changed = relation_tier(Tier.CASCADE) or changed
        if changed:
            continue
        plain = largest_placements({b: frozenset(v) for b, v in left.items()}) or [{}]
        plain_keep = support_of(plain, left)
        needs_card = [
            (b, x) for b in sorted(left) for x in sorted(left[b] & plain_keep[b] - keep[b])
        ]
        for b, x in needs_card:
            take(b, x, Tier.CARD)
        if not needs_card:
            break

    # Self-check of the reading: on what is left, the board alone (STOP) removes exactly
    # what the card does.
    rest = {b: frozenset(v) for b, v in left.items() if v}
    stop = largest_placements(rest)
    assert stop is not None
    assert support_of(stop, rest) == {b: v & keep[b] for b, v in rest.items()}

    # `logic`: everything else no largest placement with the card keeps, and the buildings
    # it leaves determined; the active player takes it unless `logic_to_active` is false.
    if option(s, "logic_to_active", LOGIC_TO_ACTIVE_BY_DEFAULT):
        for b in sorted(left):
            for x in sorted(left[b] - keep[b]):
                take(b, x, Tier.LOGIC)
        for b in sorted(fixed):
            if b in left:
                build(b, fixed[b], Tier.LOGIC)

    marked_before = set(s.markers) | set(new)
    out.retired = {b for b in marked_before if b not in placed and not left.get(b)}
    unneeded = sum(board.markers_per_building - len(v) for v in new.values())
    out.points = len(out.removed) + unneeded + len(out.built)  # S1
    out.placed_after = placed
    out.markers_after = {b: frozenset(v) for b, v in left.items() if v}

    # P4: a card that places no marker and whose own tiers remove and build nothing.
    own = (Tier.CARD, Tier.CASCADE)
    if (
        not out.placed_markers
        and all(t not in own for t in out.removed.values())
        and all(t not in own for _, t in out.built.values())
    ):
        playable = option(
            s, "confirmation_playable", CONFIRMATION_PLAYABLE_BY_DEFAULT[s.edition.id]
        )
        if not playable:
            return refused(Status.CONFIRMATION, Code.P4, "P4 confirmation")
        out.status, out.code = Status.PLAYABLE_CONFIRMATION, Code.P4

    # P5 (b): at most three markers a space at the end of the turn.
    after = Counter(x for v in out.markers_after.values() for x in v)
    if any(n > board.max_markers_per_space for n in after.values()):
        return refused(Status.NOT_NOW, Code.P5, "P5 (b) end of turn")
    return out


# ----- the comparison ------------------------------------------------------------------------


def _record(r: Ruling, expected: Expected) -> None:
    event(f"status: {r.status}")
    event(f"code: {r.reasons[0].code if r.reasons else None}")
    if expected.check:
        event(f"refused by: {expected.check}")
    tiers = sorted({str(t) for t in expected.removed.values()})
    if tiers:
        event(f"removal tiers: {'+'.join(tiers)}")
    if expected.built:
        event(f"built in: {'+'.join(sorted({str(t) for _, t in expected.built.values()}))}")
    if expected.retired:
        event("retires a building")


def check(
    s: GameState, card_no: int, my: str | None, player: str | None, *, record: bool = False
) -> None:
    r = rule_play(s, card_no, my, player)
    expected = oracle(s, card_no, my, player)
    if record:
        _record(r, expected)
    why = (r.status, r.reasons, expected.status, expected.code)
    assert r.status is expected.status, why
    if not expected.status.legal:
        assert r.reasons and r.reasons[0].code is expected.code, why
        assert r.after == s and r.points == 0, why
        assert not (r.markers_placed or r.removed or r.built or r.retired), why
        return
    assert r.reasons[0].code is (expected.code or Code.P6), why
    # P1: the markers placed.
    assert len(set(r.markers_placed)) == len(r.markers_placed)
    assert set(r.markers_placed) == expected.placed_markers
    # P6: every removal, with its tier.
    got = {(x.building, x.space): x.tier for x in r.removed}
    assert len(got) == len(r.removed), r.removed
    gone = {k for k, t in got.items() if t is not Tier.LOGIC}
    want_gone = {k for k, t in expected.removed.items() if t is not Tier.LOGIC}
    assert gone == want_gone, ("card and cascade", gone ^ want_gone, r.removed)
    assert got == expected.removed, ("tiers", set(got.items()) ^ set(expected.removed.items()))
    # L2: the buildings built, with their tiers; K4/A1: the buildings retired.
    assert {b.building: (b.space, b.tier) for b in r.built} == expected.built
    assert len({b.building for b in r.built}) == len(r.built)
    assert set(r.retired) == expected.retired and len(set(r.retired)) == len(r.retired)
    # S1: the points, and the state after.
    assert r.points == expected.points, (r.points, expected.points, r.points_detail)
    after = r.after
    assert dict(after.placed) == expected.placed_after
    assert {b: frozenset(v) for b, v in after.markers.items()} == expected.markers_after
    assert after.retired == s.retired | expected.retired
    who = player or s.active
    assert who is not None
    names = [p.name for p in s.players]
    assert after.active == names[(names.index(who) + 1) % len(names)]
    gone = set(expected.placed_after) | set(after.retired)  # built or retired: out of hands
    for p, q in zip(s.players, after.players, strict=True):
        assert q.buildings == tuple(b for b in p.buildings if b not in gone)
        if p.name == who:
            assert q.points == p.points + expected.points
            assert q.hand == (None if p.hand is None else tuple(c for c in p.hand if c != card_no))
        else:
            assert (q.points, q.hand) == (p.points, p.hand)


@settings(max_examples=examples(800), deadline=None, suppress_health_check=list(HealthCheck))
@given(boards_and_cards(), st.integers(0, 15).map(lambda i: "bob" if i == 7 else None))
def test_rulings_equal_the_independent_oracle(
    case: tuple[GameState, object, str | None], player: str | None
) -> None:
    """Every field of the ruling on a random card; now and then bob plays out of turn."""
    s, _card, my = case
    check(s, 1, my, player, record=True)


# ----- hand-made cases: the oracle's own answers, worked out by hand, then the engine's --------


def test_a_card_settles_a_k4_pair_and_the_loser_is_retired() -> None:
    """K4 (Gads Hill "two markers only on one space"): 1 for the removed marker, 1 built."""
    s = state(
        [card(1, "building", "bank", "spaces(c1)")], markers={"bank": ["c1"], "hotel": ["c1"]}
    )
    e = oracle(s, 1, None, None)
    assert e.status is Status.PLAYABLE
    assert e.built == {"bank": ("c1", Tier.CASCADE)}
    assert e.removed == {("hotel", "c1"): Tier.CASCADE} and e.retired == {"hotel"}
    assert e.points == 2
    check(s, 1, None, None)


@pytest.mark.parametrize("edition", ["gads-hill-1874", "old-town"])
@pytest.mark.parametrize("playable", [None, True, False])
def test_a_confirmation_is_played_or_refused_by_option(edition: str, playable: bool | None) -> None:
    """P4: the default is true in Gads Hill, false in Old Town; the option overrides it."""
    options = {} if playable is None else {"confirmation_playable": playable}
    s = state(
        [card(1, "building", "bank", "spaces(c1, d1)", edition=edition)],
        edition=edition,
        markers={"bank": ["c1", "d1"]},
        options=options,
    )
    allowed = CONFIRMATION_PLAYABLE_BY_DEFAULT[edition] if playable is None else playable
    e = oracle(s, 1, None, None)
    assert e.status is (Status.PLAYABLE_CONFIRMATION if allowed else Status.CONFIRMATION)
    assert e.code is Code.P4 and e.points == 0
    check(s, 1, None, None)


def test_no_marker_onto_a_full_space() -> None:
    """P5 (a): C1 holds three markers, each building with room elsewhere."""
    markers = {"hotel": ["c1", "d1"], "saloon": ["c1", "d2"], "doc": ["c1", "e2"]}
    s = state([card(1, "building", "bank", "spaces(c1, c2)")], markers=markers)
    assert oracle(s, 1, None, None).check == "P5 (a) full space"
    check(s, 1, None, None)


@pytest.mark.parametrize("logic", [True, False])
def test_two_open_buildings_may_bring_a_space_to_four(logic: bool) -> None:
    """P5 (b): C1 holds two markers; the Bank and the Doc may each stand there."""
    both = card(
        1, "condition", "bank", "spaces(c1, d2)", relation="in_sight", my_clue="spaces(c1, c2)"
    )
    s = state(
        [both],
        markers={"hotel": ["c1", "d1"], "saloon": ["c1", "e2"]},
        players=[Player("ann", ("doc",)), Player("bob")],
        options={"logic_to_active": logic},
    )
    assert oracle(s, 1, None, None).check == "P5 (b) end of turn"
    check(s, 1, None, None)
    check(s, 1, "doc", None)


@pytest.mark.parametrize("logic", [True, False])
def test_a_removal_that_needs_the_card_is_in_the_card_tier(logic: bool) -> None:
    """P6: the Bank next to the Hotel, with the Bank on D1 or D2 and the Hotel on E1 or E2:
    only D1-E1 and D2-E2 are next to each other, and D2-E2 leaves no space for the Saloon,
    so the Bank stands on D1 and the Hotel on E1. The Doc's D1 marker goes though no card
    names the Doc: the board alone (D2-E1 would do) keeps it, so it is in the `card` tier."""
    c = card(1, "condition", "bank", "spaces(d1, d2)", relation="next_to", my_clue="spaces(e1, e2)")
    s = state(
        [c],
        markers={
            "bank": ["d1", "d2"],
            "hotel": ["e1", "e2"],
            "saloon": ["d2", "e2"],
            "doc": ["d1", "c3"],
        },
        players=[Player("ann", ("hotel",)), Player("bob")],
        options={"logic_to_active": logic},
    )
    e = oracle(s, 1, None, None)
    assert e.removed == {
        ("bank", "d2"): Tier.CARD,
        ("hotel", "e2"): Tier.CARD,
        ("doc", "d1"): Tier.CARD,
    }
    assert e.built == {
        "bank": ("d1", Tier.CASCADE),
        "hotel": ("e1", Tier.CASCADE),
        "doc": ("c3", Tier.CASCADE),
    }
    assert e.markers_after == {"saloon": frozenset({"d2", "e2"})} and e.points == 6
    check(s, 1, None, None)


@pytest.mark.parametrize("logic", [True, False])
def test_a_lone_marker_already_on_the_board_is_the_boards_own_claim(logic: bool) -> None:
    """P4/P6: a building whose last marker was already alone before the card is a STOP
    claim the board held (L2), not the card's doing: it is built in the `logic` tier, so the
    card that otherwise keeps every marker is a confirmation (Gads Hill plays it), and its
    player scores the building only when `logic_to_active` is true."""
    s = state(
        [card(1, "building", "bank", "spaces(c2, d2)")],
        markers={"bank": ["c2", "d2"], "hotel": ["c1"]},
        options={"logic_to_active": logic},
    )
    e = oracle(s, 1, None, None)
    assert e.status is Status.PLAYABLE_CONFIRMATION
    assert e.built == ({"hotel": ("c1", Tier.LOGIC)} if logic else {})
    assert e.points == (1 if logic else 0)
    check(s, 1, None, None)
