"""`black-hills record new/move/undo/show/replay` (the `game` commands' own loops over the
game protocol, `cli/table_cmds.py`, under Black Hills' own group) and `black-hills
simulate`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.locking import holding_lock
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import InputError

__all__ = ["register_game", "simulate"]


RecordArg = Annotated[Path, typer.Argument(metavar="RECORD", help="A .game record.")]


def simulate(
    games: int, players: int, policy: str, seed: int, record: Path | None, as_json: bool
) -> None:
    """Whole games by a policy, with the figures a designer asks for."""
    from adjudicator.black_hills.game.record import record_to_text
    from adjudicator.black_hills.game.simulate import simulate as run
    from adjudicator.cli.checks import check_seeds
    from adjudicator.core.files import write_atomic

    out = Output(as_json)
    if policy not in ("random", "greedy"):
        raise InputError("--policy", policy, "random or greedy")
    if not 2 <= players <= 4:
        raise InputError("--players", str(players), "Black Hills seats 2 to 4 players")
    if games < 1:
        raise InputError("--games", str(games), "at least 1")
    check_seeds(seed, games)
    stats = run(games, players, "greedy" if policy == "greedy" else "random", seed)
    data = stats.to_json()
    if record is not None:
        write_atomic(record, record_to_text(stats.games[0].record))
        data["record"] = str(record)
    turns, rounds = data["turns"], data["rounds"]
    out.lines(
        f"{data['games']} games of Black Hills, {players} players, {policy} policy: "
        f"{data['finished']} won, {data['stalled']} stalled.",
        f"Length: {turns['mean']} turns on average ({turns['min']}-{turns['max']}), "
        f"{rounds['mean']} rounds ({rounds['min']}-{rounds['max']}).",
        "Wins by seat: "
        + ", ".join(f"seat {i + 1}: {n}" for i, n in enumerate(data["wins_by_seat"]))
        + ".",
        "The winning turn's character: "
        + (", ".join(f"{k} {v}" for k, v in data["decisive_characters"].items()) or "-")
        + "; its events: "
        + (", ".join(f"{k} {v}" for k, v in data["decisive_events"].items()) or "none")
        + ".",
        *([f"The first game's record: {record}."] if record is not None else []),
    )
    out.json(data)


def register_game(parent: typer.Typer) -> None:
    """`black-hills record new/move/undo/show/replay`: the same functions as `game ...
    --edition black-hills` will reach once `cli/game_cmd.py` hands Black Hills records
    here (as it does Dry Gulch's)."""
    rec = typer.Typer(
        help="A Black Hills game record: new, move, undo, show, replay.", no_args_is_help=True
    )

    @rec.command("new")
    @handle_errors
    @holding_lock("record")
    def new_cmd(
        record: RecordArg,
        players: Annotated[str, typer.Option("--players", help="2 to 4 names: ann,bob,cid.")],
        seed: Annotated[int, typer.Option("--seed", help="Deals the cards, rolls the die.")] = 1,
        options: Annotated[
            str | None,
            typer.Option("--options", help="The table's readings: 'safeguard=holder, ...'."),
        ] = None,
        force: Annotated[bool, typer.Option("--force", help="Overwrite the file.")] = False,
        as_json: JsonOpt = False,
    ) -> None:
        """Start a record: the header and the table it sets up."""
        from adjudicator.cli.table_cmds import new
        from adjudicator.core.table import Setup

        setup = Setup(str(record), record.parent, options)
        new(record, "black-hills", players, seed, setup, force, as_json)

    @rec.command("move")
    @handle_errors
    @holding_lock("record")
    def move_cmd(
        record: RecordArg,
        text: Annotated[
            str,
            typer.Argument(help="The turn, 'ann: miner; invest', or a discard 'ann: keep A B'."),
        ],
        as_json: JsonOpt = False,
    ) -> None:
        """Referee one turn and add it to the record (a refused turn is not added)."""
        from adjudicator.cli.table_cmds import move

        move(record, text, as_json)

    @rec.command("undo")
    @handle_errors
    @holding_lock("record")
    def undo_cmd(record: RecordArg, as_json: JsonOpt = False) -> None:
        """Take back the record's last turn."""
        from adjudicator.cli.table_cmds import undo

        undo(record, as_json)

    @rec.command("show")
    @handle_errors
    def show_cmd(
        record: RecordArg,
        player: Annotated[
            str | None,
            typer.Option("--player", help="Show the table as this player sees it."),
        ] = None,
        as_json: JsonOpt = False,
    ) -> None:
        """The table the record leads to, and who plays next (never which characters were
        discarded; with --player, the other hands as counts)."""
        from adjudicator.cli.table_cmds import show

        show(record, player, None, as_json)

    @rec.command("replay")
    @handle_errors
    def replay_cmd(record: RecordArg, as_json: JsonOpt = False) -> None:
        """Re-referee every turn: what the table got wrong, then the standing."""
        from adjudicator.cli.table_cmds import review

        review(record, as_json)

    parent.add_typer(rec, name="record")
