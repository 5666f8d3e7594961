"""`adjudicator hint`: every legal action of a player, ranked."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.checks import check_player
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
        state_file: Annotated[Path, typer.Argument(help="A game-state file.")],
        player: Annotated[
            str | None,
            typer.Option("--by", "--player", help="Whose actions (default: the active player)."),
        ] = None,
        top: Annotated[int, typer.Option("--top", min=1, help="How many actions to show.")] = 5,
        as_json: JsonOpt = False,
    ) -> None:
        """Every legal action of a player, ranked by the points it scores this turn."""
        from adjudicator.deduction.files.state_file import load_state
        from adjudicator.deduction.hint import hint as compute_hint
        from adjudicator.deduction.serialize import hint_json
        from adjudicator.render.hints import hint_view

        out = Output(as_json)
        state = load_state(state_file)
        check_player(state, state_file, player or state.active, "--by")
        h = compute_hint(state, player)
        out.show(hint_view(h, state.board, top))
        out.json(hint_json(h, top))
