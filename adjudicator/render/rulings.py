"""Rich views of rulings and STOP reports. They read rulings; they decide nothing."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.rules.ruling import Ruling, Status, StopReport, Tier

__all__ = ["ruling_view", "stop_view"]

_STATUS_STYLE = {
    Status.PLAYABLE: "bold green",
    Status.PLAYABLE_CONFIRMATION: "bold green",
    Status.QUESTION: "bold cyan",
    Status.CONTRADICTORY: "bold red",
    Status.CONFIRMATION: "bold yellow",
    Status.NOT_NOW: "bold yellow",
    Status.ILLEGAL: "bold red",
}


_STATUS_WORD = {
    Status.PLAYABLE_CONFIRMATION: "PLAYABLE (a confirmation)",
    Status.QUESTION: "WHICH MY BUILDING?",
}


def stop_view(report: StopReport, board: Board, title: str = "STOP claims") -> RenderableType:
    if not report and not report.conflicts:
        return Panel(Text("No STOP claims: logic removes nothing from this board."), title=title)
    parts: list[RenderableType] = []
    if report.removable:
        t = Table("marker", "why it goes", box=None, show_edge=False, pad_edge=False)
        for r in report.removable:
            t.add_row(
                f"{board.building_name(r.building)} @ {board.space_name(r.space)}", r.explanation
            )
        parts.append(t)
    for d in report.determined:
        parts.append(
            Text(
                f"Built: {board.building_name(d.building)} on "
                f"{board.space_name(d.space)}. {d.reason}"
            )
        )
    for c in report.conflicts:
        parts.append(Text(c.explanation, style="magenta"))
    parts.append(Text(f"Worth {report.points} point(s) to whoever calls STOP.", style="bold"))
    return Panel(Group(*parts), title=title)


def _when(ruling: Ruling) -> str:
    """Where in the turn a buy came (A2)."""
    if ruling.action == "discard":
        return "before the discard" if ruling.buy_at == 0 else "after the discard"
    steps = len(ruling.cards)
    cards = "the card" if steps == 1 else "the cards"
    if ruling.buy_at == 0:
        return f"before {cards}"
    return f"after {cards}" if ruling.buy_at >= steps else "between the cards"


def ruling_view(ruling: Ruling) -> RenderableType:
    board = ruling.before.board
    head = Text()
    cards = " then ".join(
        f"card {c}" + (f" as the {board.building_name(m)}" if m else "")
        for c, m in zip(
            ruling.cards, ruling.as_buildings or [None] * len(ruling.cards), strict=False
        )
    )
    if ruling.action == "discard":
        what = f"{ruling.player} discards cards {' and '.join(map(str, ruling.cards))}"
    elif ruling.action == "buy":
        bought = ruling.as_buildings[0] if ruling.as_buildings else None
        what = f"{ruling.player} buys the {board.building_name(bought or '')}"
    elif ruling.action == "stop":
        what = f"{ruling.player} calls STOP"
    else:
        what = f"{ruling.player} plays {cards}"
    if ruling.buy is not None and ruling.action != "buy":
        what += f", buying the {board.building_name(ruling.buy)} {_when(ruling)}"
    head.append(what + ": ")
    word = _STATUS_WORD.get(ruling.status, str(ruling.status).upper())
    if ruling.action in ("buy", "stop", "discard"):  # only cards are 'playable'
        word = "LEGAL" if ruling.playable else "NOT LEGAL"
    head.append(word, style=_STATUS_STYLE[ruling.status])
    parts: list[RenderableType] = [head]
    for r in ruling.reasons:
        parts.append(Text(f"  {r.code}: {r.message}"))
    if ruling.markers_placed:
        placed = ", ".join(
            f"{board.building_name(b)} @ {board.space_name(s)}" for b, s in ruling.markers_placed
        )
        parts.append(Text(f"Markers placed: {placed}"))
    if ruling.removed:
        t = Table("tier", "marker", "reason", box=None, pad_edge=False)
        for tier in Tier:
            for removal in ruling.removed:
                if removal.tier is tier:
                    t.add_row(
                        str(tier),
                        f"{board.building_name(removal.building)} @ "
                        f"{board.space_name(removal.space)}",
                        removal.reason,
                    )
        parts.append(Text("Markers removed:"))
        parts.append(t)
    for built in ruling.built:
        parts.append(
            Text(
                f"Built: {board.building_name(built.building)} on "
                f"{board.space_name(built.space)} ({built.reason})",
                style="green",
            )
        )
    for b in ruling.retired:
        parts.append(
            Text(
                f"Retired: the {board.building_name(b)} can no longer be placed (K4)",
                style="magenta",
            )
        )
    if ruling.playable:
        detail = ", ".join(f"{k} {v}" for k, v in ruling.points_detail.items() if v)
        parts.append(
            Text(f"Points: {ruling.points}" + (f" ({detail})" if detail else ""), style="bold")
        )
        if ruling.stop is not None:
            parts.append(stop_view(ruling.stop, board, "STOP claims left"))
    return Panel(Group(*parts), title=f"Ruling: {board.name}")
