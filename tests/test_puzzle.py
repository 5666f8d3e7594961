"""Solo puzzles (issue 17): generation is unique, solvable by the rules and minimal, held
against the brute-force twin (`puzzle_twin.py`); the file format, rating, check and the
commands."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.errors import InputError
from adjudicator.core.safe_parse import parse_toml
from adjudicator.deduction.files.editions import load_edition
from adjudicator.deduction.puzzle.check import check
from adjudicator.deduction.puzzle.generate import generate
from adjudicator.deduction.puzzle.model import Clue, Puzzle
from adjudicator.deduction.puzzle.puzzle_file import dump_puzzle, parse_puzzle
from adjudicator.deduction.puzzle.rate import level_of, rate
from adjudicator.deduction.puzzle.steps import solve_steps
from adjudicator.deduction.puzzle.towns import count_towns
from tests import puzzle_twin
from tests.budget import examples

EDITIONS = ("gads-hill-1874", "old-town")
runner = CliRunner()


def _clues(p: Puzzle) -> list[tuple[int, str | None]]:
    return [(c.card, c.my) for c in p.clues]


def _twin(p: Puzzle, limit: int = 2) -> list[dict[str, str]]:
    return puzzle_twin.towns(
        p.edition, p.buildings(), p.givens, [(c.card, c.my) for c in p.clues], limit
    )


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edition=st.sampled_from(EDITIONS),
    seed=st.integers(0, 10_000),
    level=st.sampled_from(("easy", "medium", "hard")),
)
def test_generated_puzzle_is_unique_solvable_minimal_by_the_twin(
    edition: str, seed: int, level: str
) -> None:
    p = generate(load_edition(edition), seed, level).puzzle  # type: ignore[arg-type]
    twin = _twin(p)
    assert len(twin) == 1  # unique, by enumeration
    assert count_towns(p) == twin
    solution = solve_steps(p)
    assert solution.solved, solution.stalled
    assert solution.town == twin[0]  # the rules reach the one town
    # solvable: the rules as the twin reads them from RULINGS.md reach the same town
    assert puzzle_twin.rules_solve(p.edition, p.buildings(), p.givens, _clues(p)) == (
        True,
        twin[0],
    )
    for i in range(len(p.clues)):  # minimal: each card is needed
        fewer = p.without_clue(i)
        assert len(_twin(fewer)) == 2
        # and without it, neither the engine nor the twin's rules finish the town
        assert not solve_steps(fewer).solved
        assert not puzzle_twin.rules_solve(p.edition, p.buildings(), p.givens, _clues(fewer))[0]
    for b in p.givens:
        assert len(_twin(p.without_given(b))) == 2


@settings(max_examples=examples(25), deadline=None)
@given(edition=st.sampled_from(EDITIONS), seed=st.integers(0, 10_000), n=st.integers(1, 6))
def test_count_agrees_with_twin_on_random_clues(edition: str, seed: int, n: int) -> None:
    """Any clues, true or not, and any givens: CP-SAT and the twin count the same (to 2)."""
    ed = load_edition(edition)
    rng = random.Random(seed)
    board = ed.board
    numbers = rng.sample(sorted(ed.cards.cards), n)
    names = list(board.buildings)
    clues = []
    for number in numbers:
        card = ed.cards[number]
        my = rng.choice([b for b in names if b != card.subject]) if card.needs_my_building else None
        clues.append(Clue(number, my))
    mine = {c.my for c in clues}
    spaces = rng.sample(list(board.building_spaces), 3)
    free = [b for b in names if b not in mine]
    givens = dict(zip(rng.sample(free, 2), spaces, strict=False))
    p = Puzzle(ed, tuple(clues), givens)
    assert len(count_towns(p)) == len(_twin(p))


def test_generation_is_deterministic() -> None:
    ed = load_edition("old-town")
    assert generate(ed, 5, "easy").puzzle == generate(ed, 5, "easy").puzzle


def test_file_round_trip_and_errors() -> None:
    p = generate(load_edition("gads-hill-1874"), 3, "medium").puzzle
    text = dump_puzzle(p)
    assert parse_puzzle(parse_toml(text, "p.toml"), "p.toml") == p
    bad = text.replace('edition = "gads-hill-1874"', 'edition = "gads-hill-1874"\ncolour = 1')
    with pytest.raises(InputError, match=r"p\.toml: colour: unknown entry"):
        parse_puzzle(parse_toml(bad, "p.toml"), "p.toml")
    with pytest.raises(InputError, match="needs my"):
        parse_puzzle({"edition": "old-town", "clue": [{"card": _district("old-town")}]}, "p")


def _district(edition: str) -> int:
    return next(c.number for c in load_edition(edition).cards if c.kind == "district")


def test_check_names_second_town_and_removable_card() -> None:
    p = generate(load_edition("gads-hill-1874"), 1, "medium").puzzle
    ok = check(p)
    assert ok.ok and ok.removable == ()
    loose = p.without_clue(0)
    res = check(loose)
    assert not res.unique and res.second is not None
    # the second town differs from the first and fits every card, by the twin
    assert res.second != count_towns(p)[0]
    assert puzzle_twin.towns(loose.edition, loose.buildings(), res.second, _clues(loose)) == [
        res.second
    ]
    # an extra true card: still unique, but no longer minimal
    town = count_towns(p)[0]
    used = {x.card for x in p.clues}
    mine = [b for b in p.buildings() if b not in p.givens]
    extra = next(
        Clue(c.number, None if c.kind == "building" else b)
        for c in p.edition.cards
        if c.kind in ("building", "district") and c.number not in used
        for b in (mine if c.kind == "district" else [c.subject])
        if town.get(b) in c.spaces
    )
    more = Puzzle(p.edition, (*p.clues, extra), p.givens, listed=p.buildings())
    res = check(more)
    assert res.unique and not res.minimal
    assert extra.label(p.board) in res.removable


def test_stalled_solution_says_why() -> None:
    p = generate(load_edition("old-town"), 4, "easy").puzzle
    first = p.clues[0]
    bare = Puzzle(p.edition, (first,), {}, listed=p.buildings())
    solution = solve_steps(bare)
    assert not solution.solved and solution.stalled and "still to be placed" in solution.stalled


def test_rating_bands_and_steps() -> None:
    assert [level_of(s) for s in (0, 5, 6, 9, 10)] == ["easy"] * 2 + ["medium"] * 2 + ["hard"]
    p = generate(load_edition("gads-hill-1874"), 2, "hard").puzzle
    sol = solve_steps(p)
    r = rate(p, sol)
    assert r.cards == len(p.clues) - len(sol.unused)
    assert all(s.code in ("P6", "L1", "L2") for s in sol.steps)


def test_cli_new_solve_rate_check_sheet(tmp_path: Path) -> None:
    out = tmp_path / "p.toml"
    res = runner.invoke(
        app,
        ["puzzle", "new", "old-town", "--seed", "1", "--level", "easy", "-o", str(out), "--json"],
    )
    assert res.exit_code == 0, res.output
    made = json.loads(res.output)
    assert made["puzzle"]["edition"] == "old-town" and out.is_file()
    res = runner.invoke(app, ["puzzle", "solve", str(out), "--json"])
    solved = json.loads(res.output)
    assert solved["solved"] and solved["steps"][0]["code"] == "P6"
    res = runner.invoke(app, ["puzzle", "rate", str(out), "--json"])
    assert json.loads(res.output)["score"] == made["rating"]["score"]
    res = runner.invoke(app, ["puzzle", "check", str(out), "--json"])
    assert res.exit_code == 0 and json.loads(res.output)["ok"]
    svg = tmp_path / "s.svg"
    res = runner.invoke(app, ["puzzle", "sheet", str(out), "--svg", str(svg)])
    assert res.exit_code == 0 and "<svg" in svg.read_text()
    assert "Card " in svg.read_text() and (tmp_path / "s-solution.svg").is_file()


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    res = runner.invoke(app, ["puzzle", "solve", str(tmp_path / "none.toml")])
    assert res.exit_code == 1 and "no such file" in res.output and "Traceback" not in res.output
    res = runner.invoke(app, ["puzzle", "new", "old-town", "--level", "extreme"])
    assert res.exit_code == 1 and "--level" in res.output
    bad = tmp_path / "bad.toml"
    bad.write_text('edition = "old-town"\n[[clue]]\ncard = 999\n')
    res = runner.invoke(app, ["puzzle", "check", str(bad)])
    assert res.exit_code == 1 and "clue[1]" in res.output


def test_board_file_edition_is_named_beside_the_puzzle(tmp_path: Path) -> None:
    """A puzzle on one's own board file names it relative to the puzzle file; on the
    command line the board is read by the path as written, wherever it lies (issue 40, as
    a state file's is), a missing one named in one line. The server's reading stays
    confined to its folder (tests/test_web_puzzle.py)."""
    from adjudicator.core.data import data_dir

    folder = tmp_path / "mine"
    folder.mkdir()
    board = folder / "town.toml"
    board.write_text((data_dir("boards") / "old-town.toml").read_text())
    (folder / "town-cards.toml").write_text((data_dir("cards") / "old-town.toml").read_text())
    out = folder / "p.toml"
    res = runner.invoke(
        app, ["puzzle", "new", str(board), "--seed", "2", "--level", "easy", "-o", str(out)]
    )
    assert res.exit_code == 0, res.output
    assert 'edition = "town.toml"' in out.read_text()
    res = runner.invoke(app, ["puzzle", "solve", str(out), "--json"])
    assert res.exit_code == 0, res.output
    beside = json.loads(res.stdout)
    (tmp_path / "away").mkdir()
    moved = tmp_path / "away" / "p.toml"  # the board now outside the puzzle's folder
    moved.write_text(out.read_text().replace('"town.toml"', '"../mine/town.toml"'))
    res = runner.invoke(app, ["puzzle", "solve", str(moved), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == beside
    res = runner.invoke(app, ["puzzle", "check", str(moved)])
    assert res.exit_code == 0, res.output
    gone = tmp_path / "away" / "q.toml"
    gone.write_text(out.read_text().replace('"town.toml"', '"../x/town.toml"'))
    res = runner.invoke(app, ["puzzle", "solve", str(gone)])
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert res.stderr.strip().endswith("no such board file '../x/town.toml'"), res.output
