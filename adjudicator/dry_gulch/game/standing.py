"""Where a Dry Gulch game stands, decided here so that its views only draw it
(`render/dry_gulch.py`, the page): each player's influence and what winning needs, the
draws the player to act may write, and the events the seed turns up this phase."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.dry_gulch.draw import draw_choices
from adjudicator.dry_gulch.game.flow import DGGame, turned_up
from adjudicator.dry_gulch.score import score

__all__ = ["Standing", "standing"]


@dataclass(frozen=True, slots=True)
class Standing:
    influence: Mapping[str, int]  # each player's, in seat order (`score`)
    needed: int  # the influence that wins
    draws: tuple[str, ...]  # the draws the player to act may write (none once it is over)
    turned: tuple[str, ...]  # the events the seed turns up in this event phase


def standing(game: DGGame) -> Standing:
    """Where the game stands now (see the module's docstring)."""
    result = score(game.state)
    return Standing(
        influence=result.influence,  # read-only: `Score` freezes it
        needed=result.needed,
        draws=() if game.over else tuple(draw_choices(game.state)),
        turned=tuple(turned_up(game)),
    )
