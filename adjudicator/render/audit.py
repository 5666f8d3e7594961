"""Rich view of a card-set audit: the findings, and the statistics of simulated games."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from adjudicator.deduction.audit import Audit
from adjudicator.deduction.models.cards import CardSet

__all__ = ["audit_view"]

_STYLE = {"error": "bold red", "warning": "yellow", "note": "cyan"}


def _findings_table(audit: Audit, cards: CardSet) -> Table:
    table = Table(
        "severity",
        "code",
        "cards",
        "finding",
        title=f"Audit of {cards.name}: {len(cards)} cards",
    )
    for f in audit.findings:
        table.add_row(
            Text(f.severity, style=_STYLE[f.severity]),
            f.code,
            ", ".join(map(str, f.cards)),
            f.message,
        )
    return table


def _stats_table(stats: dict[str, Any]) -> Table:
    table = Table(
        "card",
        "held in games",
        "playable when held",
        "died in a hand",
        title=f"{stats['games']} simulated games, {stats['stalled']} stalled",
    )
    for c in stats["cards"]:
        if c["held"]:
            table.add_row(
                str(c["card"]),
                str(c["held"]),
                f"{c['playable_when_held']:.0%}",
                f"{c['died_in_hand']:.0%}",
            )
    return table


def audit_view(audit: Audit, cards: CardSet) -> RenderableType:
    """The findings, worst first as the audit orders them (or a word that there are none),
    then, when games were simulated, how each card fared in them."""
    parts: list[RenderableType] = [
        _findings_table(audit, cards) if audit.findings else "No findings: the card set is clean."
    ]
    if audit.stats:
        parts.append(_stats_table(audit.stats))
    return Group(*parts)
