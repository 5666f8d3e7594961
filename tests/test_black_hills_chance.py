"""Black Hills turns that chance decides: the Shaman's deal written in the notation
(`dealt=`), the draw ranked by its exact expectation, and `best` saying so on the command
line. (The robbery's expectation and the agreement with the twin: test_black_hills_twin.)"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.black_hills.best import best_turns
from adjudicator.black_hills.codes import Code
from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import BHPlayer, BHState, write_bh_state
from adjudicator.cli.main import app
from tests.black_hills_support import table

runner = CliRunner()
POOL = ["explorer", "hunter", "lumberjack", "miner", "preacher"]


def _shaman_table() -> BHState:
    """ann holds the Shaman and 2 fur; five characters in the discards; nothing placed."""
    ann = BHPlayer("ann", fur=2, characters=["shaman", "tracker"])
    bob = BHPlayer("bob", characters=["gambler", "madam"])
    return table(ann, bob, supply={"gold": 10, "logs": 10, "fur": 8}, jail=2, discarded=list(POOL))


def test_the_deal_is_written_like_the_die() -> None:
    """ "The discarded character cards are shuffled, four cards are dealt and the player can
    choose one of them": the table writes the four it dealt."""
    s = _shaman_table()
    v = referee_text(s, "ann: shaman draw preacher dealt=preacher,miner,hunter,explorer; invest")
    assert v.legal and v.state is not None
    assert v.reputation_gained == 1  # 2 fur + the Preacher's 1 = 3 fur: one point
    assert "preacher" not in v.state.discarded
    not_dealt = referee_text(s, "ann: shaman draw preacher dealt=miner,hunter,explorer,lumberjack")
    assert not not_dealt.legal and not_dealt.code is Code.SHAMAN
    not_discarded = referee_text(s, "ann: shaman draw miner dealt=miner,hunter,explorer,gambler")
    assert not not_discarded.legal and not_discarded.code is Code.SHAMAN
    three = referee_text(s, "ann: shaman draw miner dealt=miner,hunter,explorer")
    assert not three.legal and three.code is Code.SHAMAN


def test_the_draw_is_ranked_by_its_expectation_over_every_deal() -> None:
    """Five discards, so five deals of four, equally likely; only the Preacher (in four of
    them) buys a point: expected 4/5, by hand."""
    shaman = next(c for c in best_turns(_shaman_table()) if c.character == "shaman")
    assert shaman.expected_reputation == Fraction(4, 5)
    assert shaman.distribution == {0: Fraction(1, 5), 1: Fraction(4, 5)}
    assert len(shaman.outcomes) == 5
    assert all(o.probability == Fraction(1, 5) for o in shaman.outcomes)
    without = next(o for o in shaman.outcomes if "preacher" not in o.chance)
    assert without.verdict.reputation_gained == 0
    assert "shaman draw miner" in without.text  # the best of the rest: 2 gold, worth 8


def test_best_says_it_ranks_by_expectation(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    write_bh_state(path, _shaman_table())
    r = runner.invoke(app, ["black-hills", "best", str(path), "--json"])
    assert r.exit_code == 0, r.output
    turns = {t["character"]: t for t in json.loads(r.stdout)["turns"]}
    chance = turns["shaman"]["chance"]
    assert chance["kind"] == "draw"
    assert chance["expected_reputation"] == {"exact": "4/5", "value": 0.8}
    assert chance["distribution"] == {"0": "1/5", "1": "4/5"}
    assert turns["tracker"]["chance"] is None
    r = runner.invoke(app, ["black-hills", "best", str(path)])
    assert "expected +4/5 (0.80)" in r.stdout
    assert "Shaman's draw" in r.stdout
