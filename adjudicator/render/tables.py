"""What the command line shows of a move ruled through the game protocol (`core/table.py`):
each game's views module, by the registry's name (`adjudicator/tables.py`), loaded only for
its own records. Each holds `ruled_lines(ruled)` (a legal move's ruling) and
`after_lines(game)` (what stands open, and what the table may write next)."""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType

from adjudicator.core.table import Ruled

__all__ = ["VIEWS", "after_lines", "ruled_lines"]

VIEWS = {
    "deduction": "adjudicator.render.records",
    "dry-gulch": "adjudicator.render.dry_gulch",
    "black-hills": "adjudicator.render.black_hills",
}


def ruled_lines(name: str, ruled: Ruled) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(VIEWS[name]).ruled_lines(ruled)
    return lines


def after_lines(name: str, after: Any) -> list[RenderableType]:
    lines: list[RenderableType] = importlib.import_module(VIEWS[name]).after_lines(after)
    return lines
