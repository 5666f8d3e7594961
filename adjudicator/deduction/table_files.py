"""The deduction games' files as the game protocol's entry gives them (`core/table.py`'s
`Files`): a board of spaces and its JSON, a state on it, the clue cards and their JSON
(`board`, `cards`, `state check`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import InputError, RulesError

if TYPE_CHECKING:  # types only: `cards list` loads no game state (tests/test_startup.py)
    from adjudicator.core.table import JSON, Files
    from adjudicator.deduction.models.board import Board
    from adjudicator.deduction.models.cards import Card
    from adjudicator.deduction.models.edition import Edition
    from adjudicator.deduction.models.state import GameState

__all__ = ["FILES", "DeductionFiles", "board_data", "card_data"]


def board_data(board: Board) -> JSON:
    """Spaces with their facts, every relation between building spaces, and the buildings."""
    from adjudicator.deduction.models.board import RELATIONS

    order = {sid: i for i, sid in enumerate(board.spaces)}
    return {
        "spaces": [
            {
                "id": s.id,
                "street": s.street,
                "x": s.x,
                "y": s.y,
                "frame": s.frame,
                "facts": board.facts(s.id),
            }
            for s in board.spaces.values()
        ],
        "relations": {
            name: [
                [a, b]
                for a, b in sorted(
                    board.relation_pairs(name), key=lambda p: (order[p[0]], order[p[1]])
                )
            ]
            for name in RELATIONS
        },
        "buildings": [{"id": b.id, "name": b.name} for b in board.buildings.values()],
    }


def card_data(board: Board, card: Card) -> JSON:
    return {
        "number": card.number,
        "kind": card.kind,
        "subject": card.subject,
        "text": card.text,
        "spaces": board.sort_spaces(card.spaces),
        "relation": card.relation,
        "my_spaces": board.sort_spaces(card.my_spaces) if card.my_spaces is not None else None,
    }


class DeductionFiles:
    @property
    def german_files(self) -> tuple[str, ...]:
        from adjudicator.deduction.models.edition import GERMAN_FILES

        return GERMAN_FILES

    def read_state(self, data: JSON, source: str, base: Base) -> GameState:
        from adjudicator.deduction.files.state_file import state_from_data

        return state_from_data(data, source, base)

    def state_file_data(self, state: GameState) -> JSON:
        from adjudicator.deduction.files.state_file import state_to_data

        return state_to_data(state)

    def board(self, edition: str) -> Board:
        from adjudicator.deduction.files.editions import resolve_edition

        return resolve_edition(edition).board()  # only the board: it may have no cards yet

    def board_sites(self, board: Board) -> tuple[str, list[str]]:
        return "building space", list(board.building_spaces)

    def board_state(self, board: Board, data: JSON, source: str, base: Base) -> GameState:
        from adjudicator.deduction.files.state_file import state_from_data

        state = state_from_data(data, source, base)
        if state.board.id != board.id:
            raise InputError(source, "edition", f"is {state.board.id!r}, not {board.id!r}")
        return state

    def board_data(self, board: Board) -> JSON:
        return board_data(board)

    def board_export(self, board: Board) -> JSON:
        return board_data(board)

    def cards(self, edition: str) -> Edition:
        from adjudicator.deduction.files.editions import resolve_edition

        return resolve_edition(edition).edition()

    def card_warnings(self, cards: Edition, card: Card | None) -> list[str]:
        return [
            m.message(cards.board)
            for m in cards.cards.mismatches
            if card is None or m.card == card.number
        ]

    def cards_data(self, cards: Edition) -> JSON:
        board = cards.board
        return {
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
                for c in cards.cards
            ]
        }

    def card(self, cards: Edition, name: str, source: str) -> Card:
        """The clue card numbered `name`."""
        from adjudicator.core.limits import clip, whole_number

        number = whole_number(name)
        if number is None:
            raise RulesError(f"{source}: card {clip(name)}: a clue card is named by its number")
        if number not in cards.cards:
            numbers = sorted(cards.cards.cards)
            have = f"{numbers[0]}-{numbers[-1]}" if numbers else "none"
            raise RulesError(f"{cards.cards.source}: card {number}: no such card (numbers: {have})")
        return cards.cards[number]

    def card_data(self, cards: Edition, card: Card) -> JSON:
        return {"card": card_data(cards.board, card)}

    def cards_export(self, cards: Edition, source: str) -> JSON:
        return {"cards": [card_data(cards.board, c) for c in cards.cards]}


FILES = DeductionFiles()
#: mypy checks the files part is the protocol's over its own state, board and cards.
_FILES: Files[GameState, Board, Edition, Card] = FILES
