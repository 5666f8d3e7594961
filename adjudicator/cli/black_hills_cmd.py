"""`adjudicator black-hills ...`: the Black Hills referee, investing and best turns."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.checks import acting_player
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError, RulesError

if TYPE_CHECKING:
    from adjudicator.black_hills.state import BHState

# Black Hills is imported inside each command: the other games' commands never load it.

__all__ = ["app"]

app = typer.Typer(
    help=(
        "Black Hills: set up a table, referee a turn, invest, find the best turn (by its "
        "expected reputation). A whole game is kept with `adjudicator game --edition "
        "black-hills`, and simulated with `adjudicator simulate black-hills`."
    ),
    no_args_is_help=True,
)

def _set_up_done(state: BHState, source: Path) -> None:
    """Best turns and investing are for turns: none before every set-up discard is made."""
    from adjudicator.black_hills.round import must_keep

    waiting = must_keep(state)
    if waiting:
        raise RulesError(
            f"{source}: the round's set-up: {', '.join(waiting)} still to discard two "
            f"before the first turn (black-hills turn {source} '{waiting[0]}: keep A B' --write)"
        )


StateArg = Annotated[Path, typer.Argument(metavar="STATE", help="A Black Hills state file.")]
PlayerOpt = Annotated[
    str | None, typer.Option("--player", help="Whose (default: the active player).")
]
#: The old name of `--player`, still read but no longer shown.
ByOpt = Annotated[str | None, typer.Option("--by", hidden=True)]


@app.command()
@handle_errors
def turn(
    state_file: StateArg,
    text: Annotated[
        str,
        typer.Argument(
            help="The turn, e.g. 'ann: miner; event stolen-gold', or a set-up discard "
            "'ann: keep A B'."
        ),
    ],
    write: Annotated[bool, typer.Option("--write", help="Write the resulting state.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Referee one turn: legal or not and why, and the state it leaves."""
    from adjudicator.black_hills.codes import Code
    from adjudicator.black_hills.referee import referee_text
    from adjudicator.black_hills.state import load_bh_state, write_bh_state
    from adjudicator.render.black_hills import verdict_view

    out = Output(as_json)
    state = load_bh_state(state_file)
    v = referee_text(state, text)
    notation = next((r for r in v.reasons if r.code is Code.NOTATION), None)
    if notation is not None:
        # A turn not written in the notation is bad input, not a turn the rules refuse.
        raise InputError("TURN", repr(text), notation.message)
    out.show(verdict_view(v))
    out.json(v.to_json())
    if write:
        if not v.legal:
            out.warn("not written: the turn is not legal")
            raise typer.Exit(1)
        write_bh_state(state_file, v.after)


@app.command()
@handle_errors
def invest(
    state_file: StateArg, player: PlayerOpt = None, as_json: JsonOpt = False, by: ByOpt = None
) -> None:
    """The most reputation a player can buy now, and the exact payment (CP-SAT)."""
    from adjudicator.black_hills.best import most_reputation
    from adjudicator.black_hills.state import load_bh_state
    from adjudicator.cli.games import own_game_state
    from adjudicator.render.black_hills import invest_view

    out = Output(as_json)
    state = own_game_state(state_file, "black-hills", load_bh_state, "black-hills invest")
    who = acting_player(state, state_file, player or by)
    _set_up_done(state, state_file)
    best = most_reputation(state, who)
    out.show(invest_view(who, best))
    if best is None or best.verdict.reputation_gained == 0:
        out.json(
            {"player": who, "reputation": 0, "turn": best.text if best else None, "payments": []}
        )
        return
    out.json(
        {
            "player": who,
            "reputation": best.verdict.reputation_gained,
            "turn": best.text,
            "payments": [p.to_json() for p in best.verdict.payments],
            "kept_worth": best.kept,
            "log": list(best.verdict.log),
        }
    )


@app.command()
@handle_errors
def best(
    state_file: StateArg, player: PlayerOpt = None, as_json: JsonOpt = False, by: ByOpt = None
) -> None:
    """For each character in hand, the best turn, ranked by reputation then resources kept."""
    from adjudicator.black_hills.best import best_turns
    from adjudicator.black_hills.state import load_bh_state
    from adjudicator.cli.games import own_game_state
    from adjudicator.render.black_hills import best_table

    out = Output(as_json)
    state = own_game_state(state_file, "black-hills", load_bh_state, "black-hills best")
    who = acting_player(state, state_file, player or by)
    if who != state.active:
        raise RulesError(
            f"{state_file}: it is {state.active}'s turn; best turns are found "
            "for the player on turn"
        )
    _set_up_done(state, state_file)
    ranked = best_turns(state, who)
    out.show(best_table(who, ranked, state.rules))
    out.json({"player": who, "turns": [c.to_json() for c in ranked]})


@app.command()
@handle_errors
def new(
    state_file: Annotated[Path, typer.Argument(metavar="STATE", help="The file to write.")],
    players: Annotated[
        str, typer.Option("--players", help="2 to 4 names in seat order: ann,bob,cid.")
    ],
    seed: Annotated[int, typer.Option("--seed", help="Shuffles the cards.")] = 1,
    sheriff: Annotated[
        str | None,
        typer.Option("--sheriff", help="Who has the most coins (default: the first)."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the file.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Set up a new table: supply, jail, four characters and one event card each."""
    from adjudicator.black_hills.setup import new_table
    from adjudicator.black_hills.state import state_data, write_bh_state
    from adjudicator.cli.checks import check_seeds
    from adjudicator.core.names import players_of, seated
    from adjudicator.render.black_hills import state_view

    out = Output(as_json)
    check_seeds(seed)
    if state_file.exists() and not force:
        raise InputError(str(state_file), "", "exists already (use --force to overwrite)")
    names = list(players_of(players))  # as written: `Jürgen, Anna Lena`
    state = new_table(names, seed, seated(sheriff, names) if sheriff else None)
    write_bh_state(state_file, state)
    out.show(state_view(state))
    out.json({"ok": True, "state": state_data(state)})

