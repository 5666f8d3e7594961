"""`adjudicator stop | play | discard | buy`: rulings on a state file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.checks import check_building, check_card, check_player, check_space
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:
    from adjudicator.deduction.rules.ruling import Ruling

# The engine is imported inside each command (see `cli/main.py`): a command loads only
# what it needs, and `stop` never loads the solver or the other games.

__all__ = ["register"]

StateArg = Annotated[Path, typer.Argument(help="A game-state file (TOML or JSON).")]
ByOpt = Annotated[
    str | None, typer.Option("--by", help="The player acting (default: the active one).")
]
WriteOpt = Annotated[
    bool, typer.Option("--write", help="Apply a legal action to the state file (atomically).")
]
BuyOpt = Annotated[
    str | None,
    typer.Option("--buy", help="Buy this building in the same turn (Gads Hill, A2)."),
]
_BUY_AT = {"before": 0, "between": 1, "after": 2}


def _buy_at(when: str, steps: int) -> int:
    """A2: where in the turn the buy comes, as the number of cards (or discards) before it."""
    if when not in _BUY_AT:
        raise RulesError(f"--buy-at {when!r}: write before, between or after")
    at = _BUY_AT[when]
    if when == "between" and steps < 2:
        raise RulesError("--buy-at between needs two cards (--then)")
    return min(at, steps)


def _finish(out: Output, ruling: Ruling, state_path: Path, write: bool) -> None:
    from adjudicator.deduction.files.state_file import write_state
    from adjudicator.render.rulings import ruling_view

    out.show(ruling_view(ruling))
    if out.as_json:
        from adjudicator.deduction.serialize import to_json

        out.json(to_json(ruling))
    if write:
        if not ruling.playable:
            out.warn("not written: the action is not playable")
            raise typer.Exit(1)
        write_state(state_path, ruling.after)
        if not out.as_json:
            out.show(f"Written to {state_path}.")


def _take(text: str) -> tuple[str, str]:
    from adjudicator.deduction.game.record import parse_marker

    try:
        return parse_marker(text)
    except ValueError:
        raise RulesError(f"--take {text!r}: write it as BUILDING@SPACE, e.g. hotel@c3") from None


def register(app: typer.Typer) -> None:
    @app.command()
    @handle_errors
    def stop(
        state_file: StateArg,
        claim: Annotated[
            str | None, typer.Option("--claim", help="Give every STOP claim to this player.")
        ] = None,
        write: WriteOpt = False,
        as_json: JsonOpt = False,
    ) -> None:
        """Every STOP claim on the board now (L1-L4), each with a reason to read aloud."""
        from adjudicator.deduction.files.state_file import load_state
        from adjudicator.deduction.rules.logic import claim_stop, stop_report
        from adjudicator.render.rulings import stop_view

        out = Output(as_json)
        state = load_state(state_file)
        if claim is not None:
            check_player(state, state_file, claim, "--claim")
            _finish(out, claim_stop(state, claim), state_file, write)
            return
        report = stop_report(state)
        out.show(stop_view(report, state.board))
        if as_json:
            from adjudicator.deduction.serialize import to_json

            out.json(to_json(report))

    @app.command(
        help=(
            "Rule on playing a card (P1-P7): is it legal, and what does it do. The ruling: "
            "legal or not and why; markers placed; removals tier by tier; buildings built; "
            "points; STOP claims left. --write applies a legal play to the state file."
        )
    )
    @handle_errors
    def play(
        state_file: StateArg,
        card: Annotated[int, typer.Argument(help="The card number.")],
        as_: Annotated[
            str | None, typer.Option("--as", help="My building, for district/condition cards.")
        ] = None,
        then: Annotated[
            int | None, typer.Option("--then", help="A second card this turn (Gads Hill, A3).")
        ] = None,
        then_as: Annotated[
            str | None, typer.Option("--then-as", help="My building for the second card.")
        ] = None,
        buy: BuyOpt = None,
        buy_at: Annotated[
            str,
            typer.Option(
                "--buy-at", help="When the buy comes: before, between or after the cards."
            ),
        ] = "before",
        by: ByOpt = None,
        write: WriteOpt = False,
        as_json: JsonOpt = False,
    ) -> None:
        """Rule on playing a card (P1-P7): is it legal, and what does it do."""
        from adjudicator.deduction.files.state_file import load_state
        from adjudicator.deduction.rules.turns import rule_turn

        out = Output(as_json)
        state = load_state(state_file)
        plays: list[tuple[int, str | None]] = [(card, as_)]
        if then is not None:
            plays.append((then, then_as))
        elif then_as is not None:
            raise RulesError("--then-as goes with --then")
        check_player(state, state_file, by, "--by")
        for option, (n, my) in zip(("CARD", "--then"), plays, strict=False):
            check_card(state, state_file, n, option)
            check_building(state, state_file, my, "--as" if option == "CARD" else "--then-as")
        check_building(state, state_file, buy, "--buy")
        at = _buy_at(buy_at, len(plays))
        _finish(out, rule_turn(state, plays, by, buy=buy, buy_at=at), state_file, write)

    @app.command()
    @handle_errors
    def discard(
        state_file: StateArg,
        first: Annotated[int, typer.Argument(help="A card to discard.")],
        second: Annotated[int, typer.Argument(help="The other card to discard.")],
        take: Annotated[str, typer.Option("--take", help="The marker to take, as BUILDING@SPACE.")],
        buy: BuyOpt = None,
        buy_at: Annotated[
            str, typer.Option("--buy-at", help="When the buy comes: before or after the discard.")
        ] = "before",
        by: ByOpt = None,
        write: WriteOpt = False,
        as_json: JsonOpt = False,
    ) -> None:
        """Rule on discarding two cards to take one marker (A1), any marker on the board."""
        from adjudicator.deduction.files.state_file import load_state
        from adjudicator.deduction.rules.turns import rule_discard_turn

        out = Output(as_json)
        state = load_state(state_file)
        check_player(state, state_file, by, "--by")
        for option, n in (("FIRST", first), ("SECOND", second)):
            check_card(state, state_file, n, option)
        building, space = _take(take)
        check_building(state, state_file, building, "--take")
        check_space(state, state_file, space, "--take")
        check_building(state, state_file, buy, "--buy")
        if buy_at == "between":
            raise RulesError("--buy-at between needs two cards; a discard is one step")
        at = _buy_at(buy_at, 1)
        ruling = rule_discard_turn(
            state, (first, second), (building, space), by, buy=buy, buy_at=at
        )
        _finish(out, ruling, state_file, write)

    @app.command()
    @handle_errors
    def buy(
        state_file: StateArg,
        building: Annotated[str, typer.Argument(help="The building to buy.")],
        by: ByOpt = None,
        write: WriteOpt = False,
        as_json: JsonOpt = False,
    ) -> None:
        """Rule on buying a building for two scored markers (Gads Hill, A2), before the
        turn's action or with a pass. A buy between or after cards: `play --buy`."""
        from adjudicator.deduction.files.state_file import load_state
        from adjudicator.deduction.rules.turns import rule_buy_turn

        out = Output(as_json)
        state = load_state(state_file)
        check_player(state, state_file, by, "--by")
        check_building(state, state_file, building, "BUILDING")
        _finish(out, rule_buy_turn(state, building, by), state_file, write)
