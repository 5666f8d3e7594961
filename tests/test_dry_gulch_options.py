"""The Dry Gulch table's options (`options.py`, RULINGS-dry-gulch), each from the rulebook's
words: the readings a table may settle otherwise (`half`, `replace`, `bank-draw`,
`violet-unplayable`, `rewards`, the City Hall Clock's stagecoach) and the optional rules
("Optional Rules": open building permits, damage to the City Hall)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.draw import draw_phase
from adjudicator.dry_gulch.game.flow import DGGame, new_game
from adjudicator.dry_gulch.game.record import (
    DGHeader,
    DGRecordError,
    format_move,
    parse_move,
    record_from_text,
    record_to_text,
)
from adjudicator.dry_gulch.game.simulate import Policy, choose
from adjudicator.dry_gulch.misfortune import play_misfortune
from adjudicator.dry_gulch.options import DGOptions, options_from
from adjudicator.dry_gulch.other_events import playable_face_up
from adjudicator.dry_gulch.reward import reward_phase
from adjudicator.dry_gulch.score import score
from adjudicator.dry_gulch.setup import new_table
from adjudicator.dry_gulch.state import (
    Built,
    DGState,
    load_dg_state,
    parse_card,
    state_data,
    state_from,
)
from adjudicator.dry_gulch.table_options import fire_goes_out, spread_fire
from tests.budget import examples
from tests.dry_gulch_support import ann_to_play, cards

RULES = load_rules()
runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"
NAMES = ("ann", "bob", "cid")


def table(
    buildings: list[Built],
    options: DGOptions | None = None,
    decks: Decks | None = None,
    hand: list[str] | None = None,
) -> DGState:
    stacks = decks or Decks(round=2, resources=["lumber", "brick", "food", "mason", "whiskey"] * 4)
    return ann_to_play(hand or [], buildings, stacks, options)


# -- where options are set ------------------------------------------------------------


def test_a_state_file_sets_options_and_writes_back_only_the_changed_ones(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    path.write_text(EXAMPLE.read_text() + '\n[options]\nhalf = "up"\nopen-permits = true\n')
    s = load_dg_state(path)
    assert s.options == DGOptions(half="up", open_permits=True)
    assert state_data(s)["options"] == {"half": "up", "open-permits": True}
    assert "options" not in state_data(load_dg_state(EXAMPLE))  # the defaults: not written
    again = state_from(state_data(s), "again")
    assert again.options == s.options


@pytest.mark.parametrize(
    ("table_text", "problem"),
    [
        ('half = "middle"', "options.half: is 'down' or 'up', not 'middle'"),
        ("spreading = true", "options.spreading: unknown option"),
        ('city-hall = "yes"', "options.city-hall: is true or false, not 'yes'"),
    ],
)
def test_a_bad_option_is_one_line(tmp_path: Path, table_text: str, problem: str) -> None:
    path = tmp_path / "dg.toml"
    path.write_text(EXAMPLE.read_text() + f"\n[options]\n{table_text}\n")
    with pytest.raises(InputError, match=problem):
        load_dg_state(path)
    r = runner.invoke(app, ["dry-gulch", "score", str(path)])
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1 and problem in r.stderr


def test_a_record_sets_options_in_its_header_and_the_game_plays_by_them() -> None:
    text = '[Edition "dry-gulch"]\n[Players "ann, bob, cid"]\n[Options "Half=Up, city-hall=true"]\n'
    rec = record_from_text(text)
    assert rec.header.options == DGOptions(half="up", city_hall=True)
    assert '[Options "half=up, city-hall=true"]' in record_to_text(rec)
    assert record_from_text(record_to_text(rec)) == rec
    assert new_game(rec.header).state.options == rec.header.options
    with pytest.raises(DGRecordError, match=r"line 3: Options\.rewards: is 'every-turn' or"):
        record_from_text(text.replace("city-hall=true", "rewards=always"))
    with pytest.raises(DGRecordError, match="line 3: write NAME=VALUE"):
        record_from_text(text.replace("city-hall=true", "city-hall"))
    assert options_from(None, "x") == DGOptions()


# -- the readings ---------------------------------------------------------------------


def test_half_of_a_damaged_buildings_influence_rounded_down_or_up() -> None:
    # "Half of the influence points that belong to the damaged building do not count":
    # a Saloon (3) counts 1 by default (the larger half lost), 2 with half=up.
    saloon = RULES.permits["saloon"].influence
    assert saloon == 3
    built = [Built("residence", "ann", "nw-1"), Built("saloon", "ann", "nw-2", damaged=True)]
    down = score(table(built)).influence["ann"]
    up = score(table(built, DGOptions(half="up"))).influence["ann"]
    assert (down, up) == (1 + 1, 1 + 2)
    whole = [Built("residence", "ann", "nw-1"), Built("saloon", "ann", "nw-2")]
    assert score(table(whole, DGOptions(half="up"))).influence["ann"] == 1 + 3


def test_the_banks_draw_instead_or_on_top_of_the_ordinary_draw() -> None:
    decks = Decks(
        resources=["lumber", "brick", "food", "mason", "whiskey"],
        permits=["hotel", "opera", "saloon"],
    )
    bank = [Built("bank", "ann", "bank-lot")]
    instead = table(bank, decks=decks)
    refused = draw_phase(instead, ["resources", "bank"])
    assert not refused.legal and refused.reasons[0].code is Code.BANK_DRAW
    assert draw_phase(instead, ["bank"]).legal
    extra = table(bank, DGOptions(bank_draw="extra"), decks)
    r = draw_phase(extra, ["resources", "bank"], seed=1)
    assert r.legal and list(r.resources) == ["lumber", "brick", "food", "mason", "whiskey"]
    assert list(r.after.player("ann").permits) == ["hotel"] and r.bank_permit == "hotel"
    r = draw_phase(extra, ["permit", "stack", "opera", "bank"])
    assert r.legal and r.permit == "opera" and r.discarded_permit == "hotel"
    assert list(r.after.player("ann").permits) == ["opera", "saloon"]
    assert r.after.decks is not None and list(r.after.decks.permits) == []
    # Nothing left for the Bank once the two were drawn: "no longer applies".
    one = table(bank, DGOptions(bank_draw="extra"), Decks(permits=["hotel", "opera"]))
    late = draw_phase(one, ["permit", "stack", "hotel", "bank"])
    assert not late.legal and "no longer applies" in late.reasons[0].message
    alone = draw_phase(extra, ["bank"])
    assert not alone.legal and "after the ordinary one" in alone.reasons[0].message
    damaged = table([Built("bank", "ann", "bank-lot", True)], DGOptions(bank_draw="extra"), decks)
    assert not draw_phase(damaged, ["resources", "bank"]).legal
    assert parse_move("ann: draw permit stack bank bank").how == ("permit", "stack", "bank", "bank")  # type: ignore[attr-defined]


def test_rewards_every_turn_pay_every_owner_for_every_building() -> None:
    """Revision 4's default: "Each player draws his resource cards from the corresponding
    stack", "rewards ... are suspended while that building is damaged", "Cards a player
    receives as a reward he always receives only in the corresponding phase": every
    owner's undamaged buildings pay in every reward phase, a damaged one nothing; the
    option `rewards=built` keeps the earlier reading (the turn's new buildings, once)."""
    built = [
        Built("saloon", "ann", "nw-1"),
        Built("hatmaker", "bob", "nw-3"),
        Built("bakery", "cid", "ne-1", damaged=True),
    ]
    saloon, hatmaker = RULES.permits["saloon"].reward, RULES.permits["hatmaker"].reward
    once = reward_phase(table(built, DGOptions(rewards="built")), ["nw-1"], [])
    assert once.owed == {"ann": saloon}  # the earlier reading, kept as an option
    every = reward_phase(table(built), [], [])  # the default since revision 4
    assert every.owed == {"ann": saloon, "bob": hatmaker}  # a damaged building pays nothing
    assert len(every.after.player("bob").hand) == hatmaker


def game_in_build(state: DGState) -> DGGame:
    return DGGame(DGHeader(NAMES, 1, {}, state.options), state, "build")


def test_the_city_hall_clock_waits_for_the_stagecoach() -> None:
    # "Playable after the Post Office has been built and the stagecoach (Wells Fargo Wagon)
    # has arrived."
    built = [Built("residence", "ann", "nw-1"), Built("post-office", "bob", "nw-3")]
    s = table(built, hand=["event:city-hall-clock"])
    _, out = game_in_build(s).apply(parse_move("ann: play city-hall-clock"))
    assert not out.legal and out.code == str(Code.VIOLET) and "stagecoach" in out.message
    s = replace(s, stagecoach=True)
    after, out = game_in_build(s).apply(parse_move("ann: play city-hall-clock"))
    assert out.legal and list(after.state.player("ann").played) == ["city-hall-clock"]
    assert state_data(s)["stagecoach"] is True
    data = state_data(load_dg_state(EXAMPLE))
    assert "stagecoach" not in data and state_from(data | {"stagecoach": True}, "x").stagecoach


def test_an_unplayable_violet_card_is_discarded_or_kept_in_the_hand() -> None:
    for option, in_hand in (("discard", False), ("hand", True)):
        s = table([Built("residence", "ann", "nw-1")], DGOptions(violet_unplayable=option))
        assert s.decks is not None
        # no General Store: it cannot be played
        s = replace(s, decks=replace(s.decks, face_up=("silk-lace",)))
        after, out = game_in_build(s).apply(parse_move("ann: discard"))
        assert out.legal, out.message
        held = [c.text for c in after.state.player("ann").hand]
        assert ("event:silk-lace" in held) is in_hand
        assert after.state.decks is not None
        assert ("silk-lace" in after.state.decks.event_discard) is not in_hand


# -- the optional rules ---------------------------------------------------------------


def test_open_building_permits_take_any_from_the_stack() -> None:
    # "he may look through the stack and take any permit he likes."
    decks = Decks(permits=["hotel", "opera", "bank", "saloon"])
    closed = draw_phase(table([], decks=decks), ["permit", "stack", "bank"])
    assert not closed.legal and closed.reasons[0].code is Code.DRAW
    r = draw_phase(table([], DGOptions(open_permits=True), decks), ["permit", "stack", "bank"])
    assert r.legal and list(r.after.player("ann").permits) == ["bank"]
    assert r.after.decks is not None
    assert (
        list(r.after.decks.permits) == ["hotel", "opera", "saloon"]
        and list(r.after.decks.permit_discard) == []
    )
    missing = draw_phase(
        table([], DGOptions(open_permits=True), decks), ["permit", "stack", "church"]
    )
    assert not missing.legal and missing.reasons[0].code is Code.OPEN_PERMITS


def test_damage_to_the_city_hall_closes_it_until_the_player_is_again_on_turn() -> None:
    # "Vandalism and Fire may be played against the City Hall. If this happens, the City
    # Hall is closed, and therefore no player may draw building permits until the active
    # player is again on turn. The City Hall may be reopened by any player at the end of
    # his event phase by discarding any two cards."
    built = [
        Built("residence", "ann", "nw-1"),
        Built("residence", "bob", "se-10"),
        Built("residence", "cid", "sw-1"),
        Built("city-hall", "bob", "nw-3"),
    ]
    decks = Decks(round=2, resources=["lumber"] * 30, permits=["hotel", "opera", "bank"])
    on = table(built, DGOptions(city_hall=True), decks, ["event:vandalism", "food"])
    s = play_misfortune(on, "vandalism", "nw-3", seed=2).after
    assert s.city_hall_closed == "ann"
    s = replace(s, active="bob")
    refused = draw_phase(s, ["permit", "stack", "hotel"])
    assert not refused.legal and refused.reasons[0].code is Code.CITY_HALL
    assert draw_phase(s, ["resources"]).legal
    draft = Draft.of(s)
    draft.player("bob").hand = cards("lumber", "brick", "food")
    s = draft.freeze()
    game = DGGame(DGHeader(NAMES, 1, {}, s.options), s, "draw")
    short, out = game.apply(parse_move("bob: reopen lumber mason"))
    assert not out.legal and out.code == str(Code.CITY_HALL) and short is game
    opened, out = game.apply(parse_move("bob: reopen lumber brick"))
    assert out.legal and opened.state.city_hall_closed is None and opened.phase == "draw"
    assert [c.text for c in opened.state.player("bob").hand] == ["food"]
    assert opened.apply(parse_move("bob: draw permit stack hotel"))[1].legal
    # Not reopened: it opens when ann, who closed it, is on turn again.
    game = DGGame(DGHeader(NAMES, 1, {}, s.options), s, "build")
    for who in ("bob", "cid"):
        game, out = game.apply(parse_move(f"{who}: discard"))
        assert out.legal, out.message
        assert game.state.city_hall_closed == ("ann" if who == "bob" else None)
        if game.phase != "build":
            game = DGGame(game.header, game.state, "build", game.turn, game.played)


@pytest.mark.parametrize("event", ["fire", "vandalism"])
def test_the_city_hall_is_a_target_only_with_the_optional_rule(event: str) -> None:
    # The optional rule opens with "Vandalism and Fire may be played against the City
    # Hall": without it the base game forbids it, and the refusal cites that rule.
    built = [
        Built("residence", "ann", "nw-1"),
        Built("residence", "bob", "se-10"),
        Built("residence", "cid", "sw-1"),
        Built("city-hall", "bob", "nw-3"),
    ]
    decks = Decks(round=2, resources=["lumber"] * 30)
    off = table(built, decks=decks, hand=[f"event:{event}"])
    refused = play_misfortune(off, event, "nw-3")
    assert not refused.legal and refused.reasons[0].code is Code.CITY_HALL
    assert "only with the optional rule" in refused.reasons[0].message
    assert not refused.after.buildings[3].damaged
    assert play_misfortune(off, event, "se-10").legal  # any other building may be
    on = play_misfortune(
        table(built, DGOptions(city_hall=True), decks, [f"event:{event}"]), event, "nw-3"
    )
    assert on.legal and on.after.buildings[3].damaged and on.after.city_hall_closed == "ann"
    # In a game record the move is refused, a face-up one is not waiting to be played, and
    # self-play never picks it.
    off = replace(
        off,
        decks=Decks(round=2, resources=("lumber",) * 30, face_up=(event,)),
        players=tuple(replace(p, hand=()) if p.name == "ann" else p for p in off.players),
    )
    game = game_in_build(off)
    _, out = game.apply(parse_move(f"ann: {event} nw-3"))
    assert not out.legal and out.code == str(Code.CITY_HALL)
    assert (event, "nw-3") not in playable_face_up(off)
    assert (event, "se-10") in playable_face_up(off)
    draft = Draft.of(off)
    draft.player("ann").hand = [parse_card(f"event:{event}", RULES)]
    assert draft.decks is not None
    draft.decks.face_up = []
    off = draft.freeze()
    for seed in range(20):
        move = choose(game_in_build(off), "random", random.Random(seed))
        assert getattr(move, "site", None) != "nw-3"
    greedy = choose(game_in_build(off), "greedy", random.Random(0))
    assert format_move(greedy) == f"ann: {event} se-10"


def test_reopening_is_refused_when_open_or_without_the_option() -> None:
    s = table([], DGOptions(city_hall=True), hand=["food", "lumber"])
    game = DGGame(DGHeader(NAMES, 1, {}, s.options), s, "draw")
    _, out = game.apply(parse_move("ann: reopen food lumber"))
    assert not out.legal and "open" in out.message
    off = table([], hand=["food", "lumber"])
    off = replace(off, city_hall_closed="bob")
    _, out = DGGame(DGHeader(NAMES, 1), off, "draw").apply(parse_move("ann: reopen food lumber"))
    assert not out.legal and "option city-hall" in out.message


def test_the_cli_reads_options_from_the_state(tmp_path: Path) -> None:
    path = tmp_path / "dg.toml"
    path.write_text(EXAMPLE.read_text() + '\n[options]\nhalf = "up"\n')
    r = runner.invoke(app, ["dry-gulch", "score", str(path), "--json"])
    assert r.exit_code == 0, r.stderr
    plain = runner.invoke(app, ["dry-gulch", "score", str(EXAMPLE), "--json"])
    damaged = [b for b in load_dg_state(EXAMPLE).buildings if b.damaged]
    odd = [b for b in damaged if RULES.permits[b.permit].influence % 2]
    up, down = json.loads(r.stdout)["influence"], json.loads(plain.stdout)["influence"]
    assert sum(up.values()) - sum(down.values()) == len(odd)


def test_advanced_setup_each_picks_two_permits_from_the_last_player_backwards() -> None:
    # "Beginning with the last player and proceeding in reverse order, each player selects
    # one building permit from the cards and then passes it to the next player. This
    # continues until each player has two building permits."
    dealt = new_table(list(NAMES), 5)
    assert [len(p.permits) for p in dealt.players] == [3, 3, 3]
    assert dealt.decks is not None
    stack = [p for q in dealt.players for p in q.permits] + list(dealt.decks.permits)
    advanced = DGOptions(advanced_setup=True)
    auto = new_table(list(NAMES), 5, None, advanced)
    assert [len(p.permits) for p in auto.players] == [2, 2, 2]
    assert auto.decks is not None and len(auto.decks.permits) == len(stack) - 6
    # Unnamed, cid picks first the permit of most influence, then bob, then ann.
    best = max(RULES.permits[p].influence for p in stack)
    assert RULES.permits[auto.player("cid").permits[0]].influence == best
    # Hands are dealt as without the option: the same seed, the same resources.
    assert [c.text for c in auto.player("ann").hand] == [c.text for c in dealt.player("ann").hand]
    picked = new_table(list(NAMES), 5, None, advanced, {"ann": ["saloon", "saloon"]})
    assert list(picked.player("ann").permits) == ["saloon", "saloon"]
    with pytest.raises(InputError, match="no 'saloon' is left"):
        new_table(list(NAMES), 5, None, advanced, {"cid": ["saloon"], "ann": ["saloon", "saloon"]})
    with pytest.raises(InputError, match="only with the option advanced-setup"):
        new_table(list(NAMES), 5, None, None, {"ann": ["saloon"]})
    text = '[Edition "dry-gulch"]\n[Players "ann, bob, cid"]\n[Options "advanced-setup=true"]\n'
    rec = record_from_text(text + '[Picks "ann=saloon hotel"]\n')
    assert rec.header.picks == {"ann": ("saloon", "hotel")}
    assert record_from_text(record_to_text(rec)) == rec
    assert list(new_game(rec.header).state.player("ann").permits) == ["saloon", "hotel"]


def test_spreading_fire_reaches_the_neighbours_until_the_fire_goes_out() -> None:
    # "As long as no Firehouse is in play, fire spreads to neighboring houses at the start of
    # each player's turn. Fire does not spread across the street or across open squares. The
    # fire goes out when the originally affected player is allowed to discard the event card."
    homes = [s for s in RULES.sites if RULES.sites[s].edge and not s.startswith("nw")][:3]
    built = [Built("residence", n, h) for n, h in zip(NAMES, homes, strict=True)]
    built += [Built("saloon", "ann", "nw-2"), Built("hatmaker", "bob", "nw-3")]
    built += [Built("bakery", "cid", "nw-4")]
    assert RULES.sites["nw-3"].neighbours == ("nw-2", "nw-4", "nw-7")  # nw-7 stays empty

    def turn_of_bob(options: DGOptions, firehouse: bool = False) -> tuple[DGGame, DGGame]:
        extra = [Built("firehouse", "cid", "ne-5")] if firehouse else []
        s = table(built + extra, options, hand=["event:fire"])
        fired, out = game_in_build(s).apply(parse_move("ann: fire nw-3"))
        assert out.legal, out.message
        bob, out = fired.apply(parse_move("ann: discard"))
        assert out.legal, out.message
        return fired, bob

    fired, bob = turn_of_bob(DGOptions(spreading_fire=True))
    assert {b.site: b.fire for b in fired.state.buildings if b.damaged} == {"nw-3": "bob"}
    burning = {b.site: b.fire for b in bob.state.buildings if b.damaged}
    assert burning == {"nw-3": "bob", "nw-2": "bob", "nw-4": "bob"}
    assert state_from(state_data(bob.state), "x").buildings == bob.state.buildings
    ann_after = score(bob.state).influence["ann"]
    assert ann_after == 1 + RULES.permits["saloon"].influence // 2
    # cid's own discard phase does not put out bob's fire on cid's bakery ...
    s = bob.state
    assert fire_goes_out(s, "cid", False) == [] and all(b.damaged for b in s.buildings[3:])
    # ... bob's does, when he discards the Fire: every building it reached is repaired.
    put_out = game_in_build(s)
    put_out = DGGame(put_out.header, s, "build", bob.turn, bob.played)
    cid, out = put_out.apply(parse_move("bob: discard"))
    assert out.legal and not any(b.damaged or b.fire for b in cid.state.buildings)
    # No spreading without the option, nor while a Firehouse stands.
    for options, firehouse in ((DGOptions(), False), (DGOptions(spreading_fire=True), True)):
        _, bob = turn_of_bob(options, firehouse)
        assert [b.site for b in bob.state.buildings if b.damaged] == ["nw-3"]


def _cards(s: DGState) -> tuple[int, int, int]:
    """Resource cards, event cards and permits anywhere on the table."""
    d = s.decks
    assert d is not None
    hands = [c for p in s.players for c in p.hand]
    resources = sum(1 for c in hands if c.event is None) + len(d.resources + d.resource_discard)
    events = sum(1 for c in hands if c.event is not None)
    events += len(d.events + d.event_discard + d.face_up)
    events += sum(len(p.played) + len(p.against) for p in s.players)
    permits = sum(len(p.permits) for p in s.players) + len(d.permits + d.permit_discard)
    permits += sum(1 for b in s.buildings if b.permit != "residence")
    return resources, events, permits


@pytest.mark.parametrize("bank_draw", ["instead", "extra"])
def test_self_play_with_every_option_on_ends_and_makes_or_loses_no_card(bank_draw: str) -> None:
    options = DGOptions("up", "any", bank_draw, "hand", "every-turn", True, True, True, True)
    plays: list[tuple[int, Policy]] = [(1, "random"), (2, "greedy"), (3, "random")]
    for seed, policy in plays:
        game = new_game(DGHeader(("ann", "bob", "cid", "dan"), seed, {}, options))
        counts = _cards(game.state)
        rng = random.Random(seed)
        while not game.over and game.turn < 400:
            game, out = game.apply(choose(game, policy, rng))
            assert out.legal, f"seed {seed}: {out.code} {out.message}"
            assert _cards(game.state) == counts
            assert state_data(state_from(state_data(game.state), "x")) == state_data(game.state)
        assert game.over


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        ('fire = "ann"', "a burning building is damaged"),
        ('fire = "zed"\ndamaged = true', "a burning building is damaged"),
        ('fire = "cid"\ndamaged = true', "a fire burns with no Fire in front"),
    ],
)
def test_a_burning_building_in_a_state_file_is_checked(
    tmp_path: Path, extra: str, problem: str
) -> None:
    s = load_dg_state(EXAMPLE)
    site = next(b.site for b in s.buildings if not b.damaged and b.permit != "residence")
    text = EXAMPLE.read_text()
    path = tmp_path / "dg.toml"
    path.write_text(text.replace(f'site = "{site}"', f'site = "{site}"\n{extra}', 1))
    r = runner.invoke(app, ["dry-gulch", "score", str(path)])
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1 and problem in r.stderr


@pytest.mark.parametrize(
    "text",
    [
        "ann: draw resources bank",
        "ann: draw permit stack bank bank",
        "ann: draw permit discard hotel bank {3}",
        "bob: reopen lumber event:iou",
        "cid: build hatmaker at nw-3 paying carpenter lumber labor:1 {2}",
    ],
)
def test_the_options_moves_read_back_as_written(text: str) -> None:
    assert format_move(parse_move(text)) == text


@pytest.mark.parametrize(
    "text", ["ann: reopen lumber", "ann: draw bank resources", "ann: build hatmaker at nw-3 paying"]
)
def test_malformed_options_moves_are_refused_as_notation(text: str) -> None:
    with pytest.raises(ValueError, match="a move is"):
        parse_move(text)


def _board_neighbours() -> dict[str, set[str]]:
    """The walls that touch, read from the board file itself (not through `data.py`)."""
    import tomllib

    board = tomllib.loads((Path(__file__).parents[1] / "boards" / "dry-gulch.toml").read_text())
    return {s["id"]: set(s.get("neighbours", [])) for s in board["sites"]}


WALLS = _board_neighbours()


@settings(max_examples=examples(60), deadline=None)
@given(
    sites=st.sets(st.sampled_from(sorted(WALLS)), min_size=1, max_size=20),
    turns=st.integers(0, 4),
    data=st.data(),
)
def test_spreading_fire_reaches_what_a_walk_along_the_walls_reaches(
    sites: set[str], turns: int, data: st.DataObject
) -> None:
    origin = data.draw(st.sampled_from(sorted(sites)))
    built = [Built("hatmaker", "bob", s) for s in sorted(sites) if s != "bank-lot"]
    if origin == "bank-lot":
        return
    s = table(built, DGOptions(spreading_fire=True))
    draft = Draft.of(s)
    draft.player("bob").against = ["fire"]
    burning = next(b for b in draft.buildings if b.site == origin)
    burning.damaged, burning.fire = True, "bob"
    for _ in range(turns):
        spread_fire(draft)
    s = draft.freeze()
    # A walk of at most `turns` steps from the first site, only through built sites.
    reached = {origin}
    for _ in range(turns):
        reached |= {n for r in reached for n in WALLS[r] if n in sites and n != "bank-lot"}
    assert {b.site for b in s.buildings if b.damaged} == reached
    assert all(b.fire == "bob" for b in s.buildings if b.damaged)
