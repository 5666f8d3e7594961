"""`cards list`'s table: the same page Rich lays out by measuring every cell, where the
terminal is wide enough for every column; on a narrow one, still every card's number and
its whole text."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table
from rich.text import Text

from adjudicator.deduction.files.editions import load_edition
from adjudicator.render.card_list import COLUMNS, TEXT_ROOM, CardList, cards_table

EDITIONS = ("gads-hill-1874", "old-town")


def page(renderable: object, width: int) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, emoji=False)
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


def measured(cards: CardList) -> Table:
    """The twin: Rich's own table of the same rows, every width measured by Rich."""
    table = Table(title=cards.title, title_justify="left")
    for name, justify in (("no.", "right"), ("kind", "left"), ("subject", "left")):
        table.add_column(name, justify=justify, no_wrap=True)
    table.add_column("relation", no_wrap=True)
    table.add_column("spaces", justify="right")
    table.add_column("text", overflow="fold")
    for row in cards.rows:
        table.add_row(*(Text(cell) for cell in row))
    return table


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("width", [100, 132, 200])
def test_a_wide_terminal_shows_the_page_rich_would_measure(edition: str, width: int) -> None:
    ed = load_edition(edition)
    cards = cards_table(ed.board, ed.cards)
    assert cards.shown(width) == list(range(len(COLUMNS)))
    assert page(cards, width) == page(measured(cards), width)


def _flat(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("edition", EDITIONS)
@given(width=st.integers(min_value=30, max_value=79))
def test_a_narrow_terminal_keeps_each_number_and_whole_text(edition: str, width: int) -> None:
    ed = load_edition(edition)
    cards = cards_table(ed.board, ed.cards)
    shown = cards.shown(width)
    assert 0 in shown  # the number stays
    text_width = width - sum(cards.widths[i] + 3 for i in shown) - 4
    assert text_width >= TEXT_ROOM or shown == [0]
    out = page(cards, width)
    lines = out.splitlines()
    assert all(len(line) <= width for line in lines)
    # Every card's text, folded in its column, reads whole from top to bottom.
    column = _flat("".join(line.rsplit("│", 2)[-2] for line in lines if line.count("│") >= 2))
    for card in ed.cards:
        assert _flat(card.text) in column


def test_card_text_is_shown_as_written_never_as_markup_or_emoji() -> None:
    cards = CardList("t", [("1", "4s", "Bank", "", "4", "[bold]the BANK[/bold] :horse:")])
    assert "[bold]the BANK[/bold] :horse:" in page(cards, 100)
