"""Black Hills `best_turns` and `most_reputation` against the independent twin
(`tests/black_hills_twin.py`, which shares no code with the referee), on random tables:
the sure turns, and the expectation over the aiming die and the Shaman's draw."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.black_hills.best import Candidate, best_turns, most_reputation
from adjudicator.black_hills.data import load_rules
from adjudicator.black_hills.options import CHOICES, BHOptions
from adjudicator.black_hills.state import BHPlayer, BHState
from tests import black_hills_twin as twin
from tests.budget import examples

RULES = load_rules()
CHARS = sorted(RULES.characters)
EVENTS = sorted(RULES.events)
AREAS = sorted(RULES.areas)


@st.composite
def tables(draw: st.DrawFn) -> BHState:
    """Three players holding two characters each, up to two events, a few resources;
    cards already on the board (some of them the Shaman may copy, some of them ann's), maybe
    an area shut, a Colonel waiting, a Plague or a Safeguard in force; any of the table's
    options."""
    chars = draw(st.permutations(CHARS))
    names = ["ann", "bob", "cid"]
    players = [
        BHPlayer(
            name,
            reputation=draw(st.integers(0, 4)),
            gold=draw(st.integers(0, 3)),
            logs=draw(st.integers(0, 3)),
            fur=draw(st.integers(0, 3)),
            gunmen=draw(st.integers(0, 1)),
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
        placed.append((draw(st.sampled_from(names)), cid, area))
    # The face-down characters: some discarded this round, some left over at the deal.
    face_down = [c for c in chars[6:] if c not in on_board]
    leftover = draw(st.lists(st.sampled_from(face_down), max_size=4, unique=True))
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
        discarded=[c for c in face_down if c not in leftover],
        leftover=leftover,
        placed=placed,
        closed=closed,
        colonel=draw(
            st.lists(st.tuples(st.sampled_from(AREAS), st.sampled_from(names)), max_size=1)
        ),
        plague=draw(st.sampled_from([None, "ann", "bob"])),
        safeguard=draw(st.lists(st.sampled_from(names), max_size=1)),
        protected=draw(st.lists(st.sampled_from(names[1:]), max_size=2, unique=True)),
        turns={"bob": 1},
        options=BHOptions(
            safeguard=draw(st.sampled_from(CHOICES["safeguard"])),
            colonel_block=draw(st.sampled_from(CHOICES["colonel-block"])),
            first_bonus=draw(st.sampled_from(CHOICES["first-bonus"])),
            colonel_steal=draw(st.sampled_from(CHOICES["colonel-steal"])),
            shaman_pool=draw(st.sampled_from(CHOICES["shaman-pool"])),
        ),
    )


def _sure(ranked: list[Candidate]) -> list[tuple[str, tuple[int, int]]]:
    """The keys of turns chance does not decide: whole numbers, checked to be."""
    out = []
    for c in ranked:
        rep, kept = c.key
        assert rep.denominator == kept.denominator == 1 and not c.outcomes
        out.append((c.character, (int(rep), int(kept))))
    return out


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_best_turns_equal_the_independent_twin(s: BHState) -> None:
    expected = twin.best_turns(s, "ann")
    assert _sure(best_turns(s, chance=False)) == expected
    best = most_reputation(s, "ann")
    assert _sure([best] if best else []) == (
        [max(expected, key=lambda e: e[1])] if expected else []
    )


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
    assert _sure(best_turns(s, chance=False)) == twin.best_turns(s, "bob")


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_expected_reputation_equals_the_twins_own_enumeration(s: BHState) -> None:
    """Robberies (the die's faces) and the Shaman's draw (every deal of four) by exact
    expectation: `best` and the twin's expectimax agree on every character's value."""
    ranked = best_turns(s)
    assert [(c.character, c.key) for c in ranked] == twin.expected_turns(s, "ann")
    for c in ranked:  # the distribution is a distribution, and its mean is the expectation
        assert sum(c.distribution.values()) == 1
        assert sum(k * p for k, p in c.distribution.items()) == c.expected_reputation


def _robber() -> BHState:
    """ann holds a gunman, a Preacher and the Bank; bob 2 gold, cid 1 gold and 2 logs."""
    ann = BHPlayer(
        "ann", gold=1, logs=1, gunmen=1, characters=["preacher", "hunter"], events=["bank"]
    )
    bob = BHPlayer("bob", gold=2, fur=3, logs=1, characters=["miner", "tracker"])
    cid = BHPlayer("cid", gold=1, logs=2, characters=["lumberjack", "madam"])
    return BHState(
        players=[ann, bob, cid],
        active="ann",
        sheriff="ann",
        supply={"gold": 10, "logs": 10, "fur": 10},
        jail=0,
    )


def test_a_robbery_is_ranked_by_its_expectation_over_the_die() -> None:
    """Die 0, 1, 1, 2, 2, 3 (RULINGS-black-hills BH-DATA-DIE). Robbing gold, then the Bank
    (2 gold a point): 1 gold held, so a face of 0 buys nothing, 1 or 2 one point (2 or 3
    gold), 3 two points (bob's 2 gold and cid's 1: 4 gold). Expected: 1/6*0 + 4/6*1 +
    1/6*2 = 1, by hand."""
    preacher = next(c for c in best_turns(_robber()) if c.character == "preacher")
    assert preacher.expected_reputation == 1
    assert preacher.distribution == {0: Fraction(1, 6), 1: Fraction(2, 3), 2: Fraction(1, 6)}
    assert [o.chance for o in preacher.outcomes] == ["die 0", "die 1", "die 2", "die 3"]
    assert "rob bob:gold bob:gold cid:gold die=3" in preacher.outcomes[3].text
    # Without chance, the sure best of the Preacher is no reputation at all.
    sure = next(c for c in best_turns(_robber(), chance=False) if c.character == "preacher")
    assert sure.key[0] == 0


def test_a_protected_player_is_not_robbed_in_the_expectation() -> None:
    """Protection: "Cannot be attacked by gunmen during this round." With bob protected,
    only cid's 1 gold can be robbed: 1 + 1 = 2 gold, one point, whenever the die is not 0."""
    s = replace(_robber(), protected=("bob",))
    preacher = next(c for c in best_turns(s) if c.character == "preacher")
    assert preacher.distribution == {0: Fraction(1, 6), 1: Fraction(5, 6)}
    assert all("bob" not in o.text.split("rob")[1].split(";")[0] for o in preacher.outcomes)
