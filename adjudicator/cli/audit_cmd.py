"""`adjudicator audit`: the findings of a card set, for designers and transcribers."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.data import data_dir
from adjudicator.core.errors import InputError
from adjudicator.core.files import read_data
from adjudicator.deduction.audit import audit_cards, simulation_stats
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.files.card_file import read_cards
from adjudicator.deduction.files.editions import edition_ids
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.serialize import to_json

__all__ = ["register"]

_STYLE = {"error": "bold red", "warning": "yellow", "note": "cyan"}


def _load(target: str, board_file: Path | None) -> tuple[Edition, list]:  # type: ignore[type-arg]
    if target in edition_ids() and board_file is None:
        path = data_dir("cards") / f"{target}.toml"
    else:
        path = Path(target)
    data = read_data(path)
    if board_file is not None:
        board = load_board(board_file)
    else:
        edition = (data.get("set") or {}).get("edition") if isinstance(data, dict) else None
        if edition not in edition_ids():
            raise InputError(
                str(path),
                "set.edition",
                f"unknown edition {edition!r}; give the board with --board FILE",
            )
        board = load_board(data_dir("boards") / f"{edition}.toml")
    cards, problems = read_cards(data, str(path), board)
    ident = board.id if board_file is None else str(board_file)
    return Edition(ident, board, cards), problems


def register(app: typer.Typer) -> None:
    @app.command(
        help=(
            "Find the contradictions, misprints and dead cards in a card set. Exit status 1 "
            "when there is an error."
        )
    )
    @handle_errors
    def audit(
        target: Annotated[str, typer.Argument(help="An edition id, or a card-set file.")],
        board: Annotated[
            Path | None, typer.Option("--board", help="The board file of a custom card set.")
        ] = None,
        games: Annotated[
            int, typer.Option("--games", min=0, help="Also simulate this many greedy games.")
        ] = 0,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 1,
        as_json: JsonOpt = False,
    ) -> None:
        """Find the contradictions, misprints and dead cards in a card set."""
        out = Output(as_json)
        edition, problems = _load(target, board)
        with out.progress("auditing cards", len(edition.cards)) as advance:
            result = audit_cards(edition, problems, advance)
        if games:
            with out.progress("simulating games", games) as advance:
                result.stats = simulation_stats(edition, games, seed, advance)
        table = Table(
            "severity",
            "code",
            "cards",
            "finding",
            title=f"Audit of {edition.cards.name}: {len(edition.cards)} cards",
        )
        for f in result.findings:
            table.add_row(
                f"[{_STYLE[f.severity]}]{f.severity}[/]",
                f.code,
                ", ".join(map(str, f.cards)),
                f.message,
            )
        if result.findings:
            out.show(table)
        else:
            out.show("No findings: the card set is clean.")
        if result.stats:
            s = Table(
                "card",
                "held in games",
                "playable when held",
                "died in a hand",
                title=f"{result.stats['games']} simulated games, {result.stats['stalled']} stalled",
            )
            for c in result.stats["cards"]:
                if c["held"]:
                    s.add_row(
                        str(c["card"]),
                        str(c["held"]),
                        f"{c['playable_when_held']:.0%}",
                        f"{c['died_in_hand']:.0%}",
                    )
            out.show(s)
        out.json(to_json(result))
        if result.errors:
            raise typer.Exit(1)
