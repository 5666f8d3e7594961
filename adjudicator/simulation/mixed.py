"""A mixed table of the deduction games (`simulate EDITION --seats coach,greedy,greedy`):
each seat plays by its own policy, seats rotated from game to game, in this process (the
cluster's store keeps one policy a run). The command line reads the seats here, so it
names no game package."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.core.errors import InputError

if TYPE_CHECKING:
    from adjudicator.deduction.game.mixed import MixedStats
    from adjudicator.deduction.game.simulate import Policy

__all__ = ["play_seats", "seat_policies"]


def seat_policies(seats: str) -> list[Policy]:
    """`--seats coach,greedy,greedy` as a policy per seat, 2 to 5 of them; else one line
    naming the option."""
    from adjudicator.deduction.game.mixed import POLICIES

    policies: list[Policy] = []
    for word in (s.strip() for s in seats.split(",")):
        policy = next((p for p in POLICIES if p == word), None)
        if policy is None:
            raise InputError("--seats", seats, f"{word!r}: a seat is one of {', '.join(POLICIES)}")
        policies.append(policy)
    if not 2 <= len(policies) <= 5:
        raise InputError("--seats", seats, f"{len(policies)} seats: a table seats 2 to 5")
    return policies


def play_seats(
    edition: str, seats: list[Policy], games: int, seed: int, on_game: Callable[[object], None]
) -> MixedStats:
    """The games of the mixed table, each reported to `on_game` once played."""
    from adjudicator.deduction.game.mixed import play_mixed

    return play_mixed(edition, seats, games, seed, on_game=on_game)
