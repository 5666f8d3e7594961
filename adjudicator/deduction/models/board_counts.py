"""A board's own counts checked against each other: where the game ends (`end_at`, A5)
against its spaces, landmarks and buildings. A board copied from another and grown or cut
keeps the old counts silently; `audit` reports these as warnings."""

from __future__ import annotations

from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.ruleset import Ruleset

__all__ = ["board_count_warnings"]


def board_count_warnings(board: Board) -> list[str]:
    """One line for each count of `board` that disagrees with another."""
    end_at = Ruleset().with_options(board.options).end_at
    spaces, landmarks = len(board.building_spaces), len(board.frames)
    town = spaces + landmarks  # the locomotive's count on a complete town
    holds = f"{spaces} building spaces" + (f" and {landmarks} landmarks" if landmarks else "")
    out = []
    if end_at > town:
        out.append(
            f"end_at = {end_at}, but the board holds {town} ({holds}): the locomotive never "
            f"gets there, so the game ends only when the town is complete"
        )
    elif end_at < town and not landmarks:
        # A board without landmarks ends as Old Town does, when the town is complete (A5);
        # Gads Hill's locomotive (landmarks counted) ends on purpose with spaces empty.
        empty = town - end_at
        out.append(
            f"end_at = {end_at} on a board of {spaces} building spaces: the game ends with "
            f"{empty} space{'' if empty == 1 else 's'} empty (for a complete town, "
            f"end_at = {spaces})"
        )
    if end_at - landmarks > len(board.buildings) and end_at <= town:
        out.append(
            f"end_at = {end_at} needs {end_at - landmarks} buildings placed, but the board "
            f"has {len(board.buildings)} buildings: the game can end only by passes"
        )
    return out
