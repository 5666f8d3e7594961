"""`adjudicator cards ...`: list, show and export an edition's cards, through the game
protocol's entry of the edition (`core/table.py`'s `Files`) and its views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from adjudicator.cli.options import EditionArg, SvgOpt, save_svg
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:
    from adjudicator.tables import AnyFiles

__all__ = ["app"]

app = typer.Typer(help="List, show and export the clue cards.", no_args_is_help=True)

CardArg = Annotated[
    str,
    typer.Argument(
        metavar="CARD",
        help="The card: its number (Old Town, Gads Hill 1874), or its id or name (Dry Gulch's "
        "permits and events, Black Hills' characters and events).",
    ),
]


def _cards(edition: str) -> tuple[str, str, AnyFiles, Any]:
    """The shipped edition `edition` names (or its board file), its game's name in the
    registry, the entry's files part and the cards."""
    from adjudicator.cli.games import edition_game, require_board
    from adjudicator.tables import files

    edition = require_board(edition, "cards")
    name = edition_game(edition)
    entry = files(name)
    return edition, name, entry, entry.cards(edition)


def _warn(out: Output, warnings: list[str]) -> None:
    """Every card whose clue and map disagree, on stderr."""
    for warning in warnings:
        out.warn(warning)


@app.command("list")
@handle_errors
def list_cards(edition: EditionArg, as_json: JsonOpt = False) -> None:
    """One line per card: number, kind, subject, relation, number of spaces, text."""
    from adjudicator.render.tables import cards_lines

    out = Output(as_json)
    edition, name, entry, cards = _cards(edition)
    _warn(out, entry.card_warnings(cards, None))
    out.json(entry.cards_data(cards))
    out.show(*cards_lines(name, cards))


@app.command("show")
@handle_errors
def show(edition: EditionArg, card: CardArg, svg: SvgOpt = None, as_json: JsonOpt = False) -> None:
    """A card's text and its map drawn on the board (condition cards: my building's too);
    a Dry Gulch or Black Hills card: its fields and text."""
    from adjudicator.render.tables import card_lines, card_svg

    out = Output(as_json)
    edition, name, entry, cards = _cards(edition)
    found = entry.card(cards, card, edition)
    _warn(out, entry.card_warnings(cards, found))
    picture = card_svg(name, cards, found) if svg is not None else None
    if svg is not None and picture is None:
        raise RulesError(f"{edition}: --svg: no picture of a {name} card yet")
    out.json(entry.card_data(cards, found))
    out.show(*card_lines(name, cards, found))
    if svg is not None and picture is not None:
        save_svg(svg, picture, out)


@app.command("export")
@handle_errors
def export(edition: EditionArg, as_json: JsonOpt = False) -> None:
    """Every card with its map, relation and my building's map."""
    from adjudicator.render.tables import cards_export_lines

    given = edition
    out = Output(as_json)
    edition, name, entry, cards = _cards(edition)
    data = entry.cards_export(cards, given)
    _warn(out, entry.card_warnings(cards, None))
    out.json(data)
    out.show(*cards_export_lines(name, cards))
