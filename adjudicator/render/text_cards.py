"""One Dry Gulch or Black Hills card as text (`cards show dry-gulch saloon`): its name,
what kind of card it is, and its fields, as the card data gives them. It only reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

__all__ = ["card_fields_view", "field_text"]


def field_text(value: object) -> str:
    """A field's value as a player reads it: `2 lumber, 1 brick`, `yes`, `-`."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{n} {k}" for k, n in value.items()) or "-"
    if isinstance(value, list | tuple):
        return ", ".join(field_text(v) for v in value) or "-"
    return "-" if value is None or value == "" else str(value)


def card_fields_view(
    game: str, cards: Sequence[tuple[str, Mapping[str, object]]]
) -> RenderableType:
    """Each card found, in a panel titled with its kind and id; its text under its fields."""
    panels: list[RenderableType] = []
    for kind, fields in cards:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column(overflow="fold")
        for key, value in fields.items():
            if key not in ("id", "text"):
                table.add_row(key, field_text(value))
        parts: list[RenderableType] = [table]
        if fields.get("text"):
            parts.append(Text(str(fields["text"])))
        title = Text(f"{game}: {kind} {fields['id']}")
        panels.append(Panel(Group(*parts), title=title, expand=False))
    return Group(*panels)
