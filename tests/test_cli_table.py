"""Issue 14, the command line at the table: one test per point, through the real command
line (CliRunner). Every game reachable; a record is a state; names in any case and as
printed, one set of status words; `--write` says what changed; the conventions (version,
completion, help, examples, hint's commands); the 80-column board abbreviates with a key."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator import __version__
from adjudicator.cli.help import EXAMPLES
from adjudicator.cli.main import app
from adjudicator.render.layout import name_key, short_name

runner = CliRunner()
ROOT = Path(__file__).parents[1]
EXAMPLES_DIR = ROOT / "examples"
MID = EXAMPLES_DIR / "gads-hill-mid.toml"
OLD_MID = EXAMPLES_DIR / "old-town-mid.toml"
DRY = EXAMPLES_DIR / "dry-gulch-turn.toml"
HILLS = EXAMPLES_DIR / "black-hills-round1.toml"


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def folded(text: str) -> str:
    """`text` with each run of whitespace one space: words that Rich wrapped onto the
    next line (on a terminal, `show` wraps a line that names a long path) read as one."""
    return " ".join(text.split())


def squeezed(text: str) -> str:
    """`text` without whitespace: a path longer than the terminal, which Rich folds
    mid-word, reads whole."""
    return "".join(text.split())


def one_line_error(args: tuple[str | Path, ...], *wanted: str) -> str:
    code, out, err = run(*args)
    assert code == 1 and out == "", (code, out, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for word in wanted:
        assert word in err, err
    return err


# ----- 1. every game reachable ------------------------------------------------------------


def test_dry_gulch_and_black_hills_are_reachable(tmp_path: Path) -> None:
    svg = tmp_path / "town.svg"
    code, out, _ = run("board", "show", "dry-gulch", "--state", DRY, "--svg", svg)
    assert code == 0 and "nw-3" in out and "North Road" in out
    assert "General Store, ann's" in out  # the built site's code is in the key
    assert 'id="site-nw-3"' in svg.read_text(encoding="utf-8")
    marked = tmp_path / "marked.svg"
    code, out, _ = run("board", "show", "dry-gulch", "--site", "NW-3", "--svg", marked)
    assert code == 0 and "nw-3" in out
    site = marked.read_text(encoding="utf-8").split('id="site-nw-3"', 1)[1].split("</g>")[0]
    assert "#fff0a0" in site  # the marked site, and only it, is filled
    assert marked.read_text(encoding="utf-8").count("#fff0a0") == 1
    one_line_error(("board", "show", "dry-gulch", "--site", "nw-33"), "did you mean 'nw-3'")
    code, out, _ = run("board", "show", "black-hills")
    assert code == 0 and "Mine" in out and "gold" in out
    code, out, _ = run("board", "export", "dry-gulch", "--json")
    assert code == 0 and "nw-3" in {s["id"] for s in json.loads(out)["sites"]}
    code, out, _ = run("cards", "list", "dry-gulch", "--json")
    assert code == 0 and any(p["id"] == "pharmacist" for p in json.loads(out)["permits"])
    code, out, _ = run("cards", "list", "black-hills")
    assert code == 0 and "Characters" in out
    code, out, _ = run("state", "check", DRY)
    # the line names the checkout's path: on a terminal Rich wraps it, a long path folded
    assert code == 0 and "is a valid state of Dry Gulch" in folded(out)
    assert squeezed(f"{DRY} is a valid state of Dry Gulch") in squeezed(out)
    code, out, _ = run("state", "check", HILLS, "--json")
    assert code == 0 and json.loads(out)["state"]["game"] == "black-hills"
    code, out, _ = run("state", "check", HILLS)  # what `black-hills show` showed
    assert code == 0 and "supply left" in out and "Hunter" not in out  # face down: unnamed


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (("stop", HILLS), ("Black Hills", "adjudicator black-hills")),
        (("hint", DRY), ("Dry Gulch", "adjudicator dry-gulch")),
        (("play", DRY, "3"), ("Dry Gulch", "adjudicator dry-gulch")),
        (("cards", "show", "dry-gulch", "3"), ("cards list dry-gulch",)),
    ],
)
def test_a_command_of_another_game_names_the_one_that_applies(
    args: tuple[str | Path, ...], names: tuple[str, ...]
) -> None:
    one_line_error(args, *names)


def test_game_new_offers_the_editions_it_can_play(tmp_path: Path) -> None:
    record = tmp_path / "x.game"
    # every game keeps a record now (issue 25): all four are offered
    one_line_error(
        ("game", "new", record, "--edition", "nonsense", "--players", "ann,bob"),
        "(known: black-hills, dry-gulch, gads-hill-1874, old-town)",
    )
    # Dry Gulch has its own flow (dry_gulch/game/), with its own seats.
    one_line_error(
        ("game", "new", record, "--edition", "dry-gulch", "--players", "ann,bob"),
        "dry-gulch seats 3 to 6 players",
    )
    assert not record.exists()


# ----- 2. a record is the game's state ----------------------------------------------------


@pytest.fixture
def club(tmp_path: Path) -> Path:
    record = tmp_path / "club.game"
    code, out, _ = run(
        "game", "new", record, "--edition", "old-town", "--players", "ann,bob,cid", "--seed", "7"
    )
    assert code == 0, out
    assert "Hands" in out and "ann may now:" in out  # the hands, not only their counts
    return record


def _hand(record: Path, player: str) -> list[int]:
    code, out, _ = run("game", "show", record, "--player", player, "--json")
    assert code == 0, out
    hands: dict[str, list[int]] = json.loads(out)["hands"]
    assert list(hands) == [player]  # --player shows that player's hand only
    return hands[player]


def test_a_record_works_where_a_state_file_does(club: Path) -> None:
    first = _hand(club, "ann")[0]
    for args in (("hint", club, "--top", "2"), ("stop", club), ("play", club, str(first))):
        code, out, _ = run(*args)
        assert code == 0, (args, out)
    assert "adjudicator game move" in run("hint", club, "--top", "1")[1]
    one_line_error(("play", club, str(first), "--write"), "game move")


def test_the_turn_header_and_the_hand_after_a_move(club: Path) -> None:
    code, out, _ = run("game", "show", club)
    assert code == 0 and "turn 1" in out and "Draw piles:" in out
    before = len(_hand(club, "ann"))
    card = _hand(club, "ann")[0]
    code, out, _ = run("game", "move", club, f"ann: {card}")
    assert code == 0, out
    assert "turn 2" in out and "bob to play" in out  # the turn has moved on to bob
    # The summary's row for ann: points, buildings, then cards in hand, the draw counted.
    row = re.search(r"│\s+ann\s+│\s+\d+\s+│[^│\n]*│\s+(\d+)\s+│", out)
    assert row is not None and row.group(1) == str(before), out
    assert len(_hand(club, "ann")) == before and card not in _hand(club, "ann")
    code, out, _ = run("game", "show", club, "--json")
    assert json.loads(out)["active"] == "bob" and json.loads(out)["turn"] == 2


# ----- 3. names, refusals and one set of words --------------------------------------------


def test_names_in_any_case_and_as_printed() -> None:
    code, out, _ = run("play", MID, "43", "--as", "School", "--by", "CID")
    assert code == 0 and "as the School: LEGAL" in out
    code, out, _ = run("play", OLD_MID, "23", "--as", "Stage Coach Office")
    assert code == 0 and "as the Stage Coach Office" in out
    one_line_error(("play", MID, "43", "--as", "Schol"), "did you mean 'school'")


def test_a_move_with_a_typo_gets_a_suggestion(club: Path) -> None:
    one_line_error(("game", "move", club, "ann: 30 as laundy"), "did you mean 'laundry'")
    one_line_error(("game", "move", club, "an: 13"), "players: ann, bob, cid", "'ann'")


def test_a_card_without_its_choice_is_answered_with_the_choices() -> None:
    code, out, _ = run("play", MID, "43")
    assert code == 0 and "CHOOSE" in out and "ILLEGAL" not in out.split("The choices")[0]
    assert f"adjudicator play {MID} 43 --as school" in out
    code, out, _ = run("play", MID, "43", "--json")
    choices = {c["as"]: c for c in json.loads(out)["choices"]}
    assert set(choices) == {"school", "casino"}
    assert choices["school"]["status"].startswith("LEGAL")


def test_one_set_of_status_words() -> None:
    outputs = [
        run("buy", MID, "bank")[1],
        run("discard", MID, "9", "17", "--take", "hotel@d1")[1],
        run("black-hills", "turn", HILLS, "ann: invest; miner")[1],
        run("dry-gulch", "place", DRY, "saloon", "nw-3")[1],
    ]
    for out in outputs:
        assert re.search(r"\b(LEGAL|ILLEGAL|NOT NOW|CHOOSE)\b", out), out
        assert "NOT LEGAL" not in out and "NOT-NOW" not in out


# ----- 4. --write says what changed -------------------------------------------------------


def test_write_says_what_changed(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    shutil.copy(MID, game)
    code, out, _ = run("play", game, "43", "--as", "school", "--write")
    assert code == 0, out
    assert f"Written to {game}:" in out
    assert re.search(r"cid: 20 → \d+ points \(\+\d+\)", out)
    assert "cid's hand: 43 gone (5 → 4 cards)" in out
    assert "cid draws 1 card now (T2)" in out
    assert "turn: cid → " in out or "still cid's turn" in out


# ----- 5. conventions ---------------------------------------------------------------------


def _commands() -> list[tuple[str, ...]]:
    return [tuple(name.split()) for name in EXAMPLES]


def test_version_completion_and_the_top_level_help() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.strip() == f"adjudicator {__version__}"
    code, out, _ = run("--help")
    assert code == 0 and "--install-completion" in out and "--show-completion" in out
    text = " ".join(out.split())
    for game in ("Old Town", "Gads Hill 1874", "Dry Gulch", "Black Hills"):
        assert game in text


@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_every_help_is_plain_and_ends_with_examples(command: tuple[str, ...]) -> None:
    code, out, _ = run(*command, "--help")
    assert code == 0, out
    # the usage line names a required argument STATE, not {STATE} (`cli/command.py`); how
    # a flag's type is shown is Typer's own look (0.29 writes <bool>)
    assert not re.search(r"\{[A-Za-z_]+\}", out), out
    examples = out.split("Examples:")[-1]
    assert "Examples:" in out and f"adjudicator {' '.join(command)}" in " ".join(examples.split())


_COUNTED = re.compile(
    r"\b(point|card|building|marker|move|difference|winner|argument|site|resource|permit|"
    r"player|turn|game|space|character|event|influence|cube|label|option)\(s\)"
)


def test_no_point_s_in_what_people_read() -> None:
    """No `point(s)`, `card(s)`, ... in any sentence of any game, the page's script too."""
    paths = [*(ROOT / "adjudicator").rglob("*.py"), *(ROOT / "adjudicator").rglob("*.js")]
    for path in paths:
        text = path.read_text(encoding="utf-8").replace("never `point(s)`", "")
        assert not _COUNTED.search(text), (path, _COUNTED.findall(text))


def test_hint_prints_the_command_of_each_top_action() -> None:
    code, out, _ = run("hint", MID, "--top", "2")
    assert code == 0
    commands = re.findall(r"^\s*\d\. (adjudicator (?:play|discard) .*--write)$", out, re.M)
    assert len(commands) == 2, out
    # The first one, run without --write, is the hint's best action: legal.
    words = commands[0].split()[1:-1]
    code, ruled, _ = run(*words)
    assert code == 0 and ": LEGAL" in ruled, ruled
    code, out, _ = run("hint", MID, "--top", "2", "--json")
    assert [a["command"] for a in json.loads(out)["actions"]] == commands


def test_the_tour_runs_in_a_scratch_folder() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tour = readme.split("## A tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [line for line in tour.splitlines() if line.strip()]
    assert 'cd "$(mktemp -d)"' in lines[0] and lines[-1].startswith('cd "$CLONE"')
    # Every file the tour writes is named relative to the scratch folder.
    for written in re.findall(r"(?:--svg|--records|game new|> ?) ?(\S+)", tour):
        assert not written.startswith("/") and "$CLONE" not in written, written


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_the_gitignore_covers_what_the_tour_writes(tmp_path: Path) -> None:
    names = ["town.svg", "game.toml", "club.game", "club.svg", "runs/x.game", "my-cards.toml"]
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", *names],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    assert sorted(ignored) == sorted(names)


# ----- 6. the 80-column board abbreviates with a key ---------------------------------------


def test_the_80_column_board_abbreviates_with_a_key() -> None:
    code, out, _ = run("board", "show", "gads-hill-1874", "--state", MID)
    assert code == 0
    assert "…" not in out and "Courthou\n" not in out
    key_text = " ".join(out.split("Key:", 1)[1].split("═ entrance")[0].replace("│", " ").split())
    pairs = dict(re.findall(r"(\S+(?: \S+)?) = ([^;]+?)(?:;|$)", key_text))
    assert pairs.get("Courtho.") == "Courthouse" and pairs.get("Stage CO") == "Stage Coach Office"
    board = out.split("Key:", 1)[0]
    for short in pairs:
        assert short in board


@given(st.text(alphabet="abcXYZ '-", min_size=1, max_size=40), st.integers(3, 14))
def test_an_abbreviation_fits_and_the_key_names_it(name: str, width: int) -> None:
    short = short_name(name, width)
    assert len(short) <= width
    if len(name) <= width:
        assert short == name
    else:
        assert name_key([name], width, f"[{short}]") == {short: name}
