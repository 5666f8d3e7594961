"""The package imports no library's private module or name (`from typer import _click`,
`from rich._loop import ...`): a library's private parts change without notice, and an
upgrade of it must not mean porting them (issue 36)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "adjudicator"


def private_imports(source: str) -> list[str]:
    """Each import in `source` of another package's private module or name."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "__future__" or node.module.split(".")[0] == "adjudicator":
                continue
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue  # our own modules, imported relatively
        for name in names:
            if name.split(".")[0] == "adjudicator":
                continue
            if any(part.startswith("_") and not part.startswith("__") for part in name.split(".")):
                found.append(f"line {node.lineno}: {name}")
    return found


def test_no_module_of_the_package_imports_a_library_s_private_parts() -> None:
    found = {
        str(path.relative_to(PACKAGE)): hits
        for path in sorted(PACKAGE.rglob("*.py"))
        if (hits := private_imports(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_check_finds_private_modules_and_names() -> None:
    source = """
from typer import _click
from typer._click import types
import rich._loop
from rich.text import Text
from adjudicator.core.i18n import _
from . import _local
import gettext as _gettext
from __future__ import annotations
"""
    assert private_imports(source) == [
        "line 2: typer._click",
        "line 3: typer._click.types",
        "line 4: rich._loop",
    ]
