"""Issue 25: `cards show` shows a card of every game: a clue card by its number, a Dry
Gulch permit or event, a Black Hills character or event, by id or name in any case."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("edition", "card", "kinds", "words"),
    [
        ("dry-gulch", "saloon", ["permit"], ["Saloon", "2 whiskey", "corner"]),
        ("Dry-Gulch", "Sheriff's Office", ["permit"], ["sheriffs-office", "1 blacksmith"]),
        ("dry-gulch", "FIRE", ["event"], ["Fire", "red", "Firehouse"]),
        ("black-hills", "Gold Digger", ["character"], ["gold-digger", "adventurer"]),
        ("black-hills", "safeguard", ["event"], ["safeguard"]),
    ],
)
def test_cards_show_shows_a_card_of_the_other_games(
    edition: str, card: str, kinds: list[str], words: list[str]
) -> None:
    shown = runner.invoke(app, ["cards", "show", edition, card])
    assert shown.exit_code == 0, shown.output
    for word in words:
        assert word in shown.stdout
    data = json.loads(runner.invoke(app, ["cards", "show", edition, card, "--json"]).stdout)
    assert [c["kind"] for c in data["cards"]] == kinds
    assert data["game"] == edition.lower()


def test_a_card_not_in_the_game_is_one_line_with_a_close_match() -> None:
    result = runner.invoke(app, ["cards", "show", "dry-gulch", "hotell"])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.strip() == (
        "error: dry-gulch: 'hotell': no such permit card or event card (every card: "
        "adjudicator cards list dry-gulch); did you mean 'hotel'?"
    )


def test_a_clue_card_is_still_named_by_its_number() -> None:
    shown = runner.invoke(app, ["cards", "show", "Old-Town", "43"])
    assert shown.exit_code == 0 and "card 43" in shown.stdout
    wrong = runner.invoke(app, ["cards", "show", "old-town", "saloon"])
    assert wrong.exit_code == 1 and "a clue card is named by its number" in wrong.stderr


def test_cards_list_takes_an_edition_in_any_case() -> None:
    listed = runner.invoke(app, ["cards", "list", "Black-Hills"])
    assert listed.exit_code == 0 and "Characters" in listed.stdout
