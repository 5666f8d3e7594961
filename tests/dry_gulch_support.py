"""Shared pieces of the Dry Gulch tests: hand cards by name, moves a game must refuse."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from adjudicator.dry_gulch.codes import Code
from adjudicator.dry_gulch.data import load_rules
from adjudicator.dry_gulch.decks import Decks
from adjudicator.dry_gulch.game.flow import DGGame
from adjudicator.dry_gulch.game.record import parse_move
from adjudicator.dry_gulch.options import DGOptions
from adjudicator.dry_gulch.state import Built, DGPlayer, DGState, HandCard, parse_card


def cards(*texts: str) -> list[HandCard]:
    """Hand cards by the names a state file writes (`lumber`, `labor:2`, `event:iou`)."""
    rules = load_rules()
    return [parse_card(t, rules) for t in texts]


def ann_to_play(
    hand: Sequence[str], buildings: list[Built], decks: Decks, options: DGOptions | None
) -> DGState:
    """ann to play, holding `hand`, with bob and cid (the table's options or the defaults)."""
    players = [DGPlayer("ann", cards(*hand)), DGPlayer("bob"), DGPlayer("cid")]
    return DGState(players, "ann", buildings, decks, options or DGOptions())


def game_new(record: Path, seed: int) -> list[str]:
    """The command line that starts ann's, bob's and cid's Dry Gulch game from `seed`."""
    game = ["--edition", "dry-gulch", "--players", "ann,bob,cid", "--seed", str(seed)]
    return ["game", "new", str(record), *game]


def refused_moves(game: DGGame, moves: Iterable[tuple[str, str]], code: Code) -> None:
    """Each move (as a record writes it) is refused under `code` with its words, and leaves
    the game as it was."""
    for text, why in moves:
        same, out = game.apply(parse_move(text))
        assert not out.legal and out.code == str(code) and why in out.message, out.message
        assert same is game
