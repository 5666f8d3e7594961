"""The terminal view of a simulation store's report (`adjudicator simulate report`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

from adjudicator.simulation.stats import DECISIVE_TITLES, EVENTS_TITLE, Report

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
    tables: list[RenderableType] = [head]
    if report.has("held"):
        tables.append(_cards(data, spec.players))
    if report.has("decisive"):
        title = DECISIVE_TITLES.get(spec.game, "Decisive")
        tables.append(_shares(f"{title} (share: of the finished games)", data["decisive"]))
    if report.has("decisive_events"):
        tables.append(_shares(EVENTS_TITLE, data["decisive_events"]))
    return Group(*tables)


def _shares(title: str, shares: list[dict[str, Any]]) -> Table:
    table = Table("name", "games", "share", title=title)
    for row in shares:
        table.add_row(row["name"], str(row["games"]), f"{row['rate']:.3f}")
    return table


def _cards(data: dict[str, Any], players: int) -> Table:
    cards = Table(
        "card",
        "held",
        "dead rate",
        "played",
        "discarded",
        "decisive",
        "lift",
        "win share",
        title=f"Cards (decisive: its player won; 1/{players} is no effect)",
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
    return cards
