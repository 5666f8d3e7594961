"""The mutation run's configuration (issue 41, item 1) holds together: every module and
test it names exists, the decision modules of every area are in it, each equivalent mutant
says why, and a module's scratch copy tells mutmut that module and those tests only.
(The mutation run itself is the nightly's: `python -m tests.mutation --nightly`.)"""

from __future__ import annotations

import tomllib
from pathlib import Path

from tests import mutation

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
