"""Rich views of Dry Gulch answers: a payment, a turn's building plan, a placement, the
score. They only read what `dry_gulch` decided."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from adjudicator.dry_gulch.data import Rules
from adjudicator.dry_gulch.pay import Payment
from adjudicator.dry_gulch.place import Placement
from adjudicator.dry_gulch.score import Score
from adjudicator.dry_gulch.state import HandCard
from adjudicator.dry_gulch.why import PayAnswer, PlanAnswer

__all__ = ["pay_view", "payment_rows", "place_view", "plan_view", "score_view"]


def payment_rows(payment: Payment, hand: list[HandCard]) -> list[tuple[str, str]]:
    """(what is paid, with which cards) for each resource and the labour."""
    rows = [(kind, hand[i].text) for kind, i in payment.direct]
    rows += [(kind, f"{hand[i].text} (as a good, General Store)") for kind, i in payment.store]
    rows += [
        (kind, " + ".join(hand[i].text for i in group) + " (standing in)")
        for kind, group in payment.substitute
    ]
    if payment.labour:
        rows.append(("labour", " + ".join(hand[i].text for i in payment.labour)))
    return rows


def pay_view(answer: PayAnswer, rules: Rules) -> RenderableType:
    """The cards that pay for the building and what the hand keeps, or why it cannot pay."""
    name = rules.permits[answer.permit].name
    if answer.payment is None:
        return Text(f"{answer.player} cannot pay for the {name}: {answer.why_not}.", style="red")
    table = Table("for", "paid with", title=f"{answer.player} pays for the {name}")
    for row in payment_rows(answer.payment, answer.hand):
        table.add_row(*row)
    kept = ", ".join(c.text for c in answer.kept) or "nothing"
    return Group(table, Text(f"Keeps: {kept} (spends worth {answer.spent_worth(rules)})"))


def plan_view(answer: PlanAnswer, rules: Rules) -> RenderableType:
    """The plan's buildings with their sites and payments; then each permit left out, and why."""
    who = answer.player
    parts: list[RenderableType] = []
    if answer.placements:
        table = Table(
            "building",
            "site",
            "paid with",
            title=f"{who}'s best building plan: +{answer.plan.influence} influence",
        )
        for p in answer.placements:
            table.add_row(
                rules.permits[p.permit].name,
                p.site or "?",
                "\n".join(
                    f"{kind}: {cards}" for kind, cards in payment_rows(p.payment, answer.hand)
                ),
            )
        parts.append(table)
    else:
        parts.append(Text(f"{who} can build nothing this turn."))
    parts += [
        Text(f"Not this turn: the {rules.permits[x.permit].name} ({x.why}).")
        for x in answer.left_out
    ]
    return Group(*parts)


def place_view(rules: Rules, answer: Placement) -> RenderableType:
    """Whether the building may stand on the site, with every rule the placement breaks."""
    name = rules.permits[answer.permit].name
    if answer.legal:
        return Text(f"The {name} may stand on {answer.site}.", style="green")
    return Group(
        Text(f"The {name} may not stand on {answer.site}:", style="red"),
        *(Text(f"  {r.code}: {r.message}") for r in answer.reasons),
    )


def score_view(result: Score) -> RenderableType:
    """Each player's influence, what they lack and where it comes from; problems; winner."""
    table = Table(
        "player", "influence", "lacks", "from", title=f"Influence (winning needs {result.needed})"
    )
    for name, points in result.influence.items():
        table.add_row(name, str(points), str(result.lacks[name]), "; ".join(result.detail[name]))
    parts: list[RenderableType] = [table, *(Text(p, style="red") for p in result.problems)]
    if result.winners:
        parts.append(Text(f"Winner: {', '.join(result.winners)}", style="bold"))
    return Group(*parts)
