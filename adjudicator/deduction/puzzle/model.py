"""A solo puzzle: an edition, buildings already standing (givens) and clue cards, each
district or condition card with its my building fixed (plain data; the file is
`puzzle_file.py`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState, Player

__all__ = ["LEVELS", "SOLO", "Clue", "Level", "Puzzle", "Town", "set_up_frames", "start_state"]

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "medium", "hard")
SOLO = "solo"  # the one player, who holds every building still to place

#: building -> the space it stands on
Town = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Clue:
    """One card of the puzzle; `my` is its my building (district and condition cards)."""

    card: int
    my: str | None = None

    def named(self, edition: Edition) -> tuple[str, ...]:
        """The buildings the card speaks of, with its my building chosen."""
        card = edition.cards[self.card]
        subject = card.named_building
        return tuple(b for b in (subject, self.my) if b is not None)

    def label(self, board: Board) -> str:
        mine = f" as the {board.building_name(self.my)}" if self.my else ""
        return f"card {self.card}{mine}"


@dataclass(frozen=True, slots=True)
class Puzzle:
    edition: Edition
    clues: tuple[Clue, ...]
    givens: Mapping[str, str] = field(default_factory=dict)
    level: Level | None = None  # as asked of the generator; `rate` says what it is
    seed: int | None = None
    #: the town's buildings when the file lists them; None: those the cards and givens name
    listed: tuple[str, ...] | None = None

    @property
    def board(self) -> Board:
        return self.edition.board

    def buildings(self) -> tuple[str, ...]:
        """The buildings of the town: as listed, or the givens and every building a card
        names. A building no card or given names is unknown to the rules (K2: open
        buildings are unconstrained), so a listed one makes the puzzle unsolvable."""
        named = set(self.givens) | set(self.listed or ())
        for clue in self.clues:
            named.update(clue.named(self.edition))
        return tuple(b for b in self.board.buildings if b in named)

    def to_place(self) -> tuple[str, ...]:
        return tuple(b for b in self.buildings() if b not in self.givens)

    def without_clue(self, index: int) -> Puzzle:
        return Puzzle(
            self.edition,
            self.clues[:index] + self.clues[index + 1 :],
            self.givens,
            self.level,
            self.seed,
            self.buildings(),
        )

    def without_given(self, building: str) -> Puzzle:
        givens = {b: s for b, s in self.givens.items() if b != building}
        return Puzzle(self.edition, self.clues, givens, self.level, self.seed, self.buildings())


def set_up_frames(board: Board, seed: int | None) -> dict[str, str]:
    """The landmarks on the board's frame fields (Gads Hill's railway station, cemetery
    and bison field; Old Town's stand on fields of their own), set up as a table sets
    them up: shuffled by the puzzle's seed (in the board's order without one). No card
    of the edition speaks of them: they make the board the one on the table, and change
    no answer."""
    landmarks = [lm for lm in board.landmarks if lm not in board.fields]
    if seed is not None:
        random.Random(f"frames|{board.name}|{seed}").shuffle(landmarks)
    return dict(zip(board.frames, landmarks, strict=False))


def start_state(puzzle: Puzzle) -> GameState:
    """The board the player starts from: the givens stand, no marker lies, and the one
    player holds every other building (so each can be 'my building', P7). STOP
    conclusions are drawn as steps of their own, so the card's ruling leaves them
    (`logic_to_active` off: the board afterwards is the same, only the order of telling
    differs)."""
    edition = puzzle.edition
    return GameState(
        edition,
        edition.id,
        SOLO,
        (Player(SOLO, puzzle.to_place()),),
        placed=dict(puzzle.givens),
        landmarks=set_up_frames(edition.board, puzzle.seed),
        option_overrides={"logic_to_active": False},
    )
