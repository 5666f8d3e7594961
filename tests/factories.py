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
from adjudicator.deduction.rules.scoring import conservation_total

__all__ = ["board", "card", "conservation_total", "state"]


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
