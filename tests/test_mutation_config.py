"""The mutation run's configuration (issue 41, item 1) holds together: every module and
test it names exists, the decision modules of every area are in it, each equivalent mutant
says why, and a module's scratch copy tells mutmut that module and those tests only.
(The mutation run itself is the nightly's: `python -m tests.mutation --nightly`.) The
review's mutants made by hand (`tests/mutation-by-hand.toml`) still find their lines, and
their check reports a mutant its test misses."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

from tests import mutation, mutation_by_hand

ROOT = Path(__file__).resolve().parents[1]
#: The decision modules the issue names, by the file's name, and the seats' checks.
AREAS = (
    "rules/",
    "solve/",
    "pay.py",
    "search.py",
    "invest.py",
    "turn.py",
    "events.py",
    "round.py",
    "robbery.py",
    "shaman.py",
    "score.py",
    "draw.py",
    "discard.py",
    "coach.py",
    "hint.py",
    "web/face_down.py",
    "web/games.py",
)


def test_every_module_and_test_named_exists_and_every_area_is_covered() -> None:
    table = mutation.modules()
    for module, entry in table.items():
        assert (ROOT / module).is_file(), module
        tests = entry["tests"]
        assert isinstance(tests, list) and tests, module
        for test in tests:
            assert (ROOT / test).is_file(), (module, test)
    missing = [a for a in AREAS if not any(a in m for m in table)]
    assert not missing


def test_each_equivalent_mutant_says_why() -> None:
    with mutation.EQUIVALENT.open("rb") as f:
        listed = tomllib.load(f).get("mutant", [])
    for entry in listed:
        assert entry["name"].startswith("adjudicator.") and "__mutmut_" in entry["name"]
        assert entry["change"] and len(entry["why"]) > 40, entry
    assert set(mutation.equivalent()) == {e["name"] for e in listed}


def test_a_scratch_copy_mutates_the_module_alone_with_its_tests(tmp_path: Path) -> None:
    mutation._scratch_project("adjudicator/dry_gulch/score.py", ["tests/test_x.py"], tmp_path)
    with (tmp_path / "pyproject.toml").open("rb") as f:
        config = tomllib.load(f)
    mutmut = config["tool"]["mutmut"]
    assert mutmut["only_mutate"] == ["adjudicator/dry_gulch/score.py"]
    assert mutmut["pytest_add_cli_args_test_selection"] == ["tests/test_x.py"]
    assert mutmut["source_paths"] == ["adjudicator"]
    assert config["tool"]["mypy"]["strict"] is True  # the tables after it kept
    for name in ("adjudicator", "tests", "boards", "cards", "examples"):
        assert (tmp_path / name).is_dir(), name


#: The review's areas of surviving mutants (issue 41), each with its hand-made mutants.
HAND_AREAS = {"seats", "coach", "dry-gulch", "black-hills", "turn-order"}


def test_each_hand_made_mutant_finds_its_line_and_names_a_test_that_exists() -> None:
    """An edit of `tests/mutation-by-hand.toml` whose line has changed, or whose test was
    renamed, would check nothing: each `from` occurs once in its file, `to` differs, and
    the test function is in its file."""
    listed = mutation_by_hand.mutants()
    assert {m.area for m in listed} == HAND_AREAS
    for m in listed:
        source = (ROOT / m.file).read_text(encoding="utf-8")
        assert m.made(source) != source, m
        path, _, name = m.test.partition("::")
        assert f"def {name}(" in (ROOT / path).read_text(encoding="utf-8"), m.test


def test_a_hand_made_mutant_that_its_test_misses_is_reported(tmp_path: Path) -> None:
    """The check itself can fail: T3's reshuffle mutant run against a test of T6 (which
    never calls `must_reshuffle`) survives and is named; against its own test, killed."""
    (reshuffle,) = [m for m in mutation_by_hand.mutants() if m.area == "turn-order"]
    missed = replace(
        reshuffle,
        test="tests/test_rules_pinned_turn_order.py::"
        "test_a_game_stalls_when_every_player_has_passed_in_turn",
    )
    mutation_by_hand._copy(tmp_path)
    wrong = mutation_by_hand.check([missed, reshuffle], tmp_path)
    assert wrong == [
        f"survived: {reshuffle.what} ({reshuffle.file}: {reshuffle.old!r} -> {reshuffle.new!r})"
    ]
    assert (tmp_path / reshuffle.file).read_text(encoding="utf-8") == (
        ROOT / reshuffle.file
    ).read_text(encoding="utf-8")
