"""The other games' boards among the shipped data, which the deduction commands refuse
with the command that reads them (a module of its own: finding a shipped edition by its
id loads no board reader)."""

from __future__ import annotations

__all__ = ["OTHER_GAMES", "other_game_problem"]

# The other games' shipped ids, their names and their commands.
OTHER_GAMES: dict[str, str] = {"dry-gulch": "Dry Gulch", "black-hills": "Black Hills"}


def other_game_problem(ident: str) -> str:
    """What to say when another game's edition is used in a deduction command."""
    return f"{ident} is a {OTHER_GAMES[ident]} edition: use `adjudicator {ident} ...`"
