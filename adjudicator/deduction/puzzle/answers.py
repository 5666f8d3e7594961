"""The JSON of every puzzle answer (plain dicts, for `--json`)."""

from __future__ import annotations

from typing import Any

from adjudicator.deduction.puzzle.check import Check
from adjudicator.deduction.puzzle.model import Puzzle
from adjudicator.deduction.puzzle.rate import Rating
from adjudicator.deduction.puzzle.steps import Solution

__all__ = ["check_json", "puzzle_json", "solution_json"]


def puzzle_json(puzzle: Puzzle) -> dict[str, Any]:
    return {
        "edition": puzzle.edition.id,
        "level": puzzle.level,
        "seed": puzzle.seed,
        "buildings": list(puzzle.buildings()),
        "givens": dict(puzzle.givens),
        "clues": [{"card": c.card, "my": c.my} for c in puzzle.clues],
    }


def solution_json(solution: Solution, rating: Rating | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "solved": solution.solved,
        "stalled": solution.stalled,
        "steps": [
            {
                "kind": s.kind,
                "code": s.code,
                "text": s.text,
                "card": s.clue.card if s.clue else None,
                "my": s.clue.my if s.clue else None,
                "placed": [list(p) for p in s.placed],
                "removed": [list(r) for r in s.removed],
                "built": [list(b) for b in s.built],
                "hall": s.hall,
                "reasons": list(s.reasons),
            }
            for s in solution.steps
        ],
        "town": dict(solution.town),
        "unused": [{"card": c.card, "my": c.my} for c in solution.unused],
    }
    if rating is not None:
        out["rating"] = rating.as_dict()
    return out


def check_json(result: Check) -> dict[str, Any]:
    return {
        "ok": result.ok,
        "unique": result.unique,
        "towns": result.towns,
        "second_town": result.second,
        "solvable": result.solvable,
        "stalled": result.solution.stalled,
        "minimal": result.minimal,
        "removable": list(result.removable),
    }
