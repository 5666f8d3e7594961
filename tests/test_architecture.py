"""docs/ARCHITECTURE.md maps every rule code of RULINGS.md to the one module that decides
it, and that module exists and names the code."""

from __future__ import annotations

import re
from pathlib import Path

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


def test_every_code_of_rulings_md_is_a_member() -> None:
    text = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
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
