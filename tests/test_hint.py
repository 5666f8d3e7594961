"""The hint finds the best turn: its top action nets as many points as the best of every turn
its brute-force twin (`tests/hint_twin.py`) referees one by one, and every action it lists
is a legal turn with the points the twin gives it. The twin shares no code with the hint nor
with the rulings engine the hint calls: it referees each card, discard and buy itself, by
enumerating placements (the import-linter forbids it `rules/`, `solve/` and the hint)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.hint import Action, hint
from adjudicator.deduction.models.state import GameState, Player
from adjudicator.deduction.rules.play import admissible_my_buildings, rule_play
from tests.budget import examples
from tests.factories import state
from tests.hint_twin import buy_enables, legal_turns
from tests.strategies import AREA


@st.composite
def hinted_states(draw: st.DrawFn) -> GameState:
    edition = draw(st.sampled_from(["old-town", "gads-hill-1874"]))
    ed = load_edition(edition)
    names = list(ed.board.buildings)
    order = draw(st.permutations(names))
    area = AREA[edition]
    spaces = draw(st.permutations(ed.board.building_spaces))
    placed = {b: spaces[i] for i, b in enumerate(order[: draw(st.integers(0, 4))])}
    markers: dict[str, set[str]] = {}
    counts: dict[str, int] = {}
    free = [s for s in area if s not in placed.values()]
    for b in order[len(placed) : len(placed) + draw(st.integers(0, 5))]:
        chosen = {
            s
            for s in draw(st.sets(st.sampled_from(free), min_size=1, max_size=3))
            if counts.get(s, 0) < 3
        }
        for s in chosen:
            counts[s] = counts.get(s, 0) + 1
        if chosen:
            markers[b] = chosen
    rest = [b for b in order if b not in placed]
    mine = tuple(draw(st.lists(st.sampled_from(rest), min_size=0, max_size=2, unique=True)))
    # Most other buildings lie in front of bob, so that only a few can be bought and the
    # twin, which tries every buy at every point of every turn, stays quick.
    beside = draw(st.integers(0, 3))
    others = tuple(b for b in rest if b not in mine)
    bobs = others[beside:]
    # Cards with a my building, which a buy can serve, come up more often.
    cards = sorted(ed.cards.cards)
    mine_cards = [n for n in cards if ed.cards[n].needs_my_building]
    pool = st.sampled_from(cards) | st.sampled_from(mine_cards)
    # Two or three cards most of the time: pairs, discards and buys between cards need them.
    size = draw(st.sampled_from([1, 2, 3, 3]))
    hand = tuple(draw(st.lists(pool, min_size=size, max_size=3, unique=True)))
    points = draw(st.integers(0, 4))
    s = state(
        edition=edition,
        markers=markers,
        placed=placed,
        players=[Player("ann", mine, points, hand), Player("bob", bobs)],
    )
    return GameState(ed, edition, "ann", s.players, s.placed, s.markers)


def _choices(s: GameState, n: int) -> list[str | None]:
    if not s.cards[n].needs_my_building:
        return [None]
    return list(admissible_my_buildings(s, None, s.cards[n])) or [None]


def _key(a: Action) -> tuple[object, ...]:
    """An action of the hint in the twin's terms."""
    if a.kind == "play":
        return ("play", tuple(zip(a.cards, a.as_buildings, strict=True)), a.buy, a.buy_at)
    if a.kind == "discard":
        return ("discard", a.cards, a.take, a.buy, a.buy_at)
    return ("pass", a.buy)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hinted_states())
def test_hint_finds_the_best_turn_of_its_twin(s: GameState) -> None:
    h = hint(s)
    turns = legal_turns(s)
    best = max(turns.values())
    top = h.actions[0]
    event(f"best turn: {top.kind}" + (" with a buy" if top.buy else ""))
    for kind in sorted({_shape(a) for a in h.actions}):
        event(f"lists: {kind}")
    assert top.points == best, (top, best, max(turns, key=turns.__getitem__))
    for a in h.actions:
        assert turns.get(_key(a)) == a.points, (a, turns.get(_key(a)))
        if a.ruling is not None:
            assert a.ruling.playable and a.ruling.points == a.points
    # A turn the hint leaves out has a buy (A2) that is either used by no card of the turn
    # (it nets two less than the same turn without it), or bought before the first card
    # for the second (the same as buying between), or alike to a buy the hint names.
    listed = {_key(a): a for a in h.actions}
    for key, points in turns.items():
        if key in listed:
            continue
        buy = key[-2] if key[0] != "pass" else key[1]
        assert isinstance(buy, str), key
        plain = (*key[:-2], None, 0) if key[0] != "pass" else ("pass", None)
        later = (*key[:-1], 1)
        reps = [buy] + [a.buy for a in h.actions if a.buy is not None and buy in a.alike]
        seen = [listed.get(_swap(k, buy, r)) for k in (key, later) for r in reps]
        assert turns.get(plain) == points + 2 or any(
            a is not None and a.points == points for a in seen
        ), (key, points)
    for u in h.unplayable:
        assert all(not rule_play(s, u.card, my).playable for my in _choices(s, u.card))
    # A pass with a buy (A2) is listed with the cards it lets the player play as the new
    # building, as the twin finds them, and for every building that enables any (itself
    # or as alike to one listed): late in a game it is the way on (issue 38).
    enables = buy_enables(turns)
    passes = {a.buy: a for a in h.actions if a.kind == "pass" and a.buy is not None}
    for b, a in passes.items():
        assert a.enables == enables.get(b) and a.points == -2, (b, a.enables, enables.get(b))
    for b, cards in enables.items():
        if ("pass", b) in turns:
            named = [a for a in passes.values() if a.buy == b or b in a.alike]
            assert named and named[0].enables == cards, (b, cards)


def _shape(a: Action) -> str:
    """The kind of an action, as the statistics count it: every kind should be reached."""
    if a.kind != "play":
        return a.kind
    cards = "one card" if len(a.cards) == 1 else "two cards"
    return f"play, {cards}" + (f", a buy after {a.buy_at}" if a.buy else "")


def _swap(key: tuple[object, ...], old: str, new: str | None) -> tuple[object, ...]:
    """The turn with the bought building `old` read as `new` (as card choices too)."""

    def sub(x: object) -> object:
        if x == old:
            return new
        if isinstance(x, tuple):
            return tuple(sub(y) for y in x)
        return x

    return tuple(sub(x) for x in key)


def test_hint_ranks_a_buy_between_two_cards_when_it_scores_most() -> None:
    """A2 (revision 2): a buy between two cards, paid with the first card's points, lets the
    second card be played as the new building; greedy play takes that turn."""
    from tests.factories import card

    doc = card(1, "building", "doc", "spaces(c1, d1)")
    district = card(2, "district", "my", "spaces(e4)")
    s = state(
        [doc, district],
        markers={"doc": ["c1", "d1", "e2"], "bank": ["c1"]},
        players=[Player("ann", (), 1, (1, 2)), Player("bob")],
    )
    h = hint(s)
    top = h.actions[0]
    assert (top.kind, top.cards, top.buy_at) == ("play", (1, 2), 1), top
    assert top.as_buildings[1] == top.buy
    assert top.points == max(legal_turns(s).values())


def test_hint_for_a_player_not_on_turn_is_what_they_could_do_on_theirs() -> None:
    from adjudicator.deduction.files.editions import data_dir
    from adjudicator.deduction.files.state_file import load_state

    s = load_state(data_dir("examples") / "gads-hill-mid.toml")
    h = hint(s, "ann")
    assert h.player == "ann"
    assert any(a.kind == "play" for a in h.actions)
    assert h.actions[0].points == max(legal_turns(s, "ann").values())


@pytest.mark.parametrize(
    "example", ["old-town-early", "old-town-mid", "gads-hill-early", "gads-hill-late"]
)
def test_every_action_on_the_shipped_examples_has_the_twins_points(example: str) -> None:
    """On the shipped boards, fuller than the drawn ones: every action the hint lists is a
    legal turn of the twin's with the same points, and the first is the twin's best."""
    from adjudicator.deduction.files.editions import data_dir
    from adjudicator.deduction.files.state_file import load_state

    s = load_state(data_dir("examples") / f"{example}.toml")
    h = hint(s)
    turns = legal_turns(s)
    assert h.actions[0].points == max(turns.values())
    assert [(a, turns.get(_key(a))) for a in h.actions if turns.get(_key(a)) != a.points] == []
