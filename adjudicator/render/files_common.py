"""What each game's files views (`render/files_*.py`) draw alike: the line that passes a
state file, and the type of the cards a name found (`Files.card`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

__all__ = ["Found", "valid_state"]

#: The cards a name found, each as (its deck's kind, its fields): `Files.card`'s answer.
Found = Sequence[tuple[str, Mapping[str, object]]]


def valid_state(source: str, game: str) -> Text:
    """`state check`'s first line when the file holds a state of the game."""
    return Text.assemble(("ok: ", "bold green"), f"{source} is a valid state of {game}")
