"""Black Hills `best_turns` and `most_reputation` against the independent twin
(`tests/black_hills_twin.py`, which shares no code with the referee), on random tables."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.black_hills.best import best_turns, most_reputation
from adjudicator.black_hills.data import load_rules
from adjudicator.black_hills.state import BHPlayer, BHState
from tests import black_hills_twin as twin

RULES = load_rules()
CHARS = sorted(RULES.characters)
EVENTS = sorted(RULES.events)
AREAS = sorted(RULES.areas)


@st.composite
def tables(draw: st.DrawFn) -> BHState:
    """Three players holding two characters each, up to two events, a few resources;
    cards already on the board (some of them the Shaman may copy), maybe an area shut,
    a Plague or a Safeguard in force."""
    chars = draw(st.permutations(CHARS))
    names = ["ann", "bob", "cid"]
    players = [
        BHPlayer(
            name,
            reputation=draw(st.integers(0, 4)),
            gold=draw(st.integers(0, 3)),
            logs=draw(st.integers(0, 3)),
            fur=draw(st.integers(0, 3)),
            gunmen=draw(st.integers(0, 1)) if name != "ann" else 0,
            characters=list(chars[2 * i : 2 * i + 2]),
            events=draw(st.lists(st.sampled_from(EVENTS), max_size=2, unique=True)),
        )
        for i, name in enumerate(names)
    ]
    on_board = draw(st.lists(st.sampled_from(chars[6:]), max_size=3, unique=True))
    placed = []
    for cid in on_board:
        card = RULES.characters[cid]
        area = card.gather[0][0] if card.gather else draw(st.sampled_from(AREAS))
        if card.area == "city":
            area = "city"
        placed.append((draw(st.sampled_from(names[1:])), cid, area))
    supply = {r: draw(st.integers(0, 4)) for r in ("gold", "logs", "fur")}
    closed = {
        r: draw(st.sampled_from(names))
        for r in draw(st.lists(st.sampled_from(["gold", "logs", "fur"]), max_size=1))
    }
    return BHState(
        players=players,
        active="ann",
        sheriff="ann",
        supply=supply,
        jail=draw(st.integers(0, 1)),
        discarded=[c for c in chars[6:] if c not in on_board],
        placed=placed,
        closed=closed,
        plague=draw(st.sampled_from([None, "ann", "bob"])),
        safeguard=draw(st.lists(st.sampled_from(names), max_size=1)),
        turns={"bob": 1},
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_best_turns_equal_the_independent_twin(s: BHState) -> None:
    expected = twin.best_turns(s, "ann")
    assert [(c.character, c.key) for c in best_turns(s)] == expected
    best = most_reputation(s, "ann")
    assert (best.key if best else None) == (max(k for _, k in expected) if expected else None)


def test_the_twin_sees_the_colonels_stolen_bank() -> None:
    bob = BHPlayer("bob", gold=4, characters=["colonel", "hunter"])
    ann = BHPlayer("ann", characters=["miner", "madam"], events=["bank"])
    s = BHState(
        players=[bob, ann],
        active="bob",
        sheriff="bob",
        supply={"gold": 10, "logs": 10, "fur": 10},
        jail=0,
    )
    assert dict(twin.best_turns(s, "bob"))["colonel"] == (2, 0)
    assert [(c.character, c.key) for c in best_turns(s)] == twin.best_turns(s, "bob")
