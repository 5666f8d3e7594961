"""One result protocol for the four games (core.result.Result): legal or not, coded
reasons, the state after; and every error of the project carries a code."""

from __future__ import annotations

from adjudicator.black_hills.referee import referee_text
from adjudicator.black_hills.state import load_bh_state
from adjudicator.core.data import data_dir
from adjudicator.core.errors import AdjudicatorError, InputError, RulesError
from adjudicator.core.result import CodedReason, Result
from adjudicator.deduction.files.state_file import load_state
from adjudicator.deduction.rules.turns import rule_turn
from adjudicator.dry_gulch.codes import Code as DGCode
from adjudicator.dry_gulch.place import rule_placement
from adjudicator.dry_gulch.state import load_dg_state

EXAMPLES = data_dir("examples")


def _check(result: Result, legal: bool) -> None:
    assert isinstance(result, Result)
    assert result.legal is legal
    assert all(isinstance(r, CodedReason) and str(r.code) for r in result.reasons)
    assert result.after is not None


def test_deduction_rulings_read_as_results() -> None:
    s = load_state(EXAMPLES / "gads-hill-mid.toml")
    _check(rule_turn(s, [(43, "school")]), True)
    refused = rule_turn(s, [(43, "hotel")])
    _check(refused, False)
    assert refused.after == s


def test_black_hills_verdicts_read_as_results() -> None:
    s = load_bh_state(EXAMPLES / "black-hills-round1.toml")
    _check(referee_text(s, "ann: minor"), False)


def test_dry_gulch_placements_read_as_results_with_codes() -> None:
    s = load_dg_state(EXAMPLES / "dry-gulch-turn.toml")
    rules = s.rules
    seen: set[DGCode] = set()
    legal_once = False
    for permit in rules.permits:
        for site in rules.sites:
            answer = rule_placement(s, permit, site)
            _check(answer, answer.legal)
            seen |= {r.code for r in answer.reasons}
            if answer.legal:
                legal_once = True
                assert any(b.site == site for b in answer.after.buildings)
            else:
                assert answer.after == s
    assert legal_once
    # Every rule a placement can break on the example's board is cited by its code.
    assert seen >= {DGCode.CORNER, DGCode.MIDDLE, DGCode.BANK_LOT, DGCode.RESIDENCE_EDGE}


def test_every_error_has_a_code() -> None:
    assert InputError("f", "e", "p").code == "input"
    assert RulesError("x").code == "rules"
    assert issubclass(InputError, AdjudicatorError) and AdjudicatorError.code == "error"
