"""What the entries that keep whole records only (Dry Gulch, Black Hills) answer alike
of the game protocol (`core/table.py`): no coach, no refill, no hand to give, no hint on
a bare state (`RecordOnly`); their files read by their package's `state` and `data`
modules the same way (`PackageFiles`). Each entry's table takes both as bases."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Generic, NoReturn, TypeVar, cast

from adjudicator.core.card_names import CardsFound, no_clue_cards
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:
    from adjudicator.core.table import JSON

__all__ = ["PackageFiles", "RecordOnly", "own_entry"]

StateT = TypeVar("StateT")
RulesT = TypeVar("RulesT")
EntryT = TypeVar("EntryT")


def own_entry(table: object, kind: type[EntryT]) -> EntryT:
    """The game's own entry, whose hints and reviews are of its own types (the protocol
    passes them on as `object`): a page asks it of the table it is given."""
    assert isinstance(table, kind)
    return table


class PackageFiles(Generic[StateT, RulesT]):
    """A state file read and written by `<package>.state`'s `state_from` and `state_data`,
    the one board (rules and decks) by `<package>.data`'s `load_rules`, loaded only when
    asked: a command on a file loads what it reads."""

    name: str
    title: str
    package: str

    def read_state(self, data: JSON, source: str, base: Path) -> StateT:
        module = importlib.import_module(f"{self.package}.state")
        return cast(StateT, module.state_from(data, source))

    def state_file_data(self, state: StateT) -> JSON:
        module = importlib.import_module(f"{self.package}.state")
        return cast("JSON", module.state_data(state))

    def board(self, edition: str) -> RulesT:
        return cast(RulesT, importlib.import_module(f"{self.package}.data").load_rules())

    def board_state(self, board: RulesT, data: JSON, source: str, base: Path) -> StateT:
        return self.read_state(data, source, base)

    def card_data(self, cards: RulesT, card: CardsFound) -> JSON:
        return {"game": self.name, "cards": [{"kind": k, **fields} for k, fields in card]}

    def cards_export(self, cards: RulesT, source: str) -> NoReturn:
        raise RulesError(no_clue_cards(source, self.title))


class RecordOnly:
    """The protocol's answers of a game whose record knows every card: what the deduction
    games offer beyond it (a coach, a refill, `--hand`, a hint on a state) is refused."""

    title: str
    coaches = False

    def coach(self, game: object, player: str, source: str, seed: int, ms: int | None) -> NoReturn:
        raise RulesError(f"{source}: {self.title} has no coach")

    def refill(self, game: object, player: str, source: str) -> None:
        return None

    def with_hand(self, game: object, player: str, hand: str, source: str) -> NoReturn:
        raise RulesError(f"{source}: --hand: the record already knows {player}'s cards")

    def state_hint(self, state: object, player: str | None) -> NoReturn:
        raise RulesError(f"{self.title}: hint reads a record of the game (*.game)")
