"""The command line's and the records' boundaries (issue 35, items 2, 15 and 16): a game
started without a seed gets one no one can guess, a seed outside what the store holds
and a file name the system refuses are each one line and exit status 1, never a
traceback.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app

runner = CliRunner()


def one_line_error(result: object) -> str:
    """The one line a refused command prints on stderr (no traceback, nothing more)."""
    assert result.exit_code == 1, result.output  # type: ignore[attr-defined]
    err = result.stderr.strip()  # type: ignore[attr-defined]
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    return err


def _seed_of(record: Path) -> int:
    found = re.search(r'\[Seed "(\d+)"\]', record.read_text(encoding="utf-8"))
    assert found is not None, record.read_text(encoding="utf-8")
    return int(found.group(1))


# ----- item 2: a game started without a seed ------------------------------------------------


@pytest.mark.parametrize("edition", ["dry-gulch", "black-hills"])
def test_a_game_started_without_a_seed_draws_one(tmp_path: Path, edition: str) -> None:
    """`game new` with no `--seed` wrote `[Seed "1"]`: every such game dealt the same
    hands. Now each draws its seed from `secrets`: two games, two seeds, neither 1 (the
    chance of a clash is 2**-63)."""
    seeds = []
    for n in range(2):
        record = tmp_path / f"t{n}.game"
        args = ["game", "new", str(record), "--edition", edition, "--players", "ann,bob,cid"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        seeds.append(_seed_of(record))
    assert seeds[0] != seeds[1]
    assert 1 not in seeds
    assert all(0 <= s < 2**63 for s in seeds)


@pytest.mark.parametrize("edition", ["dry-gulch", "black-hills"])
def test_a_given_seed_is_kept(tmp_path: Path, edition: str) -> None:
    record = tmp_path / "t.game"
    args = [
        "game",
        "new",
        str(record),
        "--edition",
        edition,
        "--players",
        "ann,bob,cid",
        "--seed",
        "7",
    ]
    assert runner.invoke(app, args).exit_code == 0
    assert _seed_of(record) == 7


# ----- item 15: seeds at the boundary -------------------------------------------------------

TOO_FAR = [
    (["simulate", "run", "old-town", "--seed", "9223372036854775808", "--games", "1"], "first"),
    (["simulate", "run", "old-town", "--seed", "9223372036854775807", "--games", "2"], "last"),
    (["simulate", "run", "old-town", "--seed", "-9223372036854775809"], "first"),
    (
        [
            "simulate",
            "old-town",
            "--seed",
            "9223372036854775807",
            "--games",
            "2",
            "--seats",
            "greedy,greedy",
        ],
        "last",
    ),
    (["audit", "old-town", "--games", "2", "--seed", "9223372036854775807"], "last"),
    (["simulate", "dry-gulch", "--seed", "9223372036854775807", "--games", "2"], "last"),
    (["simulate", "black-hills", "--seed", "9223372036854775808", "--games", "1"], "first"),
    (
        [
            "game",
            "new",
            "{dir}/t.game",
            "--edition",
            "old-town",
            "--players",
            "ann,bob",
            "--seed",
            "-9223372036854775809",
        ],
        "first",
    ),
    (
        [
            "game",
            "new",
            "{dir}/t.game",
            "--edition",
            "black-hills",
            "--players",
            "ann,bob",
            "--seed",
            str(2**64),
        ],
        "first",
    ),
    (
        ["dry-gulch", "new", "{dir}/s.toml", "--players", "ann,bob,cid", "--seed", str(2**63)],
        "first",
    ),
    (["black-hills", "new", "{dir}/s.toml", "--players", "ann,bob", "--seed", str(2**63)], "first"),
    (["puzzle", "new", "old-town", "--seed", str(2**63)], "first"),
]


@pytest.mark.parametrize(
    ("args", "which"), TOO_FAR, ids=lambda a: " ".join(a[:2]) if isinstance(a, list) else a
)
def test_a_seed_beyond_what_a_run_keeps_is_one_line(
    tmp_path: Path, args: list[str], which: str
) -> None:
    """Minimal input: `simulate run old-town --seed 9223372036854775808 --games 1` played
    its game, then failed with a pyarrow OverflowError traceback and left a store with
    no results. Every `--seed` now takes a 64-bit seed, and a run's seeds all of them."""
    out = tmp_path / "store"
    argv = [a.format(dir=tmp_path) for a in args]
    if argv[0] == "simulate":
        argv += ["--out", str(out)]
    err = one_line_error(runner.invoke(app, argv))
    assert err.startswith("error: --seed: ")
    assert "-9223372036854775808 to 9223372036854775807" in err
    if which == "last" and "--games" in argv:
        assert "the last game's seed is" in err
    assert not out.exists()  # refused before any store is made
    assert not (tmp_path / "t.game").exists() and not (tmp_path / "s.toml").exists()


def test_a_state_files_seed_beyond_is_one_line(tmp_path: Path) -> None:
    state = tmp_path / "s.toml"
    made = runner.invoke(app, ["dry-gulch", "new", str(state), "--players", "ann,bob,cid"])
    assert made.exit_code == 0, made.output
    before = state.read_text(encoding="utf-8")
    argv = ["dry-gulch", "new", str(state), "--players", "ann,bob,cid", "--seed", str(2**63)]
    argv.append("--force")
    err = one_line_error(runner.invoke(app, argv))
    assert err.startswith("error: --seed: ")
    assert state.read_text(encoding="utf-8") == before


def test_the_largest_seed_is_played_and_kept(tmp_path: Path) -> None:
    """The edge itself: one game of seed 2**63 - 1 is played and its row kept."""
    from adjudicator.simulation.store import Store

    out = tmp_path / "store"
    argv = ["simulate", "run", "old-town", "--seed", str(2**63 - 1), "--games", "1"]
    result = runner.invoke(app, [*argv, "--workers", "1", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    table = Store.open(out).read_all()
    assert table.column("seed").to_pylist() == [2**63 - 1]


# ----- item 16: a file name of 300 bytes ----------------------------------------------------

LONG = "a" * 300  # a name the system refuses: 255 bytes at most on most file systems
LONG_NAMED = [
    ["cards", "list", f"{LONG}.toml"],
    ["dry-gulch", "new", "{dir}/" + f"{LONG}.toml", "--players", "ann,bob,cid"],
    ["black-hills", "new", "{dir}/" + f"{LONG}.toml", "--players", "ann,bob,cid"],
    ["board", "show", f"{LONG}.toml"],
    ["game", "new", "{dir}/" + f"{LONG}.game", "--edition", "old-town", "--players", "ann,bob"],
    ["game", "show", "{dir}/" + f"{LONG}.game"],
    ["hint", "{dir}/" + f"{LONG}.game"],
    ["puzzle", "new", "old-town", "--out", "{dir}/" + f"{LONG}.toml"],
    ["dry-gulch", "score", "{dir}/" + f"{LONG}.toml"],
    ["simulate", "run", "old-town", "--games", "1", "--out", "{dir}/" + LONG],
]


@pytest.mark.parametrize("args", LONG_NAMED, ids=lambda a: " ".join(a[:2]))
def test_a_file_name_too_long_is_one_line(tmp_path: Path, args: list[str]) -> None:
    """Minimal input: `cards list`, `dry-gulch new`, `black-hills new` with a name of
    300 bytes: `Path.exists` raised ENAMETOOLONG, a traceback. Every command that reads
    or writes a file now says it in one line."""
    argv = [a.format(dir=tmp_path) for a in args]
    err = one_line_error(runner.invoke(app, argv))
    assert "File name too long" in err
    assert list(tmp_path.iterdir()) == []
