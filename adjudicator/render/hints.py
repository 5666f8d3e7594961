"""Rich view of a hint: the ranked actions, the cards that cannot be played now, STOP."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from adjudicator.deduction.hint import Action, Hint
from adjudicator.deduction.models.board import Board
from adjudicator.render.rulings import ruling_view, stop_view

__all__ = ["hint_view"]


def _describe(action: Action, board: Board) -> str:
    def one(card: int, my: str | None) -> str:
        return f"{card}" + (f" as {board.building_name(my)}" if my else "")

    if action.kind == "pass":
        return "pass"
    if action.kind == "discard":
        assert action.take is not None
        b, s = action.take
        return (
            f"discard {action.cards[0]} and {action.cards[1]}, take "
            f"{board.building_name(b)} @ {board.space_name(s)}"
        )
    steps = ["play " + one(c, m) for c, m in zip(action.cards, action.as_buildings, strict=True)]
    if action.buy is not None:
        alike = f" (or any of {len(action.alike)} alike)" if action.alike else ""
        steps.insert(action.buy_at, f"buy the {board.building_name(action.buy)}{alike}")
    return ", then ".join(steps)


def _why(action: Action, board: Board) -> str:
    r = action.ruling
    if r is None:
        return ""
    bits = []
    if r.built:
        bits.append("builds " + ", ".join(board.building_name(b.building) for b in r.built))
    if r.removed:
        bits.append(f"removes {len(r.removed)} marker(s)")
    if r.markers_placed:
        bits.append(f"places {len(r.markers_placed)} marker(s)")
    return "; ".join(bits)


def hint_view(h: Hint, board: Board, top: int) -> RenderableType:
    t = Table(
        "#",
        "action",
        "points",
        "STOP left",
        "what it does",
        title=f"Best actions for {h.player} ({h.evaluated} candidates ruled on)",
    )
    for i, a in enumerate(h.actions[:top], 1):
        t.add_row(str(i), _describe(a, board), str(a.points), str(a.stop_left), _why(a, board))
    parts: list[RenderableType] = [t]
    best = next((a for a in h.actions if a.ruling is not None), None)
    if best is not None and best.ruling is not None:
        parts.append(Text("The best action, ruled on:", style="bold"))
        parts.append(ruling_view(best.ruling))
    if h.unplayable:
        u = Table("card", "rule", "why not now", title="Cards that cannot be played now")
        for x in h.unplayable:
            u.add_row(str(x.card), x.code, x.message)
        parts.append(u)
    if h.discardable:
        parts.append(
            Text(
                "Worth discarding (confirmations or contradictions): "
                + ", ".join(map(str, h.discardable))
            )
        )
    parts.append(stop_view(h.stop, board, "STOP claims anyone can make now"))
    return Panel(Group(*parts), title=f"Hint: {board.name}")
