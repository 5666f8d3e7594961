"""docs/ARCHITECTURE.md maps every rule code of RULINGS.md, RULINGS-dry-gulch.md and
RULINGS-black-hills.md to the one module that decides it, and that module exists and names
the code."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from adjudicator.deduction.rules.codes import Code

ROOT = Path(__file__).resolve().parents[1]


def _table() -> dict[str, str]:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([KLPSAT]\d) \| [^|]+ \| `([^`]+)`", text, flags=re.M)
    return dict(rows)


def test_every_rule_code_has_one_module_that_exists_and_cites_it() -> None:
    table = _table()
    assert set(table) == {c.value for c in Code}
    for code, module in table.items():
        path = ROOT / "adjudicator" / module
        assert path.is_file(), (code, module)
        assert code in path.read_text(encoding="utf-8"), (code, module)


def _game_table(prefix: str, page: str) -> tuple[dict[str, str], set[str]]:
    """A game's table in docs/ARCHITECTURE.md (code -> module, one row a code) and the codes
    of the paragraph below it that begins "Named only in `RULINGS-....md`" (its page)."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rows = re.findall(rf"^\| ({prefix}-[A-Z0-9-]+) \| [^|]+ \| `([^`]+)`", text, flags=re.M)
    table = dict(rows)
    assert len(table) == len(rows), f"a {prefix} code has two rows"
    paragraph = rf"^Named only in `{re.escape(page)}`[^\n]*(?:\n(?!\n)[^\n]*)*"
    listed = re.search(paragraph, text, flags=re.M)
    assert listed is not None, f"no list of the {prefix} codes named only in RULINGS"
    return table, set(re.findall(rf"`({prefix}-[A-Z0-9-]+)`", listed.group(0)))


def _cited_in_rulings(prefix: str, page: str) -> set[str]:
    """Every whole code the RULINGS page writes (not a family such as `BH-DATA-*`)."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return set(re.findall(rf"(?<![\w-])({prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*)(?![\w-])", text))


GAMES = {
    "DG": ("adjudicator.dry_gulch.codes", "RULINGS-dry-gulch.md"),
    "BH": ("adjudicator.black_hills.codes", "RULINGS-black-hills.md"),
}


@pytest.mark.parametrize("prefix", sorted(GAMES))
def test_every_code_of_a_games_codes_py_has_one_module_that_exists_and_names_it(
    prefix: str,
) -> None:
    """Dry Gulch and Black Hills, as the deduction games: each member of the game's `Code`
    (a `StrEnum` in `codes.py`) is a row of its table in docs/ARCHITECTURE.md naming the
    one module that decides it; that module exists and names the code, by the member
    (`Code.CORNER`: how the modules that refuse by it write it) or by its value
    (whole: `DG-PAY` is not found in `DG-PAY-KEEP`), how a module that only applies a
    rule cites it in its docstring or a comment: today five Dry Gulch codes, the options
    `DG-OPT-ADVANCED` and `DG-OPT-SPREADING-FIRE`, `DG-HAND-LIMIT`, `DG-EVENT-MISSING`
    and `DG-ACE`; every Black Hills module names its codes by the member. A module of the other
    game does not count, though both have a `Code.DISCARD` and a `Code.STAGECOACH`: each
    row's module lies in its own game's package.

    The list below the table holds the codes RULINGS names that are not members (readings,
    `BH-DATA-*` and the like): no refusal can cite them. Table and list together are every
    member and every code the RULINGS page writes, each once."""
    module_name, page = GAMES[prefix]
    members = {c.value: c.name for c in importlib.import_module(module_name).Code}
    table, listed = _game_table(prefix, page)
    package = module_name.split(".")[1] + "/"
    assert set(table) <= set(members), set(table) - set(members)
    assert not set(table) & listed, set(table) & listed
    assert set(table) | listed == set(members) | _cited_in_rulings(prefix, page)
    for code, module in table.items():
        path = ROOT / "adjudicator" / module
        assert module.startswith(package) and path.is_file(), (code, module)
        text = path.read_text(encoding="utf-8")
        by_name = re.search(rf"\bCode\.{members[code]}\b", text)
        by_value = re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text)
        assert by_name or by_value, (code, module)


def test_every_code_of_rulings_md_is_a_member() -> None:
    """The codes of RULINGS.md (the team's design document, copied) and of the readings it
    does not cover yet (RULINGS-additions.md) are the members of `Code`, neither more nor
    less."""
    text = "\n".join(
        (ROOT / "docs" / name).read_text(encoding="utf-8")
        for name in ("RULINGS.md", "RULINGS-additions.md")
    )
    cited = set(re.findall(r"\*\*([KLPSAT]\d)\b", text)) | set(
        re.findall(r"^- \*\*([KLPSAT]\d)", text, flags=re.M)
    )
    assert cited == {c.value for c in Code}


def test_no_module_of_the_package_takes_part_in_an_import_cycle() -> None:
    """Every import of `adjudicator`, at the top of a module or inside a function, as grimp
    reads them: the modules and their imports form no cycle (issue 25: `cli/games.py` and
    the other games' command modules, Black Hills' `best.py` and `chance.py`, and the
    self-played games' rows each imported one another)."""
    import grimp
    import networkx as nx

    graph = grimp.build_graph("adjudicator")
    imports = nx.DiGraph(
        (module, imported)
        for module in graph.modules
        for imported in graph.find_modules_directly_imported_by(module)
    )
    cycles = [sorted(c) for c in nx.strongly_connected_components(imports) if len(c) > 1]
    assert cycles == []


def test_no_module_is_over_450_lines() -> None:
    """Small modules whose names say what they hold (issue 25 split the six that were
    over: the bench, the SVG board, the writes, the deduction flow and record, and Dry
    Gulch's record, flow, search, commands and views)."""
    long = {
        str(path.relative_to(ROOT)): n
        for path in sorted((ROOT / "adjudicator").rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 450
    }
    assert long == {}


def test_the_benchmark_is_not_in_the_package() -> None:
    """Issue 36: the benchmark is `python -m benchmarks`, beside the tests at the
    repository's root. The package holds no module named `bench*` (nor a package) and
    imports nothing from `benchmarks` or `tests`, at a module's top or inside a function
    (the import-linter holds the same in CI)."""
    import grimp

    named = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "adjudicator").rglob("bench*"))
    assert named == []
    # no cache: a stale one kept an import taken back within the same second
    graph = grimp.build_graph("adjudicator", include_external_packages=True, cache_dir=None)
    reaching = sorted(
        (module, imported)
        for module in graph.modules
        if module.startswith("adjudicator")
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.split(".")[0] in ("benchmarks", "tests")
    )
    assert reaching == []


def test_the_hint_twin_reads_the_models_only() -> None:
    """The hint's twin (`tests/hint_twin.py`) referees every turn with its own code: from
    the package it imports the models, never the hint, the rulings engine or the solvers
    (the import-linter held this while it was inside the package)."""
    import ast

    tree = ast.parse((ROOT / "tests" / "hint_twin.py").read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    ours = {name for name in imported if name.split(".")[0] in ("adjudicator", "tests")}
    assert ours and all(name.startswith("adjudicator.deduction.models") for name in ours), ours


#: Words that name a test file by when or why it was written, not by what it holds.
HISTORY_WORDS = re.compile(
    r"^(round|revision|rev|hardening|fixes|fix|fixed|two|three|second|more|again|issue|"
    r"regression|review\d+|new\d+|v\d+|\d+)$|^(round|revision|issue|v)\d+$"
)


def test_test_files_are_named_by_what_they_hold() -> None:
    """Issue 36: `test_dry_gulch_revision4.py`, `test_bh_rulebook_round4.py` and
    `test_hardening_two.py` said when they were written; a test file's name says what it
    holds (`test_dry_gulch_rulebook_words_win.py`, `test_move_lines.py`, ...)."""
    named = {
        path.name: word
        for path in sorted((ROOT / "tests").rglob("test_*.py"))
        for word in path.stem.split("_")[1:]
        if HISTORY_WORDS.match(word)
    }
    assert named == {}


def test_the_packages_doctests_run_with_the_tests() -> None:
    """The `>>>` examples in the package's docstrings run under `python -m pytest` from
    the root, as CI runs it (issue 36: eighteen never ran): the package is a test path
    and its modules are collected for doctests."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_config = config["tool"]["pytest"]["ini_options"]
    assert "adjudicator" in pytest_config["testpaths"]
    assert "--doctest-modules" in pytest_config["addopts"].split()
    with_examples = [
        path
        for path in (ROOT / "adjudicator").rglob("*.py")
        if ">>> " in path.read_text(encoding="utf-8")
    ]
    assert with_examples  # the examples the two settings above run
