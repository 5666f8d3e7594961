"""`adjudicator black-hills ...`: the Black Hills referee, investing and best turns."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from adjudicator.black_hills.best import best_turns, most_reputation
from adjudicator.black_hills.state import BHState, load_bh_state, state_data, write_bh_state
from adjudicator.black_hills.turn import referee_text
from adjudicator.cli.checks import acting_player
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import RulesError

__all__ = ["app"]

app = typer.Typer(
    help="Black Hills: referee a turn, invest, find the best turn.", no_args_is_help=True
)

StateArg = Annotated[Path, typer.Argument(metavar="STATE", help="A Black Hills state file.")]
PlayerOpt = Annotated[
    str | None, typer.Option("--by", "--player", help="Whose (default: the active player).")
]


def _players_table(s: BHState) -> Table:
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


@app.command()
@handle_errors
def turn(
    state_file: StateArg,
    text: Annotated[str, typer.Argument(help="The turn, e.g. 'ann: miner; event stolen-gold'.")],
    write: Annotated[bool, typer.Option("--write", help="Write the resulting state.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Referee one turn: legal or not and why, and the state it leaves."""
    out = Output(as_json)
    state = load_bh_state(state_file)
    v = referee_text(state, text)
    head = Text(f"{v.player or '?'}: ")
    head.append("LEGAL" if v.legal else "NOT LEGAL", style="bold green" if v.legal else "bold red")
    out.show(
        head,
        *(Text(f"  {line}") for line in v.log),
        *(Text(f"  refused: {r}", style="red") for r in v.reasons),
    )
    if v.legal and v.state is not None:
        out.show(_players_table(v.state))
        if v.state.winner:
            out.show(Text(f"{v.state.winner} wins Black Hills.", style="bold"))
    out.json(v.to_json(state_data(v.state) if v.state else None))
    if write:
        if not v.legal or v.state is None:
            out.warn("not written: the turn is not legal")
            raise typer.Exit(1)
        write_bh_state(state_file, v.state)


@app.command()
@handle_errors
def invest(state_file: StateArg, player: PlayerOpt = None, as_json: JsonOpt = False) -> None:
    """The most reputation a player can buy now, and the exact payment (CP-SAT)."""
    out = Output(as_json)
    state = load_bh_state(state_file)
    who = acting_player(state, state_file, player)
    best = most_reputation(state, who)
    if best is None or best.verdict.reputation_gained == 0:
        out.show(Text(f"{who} can buy no reputation this turn."))
        out.json(
            {"player": who, "reputation": 0, "turn": best.text if best else None, "payments": []}
        )
        return
    paid = "; ".join(
        ", ".join(f"{n} {r}" for r, n in p.paid().items() if n) for p in best.verdict.payments
    )
    out.show(
        Text(
            f"{who} can buy {best.verdict.reputation_gained} reputation point(s) now: "
            f"{best.text.split(': ', 1)[1]} (paying {paid or 'nothing'})."
        )
    )
    out.json(
        {
            "player": who,
            "reputation": best.verdict.reputation_gained,
            "turn": best.text,
            "payments": [p.to_json() for p in best.verdict.payments],
            "kept_worth": best.kept,
            "log": best.verdict.log,
        }
    )


@app.command()
@handle_errors
def best(state_file: StateArg, player: PlayerOpt = None, as_json: JsonOpt = False) -> None:
    """For each character in hand, the best turn, ranked by reputation then resources kept."""
    out = Output(as_json)
    state = load_bh_state(state_file)
    who = acting_player(state, state_file, player)
    if who != state.active:
        raise RulesError(
            f"{state_file}: it is {state.active}'s turn; best turns are found "
            "for the player on turn"
        )
    ranked = best_turns(state, who)
    t = Table("character", "turn", "reputation", "worth kept", title=f"Best turns for {who}")
    for c in ranked:
        t.add_row(
            state.rules.characters[c.character].name,
            c.text,
            f"+{c.verdict.reputation_gained}",
            str(c.kept),
        )
    out.show(t)
    out.json({"player": who, "turns": [c.to_json() for c in ranked]})


@app.command()
@handle_errors
def show(state_file: StateArg, as_json: JsonOpt = False) -> None:
    """Check a Black Hills state file and show the players."""
    out = Output(as_json)
    state = load_bh_state(state_file)
    out.show(_players_table(state))
    out.json({"ok": True, "state": state_data(state)})
