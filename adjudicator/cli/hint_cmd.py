"""`adjudicator hint`: every legal action of a player, ranked."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from adjudicator.cli.checks import check_player, resolve_player
from adjudicator.cli.games import found_from
from adjudicator.cli.options import BoardOpt, CardsOpt
from adjudicator.cli.output import N_, JsonOpt, Output, handle_errors

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    @app.command(
        help=N_(
            "Every legal action of a player, ranked by the points it scores this turn. Plays "
            "of one or two cards, discards, buys and passing, best first; the cards that "
            "cannot be played now, by rule; the STOP claims anyone can make. Before Old "
            "Town's refill (A4): the buildings to take, ranked by the best turn each "
            "allows. On a record of Dry Gulch: the best building plan of the hand; of "
            "Black Hills: the best turn for each character."
        )
    )
    @handle_errors
    def hint(
        state_file: Annotated[
            Path,
            typer.Argument(
                metavar="STATE",
                help=N_("A state file, or a game record (*.game): its current state."),
                show_default=False,
            ),
        ],
        player: Annotated[
            str | None,
            typer.Option("--player", help=N_("Whose actions (default: the active player).")),
        ] = None,
        top: Annotated[int, typer.Option("--top", min=1, help=N_("How many actions to show."))] = 5,
        hand: Annotated[
            str | None,
            typer.Option(
                "--hand",
                help=N_(
                    "A record of a real table (no seed: the hands are not written down): "
                    "the acting player's cards, 12,40."
                ),
                metavar="CARDS",
            ),
        ] = None,
        coach: Annotated[
            bool,
            typer.Option(
                "--coach",
                help=N_(
                    "On a record of Old Town or Gads Hill: rank the turns by what follows "
                    "them (the others' replies and your next turn, over sampled hands of the "
                    "cards you cannot see), each with why. Before Old Town's refill (A4): the "
                    "takes, as the hint ranks them."
                ),
            ),
        ] = False,
        budget: Annotated[
            int | None,
            typer.Option(
                "--budget",
                min=1,
                max=60_000,
                metavar="MS",
                help=N_("With --coach: look for this long (default: 3 sampled worlds)."),
            ),
        ] = None,
        seed: Annotated[
            int, typer.Option("--seed", min=0, help=N_("With --coach: the worlds' seed."))
        ] = 0,
        board: BoardOpt = None,
        cards: CardsOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Every legal action of a player, ranked by the points it scores this turn."""
        from adjudicator.cli.checks import check_seeds
        from adjudicator.cli.games import is_record, load_deduction_state
        from adjudicator.core.errors import RulesError

        if not coach and (budget is not None or seed):
            raise RulesError("--budget and --seed go with --coach")
        check_seeds(seed)
        if coach:
            if not is_record(state_file) or hand is not None:
                raise RulesError(
                    f"{state_file}: --coach needs a game record (*.game) that keeps the hands: "
                    "it deals the cards you cannot see from what the record says is hidden"
                )
            _coach_hint(state_file, (board, cards), player, top, seed, budget, Output(as_json))
            return
        if is_record(state_file):
            _record_hint(state_file, (board, cards), player, top, hand, Output(as_json))
            return
        if hand is not None:
            raise RulesError(f"{state_file}: --hand is for a record; a state file lists hands")
        from adjudicator.render.hints import hint_commands, hint_data, hint_of, hint_view
        from adjudicator.tables import table

        out = Output(as_json)
        state = load_deduction_state(state_file, "hint", board, cards)
        check_player(state, state_file, None, "--player")
        if player is not None:
            player = resolve_player(state, state_file, player, "--player")
        h = hint_of(table("deduction").state_hint(state, player))
        out.show(hint_view(h, state.board, top))
        out.lines(*hint_commands(h, str(state_file), top))
        out.json(hint_data(h, str(state_file), top))


def _record_hint(
    record: Path,
    files: tuple[Path | None, Path | None],
    player: str | None,
    top: int,
    hand: str | None,
    out: Output,
) -> None:
    """The hint of a record of any game, through the game protocol: the deduction games'
    ranked turns, Dry Gulch's best plan, Black Hills' best turn per character. A record
    of a real table keeps no hands: `hand` is the acting player's, as they say it."""
    from adjudicator.cli.checks import acting_player
    from adjudicator.core.errors import RulesError
    from adjudicator.core.reading import read_text
    from adjudicator.core.table import hand_unknown
    from adjudicator.render.tables import hint_data, hint_lines
    from adjudicator.tables import table_of_record

    body = read_text(record)
    table = table_of_record(body)
    game = table.replay(table.read(body, str(record), found_from(table, record, *files))).game
    who = acting_player(table.seats(game), record, player, "--player")
    unknown = hand_unknown(table.view(game, who), who)
    if hand is not None:
        if not unknown:
            raise RulesError(f"{record}: --hand: the record already knows {who}'s cards")
        game = table.with_hand(game, who, hand, str(record))
    hinted = table.hint(game, who, str(record))
    out.view(*hint_lines(table.name, hinted, game, str(record), top))
    if unknown and hand is None:
        out.lines(
            f"The record keeps no hands (a real table): for {who}'s cards too, "
            f"adjudicator hint {record} --hand 12,40"
        )
    out.json(hint_data(table.name, hinted, game, str(record), top))


def _coach_hint(
    record: Path,
    files: tuple[Path | None, Path | None],
    player: str | None,
    top: int,
    seed: int,
    ms: int | None,
    out: Output,
) -> None:
    """`hint --coach`: the deduction games' lookahead coach on a record."""
    from adjudicator.cli.checks import acting_player
    from adjudicator.core.errors import RulesError
    from adjudicator.core.reading import read_text
    from adjudicator.core.table import hand_unknown
    from adjudicator.tables import table_of_record

    body = read_text(record)
    table = table_of_record(body)
    if not table.coaches:
        raise RulesError(
            f"{record}: --coach is for Old Town and Gads Hill; this is {table.title}: "
            f"adjudicator hint {record}"
        )
    from adjudicator.render.coach import advice_of, coach_data, coach_lines

    game = table.replay(table.read(body, str(record), found_from(table, record, *files))).game
    who = acting_player(table.seats(game), record, player, "--player")
    if hand_unknown(table.view(game, who), who):
        raise RulesError(f"{record}: --coach needs a record that keeps the hands (a seed)")
    refill = table.refill(game, who, str(record))
    if refill is not None:
        _coach_refill(refill, record, top, out)
        return
    found, why = table.coach(game, who, str(record), seed, ms)
    advice = advice_of(found)
    out.view(*coach_lines(advice, why, str(record), top))
    out.json(coach_data(advice, why, str(record), top, seed, ms))


def _coach_refill(refill: Any, record: Path, top: int, out: Output) -> None:
    """`hint --coach` before Old Town's refill (A4): the coach looks ahead from a turn, and
    the take comes first, so the answer is the hint's ranking of the takes."""
    from adjudicator.render.refill import refill_data, refill_lines

    note = (
        f"The coach looks ahead from {refill.player}'s turn, which starts after the refill: "
        "the takes are ranked by the best turn each allows."
    )
    out.view(*refill_lines(refill, str(record), top), note)
    out.json({**refill_data(refill, str(record), top), "coach": None, "note": note})
