"""`cards list`'s table: Rich's own table, its short columns sized as Rich would measure
them (the twin), colours included; on a narrow terminal, still every card's number and its
whole text."""

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


def page(renderable: object, width: int, colour: bool = False) -> str:
    console = Console(
        file=io.StringIO(),
        width=width,
        color_system="truecolor" if colour else None,
        force_terminal=colour,
        emoji=False,
    )
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


def measured(cards: CardList, shown: list[int]) -> Table:
    """The twin: Rich's own table of the same rows, every width measured by Rich."""
    table = Table(title=Text(cards.title, style="table.title"), title_justify="left")
    for i in shown:
        name, justify, _ = COLUMNS[i]
        table.add_column(name, justify=justify, no_wrap=True)
    table.add_column("text", overflow="fold")
    for row in cards.rows:
        table.add_row(*(Text(row[i]) for i in shown), Text(row[-1]))
    return table


@pytest.mark.parametrize("edition", EDITIONS)
@given(width=st.integers(min_value=24, max_value=220), colour=st.booleans())
def test_the_page_is_the_one_rich_would_lay_out(edition: str, width: int, colour: bool) -> None:
    ed = load_edition(edition)
    cards = cards_table(ed.board, ed.cards)
    twin = measured(cards, cards.shown(width))
    assert page(cards, width, colour) == page(twin, width, colour)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_wide_terminal_shows_every_column(edition: str) -> None:
    ed = load_edition(edition)
    cards = cards_table(ed.board, ed.cards)
    assert cards.shown(100) == list(range(len(COLUMNS)))
    head = page(cards, 100).splitlines()[2]
    assert [w.strip() for w in head.strip("┃").split("┃")] == [
        *(c[0] for c in COLUMNS),
        "text",
    ]


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


def test_a_terminal_too_narrow_for_any_text_still_gets_rich_s_table() -> None:
    ed = load_edition("old-town")
    cards = cards_table(ed.board, ed.cards)
    assert page(cards, 9) == page(cards.table(9), 9)


def test_what_a_card_file_says_is_shown_as_written_never_as_markup_or_emoji() -> None:
    cards = CardList("My [red]set :horse:", [("1", "4s", "Bank", "", "4", "[b]BANK[/b] :horse:")])
    out = page(cards, 100)
    assert "My [red]set :horse:" in out and "[b]BANK[/b] :horse:" in out


@pytest.mark.parametrize("odd", ["s\tt", "s\x07x", "\x1b[2J"])
def test_a_control_character_in_a_short_column_is_rich_s_to_draw(odd: str) -> None:
    cards = CardList("t", [("1", "4s", odd, "", "4", "text"), ("2", "4s", "Bank", "", "4", "x")])
    assert page(cards, 100) == page(measured(cards, cards.shown(100)), 100)
