"""Black Hills' files as the game protocol's entry gives them (`core/table.py`'s `Files`):
the areas and the supply, a state, the decks (`board`, `cards`, `state check`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.core.card_names import CardsFound, cards_named
from adjudicator.core.errors import RulesError
from adjudicator.core.table_parts import PackageFiles

if TYPE_CHECKING:  # types only: a command on a file loads what it reads
    from adjudicator.black_hills.data import Rules
    from adjudicator.black_hills.state import BHState
    from adjudicator.core.table import JSON, Files

__all__ = ["FILES", "BlackHillsFiles"]


class BlackHillsFiles(PackageFiles["BHState", "Rules"]):
    name = "black-hills"
    title = "Black Hills"
    package = "adjudicator.black_hills"
    german_files: tuple[str, ...] = ("cards/black-hills",)

    def board_sites(self, board: Rules) -> tuple[str, list[str]]:
        raise RulesError("--site: Black Hills has areas, not building sites")

    def board_data(self, board: Rules) -> JSON:
        return {
            "game": "black-hills",
            "areas": [
                {"id": a, "name": board.area_names[a], "resource": r}
                for a, r in board.areas.items()
            ],
            "supply": dict(board.supply),
        }

    def cards_data(self, cards: Rules) -> JSON:
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

    def card(self, cards: Rules, name: str, source: str) -> CardsFound:
        """Every character and event card `name` names."""
        decks: dict[str, Mapping[str, Any]] = {
            "character": cards.characters,
            "event": cards.events,
        }
        return cards_named(self.name, decks, name)


FILES = BlackHillsFiles()
#: mypy checks the files part is the protocol's over its own state, board and cards.
_FILES: Files[BHState, Rules, Rules, CardsFound] = FILES
