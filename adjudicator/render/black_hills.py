"""Rich views of Black Hills states, verdicts, investments and best turns. They read the
engine's answers; they decide nothing."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from adjudicator.black_hills.best import Candidate
from adjudicator.black_hills.data import Rules
from adjudicator.black_hills.state import BHState
from adjudicator.black_hills.verdict import Verdict

__all__ = ["best_table", "invest_view", "players_table", "verdict_view"]


def players_table(s: BHState) -> Table:
    """The players: reputation, resources, gunmen and hands; the active one marked."""
    t = Table(
        "player",
        "reputation",
        "gold",
        "logs",
        "fur",
        "gunmen",
        "characters",
        "events",
        title=f"Black Hills, round {s.round}; {s.active} to play; badge: {s.sheriff}",
    )
    for p in s.players:
        mark = "▶ " if p.name == s.active else "  "
        t.add_row(
            mark + p.name,
            str(p.reputation),
            str(p.gold),
            str(p.logs),
            str(p.fur),
            str(p.gunmen),
            ", ".join(p.characters),
            ", ".join(p.events),
        )
    return t


def verdict_view(v: Verdict) -> RenderableType:
    """Legal or not, what happened, why not (with the rule's code); for a legal turn the
    players after it, and the winner."""
    head = Text(f"{v.player or '?'}: ")
    head.append("LEGAL" if v.legal else "NOT LEGAL", style="bold green" if v.legal else "bold red")
    parts: list[RenderableType] = [head]
    parts += [Text(f"  {line}") for line in v.log]
    parts += [Text(f"  refused ({r.code}): {r.message}", style="red") for r in v.reasons]
    if v.state is not None:
        parts.append(players_table(v.state))
        if v.state.winner:
            parts.append(Text(f"{v.state.winner} wins Black Hills.", style="bold"))
    return Group(*parts)


def invest_view(player: str, best: Candidate | None) -> Text:
    """The most reputation the player can buy now, the turn and what it pays."""
    if best is None or best.verdict.reputation_gained == 0:
        return Text(f"{player} can buy no reputation this turn.")
    paid = "; ".join(
        ", ".join(f"{n} {r}" for r, n in p.paid().items() if n) for p in best.verdict.payments
    )
    return Text(
        f"{player} can buy {best.verdict.reputation_gained} reputation point(s) now: "
        f"{best.text.split(': ', 1)[1]} (paying {paid or 'nothing'})."
    )


def best_table(player: str, ranked: Sequence[Candidate], rules: Rules) -> Table:
    """The best turn for each character in hand, best first."""
    t = Table("character", "turn", "reputation", "worth kept", title=f"Best turns for {player}")
    for c in ranked:
        t.add_row(
            rules.characters[c.character].name,
            c.text,
            f"+{c.verdict.reputation_gained}",
            str(c.kept),
        )
    return t
