"""`adjudicator hint`: every legal action of a player, ranked."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.checks import check_player, resolve_player
from adjudicator.cli.output import JsonOpt, Output, handle_errors

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command(
        help=(
            "Every legal action of a player, ranked by the points it scores this turn. Plays "
            "of one or two cards, discards, buys and passing, best first; the cards that "
            "cannot be played now, by rule; the STOP claims anyone can make."
        )
    )
    @handle_errors
    def hint(
        state_file: Annotated[
            Path,
            typer.Argument(
                metavar="STATE",
                help="A state file, or a game record (*.game): its current state.",
                show_default=False,
            ),
        ],
        player: Annotated[
            str | None,
            typer.Option("--player", help="Whose actions (default: the active player)."),
        ] = None,
        top: Annotated[int, typer.Option("--top", min=1, help="How many actions to show.")] = 5,
        as_json: JsonOpt = False,
    ) -> None:
        """Every legal action of a player, ranked by the points it scores this turn."""
        from adjudicator.cli.games import is_record, load_deduction_state

        if is_record(state_file):
            _record_hint(state_file, player, top, Output(as_json))
            return
        from adjudicator.deduction.hint import hint as compute_hint
        from adjudicator.render.hints import hint_commands, hint_data, hint_view

        out = Output(as_json)
        state = load_deduction_state(state_file, "hint")
        check_player(state, state_file, None, "--player")
        if player is not None:
            player = resolve_player(state, state_file, player, "--player")
        h = compute_hint(state, player)
        out.show(hint_view(h, state.board, top))
        out.lines(*hint_commands(h, str(state_file), top))
        out.json(hint_data(h, str(state_file), top))


def _record_hint(record: Path, player: str | None, top: int, out: Output) -> None:
    """The hint of a record of any game, through the game protocol: the deduction games'
    ranked turns, Dry Gulch's best plan, Black Hills' best turn per character."""
    from adjudicator.cli.checks import acting_player
    from adjudicator.core.reading import read_text
    from adjudicator.render.tables import hint_data, hint_lines
    from adjudicator.tables import table_of_record

    body = read_text(record)
    table = table_of_record(body)
    game = table.replay(table.read(body, str(record), record.parent)).game
    who = acting_player(table.seats(game), record, player, "--player")
    hinted = table.hint(game, who, str(record))
    out.view(*hint_lines(table.name, hinted, game, str(record), top))
    out.json(hint_data(table.name, hinted, game, str(record), top))
