"""`adjudicator stop | play | discard | buy`: rulings on a state file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from adjudicator.cli.checks import (
    check_player,
    check_space,
    resolve_building,
    resolve_player,
)
from adjudicator.cli.games import is_record, load_deduction_state, referee
from adjudicator.cli.locking import holding_lock
from adjudicator.cli.options import BoardOpt, CardsOpt, MethodOpt
from adjudicator.cli.output import N_, JsonOpt, Output, handle_errors
from adjudicator.core.errors import RulesError

# The engine is imported inside each command (see `cli/main.py`): a command loads only
# what it needs, and `stop` never loads the solver or the other games.

__all__ = ["register"]

StateArg = Annotated[
    Path,
    typer.Argument(
        metavar="STATE",
        help=N_("A state file (TOML or JSON), or a game record (*.game): its current state."),
        show_default=False,
    ),
]
ByOpt = Annotated[  # `--by`, its old name, is still taken (`cli/aliases.py`)
    str | None, typer.Option("--player", help=N_("The player acting (default: the active one)."))
]
WriteOpt = Annotated[
    bool, typer.Option("--write", help=N_("Apply a legal action to the state file (atomically)."))
]
BuyOpt = Annotated[
    str | None,
    typer.Option("--buy", help=N_("Buy this building in the same turn (Gads Hill, A2).")),
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


def _finish(
    out: Output,
    ruling: Any,
    state_path: Path,
    write: bool,
    extra: dict[str, Any] | None = None,
    more: list[str] | None = None,
) -> None:
    write_state = referee().write_state
    from adjudicator.render.rulings import ruling_view

    out.show(ruling_view(ruling))
    if more:
        out.lines(*more)
    if out.as_json:
        to_json = referee().to_json

        out.json({**to_json(ruling), **(extra or {})})
    if write:
        if not ruling.playable:
            out.warn("not written: the action is not playable")
            raise typer.Exit(1)
        write_state(state_path, ruling.after)
        from adjudicator.render.rulings import write_summary

        out.lines(*write_summary(ruling, str(state_path)))


def _load(path: Path, command: str, write: bool, board: Path | None, cards: Path | None) -> Any:
    """The state to rule on, its board and cards those it names or `--board`/`--cards`;
    `--write` on a game record is refused before any ruling."""
    if write and is_record(path):
        raise RulesError(
            f"{path}: --write changes state files; add a move to a record with "
            f"`adjudicator game move {path} 'NAME: ...'`"
        )
    state: Any = load_deduction_state(path, command, board, cards)
    return state


def _player(state: Any, source: Path, name: str | None) -> str | None:
    check_player(state, source, None, "--player")
    return None if name is None else resolve_player(state, source, name, "--player")


def _building(state: Any, source: Path, name: str | None, option: str) -> str | None:
    return None if name is None else resolve_building(state, source, name, option)


def _choices(
    state: Any, source: Path, card: int, written: str, by: str | None
) -> list[tuple[str, str, str]]:
    """P7's question answered: each building that can be my building, with its ruling's
    status and the command that plays the card as it."""
    import shlex

    admissible_my_buildings = referee().admissible_my_buildings
    rule_play = referee().rule_play
    from adjudicator.render.rulings import status_word

    out = []
    for building in admissible_my_buildings(state, by, state.cards[card]):
        ruling = rule_play(state, card, building, by)
        word = status_word(ruling)
        if ruling.playable:
            word += f", {ruling.points} point" + ("" if ruling.points == 1 else "s")
        by_part = f" --player {by}" if by else ""
        where, named = shlex.quote(str(source)), shlex.quote(written)
        command = f"adjudicator play {where} {named} --as {building}{by_part}"
        out.append((building, word, command))
    return out


def _choices_lines(choices: list[tuple[str, str, str]]) -> list[str]:
    lines = ["The choices:"]
    for building, word, command in choices:
        lines += [f"  as {building}: {word}", f"    {command}"]
    return lines


def _take(text: str) -> tuple[str, str]:
    parse_marker = referee().parse_marker

    try:
        marker: tuple[str, str] = parse_marker(text)
    except ValueError:
        raise RulesError(f"--take {text!r}: write it as BUILDING@SPACE, e.g. hotel@c3") from None
    return marker


def register(app: typer.Typer) -> None:
    @app.command(
        help=N_("Every STOP claim on the board now (L1-L4), each with a reason to read aloud.")
    )
    @handle_errors
    @holding_lock("state_file", when="write")
    def stop(
        state_file: StateArg,
        claim: Annotated[
            str | None, typer.Option("--claim", help=N_("Give every STOP claim to this player."))
        ] = None,
        write: WriteOpt = False,
        method: MethodOpt = "auto",
        board: BoardOpt = None,
        cards: CardsOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Every STOP claim on the board now (L1-L4), each with a reason to read aloud."""
        claim_stop = referee().claim_stop
        stop_report = referee().stop_report
        from adjudicator.render.rulings import stop_view

        out = Output(as_json)
        state = _load(state_file, "stop", write, board, cards)
        if claim is not None:
            claim = resolve_player(state, state_file, claim, "--claim")
            _finish(out, claim_stop(state, claim, method), state_file, write)
            return
        report = stop_report(state, method)
        out.show(stop_view(report, state.board))
        if as_json:
            to_json = referee().to_json

            out.json(to_json(report))

    @app.command(
        help=N_(
            "Rule on playing a card (P1-P7): is it legal, and what does it do. The ruling: "
            "legal or not and why; markers placed; removals tier by tier; buildings built; "
            "points; STOP claims left. --write applies a legal play to the state file."
        )
    )
    @handle_errors
    @holding_lock("state_file", when="write")
    def play(
        state_file: StateArg,
        card: Annotated[
            str,
            typer.Argument(
                help=N_(
                    "The card: its number, or its printed map (4:bank@c3,c4,d3,d4; see the README)."
                )
            ),
        ],
        as_: Annotated[
            str | None, typer.Option("--as", help=N_("My building, for district/condition cards."))
        ] = None,
        then: Annotated[
            str | None, typer.Option("--then", help=N_("A second card this turn (Gads Hill, A3)."))
        ] = None,
        then_as: Annotated[
            str | None, typer.Option("--then-as", help=N_("My building for the second card."))
        ] = None,
        buy: BuyOpt = None,
        buy_at: Annotated[
            str,
            typer.Option(
                "--buy-at", help=N_("When the buy comes: before, between or after the cards.")
            ),
        ] = "before",
        by: ByOpt = None,
        write: WriteOpt = False,
        method: MethodOpt = "auto",
        board: BoardOpt = None,
        cards: CardsOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Rule on playing a card (P1-P7): is it legal, and what does it do."""
        cards_named = referee().cards_named
        rule_turn = referee().rule_turn

        out = Output(as_json)
        state = _load(state_file, "play", write, board, cards)
        if then is None and then_as is not None:
            raise RulesError("--then-as goes with --then")
        by = _player(state, state_file, by)
        as_ = _building(state, state_file, as_, "--as")
        then_as = _building(state, state_file, then_as, "--then-as")
        buy = _building(state, state_file, buy, "--buy")
        written = [("CARD", card)] + ([("--then", then)] if then is not None else [])
        state, numbers = cards_named(state, state_file, written)
        plays = list(zip(numbers, (as_, then_as), strict=False))
        at = _buy_at(buy_at, len(plays))
        ruling = rule_turn(state, plays, by, buy=buy, buy_at=at, method=method)
        if ruling.status == "question" and then is None and buy is None:
            choices = _choices(state, state_file, numbers[0], card, by)
            extra = {"choices": [{"as": b, "status": w, "command": c} for b, w, c in choices]}
            _finish(out, ruling, state_file, write, extra, _choices_lines(choices))
            return
        _finish(out, ruling, state_file, write)

    @app.command()
    @handle_errors
    @holding_lock("state_file", when="write")
    def discard(
        state_file: StateArg,
        first: Annotated[str, typer.Argument(help=N_("A card to discard."))],
        second: Annotated[str, typer.Argument(help=N_("The other card to discard."))],
        take: Annotated[
            str, typer.Option("--take", help=N_("The marker to take, as BUILDING@SPACE."))
        ],
        buy: BuyOpt = None,
        buy_at: Annotated[
            str,
            typer.Option("--buy-at", help=N_("When the buy comes: before or after the discard.")),
        ] = "before",
        by: ByOpt = None,
        write: WriteOpt = False,
        method: MethodOpt = "auto",
        board: BoardOpt = None,
        cards: CardsOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Rule on discarding two cards to take one marker (A1), any marker on the board."""
        cards_named = referee().cards_named
        rule_discard_turn = referee().rule_discard_turn

        out = Output(as_json)
        state = _load(state_file, "discard", write, board, cards)
        by = _player(state, state_file, by)
        state, (one, two) = cards_named(state, state_file, [("FIRST", first), ("SECOND", second)])
        building, space = _take(take)
        building = resolve_building(state, state_file, building, "--take")
        space = space.lower()
        check_space(state, state_file, space, "--take")
        buy = _building(state, state_file, buy, "--buy")
        if buy_at == "between":
            raise RulesError("--buy-at between needs two cards; a discard is one step")
        at = _buy_at(buy_at, 1)
        ruling = rule_discard_turn(
            state, (one, two), (building, space), by, buy=buy, buy_at=at, method=method
        )
        _finish(out, ruling, state_file, write)

    @app.command(
        help=N_(
            "Rule on buying a building for two scored markers (Gads Hill, A2), before the "
            "turn's action or with a pass. A buy between or after cards: `play --buy`."
        )
    )
    @handle_errors
    @holding_lock("state_file", when="write")
    def buy(
        state_file: StateArg,
        building: Annotated[str, typer.Argument(help=N_("The building to buy."))],
        by: ByOpt = None,
        write: WriteOpt = False,
        board: BoardOpt = None,
        cards: CardsOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Rule on buying a building for two scored markers (Gads Hill, A2)."""
        rule_buy_turn = referee().rule_buy_turn

        out = Output(as_json)
        state = _load(state_file, "buy", write, board, cards)
        by = _player(state, state_file, by)
        building = resolve_building(state, state_file, building, "BUILDING")
        _finish(out, rule_buy_turn(state, building, by), state_file, write)
