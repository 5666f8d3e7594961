"""Dry Gulch's files as the game protocol's entry gives them (`core/table.py`'s `Files`):
the town's sites and streets, a state, the decks (`board`, `cards`, `state check`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.card_names import CardsFound, cards_named
from adjudicator.core.table_parts import PackageFiles

if TYPE_CHECKING:  # types only: a command on a file loads what it reads
    from adjudicator.core.table import JSON, Files
    from adjudicator.dry_gulch.data import Rules
    from adjudicator.dry_gulch.state import DGState

__all__ = ["FILES", "DryGulchFiles"]


class DryGulchFiles(PackageFiles["DGState", "Rules"]):
    name = "dry-gulch"
    title = "Dry Gulch"
    package = "adjudicator.dry_gulch"
    german_files = ("cards/dry-gulch",)

    def board_sites(self, board: Rules) -> tuple[str, list[str]]:
        return "site", list(board.sites)

    def board_data(self, board: Rules) -> JSON:
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

    def cards_data(self, cards: Rules) -> JSON:
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

    def card(self, cards: Rules, name: str, source: str) -> CardsFound:
        """Every permit and event card `name` names."""
        return cards_named(self.name, {"permit": cards.permits, "event": cards.events}, name)


FILES = DryGulchFiles()
#: mypy checks the files part is the protocol's over its own state, board and cards.
_FILES: Files[DGState, Rules, Rules, CardsFound] = FILES
