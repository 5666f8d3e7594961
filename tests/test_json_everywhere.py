"""Every command's --json prints exactly one strict JSON object on stdout (nothing else),
and its human output goes through Rich without error.

The commands are read from the app itself: each command with a `--json` option is one
test, run with its command line in `EXAMPLES`. A new command without an example fails
(`test_every_json_command_has_an_example` names it)."""

from __future__ import annotations

import json
import shlex
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir

runner = CliRunner()
EX = data_dir("examples")
#: A solo puzzle made by `puzzle new old-town --seed 1 --level easy` (none ship).
PUZZLE = Path(__file__).resolve().parent / "fixtures/fuzz/seeds/old-town-easy-1.puzzle.toml"


def _walk(cmd: Any, path: list[str]) -> Iterator[str]:
    # groups have .commands (Typer's vendored click: duck-type, not isinstance)
    if hasattr(cmd, "commands"):
        for name, sub in cmd.commands.items():
            yield from _walk(sub, [*path, name])
    elif any("--json" in p.opts for p in cmd.params):
        yield " ".join(path)


#: Every command with --json, by its words ("dry-gulch draw").
JSON_COMMANDS = sorted(_walk(typer.main.get_command(app), []))

GADS = "gads-hill-mid.toml"
DG = "dry-gulch-turn.toml"
BH = "black-hills-round1.toml"
OT_TABLE = "old-town-table.game"


class Folder:
    """One run's folder: fresh copies of the shipped examples, and the files that setup
    commands make, so a command that writes never sees another run's writes. Its paths
    come quoted for a command line."""

    def __init__(self, root: Path, request: pytest.FixtureRequest) -> None:
        self.root = root
        self.request = request
        root.mkdir()

    def path(self, name: str) -> str:
        return shlex.quote(str(self.root / name))

    def copy(self, name: str, source: Path | None = None) -> str:
        target = self.root / name
        if not target.exists():
            shutil.copy(source or EX / name, target)
        return self.path(name)

    def setup(self, line: str) -> None:
        """Run a command that makes a file an example needs."""
        result = runner.invoke(app, shlex.split(line))
        assert result.exit_code == 0, (line, result.output)

    def edit(self, name: str, old: str, new: str) -> str:
        """A copy of `name` with `old` replaced by `new` (once; `old` must be there)."""
        self.copy(name)
        target = self.root / name
        text = target.read_text()
        assert old in text, (name, old)
        target.write_text(text.replace(old, new, 1))
        return self.path(name)

    def dry_gulch_record(self) -> str:
        """A new Dry Gulch game record of three (seed 7)."""
        record = self.path("dg.game")
        self.setup(f"game new {record} --edition dry-gulch --players ann,bob,cid --seed 7")
        return record

    def scheduler(self) -> str:
        """The address of the module's Dask cluster (conftest.py): a local cluster would
        start worker processes for each run, seconds under load."""
        return str(self.request.getfixturevalue("cluster").scheduler_address)

    def simulation(self) -> str:
        """A copy of a one-game simulation store (made once per module)."""
        store: Path = self.request.getfixturevalue("simulation_store")
        shutil.copytree(store, self.root / "runs")
        return self.path("runs")


#: One command line for each command with --json: what follows the command's words, as a
#: shell reads it.
EXAMPLES: dict[str, Callable[[Folder], str]] = {
    # the deduction games' rulings
    "stop": lambda f: f.copy(GADS),
    "play": lambda f: f"{f.copy(GADS)} 43 --as school",
    "discard": lambda f: f"{f.copy(GADS)} 9 17 --take hotel@d1",
    "buy": lambda f: f"{f.copy(GADS)} bank",
    "hint": lambda f: f"{f.copy(GADS)} --top 3",
    "replay": lambda f: f.copy(OT_TABLE),
    "audit": lambda f: "old-town",
    "examples": lambda f: f"gads-hill-mid --to {f.path('.')}",
    # boards, cards, states
    "board show": lambda f: "old-town",
    "board export": lambda f: "gads-hill-1874",
    "cards list": lambda f: "old-town",
    "cards show": lambda f: "gads-hill-1874 43",
    "cards export": lambda f: "old-town",
    "state check": lambda f: f.copy(GADS),
    # game records
    "game new": lambda f: f"{f.path('n.game')} --edition old-town --players ann,bob --seed 7",
    "game move": lambda f: f"{f.dry_gulch_record()} 'ann: draw resources'",
    "game undo": lambda f: f.copy(OT_TABLE),
    "game show": lambda f: f.copy(OT_TABLE),
    # Black Hills
    "black-hills turn": lambda f: f"{f.copy(BH)} 'ann: miner; event stolen-gold'",
    "black-hills invest": lambda f: f"{f.copy(BH)} --player cid",
    "black-hills best": lambda f: f.copy(BH),
    "black-hills new": lambda f: f"{f.path('bh.toml')} --players ann,bob,cid --seed 6",
    # Dry Gulch
    "dry-gulch pay": lambda f: f"{f.copy(DG)} pharmacist",
    "dry-gulch plan": lambda f: f.copy(DG),
    "dry-gulch place": lambda f: f"{f.copy(DG)} saloon nw-3",
    "dry-gulch score": lambda f: f.copy(DG),
    "dry-gulch new": lambda f: f"{f.path('dg.toml')} --players ann,bob,cid --seed 7",
    # solo puzzles
    "puzzle new": lambda f: f"old-town --seed 1 --level easy --out {f.path('p.toml')}",
    "puzzle solve": lambda f: f.copy("p.toml", PUZZLE),
    "puzzle rate": lambda f: f.copy("p.toml", PUZZLE),
    "puzzle sheet": lambda f: f"{f.copy('p.toml', PUZZLE)} --svg {f.path('p.svg')}",
    "puzzle check": lambda f: f.copy("p.toml", PUZZLE),
    # simulations: one game
    "simulate run": lambda f: (
        f"old-town --games 1 --scheduler {f.scheduler()} --out {f.path('runs')}"
    ),
    "simulate report": lambda f: f.simulation(),
}


@pytest.fixture(scope="module")
def simulation_store(tmp_path_factory: pytest.TempPathFactory, cluster: Any) -> Path:
    store = tmp_path_factory.mktemp("simulation") / "runs"
    args = ["simulate", "run", "old-town", "--games", "1", "--out", str(store)]
    result = runner.invoke(app, [*args, "--scheduler", cluster.scheduler_address])
    assert result.exit_code == 0, result.output
    return store


def test_every_json_command_has_an_example() -> None:
    missing = sorted(set(JSON_COMMANDS) - set(EXAMPLES))
    stale = sorted(set(EXAMPLES) - set(JSON_COMMANDS))
    assert not missing, f"commands with --json but no example in EXAMPLES: {missing}"
    assert not stale, f"examples in EXAMPLES for no command with --json: {stale}"


def _strict(constant: str) -> Any:
    pytest.fail(f"{constant} in JSON")


def _args(command: str, folder: Folder) -> list[str]:
    return [*command.split(), *shlex.split(EXAMPLES[command](folder))]


@pytest.mark.parametrize("command", JSON_COMMANDS)
def test_json_is_one_strict_object(
    tmp_path: Path, request: pytest.FixtureRequest, command: str
) -> None:
    if command not in EXAMPLES:
        pytest.fail(f"no example in EXAMPLES for {command!r}")
    args = _args(command, Folder(tmp_path / "json", request))
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, (args, result.output)
    assert result.stdout.lstrip().startswith("{"), result.stdout[:200]
    data = json.loads(result.stdout, parse_constant=_strict)  # one value, nothing after it
    assert isinstance(data, dict) and data, result.stdout[:200]
    # the human run, on fresh copies: a command that writes finds the file as it was
    args = _args(command, Folder(tmp_path / "human", request))
    human = runner.invoke(app, args)
    assert human.exit_code == 0, (args, human.output)
    assert "Traceback" not in human.output
    assert human.stdout.strip(), args  # it printed something for a human to read
