"""`hint --coach` (issue 28, item 2): the lookahead coach's ranking of the turn of the
player to act on a record, each turn with its points now, the coach's value, one sentence
on why, and the command that plays it; and the words of those sentences."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli.main import app
from adjudicator.core.data import data_dir
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.game.coach import Advice, Rated
from adjudicator.deduction.game.coach_words import greedy_of, reasons
from adjudicator.deduction.hint import hint

runner = CliRunner()


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded Gads Hill game, six greedy turns in."""
    path = tmp_path_factory.mktemp("coach") / "c.game"
    args = ["game", "new", str(path), "--edition", "gads-hill-1874", "--players", "ann, bob, cid"]
    assert runner.invoke(app, [*args, "--seed", "7"]).exit_code == 0
    for _ in range(6):
        move = _greedy_move(path)
        assert runner.invoke(app, ["game", "move", str(path), move]).exit_code == 0
    return path


def _greedy_move(record: Path) -> str:
    """The plain hint's first turn, as its command writes it."""
    best = json.loads(runner.invoke(app, ["hint", str(record), "--json"]).stdout)
    return shlex.split(best["actions"][0]["command"])[-1]


def _coached(record: Path, *more: str) -> dict[str, object]:
    result = runner.invoke(app, ["hint", str(record), "--coach", "--json", *more])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_the_coach_ranks_legal_turns_with_a_reason_each(record: Path, tmp_path: Path) -> None:
    data = _coached(record, "--top", "4")
    turns = data["turns"]
    assert isinstance(turns, list) and 2 <= len(turns) <= 4
    # best first: the finalists (played in every world), then the turns dropped halfway
    ranks = [(-t["worlds"], -t["value"]) for t in turns]
    assert ranks == sorted(ranks) and turns[0]["worlds"] == data["coach"]["worlds"]
    assert _greedy_move(record) in {t["move"] for t in turns}  # always rated
    for t in turns:
        assert t["why"].endswith(".") and t["why"][0].isupper()
        copy = tmp_path / "copy.game"
        shutil.copy(record, copy)
        played = runner.invoke(app, ["game", "move", str(copy), t["move"]])
        assert played.exit_code == 0, played.output  # every turn it offers is legal


def test_the_same_seed_gives_the_same_advice(record: Path) -> None:
    first = _coached(record, "--seed", "3")
    again = _coached(record, "--seed", "3")
    assert first["turns"] == again["turns"]
    coach = first["coach"]
    assert isinstance(coach, dict) and coach["worlds"] == 3 and coach["seed"] == 3
    draw = first["draw"]  # Gads Hill: the pile to draw from, with why
    assert isinstance(draw, dict) and draw["pile"] == draw["piles"][0]["pile"]
    assert draw["why"].startswith(f"Then draw from the {draw['pile']} pile")


def test_the_human_page_shows_the_ranking_and_the_commands(record: Path) -> None:
    result = runner.invoke(app, ["hint", str(record), "--coach"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "The coach's turns for" in result.stdout
    assert f"adjudicator game move {record}" in result.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--budget", "100"), "--budget and --seed go with --coach"),
        (("--coach", "--player", "cid"), "from the turn of the player to act"),
    ],
)
def test_refused_in_one_line(record: Path, args: tuple[str, ...], said: str) -> None:
    result = runner.invoke(app, ["hint", str(record), *args])
    assert result.exit_code == 1 and said in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_coach_is_for_records_of_the_deduction_games(tmp_path: Path) -> None:
    examples = data_dir("examples")
    state = runner.invoke(app, ["hint", str(examples / "gads-hill-mid.toml"), "--coach"])
    assert state.exit_code == 1 and "--coach needs a game record" in state.stderr
    dry = tmp_path / "dg.game"
    shutil.copy(examples / "dry-gulch-table.game", dry)
    other = runner.invoke(app, ["hint", str(dry), "--coach"])
    assert other.exit_code == 1 and "--coach is for Old Town and Gads Hill" in other.stderr


def test_the_reasons_compare_each_turn_with_the_greedy_one() -> None:
    """Figures given by hand: the words follow them, not the coach's sampling."""
    state = load_state(data_dir("examples") / "gads-hill-mid.toml")
    actions = hint(state).actions
    greedy, other, same = actions[0], actions[1], actions[2]
    assert greedy.sort_key() < other.sort_key() < same.sort_key()
    advice = Advice(
        state.active or "",
        (
            Rated(other, 2.0, other.points, 0.0, 3.0, 1.0, 4),
            Rated(greedy, 0.5, greedy.points, 5.0, 1.0, 2.0, 4),
            Rated(same, 0.4, same.points, 0.0, 1.0, 2.2, 4),
        ),
        4,
        40,
        0.1,
    )
    assert greedy_of(advice).action is greedy
    names = state.names()
    claimer = names[(names.index(advice.player) + 1) % len(names)]
    first, second, third = reasons(advice, names)
    fewer = greedy.points - other.points
    assert first.startswith(f"Scores {other.points} now")
    assert (f", {fewer} fewer than the greedy turn" in first) == (fewer > 0)
    assert f"leaves {claimer} no STOP claim" in first
    assert set(other.cards) == set(greedy.cards) and "keeps" not in first  # the same cards
    assert "sets up 2 points more on your next turn" in first
    assert "the best other player gains 1 point fewer in the round" in first
    assert second == (
        f"The most points this turn ({greedy.points}); gives {claimer} a 5-point STOP claim."
    )
    assert "nothing after it tells it from the greedy turn" in third or "fewer" in third
    single = next(a for a in actions if len(a.cards) == 1 and a.cards[0] in greedy.cards)
    (kept,) = set(greedy.cards) - set(single.cards)
    rated = (
        Rated(single, 1.0, single.points, 0.0, 0.0, 0.0, 4),
        Rated(greedy, 0.5, greedy.points, 0.0, 0.0, 0.0, 4),
    )
    one = Advice(advice.player, rated, 4, 8, 0.1)
    assert f"keeps card {kept} for a later turn" in reasons(one, names)[0]


def test_the_draw_reason_sets_the_best_pile_against_the_default() -> None:
    """Figures given by hand: the pile to draw from is set against the default pile, or
    against the next best when the default is the best; no choice, no sentence."""
    from adjudicator.deduction.game.coach import Pile
    from adjudicator.deduction.game.coach_words import draw_reason

    def advice(*draws: Pile, rounds: int = 1) -> Advice:
        return Advice("ann", (), 4, 40, 0.1, draws, rounds)

    better = advice(
        Pile("condition", 3.0, 4, False),
        Pile("building", 2.5, 4, False),
        Pile("district", 1.0, 4, True),
    )
    assert draw_reason(better) == (
        "Then draw from the condition pile: over the round it is worth 2 points more than "
        "the district pile."
    )
    same = advice(Pile("district", 1.0, 4, True), Pile("condition", 0.7, 4, False), rounds=0)
    assert draw_reason(same) == (
        "Then draw from the district pile: no other pile does better over the rest of the "
        "game (the condition pile: -0.3)."
    )
    assert draw_reason(advice()) is None
    own = advice(Pile("common", 2.0, 4, True), Pile("ann's", 2.0, 4, False))
    assert draw_reason(own) == (
        "Then draw from the common pile: no other pile does better over the round "
        "(your own pile: as good)."
    )


def test_the_page_asks_the_coach_too(record: Path, tmp_path: Path) -> None:
    """The web hint gets the same: `?coach=1` on a deduction record, the same turns and
    reasons as `hint --coach`; another game's page says it has no coach."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import create_app

    shutil.copy(record, tmp_path / "c.game")
    shutil.copy(data_dir("examples") / "dry-gulch-table.game", tmp_path / "dg.game")
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    answer = client.get("/api/g/c.game/hint?top=3&coach=1")
    assert answer.status_code == 200, answer.text
    page = answer.json()
    cli = _coached(tmp_path / "c.game", "--top", "3")
    turns = cli["turns"]
    assert isinstance(turns, list)
    assert [(a["move"], a["why"]) for a in page["actions"]] == [
        (t["move"], t["why"]) for t in turns
    ]
    draw = cli["draw"]
    assert isinstance(draw, dict) and page["draw"] == draw["why"]  # and the pile
    other = client.get("/api/g/dg.game/hint?coach=1")
    assert other.status_code != 200 and "Old Town and Gads Hill only" in other.json()["error"]
    assert client.get("/api/g/c.game/hint?coach=yes").status_code == 400
