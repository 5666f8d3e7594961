"""Synthetic boards of any size, for the scale benchmark (`python -m benchmarks --scale`).

A board is a grid of blocks (five cells wide, two rows tall) with a street between every
two blocks, written as board data and read through the real loader (`board_from_data`),
so it meets every check a board file meets. Beside it: a synthetic card set (a building
card for every building, a district card for every block, condition cards) and a
mid-game-like state: some buildings placed, a dozen marked with two to four markers each,
with Hall sets so that STOP has claims, and a "next_to" condition card in the active
player's hand whose named building is marked and whose my building is open.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from adjudicator.deduction.files.board_file import board_from_data
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.cards import MY, Card, CardSet, Kind
from adjudicator.deduction.models.clue import evaluate
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState, Player

__all__ = [
    "BLOCK_COLUMNS",
    "BLOCK_ROWS",
    "MIN_SPACES",
    "SyntheticGame",
    "synthetic_board_data",
    "synthetic_game",
]

BLOCK_COLUMNS = 5  # cells of a block from west to east
BLOCK_ROWS = 2  # cells of a block from north to south: each cell fronts a street
MIN_SPACES = 50  # room for the marked buildings' three groups, apart


def _shape(spaces: int) -> tuple[int, int]:
    """Columns and rows of the grid: a whole number of blocks wide, about square."""
    width = 2 * BLOCK_COLUMNS * max(1, math.ceil(math.sqrt(spaces / 100)))
    return width, math.ceil(spaces / width)


def _space_id(x: int, y: int) -> str:
    return f"r{y + 1}-c{x + 1}"


def synthetic_board_data(spaces: int) -> dict[str, Any]:
    """Board data (the keys of a board file) for a grid of blocks with `spaces` spaces.

    East-west streets run between every two block rows (and along the north and south
    edges), north-south streets between every two block columns; every space's entrance
    opens onto the east-west street along it."""
    width, height = _shape(spaces)
    streets: list[dict[str, Any]] = []
    for j in range(height // BLOCK_ROWS + 1):
        streets.append(
            {
                "id": f"street-{j + 1}",
                "name": f"Street {j + 1}",
                "runs": "east-west",
                "between": [BLOCK_ROWS * j - 1, BLOCK_ROWS * j],
            }
        )
    for j in range(1, width // BLOCK_COLUMNS):
        streets.append(
            {
                "id": f"avenue-{j}",
                "name": f"Avenue {j}",
                "runs": "north-south",
                "between": [BLOCK_COLUMNS * j - 1, BLOCK_COLUMNS * j],
            }
        )
    cells = []
    for n in range(spaces):
        y, x = divmod(n, width)
        # A block's top row fronts the street to its north, its bottom row the one south.
        street = y // BLOCK_ROWS + (y % BLOCK_ROWS)
        cells.append({"id": _space_id(x, y), "x": x, "y": y, "entrance": f"street-{street + 1}"})
    return {
        "edition": {
            "id": f"synthetic-{spaces}",
            "name": f"Synthetic board of {spaces} spaces",
            "markers_per_building": 5,
            "max_markers_per_space": 3,
            "card_sizes": {"building": [4], "district": [8]},
        },
        "deal": {
            "players": [2, 5],
            "hand": {"building": 3, "district": 1, "condition": 1},
            "reshuffle": "district",
        },
        "options": {
            "confirmation_playable": True,
            "buying": True,
            "max_bought": 3,
            "two_cards_until": spaces * 3 // 4,
            "end_at": spaces,
        },
        "buildings": [
            {"id": f"building-{i}", "name": f"Building {i}"} for i in range(1, spaces + 1)
        ],
        "streets": streets,
        "spaces": cells,
    }


def _block_order(board: Board) -> list[str]:
    """The building spaces block by block (so that a run of them lies close together)."""

    def key(space: str) -> tuple[int, int, int, int]:
        x, y = board.spaces[space].cell
        return (y // BLOCK_ROWS, x // BLOCK_COLUMNS, y, x)

    return sorted(board.building_spaces, key=key)


@dataclass(frozen=True, slots=True)
class SyntheticGame:
    """A synthetic mid-game: the state, and the condition card to play with its my building."""

    state: GameState
    condition_card: int
    my_building: str

    @property
    def spaces(self) -> int:
        return len(self.state.board.building_spaces)


def _card(board: Board, number: int, kind: Kind, subject: str, spaces: list[str]) -> Card:
    clue = f"spaces({', '.join(spaces)})"
    return Card(
        number=number,
        kind=kind,
        subject=subject,
        text=f"synthetic {kind} card {number}",
        spaces=evaluate(clue, board),
        clue=clue,
        relation="next_to" if kind == "condition" else None,
    )


def synthetic_game(spaces: int) -> SyntheticGame:
    """The synthetic board of `spaces` spaces with its card set and a mid-game state."""
    if spaces < MIN_SPACES:
        raise ValueError(f"a synthetic game needs at least {MIN_SPACES} spaces, not {spaces}")
    board = board_from_data(synthetic_board_data(spaces), f"<synthetic board of {spaces} spaces>")
    order = _block_order(board)

    def run(start: float, length: int) -> list[str]:
        """`length` spaces from a fraction of the way through, at a block's start."""
        at = int(start * len(order)) // 10 * 10
        return order[at : at + length]

    s = run(0.2, 3)  # a Hall set of two on s1, s2: the third building's markers there go
    t = run(0.45, 5)  # a Hall set of three on t1..t3, and a fourth building on t1
    u = run(0.65, 11)  # markers that decide nothing alone
    markers = {
        "building-1": [s[0], s[1]],
        "building-2": [s[0], s[1]],
        "building-3": [s[0], s[1], s[2]],
        "building-4": [t[0], t[1], t[2]],
        "building-5": [t[1], t[2]],
        "building-6": [t[0], t[2]],
        "building-7": [t[0], t[3], t[4]],
        "building-8": [u[0], u[1], u[2]],
        "building-9": [u[1], u[2], u[3], u[4]],
        "building-10": [u[4], u[5]],
        "building-11": [u[5], u[6], u[7]],
        "building-12": [u[7], u[8], u[9], u[10]],
    }
    marked = {sp for ss in markers.values() for sp in ss}
    near = marked | {n for sp in marked for n in board.neighbours(sp, "in_sight")}
    free = [sp for sp in order if sp not in near]
    placed_count = spaces // 8
    step = len(free) / placed_count
    placed = {
        f"building-{20 + i}": free[int(i * step)] for i in range(placed_count)
    }  # buildings 20 onwards stand spread over the board

    # The card set: a building card for every building (its markers, or four spaces in a
    # run), a district card for every block, a "next_to" condition card for the plain
    # marked buildings.
    cards: dict[int, Card] = {}
    for i in range(1, spaces + 1):
        b = f"building-{i}"
        if b in markers:
            mapped = markers[b]
        elif b in placed:
            at = order.index(placed[b]) // 4 * 4
            mapped = order[at : at + 4]
        else:
            mapped = order[(4 * i) % (len(order) - 3) :][:4]
        cards[i] = _card(board, i, "building", b, mapped)
    number = spaces
    for at in range(0, len(order) - 7, BLOCK_COLUMNS * BLOCK_ROWS):
        number += 1
        cards[number] = _card(board, number, "district", MY, order[at : at + 8])
    condition = number + 1
    for b in ("building-8", "building-9", "building-10", "building-11", "building-12"):
        number += 1
        cards[number] = _card(board, number, "condition", b, markers[b][:2])
    card_set = CardSet(f"synthetic-{spaces}", "<synthetic cards>", cards)

    state = GameState(
        edition=Edition(board.id, board, card_set),
        edition_ref={"board": board.source, "cards": card_set.source},
        active="ann",
        players=(
            Player("ann", ("building-13", "building-14"), 9, (condition, 13, 14, spaces + 1)),
            Player("bob", ("building-15", "building-3"), 7, (8, 15, 16)),
            Player("cid", ("building-16", "building-7"), 11, (9, 17, 18)),
        ),
        placed=placed,
        markers={b: frozenset(ss) for b, ss in markers.items()},
    )
    return SyntheticGame(state, condition, "building-13")
