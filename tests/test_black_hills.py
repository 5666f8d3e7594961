"""Black Hills: the data, the turn referee's rules, and the investing and best-turn
procedures against their brute-force twins."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.black_hills.best import best_turns, most_reputation
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.data import load_rules
from adjudicator.black_hills.errors import IllegalTurnError, InvalidTurnError, TurnError
from adjudicator.black_hills.events import EVENTS as EVENT_EFFECTS
from adjudicator.black_hills.invest import (
    Means,
    _search,
    best_payment,
    best_payment_brute_force,
    best_payment_cpsat,
)
from adjudicator.black_hills.notation import parse_turn
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState, load_bh_state, state_from
from adjudicator.black_hills.verdict import Reason, Verdict
from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.core.errors import AdjudicatorError, InputError, RulesError
from adjudicator.core.result import CodedReason, Result
from tests import black_hills_twin as twin
from tests.budget import examples

runner = CliRunner()
EXAMPLE = data_dir("examples") / "black-hills-round1.toml"
RULES = load_rules()
VALUE = RULES.value


def make(
    players: list[BHPlayer], supply: dict[str, int] | None = None, jail: int = 0, **kw: Any
) -> BHState:
    return BHState(
        players=players,
        active=players[0].name,
        sheriff=players[0].name,
        supply=dict(supply or {"gold": 10, "logs": 10, "fur": 10}),
        jail=jail,
        **kw,
    )


def two(**ann: Any) -> BHState:
    return make([BHPlayer("ann", **ann), BHPlayer("bob", characters=["miner", "madam"])])


def test_the_cards_and_board() -> None:
    assert len(RULES.characters) == 16 and len(RULES.events) == 17
    assert RULES.areas == {"plain": "fur", "forest": "logs", "mine": "gold", "city": None}
    groups = [c.group for c in RULES.characters.values()]
    assert groups.count("adventurer") == 8 and groups.count("settler") == 4


def test_first_card_in_an_area_takes_two_later_ones_one_limited_by_the_supply() -> None:
    s = two(characters=["miner", "engineer"])
    v = referee_text(s, "ann: miner")
    assert v.legal and v.state is not None and v.state.player("ann").gold == 2
    v2 = referee_text(v.state, "bob: miner")
    assert v2.state is not None and v2.state.player("bob").gold == 1
    poor = make(
        [BHPlayer("ann", characters=["miner", "engineer"]), BHPlayer("bob")],
        supply={"gold": 1, "logs": 10, "fur": 10},
    )
    v3 = referee_text(poor, "ann: miner")
    assert v3.state is not None and v3.state.player("ann").gold == 1


def test_colonel_blocks_the_next_card_unless_safeguard() -> None:
    s = make(
        [
            BHPlayer("ann", characters=["colonel", "hunter"]),
            BHPlayer("bob", characters=["miner", "madam"], events=["safeguard"], gold=1),
        ]
    )
    v = referee_text(s, "ann: colonel at mine")
    assert v.legal and v.state is not None
    blocked = referee_text(v.state, "bob: miner")
    assert blocked.state is not None and blocked.state.player("bob").gold == 1  # as before
    assert any("blocks it" in line for line in blocked.log)
    safe = referee_text(v.state, "bob: event safeguard; miner")
    # Safeguard costs 1 gold; the Miner is not first in the Mine (the Colonel is): +1.
    assert safe.state is not None and safe.state.player("bob").gold == 1


def test_mine_collapse_shuts_the_mine_to_the_others() -> None:
    s = make(
        [
            BHPlayer("ann", characters=["miner", "engineer"], events=["mine-collapse"]),
            BHPlayer("bob", characters=["miner", "madam"]),
        ]
    )
    v = referee_text(s, "ann: event mine-collapse; engineer")
    assert v.state is not None and v.state.player("ann").gold == 3
    v2 = referee_text(v.state, "bob: miner")
    assert v2.state is not None and v2.state.player("bob").gold == 0


def test_plague_stops_investing_by_characters_but_not_its_player() -> None:
    s = make(
        [
            BHPlayer("ann", characters=["preacher", "hunter"], events=["plague"], gold=1, fur=3),
            BHPlayer("bob", characters=["merchant", "madam"], fur=3),
        ]
    )
    v = referee_text(s, "ann: event plague; preacher; invest")
    assert v.legal and v.state is not None and v.state.player("ann").reputation == 1
    refused = referee_text(v.state, "bob: merchant; invest")
    assert not refused.legal and refused.code is Code.PLAGUE
    assert "Plague" in refused.reasons[0].message


def test_events_one_a_turn_none_after_discarding_and_a_hand_of_two() -> None:
    s = two(characters=["miner", "hunter"], events=["stolen-gold", "bearskins"])
    two_events = referee_text(s, "ann: miner; event stolen-gold; event bearskins")
    assert not two_events.legal and two_events.code is Code.ONE_EVENT
    after_discard = referee_text(s, "ann: discard event bearskins; event stolen-gold; miner")
    assert not after_discard.legal and after_discard.code is Code.EVENT_OR_DISCARD
    assert referee_text(s, "ann: discard event bearskins; miner").legal
    bad = {
        "game": "black-hills",
        "active": "ann",
        "sheriff": "ann",
        "supply": {"gold": 10, "logs": 10, "fur": 10},
        "players": [{"name": "ann", "events": ["bank", "plague", "storm"]}, {"name": "bob"}],
    }
    try:
        state_from(bad, "s.toml")
    except Exception as exc:
        assert "at most 2 events" in str(exc)
    else:
        raise AssertionError("three events accepted")


def test_robbery_protection_and_the_die() -> None:
    s = make(
        [
            BHPlayer("ann", characters=["outlaw", "hunter"]),
            BHPlayer("bob", gold=2, fur=1, events=["protection"]),
            BHPlayer("cid", gold=1, logs=3),
        ],
        jail=3,
    )
    v = referee_text(s, "ann: outlaw; rob bob die=2")
    assert v.state is not None
    assert v.state.player("ann").gold == 1 + 2 and v.state.player("bob").gold == 0
    assert v.state.jail == 3  # the gunman came out and went back
    prot = referee_text(dataclasses.replace(s, protected=["bob"]), "ann: outlaw; rob bob die=1")
    assert not prot.legal and prot.code is Code.PROTECTION
    assert "protected" in prot.reasons[0].message
    no_gunman = referee_text(s, "ann: hunter; rob bob die=1")
    assert not no_gunman.legal and no_gunman.code is Code.GUNMAN


def test_round_end_returns_resources_deals_and_passes_the_badge() -> None:
    s = make(
        [
            BHPlayer("ann", characters=["sheriff"], gold=4, logs=3),
            BHPlayer("bob", characters=["hunter"], events=["storm", "plague"]),
        ],
        seed=3,
        event_deck=["bank", "bearskins"],
    )
    s = replace(s, turns={"ann": 1, "bob": 2}, active="ann", sheriff="bob")
    v = referee_text(s, "ann: sheriff")
    assert v.legal and v.state is not None
    after = v.state
    assert after.round == 2 and after.sheriff == "ann" and after.active == "ann"
    assert after.player("ann").resources == 5 and after.player("ann").gold == 4
    assert all(len(p.characters) == 4 for p in after.players)
    assert after.player("ann").events == ("bank",) and after.event_deck == ("bearskins",)
    keep = referee_text(after, "ann: miner")
    assert not keep.legal and keep.code is Code.KEEP and "keep 2" in keep.reasons[0].message


def test_the_game_ends_at_five() -> None:
    s = two(characters=["sheriff", "hunter"], reputation=4, gold=3, events=["passionate-speech"])
    v = referee_text(s, "ann: sheriff; invest")
    assert v.state is not None and v.state.winner == "ann" and v.state.player("ann").reputation == 5
    again = referee_text(v.state, "bob: miner")
    assert not again.legal and again.code is Code.GAME_END
    assert "the game is over" in again.reasons[0].message


def test_turn_order_and_one_character() -> None:
    s = two(characters=["miner", "hunter"], events=["stolen-gold"])
    for text, code, words in [
        ("bob: miner", Code.TURN_ORDER, "it is ann's turn"),
        ("ann: miner; hunter", Code.ONE_CHARACTER, "one character a turn"),
        ("ann: invest; miner", Code.ORDER, "place a Settler or the Sheriff"),
        ("ann: event stolen-gold", Code.MANDATORY, "places a character"),
    ]:
        v = referee_text(s, text)
        assert not v.legal and v.code is code and words in v.reasons[0].message, text


# Every rule the referee refuses by, with a turn it refuses and a word of the reason.
REFUSALS: list[tuple[Code, Callable[[], BHState], str, str]] = [
    (Code.NOTATION, lambda: two(characters=["miner", "hunter"]), "garbage", "write a turn"),
    (Code.PLAYERS, lambda: two(characters=["miner", "hunter"]), "zed: miner", "no player"),
    (
        Code.KEEP,
        lambda: two(characters=["miner", "hunter", "outlaw", "sheriff"]),
        "ann: miner",
        "keep",
    ),
    (Code.TURN_ORDER, lambda: two(characters=["miner", "hunter"]), "bob: miner", "ann's turn"),
    (Code.ORDER, lambda: two(characters=["miner", "hunter"]), "ann: invest; miner", "first"),
    (
        Code.TAX,
        lambda: two(characters=["miner", "hunter"], events=["tax-collection"], gold=1),
        "ann: miner; event tax-collection bob:logs",
        "no logs",
    ),
    (
        Code.ORDER,
        lambda: two(characters=["colonel", "hunter"]),
        "ann: steal bob; hunter",
        "Colonel",
    ),
    (
        Code.MANDATORY,
        lambda: two(characters=["miner", "hunter"], events=["stolen-gold"]),
        "ann: event stolen-gold",
        "mandatory",
    ),
    (Code.ONE_CHARACTER, lambda: two(characters=["miner", "hunter"]), "ann: miner; hunter", "one"),
    (Code.HAND, lambda: two(characters=["miner", "hunter"]), "ann: sheriff", "not in your hand"),
    (
        Code.HAND,
        lambda: two(characters=["miner", "hunter"]),
        "ann: miner; event bank",
        "not in your hand",
    ),
    (Code.AREA, lambda: two(characters=["miner", "hunter"]), "ann: hunter at mine", "not placed"),
    (
        Code.ROUND_END,
        lambda: two(characters=["miner", "hunter"], gold=6),
        "ann: miner; return ann:gold",
        "ends the round",
    ),
    (Code.INVEST, lambda: two(characters=["miner", "hunter"]), "ann: miner; invest", "cannot"),
    (
        Code.INVEST,
        lambda: two(characters=["merchant", "hunter"]),
        "ann: merchant; invest",
        "nothing",
    ),
    (
        Code.MERCHANT,
        lambda: two(characters=["merchant", "hunter"]),
        "ann: merchant fur>logs",
        "needs 1 fur",
    ),
    (Code.STEAL, lambda: two(characters=["gambler", "hunter"]), "ann: gambler from ann", "another"),
    (
        Code.SHERIFF,
        lambda: two(characters=["sheriff", "hunter"], logs=6),
        "ann: sheriff; invest; invest",
        "once a turn",
    ),
    (
        Code.COLONEL,
        lambda: two(characters=["colonel", "hunter"], events=["bank", "storm"]),
        "ann: colonel at mine; steal bob",
        "holding two",
    ),
    (Code.SHAMAN, lambda: two(characters=["shaman", "hunter"]), "ann: shaman copy miner", "on top"),
    (
        Code.EVENT_COST,
        lambda: two(characters=["miner", "hunter"], events=["passionate-speech"]),
        "ann: hunter; event passionate-speech",
        "costs 2 gold",
    ),
    (
        Code.ONE_EVENT,
        lambda: two(characters=["miner", "hunter"], events=["stolen-gold", "bearskins"]),
        "ann: miner; event stolen-gold; event bearskins",
        "one event",
    ),
    (
        Code.EVENT_OR_DISCARD,
        lambda: two(characters=["miner", "hunter"], events=["stolen-gold", "bearskins"]),
        "ann: discard event bearskins; event stolen-gold; miner",
        "after discarding",
    ),
    (
        Code.DISCARD,
        lambda: two(characters=["miner", "hunter"], events=["bank"]),
        "ann: discard event plague; miner",
        "one or two",
    ),
    (Code.GUNMAN, lambda: two(characters=["miner", "hunter"]), "ann: miner; rob bob", "gunman"),
    (
        Code.ONE_ROBBERY,
        lambda: two(characters=["miner", "hunter"], gunmen=2),
        "ann: miner; rob bob die=1; rob bob die=1",
        "one robbery",
    ),
    (
        Code.AIMING_DIE,
        lambda: two(characters=["miner", "hunter"], gunmen=1),
        "ann: miner; rob bob die=9",
        "die shows",
    ),
    (
        Code.ROBBERY,
        lambda: two(characters=["miner", "hunter"], gunmen=1),
        "ann: miner; rob ann die=1",
        "another",
    ),
    (
        Code.TWO_VICTIMS,
        lambda: make(
            [
                BHPlayer("ann", characters=["miner"], gunmen=1),
                BHPlayer("bob", gold=1),
                BHPlayer("cid", gold=1),
                BHPlayer("dan", gold=1),
            ]
        ),
        "ann: miner; rob bob cid dan die=3",
        "one player or two players",
    ),
    (
        Code.PROTECTION,
        lambda: make(
            [BHPlayer("ann", characters=["miner"], gunmen=1), BHPlayer("bob")], protected=["bob"]
        ),
        "ann: miner; rob bob die=1",
        "protected",
    ),
    (
        Code.STAGECOACH,
        lambda: two(characters=["miner", "hunter"], events=["stagecoach"]),
        "ann: miner; event stagecoach fur>gold",
        "no fur",
    ),
    (
        Code.BANK,
        lambda: two(characters=["miner", "hunter"], events=["bank"]),
        "ann: hunter; event bank",
        "nothing",
    ),
    (
        Code.PLAGUE,
        lambda: make(
            [BHPlayer("ann", characters=["merchant"], fur=3), BHPlayer("bob")], plague="bob"
        ),
        "ann: merchant; invest",
        "Plague",
    ),
    (
        Code.SAFEGUARD,
        lambda: make(
            [BHPlayer("ann", characters=["colonel"]), BHPlayer("bob", events=["bank"])],
            safeguard=["bob"],
        ),
        "ann: colonel at mine steal bob",
        "Safeguard",
    ),
    (
        Code.REINFORCEMENTS,
        lambda: two(characters=["miner", "hunter"], events=["reinforcements"], gold=1),
        "ann: miner; event reinforcements bob",
        "no gunman",
    ),
    (
        Code.GAME_END,
        lambda: make([BHPlayer("ann", characters=["miner"]), BHPlayer("bob")], winner="bob"),
        "ann: miner",
        "game is over",
    ),
]


@pytest.mark.parametrize(("code", "state", "text", "word"), REFUSALS)
def test_each_refusal_cites_its_rule(
    code: Code, state: Callable[[], BHState], text: str, word: str
) -> None:
    s = state()
    v = referee_text(s, text)
    assert not v.legal and v.code is code and len(v.reasons) == 1, v.reasons
    assert word in v.reasons[0].message
    assert v.after is s and v.state is None  # a refused turn leaves the state as it was


def test_every_code_is_cited_by_some_refusal() -> None:
    assert {code for code, *_ in REFUSALS} == set(Code)
    assert all(c.value.startswith("BH-") for c in Code)


def test_the_order_rule_cites_its_code() -> None:
    s = two(characters=["sheriff", "hunter"], gold=3)
    v = referee_text(s, "ann: invest; sheriff")
    assert v.reasons == (
        Reason(Code.ORDER, "place a Settler or the Sheriff first: only they invest"),
    )
    assert str(v.reasons[0]).startswith("BH-ORDER: ")
    assert referee_text(s, "ann: sheriff; invest").legal


def test_a_verdict_is_a_result_with_coded_reasons() -> None:
    s = two(characters=["miner", "hunter"])
    for v in (referee_text(s, "ann: miner"), referee_text(s, "ann: miner; rob bob")):
        result: Result = v
        assert isinstance(result, Result) and isinstance(v, Verdict)
        assert all(isinstance(r, CodedReason) for r in result.reasons)
    legal = referee_text(s, "ann: miner")
    assert legal.reasons == () and legal.code is None and legal.state is legal.after
    assert legal.after is not s and legal.after.player("ann").gold == 2


def test_turn_errors_are_typed_and_carry_their_code() -> None:
    with pytest.raises(InvalidTurnError) as bad:
        parse_turn("no colon here")
    assert isinstance(bad.value, InputError) and isinstance(bad.value, TurnError)
    assert bad.value.code is Code.NOTATION and "write a turn" in str(bad.value)
    illegal = IllegalTurnError(Code.GUNMAN, "a robbery needs a gunman")
    assert isinstance(illegal, RulesError) and isinstance(illegal, AdjudicatorError)
    assert illegal.reason == Reason(Code.GUNMAN, "a robbery needs a gunman")
    assert not isinstance(illegal, InputError) and not isinstance(bad.value, RulesError)


def test_the_event_table_has_one_entry_per_event_card() -> None:
    assert set(EVENT_EFFECTS) == set(RULES.events)


def test_cli_turn_shows_the_code(tmp_path: Path) -> None:
    r = runner.invoke(app, ["black-hills", "turn", str(EXAMPLE), "ann: miner; rob bob", "--json"])
    data = json.loads(r.stdout)
    assert data["reasons"] == [
        {"code": "BH-GUNMAN", "message": "a robbery needs a gunman (the Outlaw or a Jailbreak)"}
    ]
    assert set(data) == {
        "legal",
        "player",
        "reasons",
        "log",
        "reputation_gained",
        "payments",
        "state",
    }
    human = runner.invoke(app, ["black-hills", "turn", str(EXAMPLE), "ann: miner; rob bob"])
    assert human.exit_code == 0 and "refused (BH-GUNMAN): a robbery needs a gunman" in human.stdout
    # A turn not written in the notation is bad input: one line, exit 1 (the referee's
    # verdict still says BH-NOTATION to a caller that asks it directly).
    r = runner.invoke(app, ["black-hills", "turn", str(EXAMPLE), "no colon", "--json"])
    assert r.exit_code == 1 and r.stdout == "" and "write a turn" in r.stderr
    missing = runner.invoke(app, ["black-hills", "turn", str(tmp_path / "none.toml"), "ann: miner"])
    assert missing.exit_code == 1 and len(missing.stderr.strip().splitlines()) == 1


def test_the_merchant_trades_through_the_supply() -> None:
    s = make(
        [BHPlayer("ann", characters=["merchant", "hunter"], fur=3), BHPlayer("bob", logs=10)],
        supply={"gold": 10, "logs": 0, "fur": 7},
    )
    v = referee_text(s, "ann: merchant fur>logs")
    assert not v.legal and v.code is Code.MERCHANT
    assert "supply has no 2 logs" in v.reasons[0].message
    ok = referee_text(s, "ann: merchant fur>gold")
    assert ok.state is not None and ok.state.supply["fur"] == 9 and ok.state.supply["gold"] == 9


def test_a_shaman_copy_meets_the_colonel_and_the_colonel_steals_as_its_own_action() -> None:
    s = make(
        [
            BHPlayer("ann", characters=["colonel", "hunter"]),
            BHPlayer("bob", characters=["shaman", "madam"], events=["bank"]),
            BHPlayer("cid", characters=["miner"]),
        ]
    )
    v = referee_text(s, "ann: colonel at forest; steal bob")
    assert v.legal and v.state is not None and v.state.player("ann").events == ("bank",)
    # cid's Miner (with Safeguard) lies on top in the Mine while ann's Colonel still waits.
    waiting = make(
        [BHPlayer("ann"), BHPlayer("bob", characters=["shaman", "madam"]), BHPlayer("cid")]
    )
    waiting = replace(
        waiting,
        active="bob",
        placed=(("ann", "colonel", "mine"), ("cid", "miner", "mine")),
        colonel=(("mine", "ann"),),
    )
    copy = referee_text(waiting, "bob: shaman copy miner")
    assert copy.state is not None and copy.state.player("bob").gold == 0
    assert any("blocks it" in line for line in copy.log)


def test_the_shaman_draws_four_from_the_discards() -> None:
    s = make(
        [BHPlayer("ann", characters=["shaman", "hunter"]), BHPlayer("bob")],
        discarded=["miner", "engineer", "preacher", "gambler", "outlaw", "madam"],
        seed=1,
    )
    drawn = [
        c
        for c in s.discarded
        if referee_text(
            s, f"ann: shaman draw {c}" + (" from bob" if c in ("gambler", "madam") else "")
        ).legal
    ]
    assert len(drawn) <= 4


def test_odd_input_is_refused_not_a_crash() -> None:
    s = make(
        [
            BHPlayer("ann", characters=["outlaw", "merchant"], events=["plague"], gold=2),
            BHPlayer("bob", gold=3),
        ],
        jail=1,
    )
    for text, code in [
        ("ann: outlaw; rob bob:diamonds die=1", Code.NOTATION),
        ("ann: outlaw; rob bob die=²", Code.NOTATION),
        ("ann: merchant; invest ²", Code.NOTATION),
        ("ann: discard plague plague; outlaw", Code.DISCARD),
        ("ann: outlaw; rob bob die=-1", Code.NOTATION),
    ]:
        v = referee_text(s, text)
        assert not v.legal and v.code is code and len(v.reasons) == 1, text


def test_a_robbery_spends_the_whole_die_across_its_victims() -> None:
    s = make(
        [
            BHPlayer("ann", characters=["outlaw", "hunter"]),
            BHPlayer("bob", gold=1),
            BHPlayer("cid", fur=2),
        ],
        jail=3,
    )
    v = referee_text(s, "ann: outlaw; rob bob cid die=3")
    assert v.state is not None
    assert v.state.player("bob").gold == 0 and v.state.player("cid").fur == 0


def test_invest_finds_gathering_before_the_bank() -> None:
    s = make([BHPlayer("ann", characters=["miner", "hunter"], events=["bank"]), BHPlayer("bob")])
    best = most_reputation(s, "ann")
    assert best is not None and best.verdict.reputation_gained == 1
    assert "miner" in best.text and "event bank" in best.text


def test_state_files_keep_the_event_deck_and_refuse_a_card_in_two_places(
    tmp_path: Path,
) -> None:
    state = load_bh_state(EXAMPLE)
    assert state.event_deck[:2] == ("storm", "plague")
    bad = EXAMPLE.read_text().replace('discarded = ["hunter"', 'discarded = ["miner"')
    path = tmp_path / "bad.toml"
    path.write_text(bad)
    r = runner.invoke(app, ["state", "check", str(path)])
    assert r.exit_code == 1 and "'miner' is both in" in r.stderr


HOLDINGS = st.fixed_dictionaries({r: st.integers(0, 7) for r in ("gold", "logs", "fur")})
MEANS = st.builds(
    Means, st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.integers(1, 5)
)


@settings(max_examples=examples(300), deadline=None)
@given(HOLDINGS, MEANS)
def test_investing_equals_its_twin(holding: dict[str, int], means: Means) -> None:
    a = best_payment(holding, means, VALUE)
    b = best_payment_brute_force(holding, means, VALUE)
    worth = sum(VALUE[r] * a.kept[r] for r in a.kept)
    assert (a.points, worth) == (b.points, sum(VALUE[r] * b.kept[r] for r in b.kept))
    paid = a.paid()
    assert all(paid[r] + a.kept[r] >= 0 for r in paid)


SUPPLIES = st.fixed_dictionaries({r: st.integers(0, 3) for r in ("gold", "logs", "fur")})


@settings(max_examples=examples(300), deadline=None)
@given(HOLDINGS, MEANS, st.none() | SUPPLIES)
def test_investing_pays_as_cp_sat_does(
    holding: dict[str, int], means: Means, supply: dict[str, int] | None
) -> None:
    """The direct search (CP-SAT only where two payments are best alike) makes CP-SAT's
    very payment, its trade and split too: the referee pays as it always did."""
    means = replace(means, supply=supply)
    assert best_payment(holding, means, VALUE) == best_payment_cpsat(holding, means, VALUE)


def test_a_tie_is_cp_sats_to_break() -> None:
    # A Settler's point for 1 gold + 2 logs or for 3 fur: the same worth kept either way.
    holding, means = {"gold": 1, "logs": 2, "fur": 3}, Means(settler=True, cap=1)
    assert _search(holding, means, VALUE) is None
    assert best_payment(holding, means, VALUE) == best_payment_cpsat(holding, means, VALUE)
    assert best_payment(holding, means, VALUE).points == 1


CHARS = sorted(RULES.characters)
EVENTS = sorted(RULES.events)


@st.composite
def states(draw: st.DrawFn) -> BHState:
    chars = draw(st.permutations(CHARS))
    players = []
    for i, name in enumerate(["ann", "bob", "cid"]):
        players.append(
            BHPlayer(
                name,
                draw(st.integers(0, 4)),
                draw(st.integers(0, 3)),
                draw(st.integers(0, 3)),
                draw(st.integers(0, 3)),
                0,
                list(chars[2 * i : 2 * i + 2]),
                draw(st.lists(st.sampled_from(EVENTS), max_size=2, unique=True)),
            )
        )
    supply = {r: 10 - sum(getattr(p, r) for p in players) for r in ("gold", "logs", "fur")}
    return make(players, supply=supply, discarded=list(chars[6:]))


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_most_reputation_and_best_turns_equal_their_twin(s: BHState) -> None:
    """The sure turns against the independent twin (`tests/black_hills_twin.py`, which shares
    no code with `best`: its own world, its own enumeration of every turn and payment); the
    expectation over chance is `tests/test_black_hills_twin.py`'s."""
    expected = twin.best_turns(s, "ann")
    assert [(c.character, c.key) for c in best_turns(s, chance=False)] == expected
    best = most_reputation(s, "ann")
    top = max(expected, key=lambda e: e[1], default=None)
    assert ((best.character, best.key) if best else None) == top


def test_cli_json_and_errors(tmp_path: Path) -> None:
    r = runner.invoke(app, ["black-hills", "best", str(EXAMPLE), "--json"])
    data = json.loads(r.stdout)
    assert r.exit_code == 0 and data["turns"][0]["reputation_gained"] == 1
    r = runner.invoke(app, ["black-hills", "invest", str(EXAMPLE), "--by", "cid", "--json"])
    data = json.loads(r.stdout)
    # Bearskins first, then the Sheriff pays 3 fur and cid keeps both gold.
    assert data["reputation"] == 1 and "sheriff" in data["turn"]
    assert data["payments"][0]["paid"] == {"gold": 0, "logs": 0, "fur": 3}
    r = runner.invoke(app, ["black-hills", "turn", str(EXAMPLE), "ann: miner; rob bob", "--json"])
    data = json.loads(r.stdout)
    assert r.exit_code == 0 and data["legal"] is False and "gunman" in data["reasons"][0]["message"]
    target = tmp_path / "bh.toml"
    target.write_text(EXAMPLE.read_text())
    r = runner.invoke(app, ["black-hills", "turn", str(target), "ann: miner", "--write"])
    assert r.exit_code == 0 and load_bh_state(target).active == "bob"
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "black-hills"\nactive = "zed"\nsheriff = "ann"\n'
        '[supply]\ngold = 1\nlogs = 1\nfur = 1\n[[players]]\nname = "ann"\n'
        '[[players]]\nname = "bob"\n'
    )
    r = runner.invoke(app, ["state", "check", str(bad)])
    assert r.exit_code == 1 and "active" in r.stderr and "Traceback" not in r.stderr


def test_tax_collection_takes_what_each_payer_names_else_the_least_valuable() -> None:
    """ "The other players return one resource of any type to the pile": the payer's
    choice, written `NAME:RESOURCE`; unwritten, the least valuable they hold."""
    s = make(
        [
            BHPlayer("ann", gold=1, characters=["miner", "hunter"], events=["tax-collection"]),
            BHPlayer("bob", gold=1, logs=2),
            BHPlayer("cid", fur=1, logs=1),
        ]
    )
    v = referee_text(s, "ann: miner; event tax-collection")
    assert v.state is not None
    assert (v.state.player("bob").logs, v.state.player("cid").logs) == (1, 0)
    v = referee_text(s, "ann: miner; event tax-collection bob:gold cid:fur")
    assert v.state is not None
    assert (v.state.player("bob").gold, v.state.player("bob").logs) == (0, 2)
    assert (v.state.player("cid").fur, v.state.player("cid").logs) == (0, 1)
    twice = referee_text(s, "ann: miner; event tax-collection bob:gold bob:logs")
    assert not twice.legal and twice.code is Code.TAX
    bad = referee_text(s, "ann: miner; event tax-collection bob:silver")
    assert not bad.legal and bad.code is Code.NOTATION
