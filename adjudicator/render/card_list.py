"""`cards list`: one row per card, its text folded into the last column.

Drawn line by line here, as Rich draws a table with the same columns (a test holds the two
equal, styles included): Rich laying out a 60-card table cell by cell was a fifth of the
command's start-up (issue 13), and the short columns' widths are known before drawing.
On a narrow terminal (a phone's), the short columns that matter least give way until the
text has room to be read; a card's number always stays.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from rich.box import HEAVY_HEAD
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.segment import Segment
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


def _fit(text: str, width: int, justify: JustifyMethod) -> str:
    gap = " " * (width - cell_len(text))
    return gap + text if justify == "right" else text + gap


class CardList:
    """The card rows, laid out for the console's width when printed."""

    def __init__(self, title: str, rows: Sequence[tuple[str, ...]]) -> None:
        self.title = title
        self.rows = rows
        self.widths = [
            max([cell_len(name), *(cell_len(row[i]) for row in rows)])
            for i, (name, _, _) in enumerate(COLUMNS)
        ]
        # The text column's widest: a line of the text as written (it has no newlines).
        self.text_width = max([cell_len(TEXT), *(cell_len(row[-1]) for row in rows)])
        # A tab or a control character in a short column is Rich's to expand or drop.
        self.plain = all(cell.isprintable() for row in rows for cell in row[:-1])

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
        """The same page as a Rich table (for a terminal too narrow for any text)."""
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
        shown = self.shown(options.max_width)
        room = self._room(shown, options.max_width)
        if room < 1 or not self.plain:
            yield self.table(options.max_width)
            return
        text_width = min(self.text_width, room)
        widths = [self.widths[i] for i in shown] + [text_width]
        justify = [COLUMNS[i][1] for i in shown] + ["left"]
        names = [COLUMNS[i][0] for i in shown] + [TEXT]
        padded = [w + 2 for w in widths]
        box = HEAVY_HEAD.substitute(options, safe=console.safe_box)
        line = Segment.line()
        title = Text(self.title, style="table.title")
        yield from console.render(
            title,
            options.update(width=sum(padded) + len(padded) + 1, justify="left", height=None),
        )
        yield Segment(box.get_top(padded))
        yield line
        bold = console.get_style("table.header")
        yield Segment(box.head_left)
        for k, (name, width) in enumerate(zip(names, widths, strict=True)):
            if k:
                yield Segment(box.head_vertical)
            yield Segment(" ", bold)
            yield Segment(_fit(name, width, justify[k]), bold)
            yield Segment(" ", bold)
        yield Segment(box.head_right)
        yield line
        yield Segment(box.get_row(padded, "head", edge=True))
        yield line
        left, bar, right = f"{box.mid_left} ", f" {box.mid_vertical} ", f" {box.mid_right}"
        blank = [" " * w for w in widths[:-1]]
        for row in self.rows:
            cells = [_fit(row[i], w, j) for i, w, j in zip(shown, widths, justify, strict=False)]
            folded = Text(row[-1]).wrap(console, text_width, overflow="fold")
            for n, text in enumerate(folded):
                last = _fit(text.plain, text_width, "left")
                yield Segment(left + bar.join([*(cells if n == 0 else blank), last]) + right)
                yield line
        yield Segment(box.get_bottom(padded))
        yield line


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
