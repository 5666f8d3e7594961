"""Black Hills moves as values: the notation writes a move and reads the same move back, a
move's repr pastes back as the move, and every candidate turn the search builds reads
back as itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import adjudicator.black_hills.moves as moves_module
from adjudicator.black_hills.candidates import INVEST_MOST, candidate_turns
from adjudicator.black_hills.data import RESOURCES, load_rules
from adjudicator.black_hills.errors import InvalidTurnError
from adjudicator.black_hills.moves import (
    Discard,
    Event,
    Invest,
    Keep,
    Place,
    Return,
    Rob,
    ShamanCopy,
    ShamanDraw,
    Steal,
    TurnMove,
)
from adjudicator.black_hills.notation import format_turn_move, parse_turn_move
from adjudicator.black_hills.state import BHPlayer, BHState
from tests.budget import examples

RULES = load_rules()
CHARACTERS = sorted(c for c in RULES.characters if c != "shaman")
EVENTS = sorted(RULES.events)
AREAS = sorted(RULES.areas)
NAMES = ["ann", "bob", "cid"]
names = st.sampled_from(NAMES)
resources = st.sampled_from(RESOURCES)
opt = st.none

trades = st.tuples(resources, resources).filter(lambda t: t[0] != t[1])
steals = st.one_of(
    st.builds(Steal, names),
    st.builds(Steal, names, st.sampled_from(EVENTS), st.booleans()),
)
places = st.builds(
    Place,
    st.sampled_from(CHARACTERS),
    opt() | resources,
    opt() | st.sampled_from(AREAS),
    opt() | trades.map(lambda t: f"{t[0]}>{t[1]}"),
    opt() | names,
    opt() | steals,
)
#: An event with what it needs, and nothing else (the notation reads no more).
NEEDS = ("stagecoach", "bank", "reinforcements", "tax-collection")
events = st.one_of(
    st.builds(Event, st.just("stagecoach"), swap=opt() | trades),
    st.builds(Event, st.just("bank"), points=opt() | st.integers(0, 9)),
    st.builds(Event, st.just("reinforcements"), victim=opt() | names),
    st.builds(
        Event,
        st.just("tax-collection"),
        payers=st.lists(st.tuples(names, resources), max_size=3).map(tuple),
    ),
    st.builds(Event, st.sampled_from([e for e in EVENTS if e not in NEEDS])),
)
actions = st.one_of(
    st.builds(Keep, st.lists(st.sampled_from(CHARACTERS), max_size=4).map(tuple)),
    places,
    st.builds(ShamanCopy, places),
    st.builds(ShamanDraw, opt() | places, st.lists(st.sampled_from(CHARACTERS)).map(tuple)),
    st.builds(
        Invest,
        opt() | st.integers(0, 99),
        st.dictionaries(resources, st.integers(0, 9)).map(lambda d: tuple(d.items())),
    ),
    events,
    st.builds(Discard, st.lists(st.sampled_from(EVENTS), max_size=2).map(tuple)),
    st.builds(
        Rob,
        st.lists(st.tuples(names, opt() | resources), min_size=1, max_size=3).map(tuple),
        opt() | st.integers(0, 6),
    ),
    st.builds(
        Return,
        st.lists(st.tuples(names, st.lists(resources, max_size=3).map(tuple)), min_size=1).map(
            tuple
        ),
    ),
)
turn_moves = st.builds(TurnMove, names, st.lists(actions, min_size=1, max_size=4).map(tuple))


@settings(max_examples=examples(300), deadline=None)
@given(turn_moves)
def test_the_notation_reads_back_the_move_it_writes(move: TurnMove) -> None:
    assert parse_turn_move(format_turn_move(move)) == move


@settings(max_examples=examples(100), deadline=None)
@given(turn_moves)
def test_a_moves_repr_pastes_back_as_the_move(move: TurnMove) -> None:
    assert eval(repr(move), vars(moves_module)) == move


def test_lines_of_the_notation_read_as_moves() -> None:
    # the player as written (issue 39): the referee seats `Ann` as the table spells them
    assert parse_turn_move("Ann: colonel at mine steal bob drew=bank; event bank 2") == TurnMove(
        "Ann",
        (Place("colonel", area="mine", steal=Steal("bob", "bank", True)), Event("bank", points=2)),
    )
    assert parse_turn_move("bob: rob ann:gold cid die=2") == TurnMove(
        "bob", (Rob((("ann", "gold"), ("cid", None)), 2),)
    )
    assert parse_turn_move("cid: shaman draw hunter dealt=hunter,miner") == TurnMove(
        "cid", (ShamanDraw(Place("hunter"), ("hunter", "miner")),)
    )
    assert parse_turn_move("ann: preacher; invest 2 gold:1 logs:2") == TurnMove(
        "ann",
        (Place("preacher"), Invest(2, (("gold", 1), ("logs", 2)))),
    )


def test_a_line_not_in_the_notation_is_refused_in_words() -> None:
    for line in ("ann: rob", "ann: rob bob die=x", "ann: invest gold:1 gold:2", "ann: miner at"):
        try:
            parse_turn_move(line)
        except InvalidTurnError as exc:
            assert exc.reason.message
        else:
            raise AssertionError(f"{line!r} read as a move")


def test_every_candidate_turn_reads_back_as_itself() -> None:
    players = [
        BHPlayer("ann", gold=2, logs=2, fur=3, gunmen=1, characters=["colonel", "merchant"],
                 events=["stagecoach"]),
        BHPlayer("bob", gold=1, fur=1, characters=["madam", "gambler"], events=["bank"]),
        BHPlayer("cid", logs=1, characters=["shaman", "indian-chief"], events=["reinforcements"]),
    ]  # fmt: skip
    state = BHState(
        players, "ann", "ann", supply={"gold": 10, "logs": 10, "fur": 10}, jail=1,
        placed=[("bob", "miner", "mine")],
    )  # fmt: skip
    seen = 0
    for who in NAMES:
        for _, move in candidate_turns(state, who, INVEST_MOST):
            assert parse_turn_move(format_turn_move(move)) == move
            seen += 1
    assert seen > 50


#: The rules by topic: they take moves as values; of the notation they use only what
#: writes words (a refusal naming them) and the spelling suggestion.
RULES_MODULES = ("characters", "shaman", "events", "robbery", "round", "turn", "invest")
WRITERS = {"did_you_mean", "place_choices", "format_action"}


def test_no_rule_reads_the_notation() -> None:
    import ast
    from pathlib import Path

    import adjudicator.black_hills as package

    root = Path(package.__file__).parent
    for name in RULES_MODULES:
        tree = ast.parse((root / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module == "adjudicator.black_hills.notation"
            ):
                assert {a.name for a in node.names} <= WRITERS, name


def test_the_shipped_records_lines_read_as_moves_and_back() -> None:
    from adjudicator.black_hills.game.record import read_record
    from adjudicator.black_hills.notation import parse_turn
    from adjudicator.core.data import data_dir

    rec = read_record(data_dir("examples") / "black-hills-table.game")
    assert len(rec.moves) > 20
    for m in rec.moves:
        move = parse_turn_move(m.text)
        assert parse_turn_move(format_turn_move(move)) == move
        assert parse_turn(format_turn_move(move))[0] == parse_turn(m.text)[0]
