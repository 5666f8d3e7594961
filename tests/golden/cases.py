"""The golden cases: what the command line and the page answer today, case by case, as
text to compare byte for byte (`tests/test_golden.py`; `tests/golden/make.py` writes it).

Each case runs in a fresh temporary directory, made the working directory, so the files
it names are relative; what is left of a machine's paths (the directory itself, the
checkout) is written `<tmp>` and `<repo>`. A case gives its outputs in order, by file
name: a command's stdout (`--json`, or a picture it writes), a state file or a record
after a command that writes one, and `commands.txt`, every command with its exit status.

The seeded games are played by the moves in `moves-EDITION.txt`, which `make.py` chose
as each position's first legal move: the test replays them through `game move` and does
not ask the rules which moves are legal.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app

__all__ = ["CASES", "EDITIONS", "HERE", "REPO", "moves_file", "run_case"]

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
EXAMPLES = REPO / "examples"
EDITIONS = ("old-town", "gads-hill-1874", "dry-gulch", "black-hills")
PLAYERS = "ann,bob,cid"
SEEDS = {"old-town": 3, "gads-hill-1874": 5, "dry-gulch": 7, "black-hills": 2}
#: Moves each seeded game plays (one round of Black Hills and more).
PLY = 18
#: English whatever the machine speaks: the messages in the JSON are translated.
ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "COLUMNS": "100"}
TOKEN = "golden-host-token"
BASE = "http://192.168.1.20:8000"

Outputs = dict[str, str]


class Run:
    """One case's commands, in its directory: what each printed, by file name."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.out: Outputs = {}
        self.log: list[str] = []
        self.runner = CliRunner()

    def clean(self, text: str) -> str:
        for path, name in ((self.tmp.resolve(), "<tmp>"), (self.tmp, "<tmp>"), (REPO, "<repo>")):
            text = text.replace(str(path), name)
        return text

    def cli(self, name: str | None, *args: str) -> int:
        """`adjudicator ARGS`; its stdout kept as `name` (None: only its exit status)."""
        result = self.runner.invoke(app, list(args), env=ENV)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        self.log.append(f"{result.exit_code} adjudicator {' '.join(args)}")
        if result.exit_code != 0:  # the refusal, one line (a warning on stderr is not held)
            self.log.append(f"  {self.clean(result.stderr).strip()}")
        if name is not None:
            self.out[name] = self.clean(result.stdout)
        return result.exit_code

    def file(self, name: str, path: str) -> None:
        """A file a command wrote (a picture, a state file, the record), or that it wrote
        none (Black Hills draws no picture)."""
        if not (self.tmp / path).exists():
            self.log.append(f"no file {path}")
            return
        self.out[name] = self.clean((self.tmp / path).read_text(encoding="utf-8"))

    def copy(self, example: str) -> str:
        shutil.copy(EXAMPLES / example, self.tmp / example)
        return example

    def done(self) -> Outputs:
        self.out["commands.txt"] = "\n".join(self.log) + "\n"
        return self.out


@contextmanager
def _within(tmp: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(tmp)
    try:
        yield
    finally:
        os.chdir(before)


# --- the shipped examples: the commands each one's header shows, and a few more -----


def _deduction_examples(run: Run) -> None:
    early = run.copy("gads-hill-early.toml")
    run.cli("gads-hill-early.hint.json", "hint", early, "--json")
    run.cli(
        "gads-hill-early.board.json",
        "board",
        "show",
        "gads-hill-1874",
        "--state",
        early,
        "--svg",
        "gads-hill-early.board.svg",
        "--json",
    )
    run.file("gads-hill-early.board.svg", "gads-hill-early.board.svg")
    run.cli("gads-hill-early.state.json", "state", "check", early, "--json")

    late = run.copy("gads-hill-late.toml")
    run.cli("gads-hill-late.hint.json", "hint", late, "--json")
    play = ("play", late, "57", "--as", "casino", "--buy", "casino")
    run.cli("gads-hill-late.play.json", *play, "--json")
    run.cli("gads-hill-late.play-write.json", *play, "--write", "--json")
    run.file("gads-hill-late.after-play.toml", late)

    mid = run.copy("gads-hill-mid.toml")
    run.cli("gads-hill-mid.stop.json", "stop", mid, "--json")
    run.cli("gads-hill-mid.play.json", "play", mid, "43", "--as", "school", "--json")
    run.cli(
        "gads-hill-mid.play-two.json",
        "play",
        mid,
        "23",
        "--as",
        "casino",
        "--then",
        "43",
        "--then-as",
        "school",
        "--json",
    )
    run.cli("gads-hill-mid.hint.json", "hint", mid, "--json")
    run.cli("gads-hill-mid.buy.json", "buy", mid, "bank", "--json")
    run.cli("gads-hill-mid.discard.json", "discard", mid, "9", "17", "--take", "hotel@d1", "--json")
    run.cli("gads-hill-mid.stop-write.json", "stop", mid, "--claim", "ann", "--write", "--json")
    run.file("gads-hill-mid.after-stop.toml", mid)

    old = run.copy("old-town-early.toml")
    play = ("play", old, "36", "--as", "sheriff")
    run.cli("old-town-early.play.json", *play, "--json")
    run.cli("old-town-early.play-write.json", *play, "--write", "--json")
    run.file("old-town-early.after-play.toml", old)
    run.cli(
        "old-town-early.board.json",
        "board",
        "show",
        "old-town",
        "--state",
        old,
        "--svg",
        "old-town-early.board.svg",
        "--json",
    )
    run.file("old-town-early.board.svg", "old-town-early.board.svg")

    mid = run.copy("old-town-mid.toml")
    run.cli("old-town-mid.play.json", "play", mid, "58", "--as", "stage-coach-office", "--json")
    run.cli("old-town-mid.confirm.json", "play", mid, "23", "--as", "stage-coach-office", "--json")
    run.cli("old-town-mid.hint.json", "hint", mid, "--json")
    # no discard is legal here (the refusal, by rule), nor a buy in Old Town
    run.cli("old-town-mid.discard.json", "discard", mid, "23", "58", "--take", "hotel@d1", "--json")
    run.cli("old-town-mid.buy.json", "buy", mid, "bank", "--json")


def _records(run: Run) -> None:
    for example in ("old-town-table.game", "dry-gulch-table.game", "black-hills-table.game"):
        rec = run.copy(example)
        stem = example.removesuffix(".game")
        run.cli(f"{stem}.replay.json", "replay", rec, "--json")
        run.cli(f"{stem}.show.json", "game", "show", rec, "--svg", f"{stem}.svg", "--json")
        run.file(f"{stem}.svg", f"{stem}.svg")
        run.cli(f"{stem}.hint.json", "hint", rec, "--json")


def _black_hills_round(run: Run) -> None:
    state = run.copy("black-hills-round1.toml")
    run.cli("black-hills-round1.best.json", "black-hills", "best", state, "--json")
    turn = ("black-hills", "turn", state, "ann: miner; event stolen-gold")
    run.cli("black-hills-round1.turn.json", *turn, "--json")
    run.cli(
        "black-hills-round1.invest.json",
        "black-hills",
        "invest",
        state,
        "--player",
        "cid",
        "--json",
    )
    run.cli("black-hills-round1.turn-write.json", *turn, "--write", "--json")
    run.file("black-hills-round1.after-turn.toml", state)


def _dry_gulch_turn(run: Run) -> None:
    state = run.copy("dry-gulch-turn.toml")
    for name, args in (
        ("pay", ("pay", state, "pharmacist")),
        ("plan", ("plan", state)),
        ("place", ("place", state, "saloon", "nw-3")),
        ("place-legal", ("place", state, "pharmacist", "nw-3")),
        ("score", ("score", state)),
    ):
        run.cli(f"dry-gulch-turn.{name}.json", "dry-gulch", *args, "--json")
    run.cli(
        "dry-gulch-turn.board.json",
        "board",
        "show",
        "dry-gulch",
        "--state",
        state,
        "--svg",
        "dry-gulch-turn.board.svg",
        "--json",
    )
    run.file("dry-gulch-turn.board.svg", "dry-gulch-turn.board.svg")


def _cards_and_boards(run: Run) -> None:
    for edition in EDITIONS:
        run.cli(f"{edition}.cards.json", "cards", "list", edition, "--json")
        run.cli(f"{edition}.board-export.json", "board", "export", edition, "--json")
    run.cli("old-town.cards-export.json", "cards", "export", "old-town", "--json")
    for edition, card in (("old-town", "23"), ("gads-hill-1874", "43")):
        run.cli(
            f"{edition}.card.json",
            "cards",
            "show",
            edition,
            card,
            "--svg",
            f"{edition}.card.svg",
            "--json",
        )
        run.file(f"{edition}.card.svg", f"{edition}.card.svg")
    for edition, card in (("dry-gulch", "saloon"), ("black-hills", "hunter")):
        run.cli(f"{edition}.card.json", "cards", "show", edition, card, "--json")


# --- a seeded game of each edition, played by the command line ----------------------


def moves_file(edition: str) -> Path:
    return HERE / f"moves-{edition}.txt"


def new_game(run: Run, edition: str) -> str:
    rec = f"{edition}.game"
    run.cli(
        "new.json",
        "game",
        "new",
        rec,
        "--edition",
        edition,
        "--players",
        PLAYERS,
        "--seed",
        str(SEEDS[edition]),
        "--json",
    )
    return rec


def _seeded(edition: str) -> Callable[[Run], None]:
    def case(run: Run) -> None:
        moves = moves_file(edition).read_text(encoding="utf-8").splitlines()
        rec = new_game(run, edition)
        run.file("record-00.game", rec)
        shown = {0, len(moves) // 2, len(moves)}
        run.cli("show-00.json", "game", "show", rec, "--json")
        for n, move in enumerate(moves, start=1):
            run.cli(f"move-{n:02}.json", "game", "move", rec, move, "--json")
            run.file(f"record-{n:02}.game", rec)
            if n in shown:
                run.cli(f"show-{n:02}.json", "game", "show", rec, "--json")
        run.cli(
            "show-ann.json", "game", "show", rec, "--player", "ann", "--svg", "show.svg", "--json"
        )
        run.file("show.svg", "show.svg")
        run.cli("replay.json", "replay", rec, "--json")
        run.cli("hint.json", "hint", rec, "--json")
        run.cli("refused.json", "game", "move", rec, "zed: pass", "--json")
        run.cli("undo.json", "game", "undo", rec, "--json")
        run.file("record-undone.game", rec)
        _web(run, rec)

    return case


def _web(run: Run, rec: str) -> None:
    """The page's answers on the record: the host's and the seat of the player to act."""
    from adjudicator.web.app import create_app
    from adjudicator.web.seats import SeatKeys

    web = run.tmp / "web"
    web.mkdir()
    shutil.copy(run.tmp / rec, web / rec)
    served = create_app(web, token=TOKEN, hosts=("192.168.1.20",), address=BASE)
    api = f"/api/g/{rec}"
    host = TestClient(served, base_url=BASE, headers={"x-token": TOKEN})
    seat = host.get(api).json()["to_play"]
    for who, headers in (
        ("host", {"x-token": TOKEN}),
        (seat, {"x-seat": SeatKeys(TOKEN).key(rec, seat)}),
    ):
        client = TestClient(served, base_url=BASE, headers=headers)
        for name, path in (
            ("view.json", api),
            ("moves.json", f"{api}/moves"),
            ("hint.json", f"{api}/hint"),
            ("timeline.json", f"{api}/replay"),
            ("board.svg", f"/g/{rec}/board.svg"),
        ):
            r = client.get(path)
            run.log.append(f"{r.status_code} GET {path} as {who}")
            run.out[f"web-{'host' if who == 'host' else 'seat'}.{name}"] = run.clean(r.text)


CASES: dict[str, Callable[[Run], None]] = {
    "examples-deduction": _deduction_examples,
    "examples-records": _records,
    "examples-black-hills": _black_hills_round,
    "examples-dry-gulch": _dry_gulch_turn,
    "cards-and-boards": _cards_and_boards,
    **{f"game-{edition}": _seeded(edition) for edition in EDITIONS},
}


def run_case(name: str, tmp: Path) -> Outputs:
    """Case `name`'s outputs, run in the empty directory `tmp`."""
    run = Run(tmp)
    with _within(tmp):
        CASES[name](run)
    return run.done()
