"""What a game's referee commands on a state file answer (`adjudicator dry-gulch pay`,
`black-hills turn`, ...): a registry entry's `referee` part is a module of its game
package holding one function per command it offers (`Entry.commands`), each returning an
`Answer`. The command line only calls them and draws the answer by the view it names
(`render/tables.referee_lines`), so it imports no game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Answer"]


@dataclass(frozen=True, slots=True)
class Answer:
    """One referee command's answer on a state file."""

    #: The function of the entry's views module (`Entry.views`) that draws it, and what it
    #: takes: the game's own ruling or verdict, as that view has always drawn it.
    view: str
    view_args: tuple[Any, ...]
    data: dict[str, Any]  # --json
    #: What the player should hear before the answer (shown on stderr, not in --json).
    warnings: tuple[str, ...] = ()
    legal: bool = True  # a ruling that refuses is not written (--write)
    after: Any = field(default=None, compare=False)  # the state --write writes
