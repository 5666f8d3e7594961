"""`adjudicator dry-gulch ...`: paying for, placing and scoring Dry Gulch buildings."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.checks import acting_player
from adjudicator.cli.dry_gulch_args import BuildingArg, ByOpt, PlayerOpt, StateArg
from adjudicator.cli.dry_gulch_names import permit_id, site_id
from adjudicator.cli.output import JsonOpt, Output, handle_errors

# Dry Gulch is imported inside each command: the other games' commands never load it.

__all__ = ["app"]


app = typer.Typer(
    help=(
        "Dry Gulch: set up a table; what a hand pays for, plans and places; score. A whole "
        "game, every phase of its turns, is kept with `adjudicator game --edition "
        "dry-gulch`, and simulated with `adjudicator simulate dry-gulch`."
    ),
    no_args_is_help=True,
)


@app.command()
@handle_errors
def pay(
    state_file: StateArg,
    building: BuildingArg,
    player: PlayerOpt = None,
    as_json: JsonOpt = False,
    by: ByOpt = None,
) -> None:
    """Can the player's hand pay for the building, and with which cards?"""
    from adjudicator.cli.games import own_game_state
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.dry_gulch.why import pay_answer
    from adjudicator.render.dry_gulch import pay_view

    out = Output(as_json)
    state = own_game_state(state_file, "dry-gulch", load_dg_state, "dry-gulch pay")
    who = acting_player(state, state_file, player or by, "--player")
    building = permit_id(state.rules, state_file, building)
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
def plan(
    state_file: StateArg, player: PlayerOpt = None, as_json: JsonOpt = False, by: ByOpt = None
) -> None:
    """The buildings this turn's hand pays for together that gain the most influence."""
    from adjudicator.cli.games import own_game_state
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.dry_gulch.why import plan_answer
    from adjudicator.render.dry_gulch import plan_view

    out = Output(as_json)
    state = own_game_state(state_file, "dry-gulch", load_dg_state, "dry-gulch plan")
    answer = plan_answer(state, acting_player(state, state_file, player or by, "--player"))
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
    from adjudicator.cli.games import own_game_state
    from adjudicator.dry_gulch.place import rule_placement
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import place_view

    out = Output(as_json)
    state = own_game_state(state_file, "dry-gulch", load_dg_state, "dry-gulch place")
    building = permit_id(state.rules, state_file, building)
    site = site_id(state.rules, state_file, site)
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
    from adjudicator.cli.games import own_game_state
    from adjudicator.dry_gulch.score import score as count_score
    from adjudicator.dry_gulch.state import load_dg_state
    from adjudicator.render.dry_gulch import score_view

    out = Output(as_json)
    state = own_game_state(state_file, "dry-gulch", load_dg_state, "dry-gulch score")
    result = count_score(state)
    out.show(score_view(result))
    out.json(result.to_json())


@app.command()
@handle_errors
def new(
    state_file: Annotated[Path, typer.Argument(metavar="STATE", help="The file to write.")],
    players: Annotated[
        str, typer.Option("--players", help="3 to 6 names, the starting player first.")
    ],
    seed: Annotated[int, typer.Option("--seed", help="Shuffles the stacks.")] = 1,
    residence: Annotated[
        list[str] | None,
        typer.Option("--residence", help="NAME=SITE (repeat); default: the first free edge."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the file.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Set up a new table: residences placed, stacks shuffled, 5 resources and 3 permits."""
    from adjudicator.cli.checks import check_seeds
    from adjudicator.core.errors import InputError
    from adjudicator.core.names import players_of, seated
    from adjudicator.core.table import players_option
    from adjudicator.dry_gulch.data import load_rules
    from adjudicator.dry_gulch.score import score as count_score
    from adjudicator.dry_gulch.setup import new_table
    from adjudicator.dry_gulch.state import state_data, write_dg_state
    from adjudicator.render.dry_gulch import score_view

    out = Output(as_json)
    check_seeds(seed)
    if state_file.exists() and not force:
        raise InputError(str(state_file), "", "exists already (use --force to overwrite)")
    names = list(players_of(players))  # as written: `Jürgen, Anna Lena`
    homes = {}
    for pair in residence or []:
        name, eq, site = pair.partition("=")
        if not eq:
            raise InputError("--residence", pair, "write NAME=SITE")
        where = site_id(load_rules(), state_file, site, f"--residence {name.strip()}")
        homes[seated(name, names)] = where
    with players_option("--players"):
        state = new_table(names, seed, homes)
    write_dg_state(state_file, state)
    out.show(score_view(count_score(state)))
    out.json({"ok": True, "state": state_data(state)})
