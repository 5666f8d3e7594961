"""What entries of the game protocol (`core/table.py`) answer alike. Every entry: a move
numbered by its record line and a record's moves as written, from its own `read` and
`format_move` (`RecordMoves`). The entries that keep whole records only (Dry Gulch, Black
Hills): no coach, no refill, no hand to give, no hint on a bare state (`RecordOnly`);
their files read by their package's `state` and `data` modules the same way
(`PackageFiles`). Each entry's table takes those it shares as bases."""

from __future__ import annotations

import dataclasses
import importlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Generic, NoReturn, Protocol, TypeVar, cast

from adjudicator.core.base_folder import Base
from adjudicator.core.card_names import CardsFound, no_clue_cards
from adjudicator.core.errors import RulesError

if TYPE_CHECKING:
    from adjudicator.core.table import JSON

__all__ = ["PackageFiles", "RecordMoves", "RecordOnly", "own_entry"]

StateT = TypeVar("StateT")
RulesT = TypeVar("RulesT")
EntryT = TypeVar("EntryT")
MoveT = TypeVar("MoveT")
MoveT_co = TypeVar("MoveT_co", covariant=True)


def own_entry(table: object, kind: type[EntryT]) -> EntryT:
    """The game's own entry, whose hints and reviews are of its own types (the protocol
    passes them on as `object`): a page asks it of the table it is given."""
    assert isinstance(table, kind)
    return table


class _Moves(Protocol[MoveT_co]):
    """A record as an entry's `read` gives it: its moves in the record's order."""

    @property
    def moves(self) -> Sequence[MoveT_co]: ...


class _Notation(Protocol[MoveT]):
    """What `RecordMoves` asks of the entry it serves: its own reader and notation."""

    def read(self, text: str, source: str, base: Base) -> _Moves[MoveT]: ...

    def format_move(self, move: MoveT) -> str: ...


class RecordMoves(Generic[MoveT]):
    """The protocol's `numbered` and `moves_as_written` of an entry whose moves are frozen
    dataclasses with a `line` (the record line they stand on): both follow from the
    entry's own `read` and `format_move`, so no game writes them again."""

    def numbered(self, move: MoveT, line: int) -> MoveT:
        numbered: MoveT = dataclasses.replace(move, line=line)  # type: ignore[type-var]
        return numbered

    def moves_as_written(self: _Notation[MoveT], text: str, source: str) -> list[str]:
        # the folder a record's relative paths start from is not read: only its moves are
        return [self.format_move(m) for m in self.read(text, source, Base(Path())).moves]


class PackageFiles(ABC, Generic[StateT, RulesT]):
    """A state file read and written by `<package>.state`'s `state_from` and `state_data`,
    the one board (rules and decks) by `<package>.data`'s `load_rules`, loaded only when
    asked: a command on a file loads what it reads."""

    name: str
    title: str
    package: str

    def read_state(self, data: JSON, source: str, base: Base) -> StateT:
        module = importlib.import_module(f"{self.package}.state")
        return cast(StateT, module.state_from(data, source))

    def state_file_data(self, state: StateT) -> JSON:
        module = importlib.import_module(f"{self.package}.state")
        return cast("JSON", module.state_data(state))

    def board(self, edition: str) -> RulesT:
        return cast(RulesT, importlib.import_module(f"{self.package}.data").load_rules())

    def board_state(self, board: RulesT, data: JSON, source: str, base: Base) -> StateT:
        return self.read_state(data, source, base)

    @abstractmethod
    def board_data(self, board: RulesT) -> JSON:
        """`board show`'s JSON of the game's one board: its own facts."""

    def board_export(self, board: RulesT) -> JSON:
        return {**self.board_data(board), "state": None, "svg": None}

    def cards(self, edition: str) -> RulesT:
        return self.board(edition)  # the one rules file holds the board and the decks

    def card_warnings(self, cards: RulesT, card: CardsFound | None) -> list[str]:
        return []  # no clue cards: no map to disagree with

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
