"""The examples at the end of each command's help: Typer's epilog, drawn by Typer."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer

__all__ = ["EXAMPLES", "add_examples", "top_epilog"]

# One or two examples for every command, shown at the end of its help. They run as
# written from any folder: `example:NAME` is a shipped example (`cli/examples.py`).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "board": ("adjudicator board show old-town",),
    "cards": ("adjudicator cards list dry-gulch",),
    "state": ("adjudicator state check example:gads-hill-mid",),
    "game": (
        "adjudicator game new club.game --edition gads-hill-1874 --players ann,bob,cid --seed 7",
        "adjudicator game show club.game --player ann",
    ),
    "black-hills": ("adjudicator black-hills best example:black-hills-round1",),
    "dry-gulch": ("adjudicator dry-gulch plan example:dry-gulch-turn",),
    "puzzle": ("adjudicator puzzle new old-town --seed 1 --out my-puzzle.toml",),
    "stop": (
        "adjudicator stop example:gads-hill-mid",
        "adjudicator stop game.toml --claim bob --write",
    ),
    "play": (
        "adjudicator play example:gads-hill-mid 43 --as school",
        "adjudicator play example:gads-hill-mid 23 --as casino --then 43 --then-as school",
    ),
    "discard": ("adjudicator discard example:gads-hill-mid 9 17 --take hotel@d1",),
    "buy": ("adjudicator buy example:gads-hill-mid bank",),
    "hint": (
        "adjudicator hint example:gads-hill-mid --top 5",
        "adjudicator hint club.game",
    ),
    "replay": (
        "adjudicator replay example:old-town-table",
        "adjudicator replay example:dry-gulch-table",
    ),
    "simulate": (
        "adjudicator simulate gads-hill-1874 --games 1000 --workers 2 --out runs/",
        "adjudicator simulate report runs/",
    ),
    "simulate run": (
        "adjudicator simulate run gads-hill-1874 --games 20 --seed 1 --policy greedy",
    ),
    "simulate report": ("adjudicator simulate report runs/ --to runs/report",),
    "audit": (
        "adjudicator audit gads-hill-1874",
        "adjudicator audit my-cards.toml --board my-board.toml --games 20",
    ),
    "examples": ("adjudicator examples", "adjudicator examples gads-hill-mid --to ."),
    "serve": ("adjudicator serve club.game",),
    "puzzle new": (
        "adjudicator puzzle new gads-hill-1874 --seed 1 --level medium --out my-puzzle.toml",
    ),
    "puzzle solve": ("adjudicator puzzle solve my-puzzle.toml",),
    "puzzle rate": ("adjudicator puzzle rate my-puzzle.toml",),
    "puzzle sheet": ("adjudicator puzzle sheet my-puzzle.toml --svg my-puzzle.svg",),
    "puzzle check": ("adjudicator puzzle check my-puzzle.toml",),
    "board show": (
        "adjudicator board show old-town",
        "adjudicator board show dry-gulch --state example:dry-gulch-turn --svg town.svg",
    ),
    "board export": ("adjudicator board export old-town --json",),
    "cards list": ("adjudicator cards list gads-hill-1874", "adjudicator cards list dry-gulch"),
    "cards show": ("adjudicator cards show old-town 43 --svg card.svg",),
    "cards export": ("adjudicator cards export old-town --json",),
    "state check": (
        "adjudicator state check example:gads-hill-mid",
        "adjudicator state check example:black-hills-round1",
    ),
    "game new": (
        "adjudicator game new club.game --edition old-town --players ann,bob,cid --seed 7",
        "adjudicator game new club.game --edition dry-gulch --players ann,bob,cid --seed 7",
    ),
    "game move": (
        "adjudicator game move club.game 'ann: 12'",
        "adjudicator game move club.game 'ann: draw resources'",
    ),
    "game undo": ("adjudicator game undo club.game",),
    "game show": (
        "adjudicator game show club.game",
        "adjudicator game show club.game --player ann --svg club.svg",
    ),
    "black-hills turn": (
        "adjudicator black-hills turn example:black-hills-round1 'ann: miner; event stolen-gold'",
        "adjudicator black-hills turn example:black-hills-round1 "
        "'ann: event stolen-gold; merchant gold>fur; invest fur:3'",
    ),
    "black-hills invest": (
        "adjudicator black-hills invest example:black-hills-round1 --player cid",
    ),
    "black-hills best": ("adjudicator black-hills best example:black-hills-round1",),
    "black-hills new": ("adjudicator black-hills new table.toml --players ann,bob,cid --seed 6",),
    "dry-gulch new": (
        "adjudicator dry-gulch new table.toml --players ann,bob,cid --seed 7",
        "adjudicator dry-gulch new table.toml --players ann,bob,cid --residence ann=nw-1",
    ),
    "dry-gulch pay": ("adjudicator dry-gulch pay example:dry-gulch-turn pharmacist",),
    "dry-gulch plan": ("adjudicator dry-gulch plan example:dry-gulch-turn",),
    "dry-gulch place": ("adjudicator dry-gulch place example:dry-gulch-turn saloon nw-3",),
    "dry-gulch score": ("adjudicator dry-gulch score example:dry-gulch-turn",),
}


def _epilog(examples: tuple[str, ...]) -> str:
    # Rich help joins lines; a blank line between examples keeps one a line.
    return "Examples:\n\n" + "\n\n".join(f"  {e}" for e in examples)


def top_epilog() -> str:
    """The examples of `adjudicator --help`: one command of each game."""
    return _epilog(
        (
            "adjudicator play example:gads-hill-mid 43 --as school",
            "adjudicator game new club.game --edition dry-gulch --players ann,bob,cid --seed 7",
            "adjudicator black-hills best example:black-hills-round1",
        )
    )


def add_examples(app: typer.Typer, prefix: str = "") -> None:
    """End every command's help with its examples (as an epilog, one a line)."""
    for info in app.registered_commands:
        name = info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        examples = EXAMPLES.get(f"{prefix}{name}")
        if examples and info.epilog is None:
            info.epilog = _epilog(examples)
    for group in app.registered_groups:
        if group.typer_instance is not None and group.name:
            examples = EXAMPLES.get(f"{prefix}{group.name}")
            if examples and not isinstance(group.epilog, str):  # unset: Typer's placeholder
                group.epilog = _epilog(examples)
            add_examples(group.typer_instance, f"{prefix}{group.name} ")
