"""`adjudicator cards ...`: list, show and export an edition's clue cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from adjudicator.cli.options import EditionArg, SvgOpt, save_svg
from adjudicator.cli.output import JsonOpt, Output, handle_errors
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:
    from adjudicator.deduction.models.board import Board
    from adjudicator.deduction.models.cards import Card
    from adjudicator.deduction.models.edition import Edition

__all__ = ["app", "card_data"]

app = typer.Typer(help="List, show and export the clue cards.", no_args_is_help=True)

CardArg = Annotated[
    str,
    typer.Argument(
        metavar="CARD",
        help="The card: its number (Old Town, Gads Hill 1874), or its id or name (Dry Gulch's "
        "permits and events, Black Hills' characters and events).",
    ),
]


def card_data(board: Board, card: Card) -> dict[str, Any]:
    return {
        "number": card.number,
        "kind": card.kind,
        "subject": card.subject,
        "text": card.text,
        "spaces": board.sort_spaces(card.spaces),
        "relation": card.relation,
        "my_spaces": board.sort_spaces(card.my_spaces) if card.my_spaces is not None else None,
    }


def _load(name: str, out: Output, card: int | None = None) -> Edition:
    """The edition, warning (on stderr) about every card whose clue and map disagree; of
    one `card` only that card's, once it is found (a missing card is one line)."""
    from adjudicator.deduction.files.editions import resolve_edition

    edition = resolve_edition(name).edition()
    if card is not None:
        _card(edition, card)
    for mismatch in edition.cards.mismatches:
        if card is None or mismatch.card == card:
            out.warn(mismatch.message(edition.board))
    return edition


def _card(edition: Edition, number: int) -> Card:
    cards = edition.cards
    if number not in cards:
        numbers = sorted(cards.cards)
        have = f"{numbers[0]}-{numbers[-1]}" if numbers else "none"
        raise RulesError(f"{cards.source}: card {number}: no such card (numbers: {have})")
    return cards[number]


def _other_game_cards(game: str, out: Output) -> None:
    """Dry Gulch's permits, resources and events, or Black Hills' characters and events."""
    if game == "dry-gulch":
        from adjudicator.dry_gulch.data import load_rules as dg_rules
        from adjudicator.render.dry_gulch import dg_cards_table

        dg = dg_rules()
        out.show(dg_cards_table(dg))
        out.json(
            {
                "game": "dry-gulch",
                "permits": [
                    {
                        "id": p.id,
                        "name": p.name,
                        "count": p.count,
                        "cost": p.cost,
                        "labor": p.labor,
                        "influence": p.influence,
                        "corner": p.corner,
                    }
                    for p in dg.permits.values()
                ],
                "resources": [
                    {"kind": k, "type": t, "labor": labour, "count": n}
                    for k, t, labour, n in dg.resources
                ],
                "events": [
                    {"id": e.id, "name": e.name, "triangle": e.triangle, "count": e.count}
                    for e in dg.events.values()
                ],
            }
        )
        return
    from adjudicator.black_hills.data import load_rules as bh_rules
    from adjudicator.render.black_hills import bh_cards_table

    bh = bh_rules()
    out.show(bh_cards_table(bh))
    out.json(
        {
            "game": "black-hills",
            "characters": [
                {"id": c.id, "name": c.name, "group": c.group, "text": c.text}
                for c in bh.characters.values()
            ],
            "events": [
                {"id": e.id, "name": e.name, "cost": e.cost, "text": e.text}
                for e in bh.events.values()
            ],
        }
    )


def _deduction_only(edition: str, command: str) -> None:
    """`cards show`/`export` draw clue maps, which only the deduction games have."""
    from adjudicator.cli.games import edition_game, require_board
    from adjudicator.tables import TITLES as GAME_NAMES

    game = edition_game(require_board(edition, "cards"))
    if game != "deduction":
        raise RulesError(
            f"{edition}: `adjudicator cards {command}` draws clue cards of "
            f"{GAME_NAMES['deduction']}; for {GAME_NAMES[game]} use `adjudicator cards list "
            f"{edition}`"
        )


@app.command("list")
@handle_errors
def list_cards(edition: EditionArg, as_json: JsonOpt = False) -> None:
    """One line per card: number, kind, subject, relation, number of spaces, text."""
    from adjudicator.cli.games import edition_game, require_board

    out = Output(as_json)
    edition = require_board(edition, "cards")
    game = edition_game(edition)
    if game != "deduction":
        _other_game_cards(game, out)
        return
    from adjudicator.render.card_list import cards_table

    ed = _load(edition, out)
    board = ed.board
    out.json(
        {
            "cards": [
                {
                    "number": c.number,
                    "kind": c.kind,
                    "label": board.kind_label(c.kind),
                    "subject": c.subject,
                    "relation": c.relation,
                    "size": len(c.spaces),
                    "text": c.text,
                }
                for c in ed.cards
            ]
        }
    )
    out.show(cards_table(board, ed.cards))


def _other_game_card(game: str, name: str) -> list[tuple[str, dict[str, Any]]]:
    """Every Dry Gulch permit and event card, or Black Hills character and event card, that
    `name` names by its id or its printed name, in any case (`saloon`, `Sheriff's Office`),
    each as its kind and fields; none: one line with a close match."""
    import dataclasses

    from adjudicator.cli.checks import canonical

    if game == "dry-gulch":
        from adjudicator.dry_gulch.data import load_rules as dg_rules

        dg = dg_rules()
        decks: dict[str, dict[str, Any]] = {"permit": dg.permits, "event": dg.events}
    else:
        from adjudicator.black_hills.data import load_rules as bh_rules

        bh = bh_rules()
        decks = {"character": bh.characters, "event": bh.events}
    wanted = canonical(name)
    found = [
        (kind, dataclasses.asdict(card))
        for kind, cards in decks.items()
        for card in cards.values()
        if wanted in (canonical(card.id), canonical(card.name))
    ]
    if not found:
        import difflib

        from adjudicator.core.limits import clip

        ids = [ident for cards in decks.values() for ident in cards]
        close = difflib.get_close_matches(wanted, ids, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        kinds = " or ".join(f"{k} card" for k in decks)
        every = f"every card: adjudicator cards list {game}"
        raise RulesError(f"{game}: {clip(name)}: no such {kinds} ({every}){hint}")
    return found


def _number(edition: str, card: str) -> int:
    from adjudicator.core.limits import clip, whole_number

    number = whole_number(card)
    if number is None:
        raise RulesError(f"{edition}: card {clip(card)}: a clue card is named by its number")
    return number


@app.command("show")
@handle_errors
def show(edition: EditionArg, card: CardArg, svg: SvgOpt = None, as_json: JsonOpt = False) -> None:
    """A card's text and its map drawn on the board (condition cards: my building's too);
    a Dry Gulch or Black Hills card: its fields and text."""
    from adjudicator.cli.games import edition_game, require_board
    from adjudicator.render.terminal import card_panel

    out = Output(as_json)
    edition = require_board(edition, "cards")
    game = edition_game(edition)
    if game != "deduction":
        from adjudicator.render.text_cards import card_fields_view

        if svg is not None:
            raise RulesError(f"{edition}: --svg: no picture of a {game} card yet")
        found = _other_game_card(game, card)
        out.json({"game": game, "cards": [{"kind": k, **fields} for k, fields in found]})
        out.show(card_fields_view(game, found))
        return
    number = _number(edition, card)
    ed = _load(edition, out, number)
    clue = _card(ed, number)
    out.json({"card": card_data(ed.board, clue)})
    out.show(card_panel(ed.board, clue))
    if svg is not None:
        from adjudicator.render.svg import board_svg

        picture = board_svg(
            ed.board,
            highlight=clue.spaces,
            my_highlight=clue.my_spaces or (),
            title=f"{ed.board.name}: card {clue.number}: {clue.text}",
        )
        save_svg(svg, picture, out)


@app.command("export")
@handle_errors
def export(edition: EditionArg, as_json: JsonOpt = False) -> None:
    """Every card with its map, relation and my building's map."""
    from adjudicator.cli.games import require_board
    from adjudicator.render.terminal import card_maps_table

    _deduction_only(edition, "export")
    out = Output(as_json)
    ed = _load(require_board(edition, "cards"), out)
    out.json({"cards": [card_data(ed.board, c) for c in ed.cards]})
    out.show(card_maps_table(ed.board, ed.cards))
