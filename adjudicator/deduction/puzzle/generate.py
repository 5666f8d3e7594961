"""Making a puzzle for a seed and a level.

1. A town: the edition's buildings shuffled onto its spaces (Old Town has more buildings
   than spaces: the ones left over are not in the puzzle).
2. The true clues: each card with one my building that makes it true of the town.
3. Play them the game's way (`rule_play` and STOP, as `steps.py` does) in an order the
   level prefers, each only when it changes the board, until the town stands; a building
   that no card can settle becomes a given, and the play starts over.
4. Drop every card and given the town stays unique without (CP-SAT, `towns.py`), so
   what is left is minimal; keep the puzzle only if the game's reasoning still solves
   it (`steps.py`) and it rates at the level asked (`rate.py`).

Everything random comes from one `random.Random` seeded by the edition, seed and level:
the same arguments give the same puzzle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from adjudicator.core.errors import AdjudicatorError
from adjudicator.deduction.models.cards import Card
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.puzzle.model import SOLO, Clue, Level, Puzzle, Town, start_state
from adjudicator.deduction.puzzle.rate import Rating, rate
from adjudicator.deduction.puzzle.steps import solve_steps
from adjudicator.deduction.puzzle.towns import is_unique
from adjudicator.deduction.rules.logic import claim_stop, stop_report
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Status

__all__ = ["ATTEMPTS", "GenerateError", "Generated", "generate"]

MIN_CARDS = 3
ATTEMPTS = 40  # towns tried before settling for the closest level
_ORDER = {"easy": 0, "medium": 1, "hard": 2}
_SHARE = {"easy": 0.3, "medium": 0.4, "hard": 0.5}
_SPREAD = {"easy": False, "medium": False, "hard": True}
#: how the level orders the cards it offers: easy puzzles lead with building cards
#: (one building, one map), hard ones with relations and districts
_KIND_RANK: dict[str, dict[str, int]] = {
    "easy": {"building": 0, "district": 1, "condition": 2},
    "medium": {"building": 0, "district": 0, "condition": 1},
    "hard": {"condition": 0, "district": 1, "building": 2},
}


class GenerateError(AdjudicatorError):
    code = "puzzle"


@dataclass(frozen=True, slots=True)
class Generated:
    puzzle: Puzzle
    rating: Rating
    attempts: int


def town_size(edition: Edition, level: Level) -> int:
    """How many buildings the town of a puzzle has: a share of the board's spaces. Never
    the whole board: with as many buildings as spaces the last one would stand by mere
    counting, which the rules do not do (K2 knows only marked buildings), so no such
    puzzle could be both minimal and solvable by the rules."""
    spaces = len(edition.board.building_spaces)
    return max(2, min(len(edition.board.buildings), round(spaces * _SHARE[level])))


def _town(edition: Edition, level: Level, rng: random.Random) -> dict[str, str]:
    board = edition.board
    buildings = list(board.buildings)
    spaces = list(board.building_spaces)
    rng.shuffle(buildings)
    rng.shuffle(spaces)
    return dict(zip(buildings[: town_size(edition, level)], spaces, strict=False))


def _true_clues(edition: Edition, card: Card, town: Town) -> list[Clue]:
    """The card with each my building that makes it true of the town (a building card:
    itself, if true)."""
    board = edition.board
    at = town.get(card.subject)
    if card.kind == "building":
        return [Clue(card.number)] if at in card.spaces else []
    if card.kind == "district":
        mine = [b for b, s in town.items() if s in card.spaces]
    else:
        if at is None or at not in card.spaces:
            return []
        assert card.relation is not None
        allowed = card.my_spaces
        mine = [
            b
            for b, s in town.items()
            if b != card.subject
            and (allowed is None or s in allowed)
            and board.related(card.relation, at, s)
        ]
    return [Clue(card.number, b) for b in sorted(mine)]


def _settle(state: GameState) -> GameState:
    while stop_report(state):
        state = claim_stop(state, SOLO).after
    return state


def _give(state: GameState, building: str, space: str) -> GameState:
    """The board with `building` standing on `space` as a given (its markers, and the
    other markers on the space, gone)."""
    markers = {b: spaces - {space} for b, spaces in state.markers.items() if b != building}
    return state.with_board({**state.placed, building: space}, markers, state.retired)


def _play_out(
    edition: Edition, town: Town, offer: list[Clue], spread: bool
) -> tuple[list[Clue], dict[str, str]]:
    """Play offered clues (the first in the offer that is legal now and changes the
    board) until the town stands; when none can, a building becomes a given. The clues
    played and the givens. `spread`: first the clues that mark a building no marker
    lies on yet, so that several buildings are open at once and STOP has Hall sets to
    find (harder levels)."""
    state = start_state(Puzzle(edition, tuple(offer), {}, listed=tuple(town)))
    used: list[Clue] = []
    givens: dict[str, str] = {}
    left = list(offer)
    while not set(town) <= set(state.placed):
        if spread:
            known = set(state.markers) | set(state.placed)
            left.sort(key=lambda c: all(b in known for b in c.named(edition)))
        for clue in left:
            ruling = rule_play(state, clue.card, clue.my, SOLO, advance=False)
            if ruling.status is not Status.PLAYABLE:  # legal and not a confirmation
                continue
            used.append(clue)
            left = [c for c in left if c.card != clue.card]  # one card, one use
            state = _settle(ruling.after)
            break
        else:
            unplaced = [b for b in town if b not in state.placed]
            # the least known building first: one no card has marked
            unplaced.sort(key=lambda b: (b in state.markers, edition.board.buildings[b].name))
            given = unplaced[0]
            # a given cannot be the my building of a card (P7): such a card goes; what
            # it said of that building the given now says
            used = [c for c in used if c.my != given]
            givens[given] = town[given]
            state = _settle(_give(state, given, town[given]))
    return used, givens


def _minimal(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """Drop each given, then each card (each in a random order), that the town stays
    unique without: givens first, so that the cards, not the givens, carry the puzzle."""
    clues: list[tuple[str, object]] = [("clue", c) for c in puzzle.clues]
    givens: list[tuple[str, object]] = [("given", b) for b in puzzle.givens]
    rng.shuffle(clues)
    rng.shuffle(givens)
    items = givens + clues
    for kind, item in items:
        if kind == "clue":
            index = puzzle.clues.index(item)
            smaller = puzzle.without_clue(index)
        else:
            smaller = puzzle.without_given(str(item))
        if is_unique(smaller):
            puzzle = smaller
    return puzzle


def _attempt(edition: Edition, level: Level, rng: random.Random) -> Puzzle | None:
    town = _town(edition, level, rng)
    # every card with every my building that makes it true; a card is played once, so
    # the first of its versions played takes it (`_play_out`)
    clues = [c for card in edition.cards for c in _true_clues(edition, card, town)]
    rng.shuffle(clues)
    rank = _KIND_RANK[level]
    clues.sort(key=lambda c: rank[edition.cards[c.card].kind])
    used, givens = _play_out(edition, town, clues, _SPREAD[level])
    # keep the play order: it is an order the rules allow
    puzzle = Puzzle(edition, tuple(used), givens, level, listed=tuple(town))
    if not is_unique(puzzle):
        return None
    puzzle = _minimal(puzzle, rng)
    # a puzzle needs cards to play (MIN_CARDS), and the game's reasoning must solve it
    if len(puzzle.clues) < MIN_CARDS:
        return None
    return puzzle if solve_steps(puzzle).solved else None


def generate(edition: Edition, seed: int, level: Level) -> Generated:
    """A unique, minimal puzzle the game's own reasoning solves, at `level` when one of
    `ATTEMPTS` towns gives it, else the nearest level found."""
    rng = random.Random(f"{edition.id}|{seed}|{level}")
    best: tuple[int, Puzzle, Rating] | None = None
    for attempt in range(1, ATTEMPTS + 1):
        puzzle = _attempt(edition, level, rng)
        if puzzle is None:
            continue
        rating = rate(puzzle, solve_steps(puzzle))
        distance = abs(_ORDER[rating.level] - _ORDER[level])
        found = Puzzle(edition, puzzle.clues, puzzle.givens, level, seed, puzzle.buildings())
        if distance == 0:
            return Generated(found, rating, attempt)
        if best is None or distance < best[0]:
            best = (distance, found, rating)
    if best is None:
        raise GenerateError(f"no puzzle found for seed {seed} in {ATTEMPTS} towns")
    return Generated(best[1], best[2], ATTEMPTS)
