"""Names of things in German (issue 39, item 3): each game's data file holds the German
names of its buildings, cards and resources (`[german]`: Dry Gulch's from its rulebook,
the others ours), and every name resolver takes them, in any case, with did-you-mean in
both languages. Records keep the English ids."""

from __future__ import annotations

import tomllib

import pytest
from typer.testing import CliRunner

from adjudicator.black_hills.notation import card_ids, did_you_mean
from adjudicator.cli.main import app as cli
from adjudicator.core.data import data_dir
from adjudicator.core.german import german_ids, german_names, name_key
from adjudicator.deduction.game.notation import GERMAN_FILES, building_id, format_move, parse_move
from adjudicator.dry_gulch.game.notation import Build
from adjudicator.dry_gulch.game.notation import parse_move as dg_parse

runner = CliRunner()


def test_play_as_a_building_named_in_german() -> None:
    """Before: `--as Schule` -> "unknown building; did you mean 'school'?"."""
    english = runner.invoke(cli, ["play", "example:gads-hill-mid", "43", "--as", "school"])
    german = runner.invoke(cli, ["play", "example:gads-hill-mid", "43", "--as", "SCHULE"])
    assert german.exit_code == english.exit_code == 0, german.output
    assert german.output == english.output


def test_a_misspelt_german_building_gets_a_german_match() -> None:
    r = runner.invoke(cli, ["play", "example:gads-hill-mid", "43", "--as", "Schuel"])
    assert r.exit_code == 1
    assert "did you mean 'schule'?" in r.stderr


def test_a_record_line_names_a_building_in_german_and_keeps_its_id() -> None:
    move = parse_move("ann: 23 as Schule; buy Rathaus")
    assert format_move(move) == "ann: 23 as school; buy city-hall"
    assert building_id("Postkutschenstation") == "stage-coach-office"
    assert building_id("Printer's") == "printers"  # English as before


def test_the_deduction_games_german_names_name_one_building_each() -> None:
    """One lookup for both boards: a German name may not name two buildings."""
    seen: dict[str, str] = {}
    for file in GERMAN_FILES:
        for ident, german in german_names(file).items():
            assert seen.setdefault(name_key(german), ident) == ident, (german, ident)


def test_dry_gulch_pay_for_a_building_named_in_german() -> None:
    """The rulebook: "General Store  Laden (large store)". Before: "unknown building"."""
    english = runner.invoke(cli, ["dry-gulch", "pay", "example:dry-gulch-turn", "general-store"])
    german = runner.invoke(cli, ["dry-gulch", "pay", "example:dry-gulch-turn", "laden"])
    assert german.exit_code == english.exit_code == 0, german.output
    assert german.output == english.output
    typo = runner.invoke(cli, ["dry-gulch", "pay", "example:dry-gulch-turn", "Ladn"])
    assert typo.exit_code == 1 and "did you mean 'laden'?" in typo.stderr


def test_dry_gulch_record_words_in_german_are_the_ids() -> None:
    """The rulebook's table: Lumber  Holz, Labor  Arbeit, Mason  Maurer."""
    move = dg_parse("Jürgen: build Laden at s12 paying Holz arbeit:2 Maurer")
    assert move == Build("Jürgen", None, 0, "general-store", "s12", ("lumber", "labor:2", "mason"))


@pytest.mark.parametrize(
    ("german", "ident"),
    [
        ("Wohnsitz", "residence"),
        ("Sattlerei", "saddlery"),
        ("Opernhaus", "opera"),
        ("Laden", "general-store"),
        ("Hutmacher", "hatmaker"),
        ("Sheriffs Büro", "sheriffs-office"),
        ("Zeitung", "newspaper"),
        ("Suppenküche", "soup-kitchen"),
        ("Totengräber", "undertaker"),
        ("Maurer", "mason"),
        ("Schmied", "blacksmith"),
        ("Zimmerleute", "carpenter"),
        ("Ziegelsteine", "brick"),
        ("Holz", "lumber"),
        ("Whisky", "whiskey"),
        ("Unterhaltung", "entertainment"),
        ("Nahrung", "food"),
        ("Arbeit", "labor"),
    ],
)
def test_dry_gulch_holds_the_rulebooks_german_names(german: str, ident: str) -> None:
    assert german_ids("cards/dry-gulch")[name_key(german)] == ident


def test_black_hills_cards_named_in_german() -> None:
    assert card_ids("keep Jäger GOLDGRÄBER") == "keep hunter gold-digger"
    assert card_ids("event Gestohlenes Gold") == "event stolen-gold"
    assert did_you_mean("jager", ["hunter", "miner"]) == "; did you mean 'jäger'?"


@pytest.mark.parametrize(
    "file", ["boards/old-town", "boards/gads-hill-1874", "cards/dry-gulch", "cards/black-hills"]
)
def test_each_german_name_is_of_a_thing_the_file_holds(file: str) -> None:
    kind, _, name = file.partition("/")
    with (data_dir(kind) / f"{name}.toml").open("rb") as handle:
        data = tomllib.load(handle)
    ids = {
        str(item.get("id", item.get("kind")))
        for key in ("buildings", "permits", "resources", "characters", "events")
        for item in data.get(key, [])
    }
    assert set(data["german"]) <= ids, set(data["german"]) - ids
