"""`adjudicator dry-gulch ...`: paying for, placing and scoring Dry Gulch buildings."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.checks import acting_player, check_permit, check_site
from adjudicator.cli.options import PlayerOpt
from adjudicator.cli.output import JsonOpt, Output, handle_errors

# Dry Gulch is imported inside each command: the other games' commands never load it.

__all__ = ["app"]

app = typer.Typer(help="Dry Gulch: pay for, plan, place and score buildings.", no_args_is_help=True)

StateArg = Annotated[Path, typer.Argument(metavar="STATE", help="A Dry Gulch state file.")]
BuildingArg = Annotated[str, typer.Argument(help="The building (permit id).")]


@app.command()
@handle_errors
def pay(
    state_file: StateArg,
    building: BuildingArg,
    player: PlayerOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Can the player's hand pay for the building, and with which cards?"""
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.dry_gulch.why import pay_answer
    from adjudicator.render.dry_gulch import pay_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    who = acting_player(state, state_file, player)
    check_permit(state, state_file, building)
    answer = pay_answer(state, building, who, source=str(state_file))
    if not answer.holds_permit:
        out.warn(
            f"{who} holds no {state.rules.permits[building].name} permit: this is what the "
            "hand could pay if they did"
        )
    out.show(pay_view(answer, state.rules))
    out.json(answer.to_json(state.rules))


@app.command()
@handle_errors
def plan(state_file: StateArg, player: PlayerOpt = None, as_json: JsonOpt = False) -> None:
    """The buildings this turn's hand pays for together that gain the most influence."""
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.dry_gulch.why import plan_answer
    from adjudicator.render.dry_gulch import plan_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    answer = plan_answer(state, acting_player(state, state_file, player))
    out.show(plan_view(answer, state.rules))
    out.json(answer.to_json())


@app.command()
@handle_errors
def place(
    state_file: StateArg,
    building: BuildingArg,
    site: Annotated[str, typer.Argument(help="The site.")],
    as_json: JsonOpt = False,
) -> None:
    """Whether the building may stand on the site, and why not."""
    from adjudicator.dry_gulch.place import rule_placement
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import place_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    check_permit(state, state_file, building)
    check_site(state, state_file, site)
    answer = rule_placement(state, building, site)
    out.show(place_view(state.rules, answer))
    out.json(
        {
            "building": building,
            "site": site,
            "legal": answer.legal,
            "reasons": [{"code": str(r.code), "message": r.message} for r in answer.reasons],
        }
    )


@app.command()
@handle_errors
def score(state_file: StateArg, as_json: JsonOpt = False) -> None:
    """Each player's influence on the board, what they still lack, and the winner."""
    from adjudicator.dry_gulch.score import score as count_score
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import score_view

    out = Output(as_json)
    state = load_dg_state(state_file)
    result = count_score(state)
    out.show(score_view(result))
    out.json(result.to_json())
