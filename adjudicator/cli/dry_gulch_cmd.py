"""`adjudicator dry-gulch ...`: paying for, placing and scoring Dry Gulch buildings."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from adjudicator.cli.checks import acting_player
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import RulesError
from adjudicator.dry_gulch.pay import Payment, why_not
from adjudicator.dry_gulch.pay import pay as find_payment
from adjudicator.dry_gulch.pay import plan as find_plan
from adjudicator.dry_gulch.place import legal_sites, placement_problems
from adjudicator.dry_gulch.score import score as count_score
from adjudicator.dry_gulch.state import DGState, HandCard, card_value, load_dg_state

__all__ = ["app"]

app = typer.Typer(help="Dry Gulch: pay for, plan, place and score buildings.", no_args_is_help=True)

StateArg = Annotated[Path, typer.Argument(metavar="STATE", help="A Dry Gulch state file.")]
PlayerOpt = Annotated[
    str | None, typer.Option("--by", "--player", help="Whose (default: the active player).")
]


def _payment_rows(payment: Payment, hand: list[HandCard]) -> list[tuple[str, str]]:
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


def _permit(state: DGState, source: Path, permit: str) -> str:
    import difflib

    if permit not in state.rules.permits:
        close = difflib.get_close_matches(permit, list(state.rules.permits), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise RulesError(f"{source}: BUILDING {permit!r}: unknown building{hint}")
    return permit


@app.command()
@handle_errors
def pay(
    state_file: StateArg,
    building: Annotated[str, typer.Argument(help="The building (permit id).")],
    player: PlayerOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Can the player's hand pay for the building, and with which cards?"""
    out = Output(as_json)
    state = load_dg_state(state_file)
    who = acting_player(state, state_file, player)
    permit = _permit(state, state_file, building)
    if state.rules.permits[permit].special == "residence":
        raise RulesError(f"{state_file}: a residence is placed at setup: nothing to pay")
    hand = state.player(who).hand
    holds = permit in state.player(who).permits
    if not holds:
        out.warn(
            f"{who} holds no {state.rules.permits[permit].name} permit: this is what the "
            "hand could pay if they did"
        )
    payment = find_payment(state, permit, who)
    name = state.rules.permits[permit].name
    if payment is None:
        why = why_not(state, permit, who)
        out.show(Text(f"{who} cannot pay for the {name}: {why}.", style="red"))
        out.json(
            {
                "player": who,
                "building": permit,
                "holds_permit": holds,
                "payable": False,
                "payment": None,
                "why": why,
            }
        )
        return
    spent = payment.cards()
    t = Table("for", "paid with", title=f"{who} pays for the {name}")
    for row in _payment_rows(payment, hand):
        t.add_row(*row)
    kept = [c.text for i, c in enumerate(hand) if i not in spent]
    worth = sum(card_value(hand[i], state.rules) for i in spent)
    out.show(t, Text(f"Keeps: {', '.join(kept) or 'nothing'} (spends worth {worth})"))
    out.json(
        {
            "player": who,
            "building": permit,
            "holds_permit": holds,
            "payable": True,
            "payment": payment.to_json(hand),
            "kept": kept,
            "spent_worth": worth,
        }
    )


@app.command()
@handle_errors
def plan(state_file: StateArg, player: PlayerOpt = None, as_json: JsonOpt = False) -> None:
    """The buildings this turn's hand pays for together that gain the most influence."""
    out = Output(as_json)
    state = load_dg_state(state_file)
    who = acting_player(state, state_file, player)
    permits = state.player(who).permits
    sites = {p: legal_sites(state, p) for p in permits}
    result = find_plan(state, who, sites)
    hand = state.player(who).hand
    t = Table(
        "building",
        "site",
        "paid with",
        title=f"{who}'s best building plan: +{result.influence} influence",
    )
    for p, label in zip(result.payments, _labels(result.permits), strict=True):
        t.add_row(
            state.rules.permits[p.permit].name,
            result.sites.get(label, "?"),
            "\n".join(f"{kind}: {cards}" for kind, cards in _payment_rows(p, hand)),
        )
    out.show(t if result.permits else Text(f"{who} can build nothing this turn."))
    left = list(permits)
    for built in result.permits:
        left.remove(built)
    for permit in left:
        why = "no legal free site" if not sites[permit] else "the hand does not stretch to it"
        out.show(Text(f"Not this turn: the {state.rules.permits[permit].name} ({why})."))
    out.json(
        {
            "player": who,
            "influence": result.influence,
            "spent_worth": result.spent_worth,
            "buildings": [
                {"building": p.permit, "site": result.sites.get(label), "payment": p.to_json(hand)}
                for p, label in zip(result.payments, _labels(result.permits), strict=True)
            ],
        }
    )


def _labels(permits: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for p in permits:
        seen[p] = seen.get(p, 0) + 1
        out.append(p if seen[p] == 1 else f"{p}#{seen[p]}")
    return out


@app.command()
@handle_errors
def place(
    state_file: StateArg,
    building: Annotated[str, typer.Argument(help="The building (permit id).")],
    site: Annotated[str, typer.Argument(help="The site.")],
    as_json: JsonOpt = False,
) -> None:
    """Whether the building may stand on the site, and why not."""
    out = Output(as_json)
    state = load_dg_state(state_file)
    permit = _permit(state, state_file, building)
    if site not in state.rules.sites:
        import difflib

        close = difflib.get_close_matches(site, list(state.rules.sites), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise RulesError(f"{state_file}: SITE {site!r}: unknown site{hint}")
    problems = placement_problems(state, permit, site)
    name = state.rules.permits[permit].name
    if problems:
        out.show(
            Text(f"The {name} may not stand on {site}:", style="red"),
            *(Text(f"  {p}") for p in problems),
        )
    else:
        out.show(Text(f"The {name} may stand on {site}.", style="green"))
    out.json({"building": permit, "site": site, "legal": not problems, "reasons": problems})


@app.command()
@handle_errors
def score(state_file: StateArg, as_json: JsonOpt = False) -> None:
    """Each player's influence on the board, what they still lack, and the winner."""
    out = Output(as_json)
    state = load_dg_state(state_file)
    result = count_score(state)
    t = Table(
        "player", "influence", "lacks", "from", title=f"Influence (winning needs {result.needed})"
    )
    for name, points in result.influence.items():
        t.add_row(name, str(points), str(result.lacks[name]), "; ".join(result.detail[name]))
    out.show(t, *(Text(p, style="red") for p in result.problems))
    if result.winners:
        out.show(Text(f"Winner: {', '.join(result.winners)}", style="bold"))
    out.json(result.to_json())
