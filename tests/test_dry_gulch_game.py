"""A whole game of Dry Gulch, move by move (`dry_gulch/game/`): played, kept as a record,
replayed and simulated, from the rulebook's words: "Each turn of a player consists of the
following phases: Draw event cards; Either draw a resource card or draw building permits;
Build; Receive rewards; Discard cards." "In the first round the players do not draw event
cards." "If at any time during the build phase a player has enough influence points on
the board, he wins." "Gold Strike: ... Can only be played at the end of the game."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.draft import Draft
from adjudicator.dry_gulch.game.flow import DGGame, new_game
from adjudicator.dry_gulch.game.notation import Build, Discard, Draw, Events, Misfortune, Violet
from adjudicator.dry_gulch.game.record import (
    DGHeader,
    DGRecordError,
    format_move,
    parse_move,
    record_from_text,
    record_to_text,
    remove_last_move,
)
from adjudicator.dry_gulch.game.replay import replay
from adjudicator.dry_gulch.game.simulate import Policy, choose, play_game, simulate
from adjudicator.dry_gulch.place import legal_sites
from adjudicator.dry_gulch.state import parse_card, state_data
from tests.budget import examples
from tests.dry_gulch_support import game_new
from tests.dry_gulch_twin import least_worth, worth

runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-table.game"
HEADER = DGHeader(("ann", "bob", "cid"), 7)


def _to_build_phase(game: DGGame) -> DGGame:
    """The active player's turn played up to its build phase by the random policy."""
    import random

    rng = random.Random(0)
    while game.phase != "build":
        game, outcome = game.apply(choose(game, "random", rng))
        assert outcome.legal, outcome.message
    return game


def test_a_seeded_random_game_is_played_to_its_end_and_replays_clean() -> None:
    played = play_game(3, 3, "random")
    assert played.winner is not None and played.decisive is not None
    assert played.influence[played.winner] >= 17  # 3 players need 17 (the chips)
    text = record_to_text(played.record)
    again = replay(record_from_text(text, "game"))
    assert again.clean and again.game.over
    assert again.game.winner == played.winner and again.game.turn == played.turns
    assert again.game.influence(played.winner) == played.influence[played.winner]
    # A move after the end is refused: the game is over (DG-WIN).
    _, late = again.game.apply(Discard(again.game.state.active))
    assert not late.legal and late.code == Code.WIN


def test_the_first_round_has_no_event_phase_and_the_second_starts_with_it() -> None:
    game = new_game(HEADER)
    assert game.phase == "draw" and game.round == 1
    _, refused = game.apply(Events("ann", discard="fire"))
    assert refused.code == Code.PHASE
    for name in ("ann", "bob", "cid"):
        game, o = game.apply(Draw(name, how=("resources",)))
        assert o.legal
        game, o = game.apply(Discard(name))
        assert o.legal
    assert game.round == 2 and game.state.active == "ann" and game.phase == "events"
    _, refused = game.apply(Draw("ann", how=("resources",)))
    assert refused.code == Code.PHASE and "event phase comes first" in refused.message


def test_only_the_active_player_moves_and_each_phase_in_its_order() -> None:
    game = new_game(HEADER)
    _, o = game.apply(Draw("bob", how=("resources",)))
    assert (o.legal, o.code) == (False, Code.PHASE)
    _, o = game.apply(Build("ann", permit="newspaper", site="se-2"))
    assert (o.legal, o.code) == (False, Code.PHASE)  # the draw comes before building
    _, o = game.apply(Misfortune("ann", event="fire", site="nw-2"))
    assert (o.legal, o.code) == (False, Code.PHASE)  # a misfortune in the build phase only
    game, o = game.apply(Draw("ann", how=("resources",)))
    _, o = game.apply(Draw("ann", how=("resources",)))
    assert (o.legal, o.code) == (False, Code.PHASE)  # one draw a turn


def test_a_build_is_refused_with_the_rule_it_breaks_and_the_game_unchanged() -> None:
    game = _to_build_phase(new_game(HEADER))
    me = game.state.player(game.state.active)
    home = next(b.site for b in game.state.buildings if b.owner == me.name)
    permit = me.permits[0]
    after, o = game.apply(Build(me.name, permit=permit, site=home))
    assert (o.legal, o.code) == (False, Code.OCCUPIED) and after is game
    not_held = next(p for p in game.state.rules.permits if p not in me.permits and p != "residence")
    _, o = game.apply(Build(me.name, permit=not_held, site="se-2"))
    assert (o.legal, o.code) == (False, Code.PAY) and "holds no" in o.message
    _, o = game.apply(Violet(me.name, event="gold-strike"))
    assert (o.legal, o.code) == (False, Code.VIOLET)


def test_gold_strike_is_played_only_for_the_winning_point() -> None:
    game = _to_build_phase(new_game(HEADER))
    me = game.state.active
    draft = Draft.of(game.state)
    draft.player(me).hand.append(parse_card("event:gold-strike", draft.rules))
    game = replace(game, state=draft.freeze())
    _, o = game.apply(Violet(me, event="gold-strike"))
    assert (o.legal, o.code) == (False, Code.VIOLET) and "end of the game" in o.message
    # One point short: a building worth the rest, then the Gold Strike wins.
    rules = game.state.rules
    needed = rules.needed(3)
    from adjudicator.dry_gulch.state import Built

    sites = iter([s for s in rules.sites if s not in game.state.occupied()])
    while game.influence(me) < needed - 1:
        more = (*game.state.buildings, Built("hatmaker", me, next(sites)))
        game = replace(game, state=replace(game.state, buildings=more))
    assert game.influence(me) == needed - 1
    won, o = game.apply(Violet(me, event="gold-strike"))
    assert o.legal and o.won and won.over and won.winner == me
    assert won.decisive == "gold-strike"


def test_a_general_store_pays_once_a_turn_over_all_the_turns_buildings() -> None:
    """ "any one of his hand cards as one good ... in each turn" (DG-STORE): the Lumber of
    the Hatmaker goes through the store; the Barber's Lumber then has to be paid by two
    cards, and the hand has one left."""
    from adjudicator.dry_gulch.state import Built

    game = _to_build_phase(new_game(HEADER))
    state, me = game.state, game.state.active
    rules = state.rules
    draft = Draft.of(state)
    player = draft.player(me)
    player.permits = ["hatmaker", "barber"]
    cards = ["carpenter", "carpenter", "labor:1", "labor:1", "labor:1", "entertainment", "whiskey"]
    player.hand = [parse_card(c, rules) for c in cards]
    store = Built("general-store", me, legal_sites(state, "general-store")[0])
    state = replace(draft.freeze(), buildings=(*state.buildings, store))
    game = replace(game, state=state)
    game, o = game.apply(Build(me, permit="hatmaker", site=legal_sites(state, "hatmaker")[0]))
    assert o.legal and game.stores_used == 1 and "lumber" not in o.detail["paid"]
    barber = Build(me, permit="barber", site=legal_sites(game.state, "barber")[0])
    _, o = game.apply(barber)
    assert (o.legal, o.code) == (False, Code.PAY)
    _, o = replace(game, stores_used=0).apply(barber)  # next turn's allowance would pay
    assert o.legal


def test_the_flows_payments_keep_as_much_worth_as_the_twin() -> None:
    """Each first building of a turn (General Stores unspent) on a hand of at most ten
    cards costs the least worth the brute-force twin finds (`DG-PAY-KEEP`)."""
    played = play_game(11, 3, "greedy")
    game = new_game(played.record.header)
    checked = 0
    for move in played.record.moves:
        before = game
        game, o = game.apply(move)
        assert o.legal
        hand = before.state.player(move.player).hand
        if isinstance(move, Build) and before.stores_used == 0 and len(hand) <= 10:
            spent = sum(
                worth(parse_card(c, game.state.rules), game.state.rules) for c in o.detail["paid"]
            )
            assert least_worth(before.state, [move.permit], move.player) == spent
            checked += 1
    assert checked >= 3


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    players=st.integers(3, 4),
    policy=st.sampled_from(["random", "greedy"]),
)
def test_self_play_always_ends_and_replay_equals_play(
    seed: int, players: int, policy: Policy
) -> None:
    played = play_game(seed, players, policy)
    again = replay(record_from_text(record_to_text(played.record)))
    assert again.clean
    assert again.game.winner == played.winner and again.game.turn == played.turns
    decks = again.game.state.decks
    assert decks is not None
    # It ends with a winner, or stalls only when no resource card is left to draw.
    assert played.winner is not None or not (decks.resources or decks.resource_discard)
    if played.winner is not None:
        assert again.game.influence(played.winner) >= again.game.state.rules.needed(players)


def _counts(game: DGGame) -> tuple[int, int, int]:
    """Resource, event and permit cards anywhere on the table: hands, stacks, discards,
    in front of players, built."""
    state = game.state
    decks = state.decks
    assert decks is not None
    hands = [c for p in state.players for c in p.hand]
    resources = sum(c.kind != "event" for c in hands)
    resources += len(decks.resources) + len(decks.resource_discard)
    events = sum(c.kind == "event" for c in hands) + len(decks.events)
    events += len(decks.event_discard) + len(decks.face_up)
    events += sum(len(p.played) + len(p.against) for p in state.players)
    permits = sum(len(p.permits) for p in state.players) + len(decks.permits)
    permits += len(decks.permit_discard)
    permits += sum(b.permit != "residence" for b in state.buildings)
    return resources, events, permits


@settings(max_examples=examples(6), deadline=None)
@given(seed=st.integers(0, 100_000), policy=st.sampled_from(["random", "greedy"]))
def test_no_card_is_made_or_lost_and_a_refused_move_changes_nothing(
    seed: int, policy: Policy
) -> None:
    """Every card the flow moves goes somewhere (81 resources, 39 events, 33 permits), and
    a move out of turn is refused with the game left as it was."""
    import random

    game = new_game(DGHeader(("ann", "bob", "cid"), seed))
    rules = game.state.rules
    printed = (
        sum(n for *_, n in rules.resources),
        sum(e.count for e in rules.events.values()),
        sum(p.count for p in rules.permits.values() if p.special != "residence"),
    )
    assert _counts(game) == printed
    rng = random.Random(seed)
    while not game.over and game.turn < 200:
        other = next(n for n in game.state.names() if n != game.state.active)
        before = json.dumps(state_data(game.state))
        same, refused = game.apply(Discard(other))
        assert not refused.legal and same is game
        assert json.dumps(state_data(game.state)) == before
        game, outcome = game.apply(choose(game, policy, rng))
        assert outcome.legal and _counts(game) == printed


def test_discarded_cards_go_onto_their_piles() -> None:
    """Vandalism: "one card ... which is discarded"; the discard phase: the cards chosen,
    the misfortunes in front and those over the limit go onto the discard piles, where a
    reshuffle finds them again (none is lost)."""
    from adjudicator.dry_gulch.discard import discard_phase
    from adjudicator.dry_gulch.misfortune import play_misfortune

    game = _to_build_phase(new_game(HEADER))
    state, me = game.state, game.state.active
    rules = state.rules
    victim = next(p for p in state.players if p.name != me)
    home = next(b.site for b in state.buildings if b.owner == victim.name)
    draft = Draft.of(state)
    draft.player(me).hand.append(parse_card("event:vandalism", rules))
    state = draft.freeze()
    game = replace(game, state=state)
    hit = play_misfortune(state, "vandalism", home, seed=1)
    assert hit.legal and len(hit.discarded) == 1
    decks = hit.after.decks
    assert decks is not None and decks.resource_discard[-1:] == hit.discarded
    draft = Draft.of(hit.after)
    mine = draft.player(me)
    mine.against.append("fire")
    mine.hand += [parse_card("lumber", rules)] * 20
    done = discard_phase(draft.freeze(), ["lumber"], seed=2)
    assert done.legal
    decks = done.after.decks
    assert decks is not None and decks.event_discard[-1] == "fire"
    lost = done.at_random[me]
    assert len(decks.resource_discard) == 2 + len(lost)


def test_the_notation_reads_back_what_it_writes() -> None:
    moves = [
        "ann: events discard fire take iou vandalism",
        "ann: draw permit stack saloon",
        "ann: draw bank",
        "ann: build saloon at se-2 {4}",
        "bob: fire se-2",
        "cid: play silk-lace {5}",
        "cid: discard lumber labor:2",
        "cid: discard",
    ]
    for text in moves:
        assert format_move(parse_move(text)) == text
    for bad in ("ann: build saloon", "ann draw resources", "ann: events take iou"):
        with pytest.raises(ValueError):
            parse_move(bad)
    with pytest.raises(DGRecordError) as err:
        record_from_text('[Edition "dry-gulch"]\n[Players "ann, bob, cid"]\nann: fly\n', "t")
    assert err.value.errors[0][0] == 3
    text, gone, line = remove_last_move('[Players "a"]\nann: draw bank  # x\n# note\n')
    assert (gone, line) == ("ann: draw bank  # x", 2) and "draw" not in text


def test_the_shipped_record_is_played_to_its_end_and_its_mistakes_found() -> None:
    r = runner.invoke(app, ["replay", str(EXAMPLE), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["over"] and out["winner"] == "ann" and out["influence"]["ann"] >= 17
    assert [(m["line"], m["code"]) for m in out["illegal"]] == [(67, "DG-PAY")]
    assert [(m["line"], m["claimed"], m["influence"]) for m in out["claims_wrong"]] == [(69, 10, 8)]


def test_a_game_at_the_command_line_move_by_move(tmp_path: Path) -> None:
    record = tmp_path / "t.game"
    r = runner.invoke(
        app,
        [*game_new(record, 7), "--json"],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["header"][0] == '[Edition "dry-gulch"]'
    start = record.read_text()
    r = runner.invoke(app, ["game", "move", str(record), "bob: draw resources", "--json"])
    assert r.exit_code == 1 and json.loads(r.stdout)["code"] == "DG-PHASE"
    assert record.read_text() == start  # refused: the record unchanged
    r = runner.invoke(app, ["game", "move", str(record), "ann: draw resources", "--json"])
    assert r.exit_code == 0, r.output
    moved = json.loads(r.stdout)
    assert moved["legal"] and moved["phase"] == "build"
    assert len(moved["state"]["players"][0]["hand"]) == 8  # 5 dealt and 3 drawn
    assert record.read_text().endswith("ann: draw resources\n")
    r = runner.invoke(app, ["game", "show", str(record), "--player", "ann", "--json"])
    shown = json.loads(r.stdout)
    assert (shown["phase"], shown["active"], list(shown["hands"])) == ("build", "ann", ["ann"])
    r = runner.invoke(app, ["game", "undo", str(record), "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["undone"] == "ann: draw resources"
    assert record.read_text() == start
    r = runner.invoke(app, ["game", "move", str(record), "zed: draw resources"])
    assert r.exit_code == 1 and "unknown player" in r.output and "Traceback" not in r.output
    r = runner.invoke(app, ["replay", str(record), "--json"])
    assert json.loads(r.stdout)["moves"] == 0
    # Round 2 opens with the event phase: `show` names the three turned up.
    with record.open("a") as f:
        f.writelines(f"{n}: draw resources\n{n}: discard\n" for n in ("ann", "bob", "cid"))
    shown = json.loads(runner.invoke(app, ["game", "show", str(record), "--json"]).stdout)
    assert shown["phase"] == "events" and len(shown["turned_up"]) == 3
    events = f"ann: events discard {shown['turned_up'][0]}"
    r = runner.invoke(app, ["game", "move", str(record), events, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["phase"] == "draw"


def test_a_random_game_written_through_the_command_line_replays_the_same(
    tmp_path: Path,
) -> None:
    played = play_game(5, 3, "random")
    record = tmp_path / "t.game"
    runner.invoke(
        app,
        game_new(record, 5),
    )
    for move in played.record.moves[:40]:
        r = runner.invoke(app, ["game", "move", str(record), format_move(move)])
        assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["game", "show", str(record), "--json"])
    game = new_game(played.record.header)
    for move in played.record.moves[:40]:
        game, _ = game.apply(move)
    assert json.loads(r.stdout)["state"] == json.loads(json.dumps(state_data(game.state)))


def test_simulate_gives_a_designers_figures() -> None:
    figures = simulate(6, 3, "greedy", seed=1).to_json()
    assert figures["games"] == 6 and figures["won"] + figures["stalled"] == 6
    assert sum(row["wins"] for row in figures["wins_by_seat"].values()) == figures["won"]
    assert sum(row["games"] for row in figures["decisive"]) == figures["won"]
    assert figures["turns"]["min"] <= figures["turns"]["median"] <= figures["turns"]["max"]
    argv = ["simulate", "dry-gulch", "--games", "3", "--policy", "random", "--workers", "1"]
    r = runner.invoke(app, [*argv, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["run"]["played_games"] == 3


def test_a_deduction_record_loads_no_dry_gulch() -> None:
    probe = (
        "import json, sys\nfrom typer.testing import CliRunner\n"
        "from adjudicator.cli.main import app\n"
        "r = CliRunner().invoke(app, sys.argv[1:])\n"
        "print(json.dumps([r.exit_code, sorted(sys.modules)]))"
    )
    old_town = data_dir("examples") / "old-town-table.game"
    done = subprocess.run(
        [sys.executable, "-c", probe, "replay", str(old_town), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    code, modules = json.loads(done.stdout.splitlines()[-1])
    assert code == 0
    assert not [m for m in modules if m.startswith("adjudicator.dry_gulch")]


def test_a_deduction_command_given_a_dry_gulch_record_says_so_in_one_line(
    tmp_path: Path,
) -> None:
    record = tmp_path / "t.game"
    record.write_text(EXAMPLE.read_text())
    r = runner.invoke(app, ["stop", str(record)])
    assert r.exit_code == 1 and "is a Dry Gulch record" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    r = runner.invoke(app, ["hint", str(record)])  # the best plan, while the game goes on
    assert r.exit_code == 1 and r.stderr.strip().endswith("the game is over")


def test_the_residences_and_picks_tags_read_their_pairs_and_name_each_bad_part() -> None:
    good = record_from_text(
        '[Edition "dry-gulch"]\n[Players "ann, Bob"]\n'
        '[Residences "ann=NW-1; bob = se-7"]\n[Picks "BOB=Bank Hotel, ann=opera"]\n'
    )
    assert good.header.residences == {"ann": "nw-1", "Bob": "se-7"}
    assert good.header.picks == {"Bob": ("bank", "hotel"), "ann": ("opera",)}
    with pytest.raises(DGRecordError) as err:
        record_from_text(
            '[Edition "dry-gulch"]\n[Players "ann, bob"]\n'
            '[Residences "ann=nw-1, bob, =se-7"]\n[Picks "ann= ;bob=bank"]\n'
        )
    assert err.value.errors == [  # sorted by line, then words
        (3, "write NAME=SITE, found '=se-7'"),
        (3, "write NAME=SITE, found 'bob'"),
        (4, "write NAME=PERMIT [PERMIT], found 'ann='"),
    ]
