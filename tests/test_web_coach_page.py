"""The coach on the page (issue 38): the same turns in the same order as `hint --coach`,
its value explained in one sentence, and each turn dropped halfway by the halving said
with the worlds it was played in (why a lower value may rank above a higher one)."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.testclient import TestClient
from typer.testing import CliRunner

from adjudicator.cli.main import app as cli
from adjudicator.web.app import create_app

#: Old Town, seed 7, after two turns: the coach drops two of its four turns halfway
RECORD = """[Edition "old-town"]
[Players "ann, bob, cid"]
[Buildings "ann=undertaker stable; bob=printers doc; cid=church bank"]
[Seed "7"]

ann: 11
"""


def test_the_coach_is_ranked_and_explained_as_on_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "club.game").write_text(RECORD, encoding="utf-8")
    page = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    shown = page.get("/api/g/club.game/hint?coach=1&top=5").json()
    done = CliRunner().invoke(cli, ["hint", str(tmp_path / "club.game"), "--coach", "--json"])
    assert done.exit_code == 0, done.output
    said = json.loads(done.stdout)
    assert [a["move"] for a in shown["actions"]] == [t["move"] for t in said["turns"]]
    assert [a["worlds"] for a in shown["actions"]] == [t["worlds"] for t in said["turns"]]
    assert shown["value_words"].startswith(
        "coach: what the player gains over the round that follows, less the best other "
        "player's gain, on average ("
    )
    assert shown["value_words"].endswith(
        "the turns dropped halfway, played in fewer worlds, come last"
    )
    dropped = [a for a in shown["actions"] if a["worlds"] < shown["worlds"]]
    assert dropped, "this position's coach drops a turn halfway"
    finalists = [a for a in shown["actions"] if a["worlds"] == shown["worlds"]]
    assert shown["actions"] == finalists + dropped  # the finalists first, whatever the values
