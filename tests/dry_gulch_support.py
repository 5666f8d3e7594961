"""Shared pieces of the Dry Gulch tests: hand cards by name, moves a game must refuse."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.game.flow import DGGame
from adjudicator.dry_gulch.game.record import parse_move
from adjudicator.dry_gulch.state import HandCard, parse_card


def cards(*texts: str) -> list[HandCard]:
    """Hand cards by the names a state file writes (`lumber`, `labor:2`, `event:iou`)."""
    rules = load_rules()
    return [parse_card(t, rules) for t in texts]


def refused_moves(game: DGGame, moves: Iterable[tuple[str, str]], code: Code) -> None:
    """Each move (as a record writes it) is refused under `code` with its words, and leaves
    the game as it was."""
    for text, why in moves:
        same, out = game.apply(parse_move(text))
        assert not out.legal and out.code == str(code) and why in out.message, out.message
        assert same is game
