"""`adjudicator hint`: every legal action of a player, ranked."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.checks import check_player, resolve_player
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:
    from adjudicator.deduction.models.state import GameState

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
            typer.Option("--by", "--player", help="Whose actions (default: the active player)."),
        ] = None,
        top: Annotated[int, typer.Option("--top", min=1, help="How many actions to show.")] = 5,
        as_json: JsonOpt = False,
    ) -> None:
        """Every legal action of a player, ranked by the points it scores this turn."""
        from adjudicator.cli.games import load_deduction_state
        from adjudicator.deduction.hint import hint as compute_hint
        from adjudicator.deduction.serialize import hint_json
        from adjudicator.render.hints import action_command, hint_commands, hint_view

        out = Output(as_json)
        state = load_deduction_state(state_file, "hint")
        check_player(state, state_file, None, "--by")
        if player is not None:
            player = resolve_player(state, state_file, player, "--by")
        _refill_first(state, state_file, player)
        h = compute_hint(state, player)
        out.show(hint_view(h, state.board, top))
        out.lines(*hint_commands(h, str(state_file), top))
        data = hint_json(h, top)
        for action, shown in zip(h.actions, data["actions"], strict=False):
            shown["command"] = action_command(action, str(state_file), h.player)
        out.json(data)


def _refill_first(state: GameState, source: Path, player: str | None) -> None:
    """On a record, Old Town's refill (A4) comes before the turn: the game refuses every
    other move of the player until it is written, so the hint names it (as the web's does)
    rather than suggest a turn the record would refuse."""
    from adjudicator.cli.games import is_record
    from adjudicator.core.words import plural
    from adjudicator.deduction.rules.turn_order import refill_due

    active = state.active
    if not is_record(source) or active is None or player not in (None, active):
        return
    due = refill_due(state, active)
    if due:
        raise RulesError(
            f"{source}: {active} first takes {plural(due, 'building')} from beside the board "
            f"(A4): adjudicator game move {source} '{active}: take BUILDING'"
        )
