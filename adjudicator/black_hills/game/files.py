"""Black Hills' files as the game protocol's entry gives them (`core/table.py`'s `Files`):
the areas and the supply, a state, the decks (`board`, `cards`, `state check`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.core.card_names import cards_named, no_clue_cards
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:  # types only: a command on a file loads what it reads
    from adjudicator.black_hills.data import Rules
    from adjudicator.black_hills.state import BHState

__all__ = ["FILES", "BlackHillsFiles"]

Found = list[tuple[str, dict[str, Any]]]


class BlackHillsFiles:
    german_files: tuple[str, ...] = ("cards/black-hills",)

    def read_state(self, data: dict[str, Any], source: str, base: Path) -> BHState:
        from adjudicator.black_hills.state import state_from

        return state_from(data, source)

    def state_file_data(self, state: BHState) -> dict[str, Any]:
        from adjudicator.black_hills.state import state_data

        return state_data(state)

    def board(self, edition: str) -> Rules:
        from adjudicator.black_hills.data import load_rules

        return load_rules()

    def board_sites(self, board: Rules) -> tuple[str, list[str]]:
        raise RulesError("--site: Black Hills has areas, not building sites")

    def board_state(self, board: Rules, data: dict[str, Any], source: str, base: Path) -> BHState:
        return self.read_state(data, source, base)

    def board_data(self, board: Rules) -> dict[str, Any]:
        return {
            "game": "black-hills",
            "areas": [
                {"id": a, "name": board.area_names[a], "resource": r}
                for a, r in board.areas.items()
            ],
            "supply": dict(board.supply),
        }

    def board_export(self, board: Rules) -> dict[str, Any]:
        return {**self.board_data(board), "state": None, "svg": None}

    def cards(self, edition: str) -> Rules:
        return self.board(edition)

    def card_warnings(self, cards: Rules, card: Found | None) -> list[str]:
        return []

    def cards_data(self, cards: Rules) -> dict[str, Any]:
        return {
            "game": "black-hills",
            "characters": [
                {"id": c.id, "name": c.name, "group": c.group, "text": c.text}
                for c in cards.characters.values()
            ],
            "events": [
                {"id": e.id, "name": e.name, "cost": e.cost, "text": e.text}
                for e in cards.events.values()
            ],
        }

    def card(self, cards: Rules, name: str, source: str) -> Found:
        """Every character and event card `name` names."""
        decks: dict[str, Mapping[str, Any]] = {
            "character": cards.characters,
            "event": cards.events,
        }
        return cards_named("black-hills", decks, name)

    def card_data(self, cards: Rules, card: Found) -> dict[str, Any]:
        return {"game": "black-hills", "cards": [{"kind": k, **fields} for k, fields in card]}

    def cards_export(self, cards: Rules, source: str) -> dict[str, Any]:
        raise RulesError(no_clue_cards(source, "Black Hills"))


FILES = BlackHillsFiles()
