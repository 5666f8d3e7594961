"""Solving a puzzle the game's own way: play the cards one at a time under RULINGS.md
(P1-P7, each ruled by the engine's `rule_play`), and after each card draw every STOP
conclusion the board then shows (L1-L3, by `claim_stop`, each removal with its smallest
Hall set), until every building stands. No guessing: a card is played only when the
rules allow it now, in the puzzle's order where they do (a card the rules refuse now is
tried again after the next one)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from adjudicator.deduction.models.state import GameState
from adjudicator.deduction.puzzle.model import SOLO, Clue, Puzzle, start_state
from adjudicator.deduction.rules.explain import building_list, space_list
from adjudicator.deduction.rules.logic import claim_stop, stop_report
from adjudicator.deduction.rules.play import rule_play
from adjudicator.deduction.rules.ruling import Ruling, Tier

__all__ = ["Solution", "Step", "solve_steps"]

#: At most this many STOP claims in a row (each reaches the fixed point of L1/L2, so one
#: is the rule; the bound only guards against a loop).
MAX_STOPS = 8


@dataclass(frozen=True, slots=True)
class Step:
    """One step a player can follow: a card played, or a STOP conclusion."""

    kind: Literal["card", "stop"]
    code: str  # the rule code the step rests on: P6 (a card's effects), L1/L2 (STOP)
    text: str  # the sentence, with what it places, removes and builds
    clue: Clue | None
    placed: tuple[tuple[str, str], ...] = ()  # markers put down (P1)
    removed: tuple[tuple[str, str], ...] = ()
    built: tuple[tuple[str, str], ...] = ()
    cascades: int = 0  # removals and buildings of the `cascade` tier (P6)
    hall: int = 0  # the largest Hall set behind a STOP removal (L3)
    reasons: tuple[str, ...] = ()  # the engine's sentence for each removal or building
    #: each removal's P6 tier, as `removed` lists them: "card" (the card rules it out),
    #: "cascade" (a building the step builds stands there), "logic" (a STOP conclusion)
    tiers: tuple[str, ...] = ()
    #: the buildings whose markers a STOP conclusion rests on (its Hall sets, L3)
    premises: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Solution:
    steps: tuple[Step, ...]
    town: dict[str, str]  # what stands at the end
    solved: bool  # every building of the puzzle stands
    waits: int  # times a card the rules refused was played later (an order is forced)
    stalled: str | None  # why reasoning stopped short, when it did
    unused: tuple[Clue, ...]

    @property
    def cards(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.kind == "card")


def _card_step(puzzle: Puzzle, clue: Clue, ruling: Ruling) -> Step:
    board = puzzle.board
    card = puzzle.edition.cards[clue.card]
    placed = ruling.markers_placed
    removed = tuple((r.building, r.space) for r in ruling.removed)
    built = tuple((b.building, b.space) for b in ruling.built)
    bits = []
    by_building: dict[str, list[str]] = {}
    for b, s in placed:
        by_building.setdefault(b, []).append(s)
    for b, spaces in by_building.items():
        bits.append(f"{board.building_name(b)} markers on {space_list(board, spaces)}")
    if removed:
        bits.append(f"{len(removed)} marker{'s' if len(removed) != 1 else ''} removed")
    if built:
        bits.append(f"built: {_built(puzzle, built)}")
    what = "; ".join(bits) if bits else "it changes nothing on the board (P4)"
    text = f'Play {clue.label(board)}, "{card.text}": {what}.'
    cascades = sum(1 for r in ruling.removed if r.tier is Tier.CASCADE)
    cascades += sum(1 for b in ruling.built if b.tier is Tier.CASCADE)
    reasons = tuple(r.reason for r in ruling.removed) + tuple(b.reason for b in ruling.built)
    tiers = tuple(str(r.tier.value) for r in ruling.removed)
    return Step("card", "P6", text, clue, placed, removed, built, cascades, 0, reasons, tiers)


def _built(puzzle: Puzzle, built: tuple[tuple[str, str], ...]) -> str:
    board = puzzle.board
    return ", ".join(f"the {board.building_name(b)} on {board.space_name(s)}" for b, s in built)


def _stop_step(puzzle: Puzzle, state: GameState) -> tuple[Step, GameState] | None:
    """Every STOP conclusion on the board now, as one step (L4), or None."""
    report = stop_report(state)
    if not report:
        return None
    ruling = claim_stop(state, SOLO)
    board = puzzle.board
    hall = max((len(r.hall_buildings) for r in report.removable), default=0)
    removed = tuple((r.building, r.space) for r in ruling.removed)
    built = tuple((b.building, b.space) for b in ruling.built)
    sets = sorted(
        {r.hall_buildings for r in report.removable if len(r.hall_buildings) > 1},
        key=lambda hb: (len(hb), sorted(hb)),
    )
    parts = []
    if removed:
        parts.append(f"{len(removed)} marker{'s' if len(removed) != 1 else ''} go")
    if sets:
        parts.append("Hall sets: " + "; ".join(building_list(board, hb) for hb in sets))
    if built:
        parts.append(f"built: {_built(puzzle, built)}")
    code = "L1" if report.removable else "L2"
    text = f"STOP: {', '.join(parts)}."
    reasons = tuple(r.explanation for r in report.removable) + tuple(
        b.reason for b in report.determined
    )
    premises = tuple(sorted({b for r in report.removable for b in r.hall_buildings}))
    tiers = ("logic",) * len(removed)
    step = Step("stop", code, text, None, (), removed, built, 0, hall, reasons, tiers, premises)
    return step, ruling.after


def solve_steps(puzzle: Puzzle) -> Solution:
    """Play the puzzle's cards in its order, each as soon as the rules allow it, with the
    STOP conclusions between cards, until every building stands or no card can be played."""
    state = start_state(puzzle)
    goal = set(puzzle.buildings())
    remaining = list(puzzle.clues)
    steps: list[Step] = []
    refused: set[Clue] = set()
    waits = 0
    stalled: str | None = None
    board = puzzle.board
    while not goal <= set(state.placed):
        played = False
        why: list[str] = []
        for clue in remaining:
            ruling = rule_play(state, clue.card, clue.my, SOLO, advance=False)
            if not ruling.playable:
                refused.add(clue)
                reason = ruling.reasons[0] if ruling.reasons else None
                why.append(
                    f"{clue.label(board)}: {reason.code}: {reason.message}" if reason else ""
                )
                continue
            waits += clue in refused
            steps.append(_card_step(puzzle, clue, ruling))
            remaining.remove(clue)
            state = ruling.after
            for _ in range(MAX_STOPS):
                stop = _stop_step(puzzle, state)
                if stop is None:
                    break
                steps.append(stop[0])
                state = stop[1]
            played = True
            break
        if not played:
            left = sorted(goal - set(state.placed), key=board.building_name)
            stalled = (
                f"after {len(steps)} step{'s' if len(steps) != 1 else ''} "
                f"{building_list(board, left)} are still to be placed and no card left can be "
                "played" + (f" ({'; '.join(why)})" if why else " (no card is left)")
            )
            break
    return Solution(
        steps=tuple(steps),
        town=dict(state.placed),
        solved=stalled is None,
        waits=waits,
        stalled=stalled,
        unused=tuple(remaining),
    )
