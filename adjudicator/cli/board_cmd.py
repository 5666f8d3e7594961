"""`adjudicator board ...`: draw a board, and export its spaces, facts and relations."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from adjudicator.cli.checks import check_known
from adjudicator.cli.options import EditionArg, SvgOpt, save_svg
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError, RulesError

if TYPE_CHECKING:
    from adjudicator.deduction.models.board import Board
    from adjudicator.deduction.models.state import GameState

__all__ = ["app", "board_data"]

app = typer.Typer(help="Draw a board and export what it says.", no_args_is_help=True)

StateOpt = Annotated[
    Path | None,
    typer.Option("--state", help="Draw this state's buildings, markers and landmarks."),
]


def board_data(board: Board) -> dict[str, Any]:
    """Spaces with their facts, every relation between building spaces, and the buildings."""
    from adjudicator.deduction.models.board import RELATIONS

    order = {sid: i for i, sid in enumerate(board.spaces)}
    return {
        "spaces": [
            {
                "id": s.id,
                "street": s.street,
                "x": s.x,
                "y": s.y,
                "frame": s.frame,
                "facts": board.facts(s.id),
            }
            for s in board.spaces.values()
        ],
        "relations": {
            name: [
                [a, b]
                for a, b in sorted(
                    board.relation_pairs(name), key=lambda p: (order[p[0]], order[p[1]])
                )
            ]
            for name in RELATIONS
        },
        "buildings": [{"id": b.id, "name": b.name} for b in board.buildings.values()],
    }


def _state_for(board: Board, path: Path) -> GameState:
    from adjudicator.deduction.files.state_file import load_state

    state = load_state(path)
    if state.board.id != board.id:
        raise InputError(str(path), "edition", f"is {state.board.id!r}, not {board.id!r}")
    return state


def _other_game_board(
    game: str,
    state: Path | None,
    svg: Path | None,
    out: Output,
    *,
    export: bool = False,
    site: str | None = None,
) -> None:
    """Dry Gulch's sites or Black Hills' areas, drawn from their own packages."""
    if game == "dry-gulch":
        from adjudicator.dry_gulch.data import load_rules as dg_rules
        from adjudicator.dry_gulch.state import load_dg_state
        from adjudicator.dry_gulch.state import state_data as dg_state_data
        from adjudicator.render.dry_gulch import dg_board_svg, dg_board_view, dg_sites_table

        rules = dg_rules()
        if site is not None:
            site = check_known(Path("dry-gulch"), "--site", site, "site", rules.sites)
        dg = load_dg_state(state) if state is not None else None
        built = dg.buildings if dg is not None else []
        out.show(dg_sites_table(rules) if export else dg_board_view(rules, built, site))
        out.json(
            {
                "game": "dry-gulch",
                "sites": [
                    {
                        "id": site.id,
                        "street": site.street,
                        "block": site.block,
                        "position": site.position,
                        "sidewalk": site.sidewalk,
                        "across": site.across,
                        "neighbours": list(site.neighbours),
                        "bank_only": site.bank_only,
                        "edge": site.edge,
                    }
                    for site in rules.sites.values()
                ],
                "streets": [{"id": k, "name": v} for k, v in rules.streets.items()],
                "state": dg_state_data(dg) if dg is not None else None,
                "svg": str(svg) if svg is not None else None,
            }
        )
        if svg is not None:
            save_svg(svg, dg_board_svg(rules, built, highlight=site), out)
        return
    if site is not None:
        raise RulesError("--site: Black Hills has areas, not building sites")
    from adjudicator.black_hills.data import load_rules as bh_rules
    from adjudicator.black_hills.state import load_bh_state
    from adjudicator.black_hills.state import state_data as bh_state_data
    from adjudicator.render.black_hills import areas_table, bh_board_svg, state_view

    bh = bh_rules()
    bs = load_bh_state(state) if state is not None else None
    out.show(state_view(bs) if bs is not None else areas_table(bh))
    out.json(
        {
            "game": "black-hills",
            "areas": [
                {"id": a, "name": bh.area_names[a], "resource": r} for a, r in bh.areas.items()
            ],
            "supply": dict(bh.supply),
            "state": bh_state_data(bs) if bs is not None else None,
            "svg": str(svg) if svg is not None else None,
        }
    )
    if svg is not None:
        save_svg(svg, bh_board_svg(bh, bs), out)


@app.command("show")
@handle_errors
def show(
    edition: EditionArg,
    state: StateOpt = None,
    site: Annotated[
        str | None,
        typer.Option(
            "--site", help="Mark one building site or space on the board: nw-3, c3.", metavar="ID"
        ),
    ] = None,
    svg: SvgOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the board in the terminal (with a state's markers), and optionally as SVG."""
    from adjudicator.cli.file_kinds import described, file_kind, require_kind
    from adjudicator.cli.games import edition_game, require_board, state_game
    from adjudicator.tables import EDITION_TITLES

    out = Output(as_json)
    edition = require_board(edition, "board show")
    game = edition_game(edition)
    if state is not None:
        require_kind(state, "state", "board show --state")
        if state_game(state) != game:
            found = file_kind(state)
            what = f"is {described(found)}" if found else "is not a state of this board"
            title = EDITION_TITLES.get(edition, edition)
            raise InputError(str(state), "", f"{what}, not {title}'s")
    if game != "deduction":
        _other_game_board(game, state, svg, out, site=site)
        return
    from adjudicator.deduction.files.editions import resolve_edition
    from adjudicator.deduction.files.state_file import state_to_data
    from adjudicator.render.terminal import board_view

    board = resolve_edition(edition).board()  # only the board: it may have no cards yet
    game_state = _state_for(board, state) if state is not None else None
    marked = (
        ()
        if site is None
        else (check_known(Path(edition), "--site", site, "building space", board.building_spaces),)
    )
    out.show(board_view(board, game_state, highlight=marked))
    out.json(
        {
            **board_data(board),
            "state": state_to_data(game_state) if game_state else None,
            "svg": str(svg) if svg is not None else None,
        }
    )
    if svg is not None:
        from adjudicator.deduction.rules.logic import stop_report
        from adjudicator.render.svg import board_svg

        claims = stop_report(game_state) if game_state is not None else None  # drawn (L4)
        save_svg(svg, board_svg(board, game_state, highlight=marked, claims=claims), out)


@app.command("export")
@handle_errors
def export(edition: EditionArg, as_json: JsonOpt = False) -> None:
    """The board's spaces with their facts, its relations and its buildings."""
    from adjudicator.cli.games import edition_game, require_board

    out = Output(as_json)
    edition = require_board(edition, "board export")
    game = edition_game(edition)
    if game != "deduction":
        _other_game_board(game, None, None, out, export=True)
        return
    from adjudicator.deduction.files.editions import resolve_edition
    from adjudicator.render.terminal import relations_table, spaces_table

    board = resolve_edition(edition).board()
    out.json(board_data(board))
    buildings = ", ".join(b.name for b in board.buildings.values())
    out.show(
        spaces_table(board),
        relations_table(board),
        Text.assemble(("buildings: ", "bold"), buildings),
    )
