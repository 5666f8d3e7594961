"""The hint before Old Town's refill (A4, issue 35 item 17): which buildings to take.

Old Town's rulebook: "If the active player has less than two buildings lying in front of
him, he makes his buildings back up to two immediately before his turn. He takes the
buildings and their markers from those still available next to the board." The record
refuses every other move of the player until the take is written, so the hint used to
refuse too ("ann first takes 1 building from beside the board", exit 1): the hint now
ranks the takes, each with the best turn it allows and why, on the command line (a table,
`--json`) and for `--coach`."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.deduction.game.coach_world import greedy_turn, sample_deal
from adjudicator.deduction.game.deal import new_game
from adjudicator.deduction.game.flow import Game, next_turn
from adjudicator.deduction.game.legal_moves import legal_moves
from adjudicator.deduction.game.record import Header, Take
from adjudicator.deduction.game.refill_hint import RefillHint, TakeChoice, refill_hint
from adjudicator.deduction.hint import hint
from adjudicator.deduction.rules.turn_order import refill_due

FIXTURES = Path(__file__).parent / "fixtures"
runner = CliRunner()


def _before_refill(tmp_path: Path) -> Path:
    """Old Town, seed 1, three players: the fixture's record without its last line,
    `ann: take hotel`, so ann owes one building (A4) before her turn."""
    record = tmp_path / "table.game"
    lines = (FIXTURES / "old-town-best-is-discard.game").read_text().splitlines()
    assert lines[-1] == "ann: take hotel"
    record.write_text("\n".join(lines[:-1]) + "\n")
    return record


def _at_refill(seed: int, players: tuple[str, ...] = ("ann", "bob", "cid")) -> Game:
    """A greedy self-play game of Old Town at the first turn start where a refill is due."""
    game = new_game(Header("old-town", players, seed=seed))
    rng = random.Random(seed)
    for _ in range(60):
        start = next_turn(game)
        player = start.state.active
        assert player is not None and not start.over
        if refill_due(start.state, player):
            return start
        game = greedy_turn(start, rng)
    raise AssertionError(f"seed {seed}: no refill in 60 turns")


def _owing_two(game: Game) -> Game:
    """The same table with the player to act holding no building: two are due (A4)."""
    player = game.state.active
    assert player is not None
    return replace(game, state=game.state.with_player(player, buildings=()))


def _refill(game: Game) -> RefillHint:
    player = game.state.active
    assert player is not None
    return refill_hint(game, player, refill_due(game.state, player))


# ----- the command line ----------------------------------------------------------------------


def test_the_hint_before_a_refill_ranks_the_takes(tmp_path: Path) -> None:
    """The fault: `hint REC.game` exited 1 with "ann first takes 1 building from beside
    the board". Now: exit 0, a table of the takes, and the command that writes each."""
    record = _before_refill(tmp_path)
    r = runner.invoke(app, ["hint", str(record)])
    assert r.exit_code == 0, r.output
    assert "ann first takes 1 building from beside the board (A4): the takes, best first" in (
        r.stdout.replace("\n", " ")
    )
    assert f"adjudicator game move {record} 'ann: take judge'" in r.stdout


def test_the_json_hint_before_a_refill_is_one_object_of_takes(tmp_path: Path) -> None:
    record = _before_refill(tmp_path)
    r = runner.invoke(app, ["hint", str(record), "--json", "--top", "50"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["player"] == "ann" and data["refill"] == 1 and data["rule"] == "A4"
    takes = data["takes"]
    beside = ["undertaker", "casino", "barber", "doc", "hotel", "judge", "church", "school"]
    # each take once, the buildings alike to one (no marker, no card naming them) with it
    shown = [b for t in takes for b in t["buildings"] + t["alike"]]
    assert sorted(shown) == sorted([*beside, "stage-coach-office"])
    casino = next(t for t in takes if t["move"] == "ann: take casino")
    assert casino["alike"] == ["barber", "doc", "church", "school"]
    assert casino["why"].endswith(
        "as good: any of the 5 buildings with no marker and no card naming it"
    )
    for t in takes:
        assert t["move"] == f"ann: take {t['buildings'][0]}"
        assert t["why"].startswith(f"then the best turn is {t['best_turn']}")
    # the best turn after any take scores 6 (card 43 as the building taken); among equal
    # turns the building named by a card in ann's hand comes first (the rulebook's tip:
    # "choose the buildings for which they have the 4s cards"): card 54 names the judge
    assert takes[0]["move"] == "ann: take judge" and takes[0]["points"] == 6
    assert takes[0]["notes"] == [{"building": "judge", "markers": 0, "named_by": [54]}]
    assert "the Judge: no marker on the board, named by 1 card (54)" in takes[0]["why"]
    assert [t["points"] for t in takes] == sorted((t["points"] for t in takes), reverse=True)


def test_each_take_the_hint_offers_is_written_by_its_command(tmp_path: Path) -> None:
    record = _before_refill(tmp_path)
    data = json.loads(runner.invoke(app, ["hint", str(record), "--json"]).stdout)
    best = data["takes"][0]
    assert best["command"] == f"adjudicator game move {record} 'ann: take judge'"
    moved = runner.invoke(app, ["game", "move", str(record), best["move"]])
    assert moved.exit_code == 0, moved.output
    after = json.loads(runner.invoke(app, ["hint", str(record), "--json"]).stdout)
    assert after["actions"][0]["points"] == best["points"]  # the turn it said it allows


def test_the_coach_before_a_refill_ranks_the_takes_too(tmp_path: Path) -> None:
    """`hint --coach` refused in one line too; it now gives the hint's takes, saying why
    there is no lookahead (the coach looks ahead from the turn, after the refill)."""
    record = _before_refill(tmp_path)
    r = runner.invoke(app, ["hint", str(record), "--coach"])
    assert r.exit_code == 0, r.output
    assert f"adjudicator game move {record} 'ann: take judge'" in r.stdout
    assert "The coach looks ahead from ann's turn, which starts after the refill" in r.stdout
    data = json.loads(runner.invoke(app, ["hint", str(record), "--coach", "--json"]).stdout)
    assert data["coach"] is None and data["takes"][0]["move"] == "ann: take judge"


def test_a_real_table_before_a_refill_ranks_the_takes_with_the_hand_said(tmp_path: Path) -> None:
    """A record with no seed keeps no hands: with `--hand` the reasons name its cards."""
    record = tmp_path / "real.game"
    body = _before_refill(tmp_path).read_text()
    kept = [line for line in body.splitlines() if " draws " not in line and "Seed" not in line]
    record.write_text("\n".join(kept) + "\n")
    r = runner.invoke(app, ["hint", str(record), "--json", "--hand", "54,43"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["takes"][0]["notes"][0]["named_by"] == [54]


# ----- the engine --------------------------------------------------------------------------


def _stands_for(take: TakeChoice) -> set[frozenset[str]]:
    """Every set of buildings the take stands for: its plain buildings (no marker, named by
    no card in the hand) swapped for any of the same number among them and `alike`."""
    plain = [n.building for n in take.notes if not n.markers and not n.named_by]
    kept = frozenset(take.move.buildings) - set(plain)
    pool = [*plain, *take.alike] if take.alike else plain
    return {kept | set(c) for c in combinations(pool, len(plain))}


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 2), (6, 2), (7, 4)])
@pytest.mark.parametrize("two", [False, True])
def test_each_take_is_worth_the_best_turn_after_it(seed: int, players: int, two: bool) -> None:
    """Every legal take is listed once, or stood for once by a listed take whose alike
    buildings it takes instead; each is worth the hint's best turn on the game after it
    (the points and the STOP points it leaves), and the takes are ranked by them."""
    game = _at_refill(seed, ("ann", "bob", "cid", "dan")[:players])
    if two:
        game = _owing_two(game)
    player = game.state.active
    assert player is not None
    h = _refill(game)
    assert h.due == (2 if two else refill_due(game.state, player))
    legal = {frozenset(m.buildings) for m in legal_moves(game) if isinstance(m, Take)}
    covered = [s for t in h.takes for s in _stands_for(t)]
    assert sorted(map(sorted, covered)) == sorted(map(sorted, legal))
    beside = game.state.available_buildings()
    for take in h.takes:
        for taken in _stands_for(take):
            after, outcome = game.apply(Take(player, tuple(sorted(taken, key=beside.index))))
            assert outcome.legal
            best = hint(next_turn(after).state, player).actions[0]
            assert (best.points, best.stop_left) == (take.best.points, take.best.stop_left)
    keys = [(-t.best.points, t.best.stop_left) for t in h.takes]
    assert keys == sorted(keys)


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_the_takes_read_no_other_hand(seed: int) -> None:
    """Two worlds that differ only in what the player cannot see (the other hands and the
    piles, dealt again) give the same ranked takes and the same words."""
    game = _owing_two(_at_refill(seed))
    player = game.state.active
    assert player is not None
    other = sample_deal(game, player, random.Random(99)).onto(game)
    assert [p.hand for p in other.state.players if p.name != player] != [
        p.hand for p in game.state.players if p.name != player
    ]
    mine, theirs = _refill(game), _refill(other)
    assert [(t.line, t.reason) for t in mine.takes] == [(t.line, t.reason) for t in theirs.takes]


@pytest.mark.parametrize("coach", [False, True])
def test_a_finished_game_asks_for_no_refill(coach: bool) -> None:
    """The shipped Old Town example is over once its last turn closes; the hint (and the
    coach) said "bob first takes 1 building from beside the board (A4)" and then offered
    no take: the game is over, in one line."""
    record = Path(__file__).parents[1] / "examples" / "old-town-table.game"
    r = runner.invoke(app, ["hint", str(record), *(["--coach"] if coach else [])])
    assert r.exit_code == 1
    assert r.stderr.strip() == f"error: {record}: the game is over"
