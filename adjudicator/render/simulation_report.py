"""The terminal view of a simulation store's report (`adjudicator simulate report`)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table

from adjudicator.simulation.stats import Report

__all__ = ["report_view"]


def report_view(report: Report) -> RenderableType:
    data = report.to_json()
    spec = report.spec
    first = data["seats"][0] if data["seats"] else None
    advantage = {True: "yes", False: "no", None: "-"}[data["first_seat"]["advantage"]]
    head = Table(
        "figure",
        "value",
        title=f"Simulation: {spec.edition}, {spec.policy} policy, {spec.players} players",
    )
    head.add_row("games", f"{data['games']} of {spec.games} (seeds from {spec.seed})")
    head.add_row("finished", str(data["finished"]))
    head.add_row("length (mean turns)", str(data["mean_length"]))
    head.add_row("score (mean)", str(data["mean_score"]))
    for seat in data["seats"]:
        low, high = seat["interval95"]
        head.add_row(
            f"seat {seat['seat']} win rate (95%)", f"{seat['win_rate']:.3f} ({low:.3f}-{high:.3f})"
        )
    head.add_row("seat-neutral win rate", f"{data['neutral_rate']:.3f}")
    head.add_row("first-seat advantage", advantage if first is not None else "-")
    cards = Table(
        "card",
        "held",
        "dead rate",
        "played",
        "discarded",
        "decisive",
        "lift",
        "win share",
        title=f"Cards (decisive: its player won; 1/{spec.players} is no effect)",
    )
    for c in data["cards"]:
        cards.add_row(
            str(c["card"]),
            str(c["held"]),
            f"{c['dead_rate']:.3f}",
            str(c["played"]),
            str(c["discarded"]),
            f"{c['decisive']:.3f}",
            f"{c['lift']:.2f}",
            f"{c['win_share']:.4f}",
        )
    return Group(head, cards)
