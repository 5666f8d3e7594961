"""Issue 25, item 5: one language at the command line for four games, tried as a new user
would with a 3-player table of each: `game new` shows no hand, a refusal is said once with
its code, piped output is not wrapped at 80 columns, nothing a player types is cut with
"…", a board too wide says so, and every command's help has an example and takes `-h`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.cli.main import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")


def new_record(tmp_path: Path, edition: str) -> tuple[Path, str]:
    record = tmp_path / f"{edition}.game"
    args = ["game", "new", str(record), "--edition", edition, "--players", "ann,bob,cy"]
    result = runner.invoke(app, [*args, "--seed", "3"])
    assert result.exit_code == 0, result.output
    return record, result.stdout


def private(tmp_path: Path, edition: str, player: str) -> list[str]:
    """What only `player` may see: their cards, as `game show --player` gives them."""
    record = tmp_path / f"{edition}.game"
    args = ["game", "show", str(record), "--player", player, "--json"]
    data = json.loads(runner.invoke(app, args).stdout)
    if edition == "black-hills":
        me = next(p for p in data["state"]["players"] if p["name"] == player)
        return [*me["characters"], *me["events"]]
    hand = data["hands"][player]
    return [str(card) for card in hand]


@pytest.mark.parametrize("edition", EDITIONS)
def test_game_new_prints_no_hand_and_says_how_a_player_sees_theirs(
    tmp_path: Path, edition: str
) -> None:
    record, shown = new_record(tmp_path, edition)
    assert f"game show {record} --player NAME" in shown
    for player in ("ann", "bob", "cy"):
        cards = private(tmp_path, edition, player)
        assert cards
        if edition in ("old-town", "gads-hill-1874"):  # numbers: the counts stand there
            assert f"{player}: {len(cards)} cards" in shown.split("Hands: ")[1].split("\n")[0]
            moves = shown.split("may now:")[1].replace("'", " ").split()
            assert not set(moves) & set(cards), (player, cards)
        else:
            for card in cards:
                assert card not in shown, (player, card, shown)


@pytest.mark.parametrize("edition", ["old-town", "gads-hill-1874"])
def test_game_show_for_one_player_names_no_other_players_card(tmp_path: Path, edition: str) -> None:
    """`game show --player bob` while ann is to act: the next moves do not show ann's."""
    record, _ = new_record(tmp_path, edition)
    shown = runner.invoke(app, ["game", "show", str(record), "--player", "bob"]).stdout
    ann = set(private(tmp_path, edition, "ann"))
    assert "'ann: N as BUILDING'" in shown
    assert not ann & set(shown.split("ann may now:")[1].replace("'", " ").split())


OUT_OF_TURN = {
    "old-town": ("bob: pass", "T1"),
    "gads-hill-1874": ("bob: pass", "T1"),
    "dry-gulch": ("bob: draw resources", "DG-PHASE"),
    "black-hills": ("bob: pass", "BH-TURN-ORDER"),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_refusal_is_said_once_with_its_code(tmp_path: Path, edition: str) -> None:
    record, _ = new_record(tmp_path, edition)
    move, code = OUT_OF_TURN[edition]
    said = runner.invoke(app, ["game", "move", str(record), move])
    assert said.exit_code == 1 and said.stdout == ""
    assert said.stderr.count(code) == 1 and len(said.stderr.strip().splitlines()) == 1
    as_json = runner.invoke(app, ["game", "move", str(record), move, "--json"])
    assert as_json.exit_code == 1 and as_json.stderr == ""  # the JSON alone says it
    assert json.loads(as_json.stdout)["code"] == code


def test_a_code_the_message_leads_with_is_not_said_twice(tmp_path: Path) -> None:
    record, _ = new_record(tmp_path, "old-town")
    said = runner.invoke(app, ["game", "move", str(record), "ann: 12"])  # bob's card
    assert said.exit_code == 1
    assert said.stderr.strip() == (
        "warning: refused, the record is unchanged: P7: card 12 is not in ann's hand"
    )


def test_piped_output_is_not_wrapped_at_80_columns(tmp_path: Path) -> None:
    deep = tmp_path / ("a-folder-with-a-long-name-" * 3) / "and-one-more-level-below-it"
    deep.mkdir(parents=True)
    for name in ("dry-gulch-turn.toml", "old-town-mid.toml", "black-hills-round1.toml"):
        state = deep / name
        state.write_bytes((EXAMPLES / name).read_bytes())
        out = runner.invoke(app, ["state", "check", str(state)]).stdout
        first = out.splitlines()[0]
        assert first.startswith(f"ok: {state} is a valid state of "), out
        assert len(first) > 80
    record, _ = new_record(deep, "gads-hill-1874")
    shown = runner.invoke(app, ["game", "show", str(record)]).stdout
    assert any(
        line.startswith("Draw piles: ") and "discarded." in line for line in shown.split("\n")
    )


@pytest.mark.parametrize("width", ["40", "80", "200"])
def test_no_id_in_a_table_is_cut(tmp_path: Path, width: str) -> None:
    """Black Hills' players table held `fire-in-th…` and `indian-chi…` at 80 columns: a
    long id folds onto the next line of its cell, whole where the table has room."""
    record, _ = new_record(tmp_path, "black-hills")
    shown = runner.invoke(app, ["game", "show", str(record)], env={"COLUMNS": width}).stdout
    assert "…" not in shown
    cards = [c for p in ("ann", "bob", "cy") for c in private(tmp_path, "black-hills", p)]
    assert any(len(card) > 11 for card in cards)  # longer than the column at 80
    for card in cards:
        assert card in shown or width != "200"
        assert card[:8] in shown or width == "40"


def test_a_board_too_wide_says_it_is_cropped() -> None:
    narrow = runner.invoke(app, ["board", "show", "old-town"], env={"COLUMNS": "40"}).stdout
    assert "(cropped: the board is " in " ".join(narrow.replace("│", " ").split())
    wide = runner.invoke(app, ["board", "show", "old-town"], env={"COLUMNS": "100"}).stdout
    assert "cropped" not in wide


def _commands() -> Iterator[tuple[str, ...]]:
    def walk(command: Any, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        yield path
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            yield from walk(sub, (*path, name))

    yield from walk(typer.main.get_command(app), ())


@pytest.mark.parametrize("command", list(_commands()), ids=lambda c: " ".join(c) or "(top)")
def test_every_command_takes_h_and_its_help_has_an_example(command: tuple[str, ...]) -> None:
    short = runner.invoke(app, [*command, "-h"])
    long = runner.invoke(app, [*command, "--help"])
    assert short.exit_code == 0 and long.exit_code == 0, short.output
    assert short.stdout == long.stdout
    examples = short.stdout.split("Examples:")
    assert len(examples) == 2, short.stdout
    assert f"adjudicator {' '.join(command)}".strip() in " ".join(examples[1].split())
