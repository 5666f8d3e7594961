"""Dry Gulch's files as the game protocol's entry gives them (`core/table.py`'s `Files`):
the town's sites and streets, a state, the decks (`board`, `cards`, `state check`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.core.card_names import cards_named, no_clue_cards
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:  # types only: a command on a file loads what it reads
    from adjudicator.dry_gulch.data import Rules
    from adjudicator.dry_gulch.state import DGState

__all__ = ["FILES", "DryGulchFiles"]

Found = list[tuple[str, dict[str, Any]]]


class DryGulchFiles:
    german_files = ("cards/dry-gulch",)

    def read_state(self, data: dict[str, Any], source: str, base: Path) -> DGState:
        from adjudicator.dry_gulch.state import state_from

        return state_from(data, source)

    def state_file_data(self, state: DGState) -> dict[str, Any]:
        from adjudicator.dry_gulch.state import state_data

        return state_data(state)

    def board(self, edition: str) -> Rules:
        from adjudicator.dry_gulch.data import load_rules

        return load_rules()

    def board_sites(self, board: Rules) -> tuple[str, list[str]]:
        return "site", list(board.sites)

    def board_state(self, board: Rules, data: dict[str, Any], source: str, base: Path) -> DGState:
        return self.read_state(data, source, base)

    def board_data(self, board: Rules) -> dict[str, Any]:
        return {
            "game": "dry-gulch",
            "sites": [
                {
                    "id": site.id,
                    "street": site.street,
                    "block": site.block,
                    "position": site.position,
                    "sidewalk": site.sidewalk,
                    "across": site.across,
                    "neighbours": list(site.neighbours),
                    "bank_only": site.bank_only,
                    "edge": site.edge,
                }
                for site in board.sites.values()
            ],
            "streets": [{"id": k, "name": v} for k, v in board.streets.items()],
        }

    def board_export(self, board: Rules) -> dict[str, Any]:
        return {**self.board_data(board), "state": None, "svg": None}

    def cards(self, edition: str) -> Rules:
        return self.board(edition)

    def card_warnings(self, cards: Rules, card: Found | None) -> list[str]:
        return []

    def cards_data(self, cards: Rules) -> dict[str, Any]:
        return {
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
                for p in cards.permits.values()
            ],
            "resources": [
                {"kind": k, "type": t, "labor": labour, "count": n}
                for k, t, labour, n in cards.resources
            ],
            "events": [
                {"id": e.id, "name": e.name, "triangle": e.triangle, "count": e.count}
                for e in cards.events.values()
            ],
        }

    def card(self, cards: Rules, name: str, source: str) -> Found:
        """Every permit and event card `name` names."""
        return cards_named("dry-gulch", {"permit": cards.permits, "event": cards.events}, name)

    def card_data(self, cards: Rules, card: Found) -> dict[str, Any]:
        return {"game": "dry-gulch", "cards": [{"kind": k, **fields} for k, fields in card]}

    def cards_export(self, cards: Rules, source: str) -> dict[str, Any]:
        raise RulesError(no_clue_cards(source, "Dry Gulch"))


FILES = DryGulchFiles()
