"""The game protocol every front end loops over: what a record of any of the four games
offers (issue 25). Each game package has one entry (`deduction/table.py`,
`dry_gulch/game/table.py`, `black_hills/game/table.py`); `adjudicator/tables.py` is the
registry that finds a record's entry by name, loading only that game.

A `Table` reads a record's text, reads and writes a move (parse and format round-trip),
replays the record, rules on one move (`apply`, giving a `Ruled`: legal or not, the rule
code, the reason, the mover's score), and takes the last move back. Nothing here prints:
`render/tables.py` draws a game's rulings, the command line and the page only call.

Each entry is also its game's `Files`: a state file read and written, the board and the
cards of an edition, as `state check`, `board` and `cards` show them. That part is a
module of its own in each package (`deduction/table_files.py`, `dry_gulch/game/files.py`,
`black_hills/game/files.py`), which the registry loads alone (`tables.files`).
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, Protocol, TypeAlias, TypeVar

from adjudicator.core.base_folder import Base
from adjudicator.core.errors import InputError
from adjudicator.core.seats import Named, Seats

__all__ = [
    "JSON",
    "SETUP_FLAGS",
    "BoardT",
    "CardT",
    "CardsT",
    "Files",
    "GameT",
    "MoveT",
    "RecordT",
    "Replayed",
    "Ruled",
    "Setup",
    "StateT",
    "Table",
    "fresh_seed",
    "hand_unknown",
    "only_options",
    "players_option",
]


#: A game's own data as its JSON writes it (a state, a view, a ruling's fields): plain
#: values the protocol passes on to `json.dumps` without looking inside.
JSON: TypeAlias = dict[str, object]

#: An entry's game as play leaves it (`Game`, `DGGame`, `BHState`).
GameT = TypeVar("GameT")
#: An entry's move: a value of its own game, written and read by its notation.
MoveT = TypeVar("MoveT")
#: An entry's record as `read` gives it.
RecordT = TypeVar("RecordT")
#: An entry's state as its state files hold it (`GameState`, `DGState`, `BHState`).
StateT = TypeVar("StateT")
#: An edition's board as `board` draws it (a board of spaces, Dry Gulch's or Black Hills'
#: rules with their sites or areas).
BoardT = TypeVar("BoardT")
#: An edition's cards as `cards` gives them (the deduction games' edition, the others' rules).
CardsT = TypeVar("CardsT")
#: One card as `card` names it (a clue card; the permits, events or characters a name names).
CardT = TypeVar("CardT")


@dataclass(frozen=True, slots=True)
class Ruled:
    """One move ruled on, in the same shape in every game."""

    legal: bool
    code: str | None  # the rule a refusal rests on (T1, DG-PHASE, BH-TURN-ORDER, ...)
    message: str  # the reason, or what the move did, in words a player reads aloud
    player: str
    move: str  # the move as the record writes it
    score: int | None = None  # the mover's points, influence or reputation after it
    claimed: int | None = None  # what the table wrote down, `{N}`
    detail: Mapping[str, object] = field(default_factory=dict)  # the game's own JSON of it
    #: The game's own ruling, for its views (which know its type: the protocol does not).
    ruling: object = field(default=None, compare=False)

    @property
    def claim_wrong(self) -> bool:
        return self.legal and self.claimed is not None and self.claimed != self.score

    def to_json(self) -> JSON:
        """The common fields, then the game's own (which keep their names)."""
        return {
            **self.detail,
            "legal": self.legal,
            "code": self.code,
            "message": self.message,
            "player": self.player,
            "move": self.move,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class Setup:
    """How a new record's table is set up, as the command line gives it (text, unread)."""

    source: str  # the record being made, for errors
    base: Path  # where a board file named by the edition is looked for
    options: str | None = None  # 'half=up, open-permits=true'
    buildings: str | None = None  # Old Town and Gads Hill: who took which
    frames: str | None = None  # Gads Hill: the landmarks
    residences: str | None = None  # Dry Gulch: 'ann=nw-1, bob=ne-5' (default: the first edges)
    # Made at the page's table: a set-up choice left empty is the players' own, made by
    # taps in turn (Dry Gulch: `[Residences "in turn"]`), not the command line's default.
    by_taps: bool = False


@dataclass(frozen=True, slots=True)
class Replayed(Generic[GameT]):
    """A record replayed: the game after every legal move, and how many were not."""

    game: GameT
    skipped: int


class Files(Protocol[StateT, BoardT, CardsT, CardT]):
    """What an entry says of its game's files, beside its records (`state check`, `board`,
    `cards`, a ruling on a state file; drawn by `render/tables.py`'s files views). Each
    entry is one too, and each game's files part is a module of its own (`tables.files`),
    so a command on a file loads none of the game's record flow. Over the game's own types:
    `StateT` a state, `BoardT` a board, `CardsT` an edition's cards, `CardT` one card (each
    entry's files module declares `_FILES: Files[ItsState, ...] = FILES`, which mypy checks);
    what a file reads and `board`'s and `cards`'s JSON are `JSON`."""

    @property
    def german_files(self) -> tuple[str, ...]:
        """The data files whose `[german]` tables name the game's things (its buildings),
        so a player may type them in German (`core/german.py`)."""
        ...

    def read_state(self, data: JSON, source: str, base: Base) -> StateT:
        """A state file's data (`core/files.read_data`'s, read once) as the game's state,
        what `seats` gives of a game; a bad one is one `InputError` naming the entry. A
        board or card file it names is found as `base` says (`core/base_folder.py`)."""
        ...

    def state_file_data(self, state: StateT) -> JSON:
        """A state (`read_state`'s, `seats`'s) as its state file writes it."""
        ...

    def board(self, edition: str) -> BoardT:
        """The board of a shipped edition (or the deduction games' board file) as `board`
        draws it: a board of spaces, Dry Gulch's sites, Black Hills' areas."""
        ...

    def board_sites(self, board: BoardT) -> tuple[str, Collection[str]]:
        """What `board show --site` may mark: the word for one (`building space`, `site`)
        and their ids; a board with none: one `RulesError` saying what it has instead."""
        ...

    def board_state(self, board: BoardT, data: JSON, source: str, base: Base) -> StateT:
        """A state file's data as a state on `board` (`read_state`'s); a state of another
        edition: one `InputError` naming both."""
        ...

    def board_data(self, board: BoardT) -> JSON:
        """`board show`'s JSON of the board, before the state's: spaces and their facts,
        relations and buildings; sites and streets; areas and the supply."""
        ...

    def board_export(self, board: BoardT) -> JSON:
        """`board export`'s JSON of the board."""
        ...

    def cards(self, edition: str) -> CardsT:
        """The cards of a shipped edition or board file: the deduction games' edition with
        its clue cards, Dry Gulch's and Black Hills' rules with their decks."""
        ...

    def card_warnings(self, cards: CardsT, card: CardT | None) -> list[str]:
        """What is wrong in the cards that a player should hear (a clue whose map says
        otherwise), of every card or of `card` (`card`'s) only."""
        ...

    def cards_data(self, cards: CardsT) -> JSON:
        """`cards list`'s JSON."""
        ...

    def card(self, cards: CardsT, name: str, source: str) -> CardT:
        """The card `name` names (a clue card's number; a card's id or printed name in any
        case), as `card_data` and the views take it; none: one `RulesError` naming the
        known ones or a close match."""
        ...

    def card_data(self, cards: CardsT, card: CardT) -> JSON:
        """`cards show`'s JSON of `card`'s card."""
        ...

    def cards_export(self, cards: CardsT, source: str) -> JSON:
        """`cards export`'s JSON: every clue card with its map. A game without clue cards:
        one `RulesError` naming `source` and the command that lists its cards."""
        ...


class Table(
    Files[StateT, BoardT, CardsT, CardT],
    Protocol[GameT, MoveT, RecordT, StateT, BoardT, CardsT, CardT],
):
    """One game's entry (see the module's docstring), over its own types: `GameT` the game
    as play leaves it, `MoveT` a move (a value of the game's, its notation `parse_move` and
    `format_move`), `RecordT` a record read, then its files part's (`Files`). mypy checks
    that an entry's `apply` is given its own moves and its files part reads its own state,
    board and cards (`_PROTOCOL: Table[Game, Move, Record, GameState, ...] = TABLE` in each
    entry); the registry hands the front ends `AnyTable` (every type argument `Any`) at its
    one dynamic boundary. What only the game's views read (a hint, a review, the coach's
    advice) is `object` here: the protocol passes it on without looking inside."""

    name: str  # the registry's name: deduction, dry-gulch, black-hills
    title: str  # as a player names it
    score_word: str  # points, influence, reputation

    def new_record(
        self, edition: str, players: tuple[str, ...], seed: int | None, setup: Setup
    ) -> tuple[str, GameT]:
        """A new record's text (its header) and the game it sets up. `setup`: the table's
        options and any setup of the edition's own, as the command line gives them; a bad
        one is one `InputError` or `RulesError` naming the option."""
        ...

    def state_data(self, game: GameT) -> JSON:
        """The game's state as its state files write it."""
        ...

    def read(self, text: str, source: str, base: Base) -> RecordT:
        """A record's text as the game's record; a bad one is one `InputError`."""
        ...

    def parse_move(self, line: str, source: str) -> MoveT:
        """One move line (`move_line`'s); not in the notation: one `RulesError`."""
        ...

    def seat(self, game: GameT, move: MoveT) -> MoveT:
        """The move with each player it names spelt as the game's players are: a line
        names a player in any case (`jürgen: 23` is Jürgen's move, `player_key`)."""
        ...

    def format_move(self, move: MoveT) -> str:
        """The move as the record writes it (`parse_move` of it gives it back)."""
        ...

    def numbered(self, move: MoveT, line: int) -> MoveT:
        """The move as the record's line `line` will hold it, so that the game after it is
        what replaying the record gives (a game's log keeps each move's line, as its
        timeline and review name them)."""
        ...

    def moves_as_written(self, text: str, source: str) -> list[str]:
        """A record's moves, each as `format_move` writes it (what a commit reads back)."""
        ...

    def public_move(self, move: MoveT) -> str:
        """The move as the players who did not make it see it at the table: what it
        draws or keeps face down as a count (`ann draws 2 cards`), the rest as written."""
        ...

    def listed_move(self, game: GameT, move: MoveT) -> str:
        """The move as its own player knows it before making it: a choice whose outcome
        lies face down (which pile to draw from, a draw off a stack) without that outcome.
        Moves that read the same here are one choice: the page shows what it drew only
        once its player has chosen it."""
        ...

    def replay(self, rec: RecordT) -> Replayed[GameT]:
        """The game after every legal move of the record."""
        ...

    def check_chance(self, game: GameT, move: MoveT) -> None:
        """At a served table in a seeded game a move names no outcome of chance (the card
        drawn, the die, the card stolen): one `RulesError` citing the rule where it does.
        It reads nothing face down, so it answers before anything that does (a reveal's
        check, `deal`): the same refusal whatever the hidden cards are."""
        ...

    def deal(self, game: GameT, move: MoveT) -> MoveT:
        """Chance's part of a move made at a served table (`adjudicator serve`): in a
        seeded game the player writes the choice (which pile, whom to rob) and the seed
        deals the outcome (the card drawn, the die, the card stolen), so the move comes
        back with its outcome filled in; a move naming an outcome itself is refused there,
        one `RulesError` citing the rule. In a game without a seed, or a move without
        chance, the move as it is: the table says what happened."""
        ...

    def legal_moves(self, game: GameT) -> Iterator[MoveT]:
        """The legal moves of the player to act, as typed moves, each one `apply` rules
        legal (each once; a game over has none)."""
        ...

    def check_move(self, game: GameT, move: MoveT, source: str) -> None:
        """A move naming what the game does not know (a player, a card, a building) is a
        typo, not a ruling: one `RulesError` with a close match, before any ruling."""
        ...

    def apply(self, game: GameT, move: MoveT) -> tuple[GameT, Ruled]:
        """The game after the move, and its ruling (a refused move leaves it as it was)."""
        ...

    def remove_last_move(self, text: str, source: str) -> tuple[str, str, int]:
        """The record's text without its last move: the text, the line, its number."""
        ...

    def claim_note(self, ruled: Ruled) -> str:
        """What the rules give where the table wrote another score down (`{N}`)."""
        ...

    def review(self, rec: RecordT) -> object:
        """`replay`: every move of the record re-adjudicated, with what the table missed."""
        ...

    def view(self, game: GameT, viewer: str | None) -> JSON:
        """The table as plain data: everyone's view, or, with `viewer`, that player's (the
        other hands as counts where the game keeps them secret)."""
        ...

    def edition_title(self, game: GameT) -> str:
        """The game's edition as a player names it (Old Town, Gads Hill 1874, Dry Gulch)."""
        ...

    def seats(self, game: GameT) -> Seats[Named]:
        """The game's players in seat order, and who is to act."""
        ...

    def hint(self, game: GameT, player: str, source: str) -> object:
        """The game's hint for `player` (a seat's name): the deduction games' ranked turns,
        Dry Gulch's best building plan, Black Hills' best turn for each character. When
        there is none to give now (a refill or a set-up discard first, the game over), one
        `RulesError` that says what comes first."""
        ...

    #: Whether `coach` looks ahead (the deduction games'); the others' refuse it.
    coaches: bool

    def coach(
        self, game: GameT, player: str, source: str, seed: int, ms: int | None
    ) -> tuple[object, tuple[str, ...]]:
        """`hint --coach`: the lookahead coach's ranking of the turn of `player` (the
        player to act) and why, seeded; `ms` caps its time. A game without a coach
        (`coaches` false), or a player not to act: one `RulesError`."""
        ...

    def refill(self, game: GameT, player: str, source: str) -> object | None:
        """What `player` owes before their turn, ranked (Old Town's refill, A4: the
        buildings to take), where the coach cannot look ahead yet; else None."""
        ...

    def with_hand(self, game: GameT, player: str, hand: str, source: str) -> GameT:
        """`hint --hand`: the game of a record of a real table (which keeps no hands) with
        `player` holding the cards `hand` names (`12,40`); a card unknown, played or named
        twice, or a game that knows every hand: one `RulesError`."""
        ...

    def state_hint(self, state: StateT, player: str | None) -> object:
        """`hint` on a state file (`read_state`'s): the player's (default: the active
        player's) ranked actions. A game whose state files have no hint: one
        `RulesError`."""
        ...


#: A seed drawn for a game started without one: below 2**63, so a simulation's store (int64)
#: and every record reader take it.
SEED_LIMIT = 2**63


def fresh_seed(seed: int | None) -> int:
    """The seed given, or one drawn from `secrets` when none is: a fixed default would
    deal every such game the same hands, and a guessable one lets a seat find it."""
    return secrets.randbelow(SEED_LIMIT) if seed is None else seed


#: Each game's own set-up beyond its seed and options, and the flag a player gives it with.
#: `--buildings chosen` (the page's checkbox): Old Town's and Gads Hill's players take their
#: buildings by the record's first moves, in seat order (T7), not dealt or listed.
BUILDINGS_CHOSEN = "chosen"
SETUP_FLAGS = {"buildings": "--buildings", "frames": "--frames", "residences": "--residence"}


def only_options(title: str, setup: Setup, own: tuple[str, ...] = ()) -> None:
    """A game takes its seed, its options and its `own` set-up fields (Dry Gulch: the
    residences), and none of another game's (`--frames` is Gads Hill's)."""
    for name, flag in SETUP_FLAGS.items():
        if getattr(setup, name) and name not in own:
            raise InputError(flag, "", f"{title} takes no {flag}")


def hand_unknown(view: JSON, player: str) -> bool:
    """Whether a view (`Table.view`'s) lacks `player`'s hand: a record of a real table
    keeps no hands, so the view gives theirs as None (a game without hands gives none)."""
    hands = view.get("hands")
    return isinstance(hands, dict) and player in hands and hands[player] is None


@contextmanager
def players_option(option: str) -> Iterator[None]:
    """A bad player list named as the option it came from (`--players: dry-gulch seats 3
    to 6 players, not 2`), not as the setup's `PLAYERS` entry."""
    try:
        yield
    except InputError as exc:
        if exc.source != "PLAYERS":
            raise
        which = exc.entry.removeprefix("players").strip()  # a bad name: `players 'x!'`
        raise InputError(option, which, exc.problem) from None
