"""`cards list`: one row per card, its text folded into the last column, a Rich table.

On a narrow terminal (a phone's), the short columns that matter least give way until the
text has room to be read; a card's number always stays.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.text import Text

from adjudicator.deduction.models.cards import MY

if TYPE_CHECKING:
    from rich.table import Table

    from adjudicator.deduction.models.board import Board
    from adjudicator.deduction.models.cards import CardSet

__all__ = ["CardList", "cards_table"]

#: The columns before the text: name, justification, and the order they give way in
#: (higher first; 0 never).
COLUMNS: tuple[tuple[str, JustifyMethod, int], ...] = (
    ("no.", "right", 0),
    ("kind", "left", 3),
    ("subject", "left", 1),
    ("relation", "left", 4),
    ("spaces", "right", 5),
)
TEXT = "text"
TEXT_ROOM = 18  # the narrowest text column worth reading; columns give way below it
_EDGES = 4  # a column's two spaces of padding and its border; the table's first border


class CardList:
    """The card rows, laid out for the console's width when printed."""

    def __init__(self, title: str, rows: Sequence[tuple[str, ...]]) -> None:
        self.title = title
        self.rows = rows
        self.widths = [
            max([cell_len(name), *(cell_len(row[i]) for row in rows)])
            for i, (name, _, _) in enumerate(COLUMNS)
        ]

    def shown(self, width: int) -> list[int]:
        """The short columns that fit beside a readable text column, by index."""
        shown = list(range(len(COLUMNS)))
        for i in sorted(shown, key=lambda i: -COLUMNS[i][2]):
            if self._room(shown, width) >= TEXT_ROOM or COLUMNS[i][2] == 0:
                break
            shown.remove(i)
        return shown

    def _room(self, shown: list[int], width: int) -> int:
        return width - sum(self.widths[k] + _EDGES - 1 for k in shown) - _EDGES

    def table(self, width: int) -> Table:
        """The page for a terminal `width` columns wide."""
        from rich.table import Table

        table = Table(title=Text(self.title, style="table.title"), title_justify="left")
        shown = self.shown(width)
        for i in shown:
            name, justify, _ = COLUMNS[i]
            table.add_column(name, justify=justify, no_wrap=True, width=self.widths[i])
        table.add_column(TEXT, overflow="fold")
        for row in self.rows:
            table.add_row(*(Text(row[i]) for i in shown), Text(row[-1]))
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table(options.max_width)


def cards_table(board: Board, cards: CardSet) -> CardList:
    """Number, kind, subject, relation, number of spaces and text of every card."""

    def rows() -> Iterator[tuple[str, ...]]:
        for card in cards:
            subject = "my building" if card.subject == MY else board.building_name(card.subject)
            yield (
                str(card.number),
                board.kind_label(card.kind),
                subject,
                (card.relation or "").replace("_", " "),
                str(len(card.spaces)),
                card.text,
            )

    return CardList(cards.name, list(rows()))
