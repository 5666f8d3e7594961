"""The hint before Old Town's refill (A4): the takes ranked, drawn and as JSON, each with
the command that writes it."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from adjudicator.core.i18n import shown
from adjudicator.deduction.game.refill_hint import RefillHint, TakeChoice

__all__ = ["refill_data", "refill_lines", "take_data"]


def _command(take: TakeChoice, source: str) -> str:
    import shlex

    return f"adjudicator game move {shlex.quote(source)} {shlex.quote(take.line)}"


def refill_lines(h: RefillHint, source: str, top: int) -> list[RenderableType]:
    t = Table(
        "#",
        "take",
        "best turn after it",
        "points",
        "why",
        title=f"{shown(h.headline)} ({h.evaluated} candidate turns ruled on)",
    )
    for i, take in enumerate(h.takes[:top], 1):
        t.add_row(str(i), take.line, take.best_line, str(take.best.points), take.reason)
    commands: list[RenderableType] = [Text("To carry one out:", style="bold")]
    commands += [Text(f"  {i}. {_command(x, source)}") for i, x in enumerate(h.takes[:top], 1)]
    return [t, *commands] if h.takes else [t]


def take_data(take: TakeChoice) -> dict[str, Any]:
    """One take as JSON: its move line, the turn it allows and why."""
    return {
        "kind": "take",
        "move": take.line,
        "buildings": list(take.move.buildings),
        "alike": list(take.alike),
        "best_turn": take.best_line,
        "points": take.best.points,
        "stop_left": take.best.stop_left,
        "why": take.reason,
        "notes": [
            {"building": n.building, "markers": n.markers, "named_by": list(n.named_by)}
            for n in take.notes
        ],
    }


def refill_data(h: RefillHint, source: str, top: int) -> dict[str, Any]:
    return {
        "player": h.player,
        "refill": h.due,
        "rule": "A4",
        "message": h.headline,
        "evaluated": h.evaluated,
        "takes": [{**take_data(x), "command": _command(x, source)} for x in h.takes[:top]],
    }
