"""Building boards, cards and states in tests without files."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from adjudicator.core.data import data_dir
from adjudicator.deduction.files.board_file import load_board
from adjudicator.deduction.models.board import Board
from adjudicator.deduction.models.cards import Card, CardSet
from adjudicator.deduction.models.clue import evaluate
from adjudicator.deduction.models.edition import Edition
from adjudicator.deduction.models.state import GameState, Player


@cache
def board(edition: str = "gads-hill-1874") -> Board:
    return load_board(data_dir("boards") / f"{edition}.toml")


def card(
    number: int,
    kind: str,
    subject: str,
    clue: str,
    *,
    relation: str | None = None,
    my_clue: str | None = None,
    edition: str = "gads-hill-1874",
    text: str | None = None,
) -> Card:
    b = board(edition)
    return Card(
        number=number,
        kind=kind,  # type: ignore[arg-type]
        subject=subject,
        text=text or f"test card {number}: {clue}",
        spaces=evaluate(clue, b),
        clue=clue,
        relation=relation,
        my_spaces=evaluate(my_clue, b) if my_clue else None,
        my_clue=my_clue,
    )


def state(
    cards: Iterable[Card] = (),
    *,
    edition: str = "gads-hill-1874",
    markers: Mapping[str, Iterable[str]] | None = None,
    placed: Mapping[str, str] | None = None,
    retired: Iterable[str] = (),
    players: Iterable[Player] | None = None,
    active: str = "ann",
    options: Mapping[str, object] | None = None,
) -> GameState:
    b = board(edition)
    cs = CardSet("test", "test", {c.number: c for c in cards})
    if players is None:
        players = [Player("ann"), Player("bob")]
    return GameState(
        edition=Edition(edition, b, cs),
        edition_ref=edition,
        active=active,
        players=tuple(players),
        placed=dict(placed or {}),
        markers={k: frozenset(v) for k, v in (markers or {}).items() if v},
        retired=frozenset(retired),
        option_overrides=dict(options or {}),
    )


def unused_markers(s: GameState) -> int:
    """Markers not yet used: all five of every open building (S2)."""
    per = s.board.markers_per_building
    return sum(per for b in s.board.buildings if s.is_open(b))


def conservation_total(s: GameState) -> int:
    """S2 summed over buildings: on the board + scored + spent + not yet used."""
    on_board = sum(len(v) for v in s.markers.values())
    scored = sum(p.points for p in s.players)
    spent = sum(2 * p.bought for p in s.players)
    return on_board + scored + spent + unused_markers(s)
