"""The hint lists exactly the legal actions its twin finds by ruling on every candidate one by
one with the public rulings functions, with the same points, best first."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.editions import load_edition
from adjudicator.hint import action_keys, hint, naive_actions
from adjudicator.play import admissible_my_buildings, rule_play
from adjudicator.ruling import Status
from adjudicator.state import GameState, Player
from tests.factories import state
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
    hand = tuple(
        draw(st.lists(st.sampled_from(sorted(ed.cards.cards)), min_size=0, max_size=3, unique=True))
    )
    points = draw(st.integers(0, 4))
    s = state(
        edition=edition,
        markers=markers,
        placed=placed,
        players=[Player("ann", mine, points, hand), Player("bob")],
    )
    return GameState(ed, edition, "ann", s.players, s.placed, s.markers)


def _choices(s: GameState, n: int) -> list[str | None]:
    if not s.cards[n].needs_my_building:
        return [None]
    return list(admissible_my_buildings(s, None, s.cards[n])) or [None]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hinted_states())
def test_hint_equals_rulings_one_by_one(s: GameState) -> None:
    h = hint(s)
    assert action_keys(h) == naive_actions(s)
    for a in h.actions:
        if a.ruling is not None:
            assert a.ruling.playable and a.ruling.points == a.points
    keys = [a.sort_key() for a in h.actions]
    assert keys == sorted(keys)  # best first
    for u in h.unplayable:
        assert all(
            rule_play(s, u.card, my).status is not Status.PLAYABLE for my in _choices(s, u.card)
        )


def test_hint_for_a_player_not_on_turn_is_what_they_could_do_on_theirs() -> None:
    from adjudicator.editions import data_dir
    from adjudicator.state_file import load_state

    s = load_state(data_dir("examples") / "gads-hill-mid.toml")
    h = hint(s, "ann")
    assert h.player == "ann"
    assert any(a.kind == "play" for a in h.actions)
    assert action_keys(h) == naive_actions(s, "ann")
