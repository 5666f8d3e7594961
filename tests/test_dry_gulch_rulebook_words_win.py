"""Revision 4 of the Dry Gulch rulings (issue 27, "The rulebooks' words, round four"): where
the rulebook's words (`../shared/seeds/003_*`) win over our earlier reading, each change
with the words it rests on, and the option that keeps the earlier reading."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.game.flow import DGGame
from adjudicator.dry_gulch.game.record import DGHeader, parse_move
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.other_events import playable_face_up
from adjudicator.dry_gulch.pay import pay, plan, plan_cpsat
from adjudicator.dry_gulch.place import rule_placement
from adjudicator.dry_gulch.reward import reward_phase
from adjudicator.dry_gulch.score import score
from adjudicator.dry_gulch.state import Built, DGState
from tests.dry_gulch_support import ann_to_play
from tests.dry_gulch_twin import least_worth, must_play

RULES = load_rules()
# The worth of the cards the Hatmaker takes (a resource its substitution number, a yellow
# event 3): what the twin and the search keep score with.
RULES_WORTH = {"carpenter": 2, "lumber": 2, "event:handyman-brother": 3}
runner = CliRunner()
EXAMPLE = data_dir("examples") / "dry-gulch-turn.toml"


def run(*args: str) -> Any:
    r = runner.invoke(app, ["dry-gulch", *args, "--json"])
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.stdout)


def table(
    options: DGOptions | None = None,
    buildings: list[Built] | None = None,
    hand: list[str] | None = None,
    face_up: tuple[str, ...] = (),
) -> DGState:
    stacks = Decks(round=2, resources=["lumber", "brick", "food", "mason"] * 5, face_up=face_up)
    return ann_to_play(hand or [], buildings or [], stacks, options)


def in_build(state: DGState) -> DGGame:
    return DGGame(DGHeader(("ann", "bob", "cid"), 1, {}, state.options), state, "build")


DAMAGED_NEWSPAPER = [
    Built("residence", "ann", "nw-1"),
    Built("newspaper", "bob", "nw-3", damaged=True),
]


def test_a_violet_card_is_playable_beside_a_damaged_building() -> None:
    """Printing Press: "Playable after the Newspaper has been built." Damage suspends "All
    influence points, special abilities, rewards and penalties resulting from a building",
    not whether it has been built: with bob's Newspaper damaged, ann plays the Printing
    Press from her hand; it counts 1 for her (DG-VIOLET). With `violet-needs=undamaged`
    (the earlier reading) it is refused with DG-VIOLET."""
    s = table(buildings=DAMAGED_NEWSPAPER, hand=["event:printing-press"])
    after, out = in_build(s).apply(parse_move("ann: play printing-press"))
    assert out.legal, out.message
    assert list(after.state.player("ann").played) == ["printing-press"]
    assert score(after.state).influence["ann"] == score(s).influence["ann"] + 1
    old = table(DGOptions(violet_needs="undamaged"), DAMAGED_NEWSPAPER, ["event:printing-press"])
    _, out = in_build(old).apply(parse_move("ann: play printing-press"))
    assert not out.legal and out.code == str(Code.VIOLET) and "undamaged" in out.message
    never = table(buildings=[Built("residence", "ann", "nw-1")], hand=["event:printing-press"])
    _, out = in_build(never).apply(parse_move("ann: play printing-press"))
    assert not out.legal and out.code == str(Code.VIOLET) and "newspaper built" in out.message


def test_a_face_up_violet_card_beside_a_damaged_building_must_be_played_not_discarded() -> None:
    """ "The player must play these cards during the course of his turn, before the reward
    phase", and the Printing Press is "Playable after the Newspaper has been built": face
    up beside a damaged Newspaper it waits to be played (the turn does not close,
    DG-EVENT-FACE-UP) instead of being discarded unplayed; the twin agrees. With
    `violet-needs=undamaged` it is discarded when the turn closes, as before."""
    s = table(buildings=DAMAGED_NEWSPAPER, face_up=("printing-press",))
    assert playable_face_up(s) == [("printing-press", None)]
    assert must_play(s) == {"printing-press"}
    _, out = in_build(s).apply(parse_move("ann: discard"))
    assert not out.legal and out.code == str(Code.FACE_UP)
    after, out = in_build(s).apply(parse_move("ann: play printing-press"))
    assert out.legal and list(after.state.player("ann").played) == ["printing-press"]
    old = table(DGOptions(violet_needs="undamaged"), DAMAGED_NEWSPAPER, face_up=("printing-press",))
    assert playable_face_up(old) == [] and must_play(old) == set()
    after, out = in_build(old).apply(parse_move("ann: discard"))
    assert out.legal and after.state.decks is not None
    assert "printing-press" in after.state.decks.event_discard


def test_a_damaged_building_draws_no_violet_reward() -> None:
    """ "The Newspaper receives 3 reward cards", but "All influence points, special
    abilities, rewards and penalties resulting from a building are suspended while that
    building is damaged": the three are the Newspaper's reward, so its owner draws none
    while it is damaged; the card still counts 1 for its player (DG-REWARD)."""
    s = table(buildings=DAMAGED_NEWSPAPER)
    s = replace(s, players=(replace(s.player("ann"), played=("printing-press",)), *s.players[1:]))
    r = reward_phase(s, [], ["printing-press"])
    assert r.legal and r.owed.get("bob", 0) == 0


def test_a_corner_building_may_stand_at_the_end_of_a_street() -> None:
    """ "A corner building may not be built in the middle of a block, and a building
    without a corner may only be played in the middle of a block or at the end of a
    street." Nothing forbids a corner building at the end of a street: the Saloon (a
    corner building) stands on ne-5 (the end of North Road), not in the middle of a block
    (DG-CORNER); `corner=corner-only` keeps the earlier reading, corners alone."""
    assert RULES.permits["saloon"].corner and RULES.sites["ne-5"].position == "end"
    middle = next(s.id for s in RULES.sites.values() if s.position == "middle" and s.sidewalk)
    s = table()
    assert rule_placement(s, "saloon", "ne-5").legal
    refused = rule_placement(s, "saloon", middle)
    assert not refused.legal and [r.code for r in refused.reasons] == [Code.CORNER]
    assert "middle of a block" in refused.reasons[0].message
    old = table(DGOptions(corner="corner-only"))
    end = rule_placement(old, "saloon", "ne-5")
    assert not end.legal and [r.code for r in end.reasons] == [Code.CORNER]
    assert not rule_placement(old, "saloon", middle).legal


def test_place_at_the_command_line_accepts_a_corner_building_at_a_streets_end(
    tmp_path: Path,
) -> None:
    """ "A corner building may not be built in the middle of a block": `dry-gulch place
    STATE saloon ne-5` is legal; with `corner = "corner-only"` in the state's options it is
    refused with DG-CORNER."""
    assert run("place", str(EXAMPLE), "saloon", "ne-5")["legal"] is True
    old = tmp_path / "old.toml"
    text = EXAMPLE.read_text()
    assert "[options]" not in text
    old.write_text(text + '\n[options]\ncorner = "corner-only"\n')
    refused = run("place", str(old), "saloon", "ne-5")
    assert refused["legal"] is False and refused["reasons"][0]["code"] == "DG-CORNER"


def bad_score(path: Path) -> str:
    """The one line `dry-gulch score` answers a state it refuses with: exit 1, no trace."""
    r = runner.invoke(app, ["dry-gulch", "score", str(path)])
    assert r.exit_code == 1, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.output, r.output
    return lines[0]


def test_score_refuses_a_city_hall_clock_before_the_stagecoach(tmp_path: Path) -> None:
    """ "City Hall Clock: ... Playable after the Post Office has been built and the
    stagecoach (Wells Fargo Wagon) has arrived." A state with a Clock in front of a player
    and no `stagecoach = true` cannot have been played to (revision 3): bad input, one line
    naming the file and the entry. With the stagecoach it is scored."""
    path = tmp_path / "clock.toml"
    text = EXAMPLE.read_text().replace(
        'name = "cid"\nhand = ["food"]\npermits = []\nplayed = []',
        'name = "cid"\nhand = ["food"]\npermits = []\nplayed = ["city-hall-clock"]',
    )
    assert "city-hall-clock" in text
    path.write_text(text)
    line = bad_score(path)
    assert str(path) in line and "players 'cid'.played" in line and "stagecoach" in line
    path.write_text(text.replace('active = "ann"', 'active = "ann"\nstagecoach = true', 1))
    assert runner.invoke(app, ["dry-gulch", "score", str(path)]).exit_code == 0


def test_score_refuses_a_damaged_city_hall_without_the_optional_rule(tmp_path: Path) -> None:
    """ "Damage to the City Hall: Vandalism and Fire may be played against the City Hall" is
    an optional rule (revision 3, DG-OPT-CITY-HALL): without `city-hall` a damaged City Hall
    cannot have been, and `dry-gulch score` refuses the state as bad input (one line naming
    the file and the building); with the option it is scored."""
    path = tmp_path / "hall.toml"
    text = EXAMPLE.read_text().replace(
        'permit = "barber"\nowner = "bob"', 'permit = "city-hall"\nowner = "bob"'
    )
    assert 'permit = "city-hall"' in text
    path.write_text(text)
    line = bad_score(path)
    assert str(path) in line and "buildings[4]" in line and "city-hall" in line
    path.write_text(text + "\n[options]\ncity-hall = true\n")
    assert runner.invoke(app, ["dry-gulch", "score", str(path)]).exit_code == 0


def with_hand(path: Path, cards: list[str], options: str = "") -> Path:
    """The example turn with ann holding `cards` (and a table's options, if any)."""
    text = EXAMPLE.read_text()
    listed = ", ".join(f'"{c}"' for c in cards)
    text = re.sub(r"hand = \[[^\]]*\]", f"hand = [{listed}]", text, count=1)
    path.write_text(text + (f"\n[options]\n{options}\n" if options else ""))
    return path


def test_the_handyman_brother_may_pay_one_labour_point(tmp_path: Path) -> None:
    """ "Handyman Brother (helper): May be played as any ability", and the resource table
    lists "Labor ... Ability": the Hatmaker (Carpenter, Lumber, 1 labour) is paid with a
    Carpenter, a Lumber and the Handyman Brother as its labour point (DG-PAY); the search,
    CP-SAT and the twin agree. `dry-gulch pay` used to refuse it ("labour is paid with
    Labor cards only"); with `handyman-labor = "none"` (the earlier reading) it still does."""
    hand = ["carpenter", "lumber", "event:handyman-brother"]
    path = with_hand(tmp_path / "t.toml", hand)
    out = run("pay", str(path), "hatmaker")
    assert out["payable"] is True, out
    s = table(hand=hand)
    paid = pay(s, "hatmaker")
    assert paid is not None
    assert [s.player("ann").hand[i].text for i in paid.labour] == ["event:handyman-brother"]
    assert least_worth(s, ["hatmaker"]) == sum(RULES_WORTH[c] for c in hand)
    old = with_hand(tmp_path / "old.toml", hand, 'handyman-labor = "none"')
    refused = run("pay", str(old), "hatmaker")
    assert refused["payable"] is False and "Labor cards only" in json.dumps(refused)
    s_old = replace(s, options=DGOptions(handyman_labor="none"))
    assert pay(s_old, "hatmaker") is None and least_worth(s_old, ["hatmaker"]) is None


def test_two_handyman_brothers_pay_an_ability_and_a_labour_point() -> None:
    """ "May be played as any ability": of two Handyman Brothers one pays the Hatmaker's
    missing Carpenter, the other its labour point; the plan builds it (search and CP-SAT
    alike), and a record may name that payment (`paying lumber event:handyman-brother
    event:handyman-brother`); with `handyman-labor=none` that payment leaves the labour
    unpaid and is refused with DG-PAY."""
    hand = ["lumber", "event:handyman-brother", "event:handyman-brother"]
    s = replace(
        table(hand=hand),
        players=(
            replace(table(hand=hand).player("ann"), permits=("hatmaker",)),
            *table().players[1:],
        ),
    )
    sites = {"hatmaker": ["nw-3"]}
    found, solver = plan(s, "ann", sites), plan_cpsat(s, "ann", sites)
    assert found.permits == ("hatmaker",) and solver.permits == ("hatmaker",)
    assert found.spent_worth == solver.spent_worth == least_worth(s, ["hatmaker"])
    game = in_build(replace(s, buildings=(Built("residence", "ann", "nw-1"),)))
    move = "ann: build hatmaker at nw-3 paying lumber event:handyman-brother event:handyman-brother"
    after, out = game.apply(parse_move(move))
    assert out.legal, out.message
    assert [c.text for c in after.state.player("ann").hand] == []
    # The earlier reading (`handyman-labor=none`): the same cards leave the labour unpaid.
    old = replace(game.state, options=DGOptions(handyman_labor="none"))
    _, out = in_build(old).apply(parse_move(move))
    assert not out.legal and out.code == str(Code.PAY) and "labour" in out.message
